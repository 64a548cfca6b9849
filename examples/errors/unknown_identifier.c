/* A typo in a variable name: the checker suggests the name that was meant.  Run:  rankscope run examples/errors/unknown_identifier.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rnak);
    MPI_Finalize();
    return 0;
}
