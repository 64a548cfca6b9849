/* Reading, binning and printing scores: a translation unit of its own. */
#include <stdio.h>
#include "histogram.h"

/* Private to this file: main.c cannot see or change it. */
static int count = 0;

int read_scores(const char *name, int *scores, int max)
{
    FILE *in = fopen(name, "r");
    if (in == NULL)
        return -1;
    char line[80];
    int n = 0;
    while (n < max && fgets(line, sizeof line, in) != NULL) {
        if (line[0] == '#')
            continue; /* a comment line */
        if (sscanf(line, "%d", &scores[n]) == 1)
            n++;
    }
    fclose(in);
    return n;
}

void add_score(int *bins, int score)
{
    int bin = score / 20;
    if (bin >= BINS)
        bin = BINS - 1;
    bins[bin]++;
    count++;
}

int binned(void)
{
    return count;
}

void write_histogram(FILE *out, const int *bins)
{
    for (int b = 0; b < BINS; b++) {
        int low = b * 20, high = b == BINS - 1 ? 100 : low + 19;
        fprintf(out, "%3d-%3d %3d ", low, high, bins[b]);
        for (int i = 0; i < bins[b]; i++)
            fputc('#', out);
        fputc('\n', out);
    }
}
