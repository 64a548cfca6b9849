/* Both ranks receive before sending: each waits for the other forever.  Run:  rankscope run examples/errors/deadlock.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, other, x = 1, y;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    MPI_Recv(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
