/* MPI_Waitany: rank 0 posts one receive per worker and handles them as they complete; what
 * it prints does not depend on the order.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, which, vals[4], total;
    MPI_Request reqs[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &reqs[i - 1]);
        total = 0;
        for (i = 1; i < size; i++) {
            MPI_Waitany(size - 1, reqs, &which, MPI_STATUS_IGNORE);
            printf("worker %d reported %d\n", which + 1, vals[which + 1]);
            total += vals[which + 1];
        }
        printf("total %d\n", total);
    } else {
        vals[0] = rank * rank * 11;
        MPI_Send(&vals[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
