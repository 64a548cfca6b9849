/* Rank 0 sends ints; rank 1 receives them as doubles (named with both lines).  Run:  rankscope run examples/errors/type_mismatch.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, n[4] = {1, 2, 3, 4};
    double x[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(n, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(x, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
