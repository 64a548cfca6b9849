/* Ranks: 4 — general active-target synchronization: rank 0 exposes its window to ranks 1..3
   (MPI_Win_post/MPI_Win_wait); each origin opens an access epoch to rank 0 (MPI_Win_start),
   puts and accumulates, and closes it (MPI_Win_complete). Then the other way round, with
   MPI_Win_test polling for the end of the exposure. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static int buf[8];
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, others, zero;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int z = 0;
    MPI_Group_excl(world, 1, &z, &others);
    MPI_Group_incl(world, 1, &z, &zero);

    if (rank == 0) {
        MPI_Win_post(others, 0, win);
        MPI_Win_wait(win);
        printf("rank 0: buf = {%d, %d, %d, %d, sum %d}\n", buf[0], buf[1], buf[2], buf[3], buf[4]);
    } else {
        MPI_Win_start(zero, 0, win);
        int v = 10 * rank;
        MPI_Put(&v, 1, MPI_INT, 0, rank, 1, MPI_INT, win);
        MPI_Accumulate(&rank, 1, MPI_INT, 0, 4, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_complete(win);
    }

    /* Rank 0 reads every other rank's window, which each polls with MPI_Win_test. */
    if (rank == 0) {
        int got[4] = {0, 0, 0, 0};
        MPI_Win_start(others, 0, win);
        for (int r = 1; r < size; r++)
            MPI_Get(&got[r], 1, MPI_INT, r, r, 1, MPI_INT, win);
        MPI_Win_complete(win);
        printf("rank 0: got {%d, %d, %d}\n", got[1], got[2], got[3]);
    } else {
        buf[rank] = 100 + rank;
        MPI_Win_post(zero, 0, win);
        int flag = 0;
        while (!flag)
            MPI_Win_test(win, &flag);
        printf("rank %d: exposure over\n", rank);
    }
    MPI_Group_free(&others);
    MPI_Group_free(&zero);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
