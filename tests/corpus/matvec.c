/* Matrix-vector product, rows dealt out by rank; results gathered on rank 0.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define N 8

int main(int argc, char *argv[])
{
    int rank, size, i, j;
    double a[N][N], x[N], y[N], part[N], total[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++) {
        x[i] = 1.0 + i;
        for (j = 0; j < N; j++)
            a[i][j] = (i + 1) * 0.25 + j;
    }
    for (i = 0; i < N; i++) {
        part[i] = 0.0;
        if (i % size == rank)
            for (j = 0; j < N; j++)
                part[i] += a[i][j] * x[j];
    }
    MPI_Reduce(part, total, N, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < N; i++)
            printf("y[%d] = %.2f\n", i, total[i]);
    MPI_Finalize();
    return 0;
}
