/* Every rank passes its own rank as MPI_Bcast's root (roots must agree).  Run:  rankscope run examples/errors/bcast_root.c -n 4 -p ib-qdr */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, value;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    value = 100 + rank;
    MPI_Bcast(&value, 1, MPI_INT, rank, MPI_COMM_WORLD);
    printf("rank %d has %d\n", rank, value);
    MPI_Finalize();
    return 0;
}
