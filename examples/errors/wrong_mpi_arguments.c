/* MPI_Send with a missing argument, and an int where a buffer address is needed.  Run:  rankscope run examples/errors/wrong_mpi_arguments.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, x = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Send(&x, 1, MPI_INT, 1, 0);
    MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
