/* The collectives built on point-to-point: every rank contributes, everyone checks the result.
 * Run:  rankscope run examples/collectives.c -n 5 -p fx100 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, i, sum, total, ok;
    double x, maxx;
    int all[64], mine[64], back[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    sum = rank;
    MPI_Allreduce(&sum, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    x = 1.5 * rank;
    MPI_Reduce(&x, &maxx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Gather(&rank, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < size; i++) mine[i] = 100 * rank + i;
    MPI_Alltoall(mine, 1, MPI_INT, back, 1, MPI_INT, MPI_COMM_WORLD);
    ok = total == size * (size - 1) / 2;
    for (i = 0; i < size; i++) ok = ok && back[i] == 100 * i + rank;
    MPI_Bcast(&ok, 1, MPI_INT, rank == 0 ? 0 : 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("sum of ranks %d, max %g, gathered", total, maxx);
        for (i = 0; i < size; i++) printf(" %d", all[i]);
        printf("; alltoall %s\n", ok ? "ok" : "WRONG");
    }
    MPI_Finalize();
    return 0;
}
