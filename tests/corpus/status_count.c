/* A receive larger than the message: MPI_Get_count tells how much came.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i, count, buf[10];
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (i = 0; i < 7; i++)
            buf[i] = i * 3;
        MPI_Send(buf, 7, MPI_INT, 1, 42, MPI_COMM_WORLD);
    } else {
        MPI_Recv(buf, 10, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        printf("received %d ints from rank %d with tag %d; last is %d\n", count,
               status.MPI_SOURCE, status.MPI_TAG, buf[count - 1]);
    }
    MPI_Finalize();
    return 0;
}
