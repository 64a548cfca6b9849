/* MPI_Cancel of an unmatched receive (cancelled, nothing received) and MPI_Test_cancelled after a matched one; MPI_Status_set_cancelled.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, buf = -1, flag, x = 42;
    MPI_Request r;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        /* a receive nobody sends to: cancelled */
        MPI_Irecv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &st);
        MPI_Test_cancelled(&st, &flag);
        printf("unmatched receive: cancelled %d, request null %d, buf %d\n", flag, r == MPI_REQUEST_NULL, buf);
        /* a receive already matched: completes */
        MPI_Recv(&flag, 0, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Irecv(&buf, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
        MPI_Test_cancelled(&st, &flag);
        printf("matched receive: cancelled %d, buf %d, source %d\n", flag, buf, st.MPI_SOURCE);
        MPI_Status_set_cancelled(&st, 1);
        MPI_Test_cancelled(&st, &flag);
        printf("set_cancelled: %d\n", flag);
    } else {
        MPI_Send(&x, 2 - 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
