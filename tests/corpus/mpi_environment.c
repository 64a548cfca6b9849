/* Hello with the processor name, MPI_Initialized/MPI_Finalized and a sane MPI_Wtick.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, len, flag, before, after, i, has_node;
    char name[128]; /* MPI_MAX_PROCESSOR_NAME */
    MPI_Initialized(&before);
    MPI_Init(&argc, &argv);
    MPI_Initialized(&flag);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_processor_name(name, &len);
    has_node = len > 0 && name[len] == 0;
    printf("rank %d of %d: initialized before %d, after %d, name ok %d\n", rank, size, before, flag,
           has_node);
    printf("rank %d: tick positive and below a millisecond: %d\n", rank,
           MPI_Wtick() > 0.0 && MPI_Wtick() < 0.001);
    MPI_Finalized(&flag);
    printf("rank %d finalized before MPI_Finalize: %d\n", rank, flag);
    MPI_Finalize();
    MPI_Finalized(&after);
    printf("rank %d finalized after: %d\n", rank, after);
    return 0;
}
