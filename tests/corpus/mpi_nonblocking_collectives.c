/* Non-blocking collectives: MPI_Ibcast overlapped with computation then MPI_Wait, MPI_Iallreduce tested to completion with MPI_Test, MPI_Iallgather, MPI_Ibarrier and MPI_Ireduce completed by one MPI_Waitall.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, x = 0, sum = 0, flag = 0, tests = 0, i;
    int all[4] = {0, 0, 0, 0};
    double work = 0;
    MPI_Request r[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) x = 42;
    MPI_Ibcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[0]);
    for (i = 0; i < 1000; i++) work += i * 0.5;   /* overlaps the broadcast */
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    printf("rank %d: ibcast %d (r null %d)\n", rank, x, r[0] == MPI_REQUEST_NULL);
    MPI_Iallreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[0]);
    do { MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE); tests++; } while (!flag);
    printf("rank %d: iallreduce %d (tested to the end: %d)\n", rank, sum, r[0] == MPI_REQUEST_NULL);
    MPI_Iallgather(&rank, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &r[0]);
    MPI_Ibarrier(MPI_COMM_WORLD, &r[1]);
    MPI_Ireduce(&rank, &x, 1, MPI_INT, MPI_MAX, 1, MPI_COMM_WORLD, &r[2]);
    MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
    printf("rank %d: iallgather %d %d %d %d\n", rank, all[0], all[1], all[2], all[3]);
    if (rank == 1) printf("rank 1: ireduce max %d\n", x);
    MPI_Finalize();
    return work < 0;
}
