#ifndef STATS_H
#define STATS_H

#define MAX_VALUES 64

/* Included by both .c files: the same types in each. */
typedef struct {
    char label[16];
    double value;
} sample_t;

struct summary {
    int n;
    double sum, min, max;
};

extern int stats_calls;

int read_values(const char *path, sample_t *out, int max);
void summary_init(struct summary *s);
void summary_add(struct summary *s, double v);
int stats_count(void);

#endif
