/* Deadlock hunt, bug 1 fixed: both sides use the same tag, TAG_DATA, so the receive matches.
 * Run:  rankscope run lessons/deadlock-hunt/tag_mismatch_fixed.c -n 2 -p folon */
#include <mpi.h>
#include <stdio.h>

#define TAG_DATA 1

int main(int argc, char **argv)
{
    int rank, value = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 1, TAG_DATA, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d\n", value);
    }
    MPI_Finalize();
    return 0;
}
