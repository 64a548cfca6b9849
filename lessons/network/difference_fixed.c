/* The fix: receive from each rank by name, so the order messages land in no longer matters. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, from1, from2, x;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&from1, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&from2, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 2's number minus rank 1's = %d\n", from2 - from1);
    } else {
        x = 100 * rank;
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
