/* Windows on the two communicators one MPI_Comm_split makes: each half synchronises its own window with its own sequence of calls (a fence more on one side, a lock on the other), and the halves never mix.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, half, hrank, hsize, buf[4] = {0, 0, 0, 0}, one = 1;
    MPI_Comm comm;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    half = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, half, rank, &comm);
    MPI_Comm_rank(comm, &hrank);
    MPI_Comm_size(comm, &hsize);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, comm, &win);
    if (half == 0) {
        MPI_Win_fence(0, win);
        MPI_Put(&one, 1, MPI_INT, (hrank + 1) % hsize, hrank, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        MPI_Put(&one, 1, MPI_INT, (hrank + 1) % hsize, 2 + hrank, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
    } else {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, (hrank + 1) % hsize, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, (hrank + 1) % hsize, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock((hrank + 1) % hsize, win);
        MPI_Barrier(comm);
    }
    MPI_Win_free(&win);
    printf("rank %d (half %d): %d %d %d %d\n", rank, half, buf[0], buf[1], buf[2], buf[3]);
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
