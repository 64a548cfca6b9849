/* Alltoall: rank r sends 100*r + d to rank d.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, out[4], in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < size; i++)
        out[i] = 100 * rank + i;
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    printf("rank %d received %d %d %d %d\n", rank, in[0], in[1], in[2], in[3]);
    MPI_Finalize();
    return 0;
}
