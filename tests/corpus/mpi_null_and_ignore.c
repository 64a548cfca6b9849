/* What compiles with mpicc compiles here: NULL for an empty array (MPI_Dims_create with 0 dimensions), MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE in each other's place (MPICH defines them as one pointer).  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int dims[1] = {0}, size;
    MPI_Request r[1];
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(1, 0, NULL);
    MPI_Isend(&size, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Waitall(1, r, MPI_STATUS_IGNORE);
    MPI_Wait(&r[0], MPI_STATUSES_IGNORE);
    printf("ok %d\n", dims[0]);
    MPI_Finalize();
    return 0;
}
