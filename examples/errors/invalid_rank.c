/* Each rank sends to rank + 1, so the last rank sends to a rank that does not exist.  Run:  rankscope run examples/errors/invalid_rank.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, x = 7;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Send(&x, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
