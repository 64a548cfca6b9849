/* Matched probe: MPI_Mprobe takes a message out of matching, an any-tag receive cannot take it, MPI_Mrecv gets it; MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, c = 0, flag = 0, count;
    MPI_Message m1, m2;
    MPI_Status st;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(a, 4, MPI_INT, 1, 5, MPI_COMM_WORLD);
        MPI_Send(a, 1, MPI_INT, 1, 6, MPI_COMM_WORLD);
    } else {
        MPI_Mprobe(0, 5, MPI_COMM_WORLD, &m1, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("mprobe: source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
        /* an any-tag receive now must not take message m1 */
        MPI_Recv(&c, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        printf("recv any tag: tag %d value %d\n", st.MPI_TAG, c);
        MPI_Mrecv(b, 4, MPI_INT, &m1, &st);
        printf("mrecv: %d %d %d %d, message null %d\n", b[0], b[1], b[2], b[3], m1 == MPI_MESSAGE_NULL);
        MPI_Improbe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &m2, &st);
        printf("improbe proc null: flag %d no_proc %d source %d\n", flag, m2 == MPI_MESSAGE_NO_PROC, st.MPI_SOURCE);
        MPI_Imrecv(b, 4, MPI_INT, &m2, &r);
        MPI_Wait(&r, &st);
        printf("imrecv no_proc: source %d null %d\n", st.MPI_SOURCE, m2 == MPI_MESSAGE_NULL);
        MPI_Improbe(0, 9, MPI_COMM_WORLD, &flag, &m2, &st);
        printf("improbe nothing: flag %d\n", flag);
    }
    MPI_Finalize();
    return 0;
}
