/* Persistent requests: the same send and receive started three times.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, round, value;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send_init(&value, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &req);
    else
        MPI_Recv_init(&value, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &req);
    for (round = 0; round < 3; round++) {
        if (rank == 0)
            value = round * round + 1;
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rank == 1)
            printf("round %d: received %d\n", round, value);
    }
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
