/* Several files: every rank reads scores.txt, bins its share (histogram.c), rank 0 writes histogram.txt.  Run:  rankscope run examples/histogram/main.c examples/histogram/histogram.c examples/histogram/histogram.h examples/histogram/scores.txt -n 4 -p ethernet-1g */
#include <stdio.h>
#include <mpi.h>
#include "histogram.h"

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Every rank sees the same starting files: each opens scores.txt itself. */
    int scores[MAX_SCORES];
    int n = read_scores("scores.txt", scores, MAX_SCORES);
    if (n < 0) {
        printf("rank %d: cannot open scores.txt\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* Each rank bins every size-th score, starting at its own rank. */
    int mine[BINS] = {0};
    for (int i = rank; i < n; i += size)
        add_score(mine, scores[i]);
    printf("rank %d binned %d of %d scores\n", rank, binned(), n);

    int total[BINS];
    MPI_Reduce(mine, total, BINS, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *out = fopen("histogram.txt", "w");
        write_histogram(out, total);
        fclose(out);
        printf("rank 0 wrote histogram.txt (%d scores in %d bins)\n", n, BINS);
    }
    MPI_Finalize();
    return 0;
}
