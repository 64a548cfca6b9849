/* A distributed histogram with MPI_Reduce_scatter(_block).  Ranks: 5 */
/* Distributed histogram: every rank counts values into all bins, then MPI_Reduce_scatter
   leaves each rank the totals of its own bins (rank i owns i+1 bins); MPI_Reduce_scatter_block
   does the same with equal shares, and in place. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int rank, size, i, nbins;
    int *counts, *hist, *mine;
    double *w, wmine[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    counts = malloc(size * sizeof(int));
    nbins = 0;
    for (i = 0; i < size; i++) {
        counts[i] = i + 1;
        nbins += counts[i];
    }
    hist = calloc(nbins, sizeof(int));
    for (i = 0; i < 40; i++)
        hist[(i * (rank + 3) + rank) % nbins] += 1;
    mine = malloc(counts[rank] * sizeof(int));
    MPI_Reduce_scatter(hist, mine, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++)
        printf("rank %d: bin %d holds %d\n", rank, i, mine[i]);

    /* Equal shares of a weighted vector, maximum over ranks. */
    w = malloc(2 * size * sizeof(double));
    for (i = 0; i < 2 * size; i++)
        w[i] = (double)((i + 1) * (rank + 2) % 7) / 3.0;
    MPI_Reduce_scatter_block(w, wmine, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    printf("rank %d: max weights %.6f %.6f\n", rank, wmine[0], wmine[1]);

    /* In place: the result lands at the start of the same buffer. */
    for (i = 0; i < 2 * size; i++)
        w[i] = rank + 0.125 * i;
    MPI_Reduce_scatter_block(MPI_IN_PLACE, w, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: in-place sums %.3f %.3f\n", rank, w[0], w[1]);

    free(w);
    free(mine);
    free(hist);
    free(counts);
    MPI_Finalize();
    return 0;
}
