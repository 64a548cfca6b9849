/* A typo in a variable name: the checker suggests the name that was meant. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rnak);
    MPI_Finalize();
    return 0;
}
