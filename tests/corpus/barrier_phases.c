/* Phases separated by barriers; each rank counts what it did.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, phase, work;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    work = 0;
    for (phase = 0; phase < 3; phase++) {
        work += (rank + 1) * (phase + 1);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    printf("rank %d did %d units in 3 phases\n", rank, work);
    MPI_Finalize();
    return 0;
}
