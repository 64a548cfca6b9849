/* A rank sends to itself with Isend and receives it: legal when the send is non-blocking.
 * Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, out, in;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = 5 + rank;
    MPI_Isend(&out, 1, MPI_INT, rank, 9, MPI_COMM_WORLD, &req);
    MPI_Recv(&in, 1, MPI_INT, rank, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d sent itself %d\n", rank, in);
    MPI_Finalize();
    return 0;
}
