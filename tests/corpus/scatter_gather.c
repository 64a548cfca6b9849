/* Scatter, compute locally, gather: the average of each chunk.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define PER 3

int main(int argc, char *argv[])
{
    int rank, size, i;
    double all[4 * PER], mine[PER], avg, avgs[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        for (i = 0; i < size * PER; i++)
            all[i] = 0.5 * i;
    MPI_Scatter(all, PER, MPI_DOUBLE, mine, PER, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    avg = 0.0;
    for (i = 0; i < PER; i++)
        avg += mine[i];
    avg = avg / PER;
    printf("rank %d: first %.2f, average %.3f\n", rank, mine[0], avg);
    MPI_Gather(&avg, 1, MPI_DOUBLE, avgs, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < size; i++)
            printf("average of chunk %d is %.3f\n", i, avgs[i]);
    MPI_Finalize();
    return 0;
}
