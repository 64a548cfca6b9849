/* Every rank divides by (rank - 2): rank 2 divides by zero.  Run:  rankscope run examples/errors/division_by_zero.c -n 3 -p ib-qdr */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, share;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    share = 100 / (rank - 2);
    printf("rank %d: share %d\n", rank, share);
    MPI_Finalize();
    return 0;
}
