/* Allreduce with MPI_MAX, MPI_MIN and MPI_SUM: everyone learns the extremes.  Ranks: 5 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, mine, hi, lo, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = (rank * 7 + 3) % size;
    MPI_Allreduce(&mine, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d has %d; max %d, min %d, sum %d\n", rank, mine, hi, lo, total);
    MPI_Finalize();
    return 0;
}
