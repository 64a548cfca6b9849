/* Rank 0 fills an array and broadcasts it; every rank sums its share.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define N 16

int main(int argc, char *argv[])
{
    int rank, size, i, a[N], part;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        for (i = 0; i < N; i++)
            a[i] = i * i;
    MPI_Bcast(a, N, MPI_INT, 0, MPI_COMM_WORLD);
    part = 0;
    for (i = rank; i < N; i += size)
        part += a[i];
    printf("rank %d: a[N-1] = %d, my part = %d\n", rank, a[N - 1], part);
    MPI_Finalize();
    return 0;
}
