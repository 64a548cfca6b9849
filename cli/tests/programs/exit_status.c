/* Each rank ends with its own status: rank 1 calls exit(300) (44 as the parent sees it), rank 2
   returns STATUS from main (a -D flag may set it), the rest return 0. */
#include <mpi.h>
#include <stdlib.h>
#ifndef STATUS
#define STATUS 7
#endif

int main(int argc, char *argv[]) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Finalize();
    if (rank == 1)
        exit(300);
    return rank == 2 ? STATUS : 0;
}
