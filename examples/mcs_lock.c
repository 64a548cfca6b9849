/* Paper 003's MCS readers/writer lock at work: odd ranks read a counter in rank 0's window under
 * a shared lock (MPI_LOCK_SHARED: ReaderLock, one fetch_and_add on rcnt when no writer is
 * there), even ranks increment it under an exclusive lock (MPI_LOCK_EXCLUSIVE: WriterLock,
 * queueing on w_tail) with MPI_Get, MPI_Win_flush and MPI_Put. Readers hold the lock for a
 * while, so a writer that arrives sets WIFLAG and waits for the last of them; a reader that
 * arrives while a writer is active queues on r_hd and is woken when the writer leaves. Every
 * increment counts: the lock keeps the writers' get-modify-put apart. Open the Lock view and
 * step through it. Run:  rankscope run examples/mcs_lock.c -n 4 -p fx100 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 2

int main(int argc, char **argv)
{
    int rank, size, k, counter, seen, writers;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counter = 0;
    MPI_Win_create(&counter, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);

    for (k = 0; k < ROUNDS; k++) {
        if (rank % 2 == 1) {
            /* A reader: many at once, never with a writer. */
            compute(0.5 * rank);
            MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
            MPI_Get(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
            MPI_Win_flush(0, win);
            compute(3.0);  /* reading takes a while: writers arriving now must wait */
            MPI_Win_unlock(0, win);
            printf("rank %d read %d\n", rank, seen);
            compute(1.0);
        } else {
            /* A writer: alone. */
            compute(1.0 + 0.5 * rank);
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Get(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
            MPI_Win_flush(0, win);
            seen = seen + 1;
            compute(2.0);  /* the update takes a while: readers arriving now queue on r_hd */
            MPI_Put(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
            MPI_Win_unlock(0, win);
        }
    }

    MPI_Barrier(MPI_COMM_WORLD);
    writers = (size + 1) / 2;
    if (rank == 0)
        printf("counter %d: %d writers x %d rounds, no increment lost\n", counter, writers, ROUNDS);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
