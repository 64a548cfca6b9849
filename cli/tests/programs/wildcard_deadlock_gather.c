/* The hidden deadlock of wildcard_deadlock.c, then a gather: every rank reports to rank 0 at
 * once, independent messages that race (what exploring with no reduction runs apart).
 * A master that expects rank 1's message before rank 2's: its wildcard receive takes whichever
 * comes, then it receives from rank 2 by name. Rank 2 computes first, so the machine always
 * lands rank 1's message first and the run finishes; if rank 2's message is taken by the
 * wildcard receive, the named one waits for a second message from rank 2 that never comes.
 * Ranks: 5 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, v;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        printf("first from %d\n", st.MPI_SOURCE);
        MPI_Recv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &st);
        printf("then from 2\n");
    } else if (rank <= 2) {
        if (rank == 2) compute(1000000);
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    /* Then everyone reports to rank 0 at once: independent messages that race. */
    int all[8];
    MPI_Gather(&rank, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("gathered %d ranks\n", 5);
    MPI_Finalize();
    return 0;
}
