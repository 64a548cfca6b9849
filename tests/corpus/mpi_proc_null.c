/* A 1-D halo exchange whose ends talk to MPI_PROC_NULL: no special cases at the edges.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, up, down, mine, from_up, from_down, count;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    up = rank + 1;
    down = rank - 1;
    if (up >= size) up = MPI_PROC_NULL;
    if (down < 0) down = MPI_PROC_NULL;
    mine = 10 * rank;
    from_up = -1;
    from_down = -1;
    MPI_Sendrecv(&mine, 1, MPI_INT, up, 0, &from_down, 1, MPI_INT, down, 0, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    printf("rank %d from below: %d (count %d, from null %d)\n", rank, from_down, count,
           status.MPI_SOURCE == MPI_PROC_NULL);
    MPI_Send(&mine, 1, MPI_INT, down, 1, MPI_COMM_WORLD);
    MPI_Recv(&from_up, 1, MPI_INT, up, 1, MPI_COMM_WORLD, &status);
    printf("rank %d from above: %d (from null %d)\n", rank, from_up, status.MPI_SOURCE == MPI_PROC_NULL);
    MPI_Finalize();
    return 0;
}
