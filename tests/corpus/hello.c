/* Hello world: every rank says who it is.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("Hello world from rank %d out of %d processes\n", rank, size);
    MPI_Finalize();
    return 0;
}
