/* MPI_Test in a loop: the receiver polls until its message arrives, then reports it.
 * Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, flag, x, polls;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        x = 77;
        MPI_Send(&x, 1, MPI_INT, 1, 3, MPI_COMM_WORLD);
    } else {
        MPI_Irecv(&x, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &req);
        flag = 0;
        polls = 0;
        while (!flag) {
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
            polls++;
        }
        printf("got %d after polling (at least once: %s)\n", x, polls >= 1 ? "yes" : "no");
    }
    MPI_Finalize();
    return 0;
}
