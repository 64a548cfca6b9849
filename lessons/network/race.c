/* Two clients ask the server (rank 0) at the same moment; the server answers whoever
 * asks first, with MPI_ANY_SOURCE. Who is first? The network decides. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, x, i;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (i = 0; i < 2; i++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            printf("answer %d goes to rank %d (it asked about %d)\n", i + 1, status.MPI_SOURCE, x);
        }
    } else {
        x = 100 * rank;
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
