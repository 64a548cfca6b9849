/* The server wants rank 2's number minus rank 1's. It takes the first message that lands as
 * rank 1's and the second as rank 2's: right in the machine model's order, wrong in another. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, first, second, x;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&second, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 2's number minus rank 1's = %d\n", second - first);
    } else {
        x = 100 * rank;
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
