/* Deadlock hunt, bug 3: a missing receive. Every worker sends its result to rank 0 with
 * MPI_Ssend, which returns only once the message is received; rank 0's loop stops one worker
 * short, so the last worker waits forever.
 * Run:  rankscope run lessons/deadlock-hunt/missing_recv.c -n 4 -p folon */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, i, result, total = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size - 1; i++) {
            MPI_Recv(&result, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += result;
        }
        printf("total %d\n", total);
    } else {
        result = rank * rank;
        MPI_Ssend(&result, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
