/* What main.c uses from histogram.c. */
#ifndef HISTOGRAM_H
#define HISTOGRAM_H

#include <stdio.h>

#define MAX_SCORES 64
#define BINS 5

/* Reads up to `max` whole-number scores (0 to 100) from `name`; how many, or -1. */
int read_scores(const char *name, int *scores, int max);
/* Counts `score` in its bin: 0-19, 20-39, 40-59, 60-79, 80-100. */
void add_score(int *bins, int score);
/* How many scores this rank has binned. */
int binned(void);
/* Writes one line per bin, with a bar of `#`. */
void write_histogram(FILE *out, const int *bins);

#endif
