/* Paper 003's Fig. 8 in miniature: every rank takes the shared lock on rank 0's window and drops
 * it again, ROUNDS times, doing nothing in between. Under MCS-RW a shared lock is ReaderLock (one
 * fetch_and_add on rcnt) and its unlock is ReaderUnlock (one more): two remote atomics a round,
 * all of them on the word rcnt in rank 0's memory. Rank 0 prints how long the slowest rank took.
 * Run:  rankscope run lessons/lock-scaling/shared_rounds.c -n 8 -p fx100 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 10

int main(int argc, char **argv)
{
    int rank, size, k, word;
    double t0, mine, slowest;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    word = 0;
    MPI_Win_create(&word, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    t0 = MPI_Wtime();
    for (k = 0; k < ROUNDS; k++) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Win_unlock(0, win);
    }
    mine = MPI_Wtime() - t0;

    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d ranks: %.2f us per lock + unlock (slowest rank)\n", size, slowest * 1e6 / ROUNDS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
