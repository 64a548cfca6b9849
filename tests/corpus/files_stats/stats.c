#include <stdio.h>
#include "stats.h"

int stats_calls = 0;
static int count = 0;

static const char *describe(void) { return "stats.c"; }

int read_values(const char *path, sample_t *out, int max) {
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char header[64];
    fgets(header, sizeof header, f); /* the first line names the columns */
    int n = 0;
    while (n < max && fscanf(f, "%15s %lf", out[n].label, &out[n].value) == 2) n++;
    fclose(f);
    stats_calls++;
    return n;
}

void summary_init(struct summary *s) {
    s->n = 0;
    s->sum = 0.0;
    s->min = 1e300;
    s->max = -1e300;
    stats_calls++;
}

void summary_add(struct summary *s, double v) {
    s->n++;
    s->sum += v;
    if (v < s->min) s->min = v;
    if (v > s->max) s->max = v;
    count++;
    stats_calls++;
}

int stats_count(void) { return describe()[0] == 's' ? count : -1; }
