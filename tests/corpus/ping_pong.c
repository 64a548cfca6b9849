/* Ping-pong: ranks 0 and 1 bounce a counter; the others only report.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

#define LIMIT 6

int main(int argc, char *argv[])
{
    int rank, count, partner;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    count = 0;
    if (rank < 2) {
        partner = (rank + 1) % 2;
        while (count < LIMIT) {
            if (rank == count % 2) {
                count++;
                MPI_Send(&count, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);
                printf("%d sent and incremented ping_pong_count %d to %d\n", rank, count, partner);
            } else {
                MPI_Recv(&count, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                printf("%d received ping_pong_count %d from %d\n", rank, count, partner);
            }
        }
    } else {
        printf("%d has no partner\n", rank);
    }
    MPI_Finalize();
    return 0;
}
