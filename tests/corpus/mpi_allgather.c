/* Everyone learns everyone's value with MPI_Allgather.  Ranks: 5 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, sum;
    int mine[2];
    int all[10];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine[0] = rank * rank;
    mine[1] = -rank;
    MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    sum = 0;
    for (i = 0; i < 2 * size; i++) sum += all[i];
    printf("rank %d sees %d %d %d %d ... sum %d\n", rank, all[0], all[2], all[4], all[9], sum);
    MPI_Finalize();
    return 0;
}
