/* A program naming MPI functions on a path it never takes compiles and runs, as against MPICH's mpi.h: only a call that runs would stop the rank.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

static int fancy(MPI_Comm comm, int *x) {
    MPI_Request r;
    MPI_Comm inter;
    MPI_Ibcast(x, 1, MPI_INT, 0, comm, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Intercomm_create(comm, 0, MPI_COMM_WORLD, 1, 99, &inter);
    return 1;
}

int main(int argc, char **argv) {
    int rank, x = 0, used = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        x = 42;
    if (argc > 100)
        used = fancy(MPI_COMM_WORLD, &x);
    else
        MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    printf("rank %d: x = %d, fancy path taken %d\n", rank, x, used);
    MPI_Finalize();
    return 0;
}
