/* Uneven work with MPI_Scatterv, MPI_Gatherv and MPI_Allgatherv.  Ranks: 5 */
/* Uneven work: rank i gets i+1 floats with MPI_Scatterv, scales them, and the root collects
   them back with MPI_Gatherv; then every rank learns every piece with MPI_Allgatherv. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int rank, size, i, total;
    int *counts, *displs;
    float *data = NULL, *mine, *all;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    total = 0;
    for (i = 0; i < size; i++) {
        counts[i] = i + 1;
        displs[i] = total;
        total += counts[i];
    }
    if (rank == 0) {
        data = malloc(total * sizeof(float));
        for (i = 0; i < total; i++)
            data[i] = 0.5f * i;
    }
    mine = malloc(counts[rank] * sizeof(float));
    MPI_Scatterv(data, counts, displs, MPI_FLOAT, mine, counts[rank], MPI_FLOAT, 0,
                 MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++) {
        printf("rank %d got element %d = %.2f\n", rank, displs[rank] + i, mine[i]);
        mine[i] = mine[i] * 3.0f + rank;
    }
    MPI_Gatherv(mine, counts[rank], MPI_FLOAT, data, counts, displs, MPI_FLOAT, 0,
                MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < total; i++)
            printf("root: data[%d] = %.2f\n", i, data[i]);
    }

    all = malloc(total * sizeof(float));
    MPI_Allgatherv(mine, counts[rank], MPI_FLOAT, all, counts, displs, MPI_FLOAT,
                   MPI_COMM_WORLD);
    float sum = 0.0f;
    for (i = 0; i < total; i++)
        sum += all[i];
    printf("rank %d: allgatherv sum %.2f, last %.2f\n", rank, sum, all[total - 1]);

    /* Reversed displacements: rank i's block goes last-first. */
    int off = 0;
    for (i = size - 1; i >= 0; i--) {
        displs[i] = off;
        off += counts[i];
    }
    MPI_Allgatherv(mine, counts[rank], MPI_FLOAT, all, counts, displs, MPI_FLOAT,
                   MPI_COMM_WORLD);
    if (rank == size - 1)
        for (i = 0; i < total; i++)
            printf("rank %d: reversed all[%d] = %.2f\n", rank, i, all[i]);

    free(all);
    free(mine);
    free(counts);
    free(displs);
    if (rank == 0)
        free(data);
    MPI_Finalize();
    return 0;
}
