/* A long run to watch: every rank swaps a halo value with both neighbours in a ring, then
 * computes a little, for many iterations. It makes about a million events, so the playground
 * runs it in chunks (and the timeline has plenty of messages to pan and zoom over).
 * Run:  rankscope run examples/halo_sweep.c -n 8 -p ib-qdr */
#include <mpi.h>
#include <stdio.h>

#define ITERATIONS 25000

int main(int argc, char **argv)
{
    int rank, size, left, right, i;
    double mine, from_left, from_right;
    MPI_Request reqs[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    mine = rank;
    for (i = 0; i < ITERATIONS; i++) {
        MPI_Irecv(&from_left, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&from_right, 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(&mine, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&mine, 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        mine = (from_left + mine + from_right) / 3.0;
    }
    printf("after %d sweeps rank %d holds %.6f\n", ITERATIONS, rank, mine);
    MPI_Finalize();
    return 0;
}
