/* Time in a program: gettimeofday, nanosleep, clock and time run on the rank's clock. Only
   differences are printed, rounded to what a real machine also shows.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <sys/time.h>

int main(int argc, char *argv[])
{
    int rank;
    struct timeval t0, t1;
    struct timespec pause = {0, 20000000}; /* 20 ms */
    double elapsed;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    gettimeofday(&t0, NULL);
    pause.tv_nsec *= rank + 1;
    nanosleep(&pause, NULL);
    gettimeofday(&t1, NULL);
    elapsed = (t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) * 1e-6;
    printf("rank %d slept about %d hundredths of a second\n", rank, (int)(elapsed * 100 + 0.5));
    printf("rank %d: sizeof(struct timeval) = %zu, sizeof(struct timespec) = %zu\n", rank,
           sizeof(struct timeval), sizeof(struct timespec));
    MPI_Finalize();
    return 0;
}
