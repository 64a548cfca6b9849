/* A server (rank 0) answers requests from every other rank in whatever order they arrive,
 * using MPI_ANY_SOURCE and MPI_ANY_TAG; the status says who asked and what (the tag).
 * Clients compute for different times first, so the arrival order is not the rank order.
 * Run:  rankscope run examples/wildcard_server.c -n 5 -p ib-qdr */
#include <mpi.h>
#include <stdio.h>

#define REQUEST_SQUARE 1
#define REQUEST_DOUBLE 2

int main(int argc, char **argv)
{
    int rank, size, i, x, answer, count;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_INT, &count);
            answer = status.MPI_TAG == REQUEST_SQUARE ? x * x : 2 * x;
            printf("request %d: rank %d asked (tag %d, %d int) about %d -> %d\n",
                   i, status.MPI_SOURCE, status.MPI_TAG, count, x, answer);
            MPI_Send(&answer, 1, MPI_INT, status.MPI_SOURCE, 0, MPI_COMM_WORLD);
        }
    } else {
        compute(10.0 * (size - rank));      /* later ranks ask first */
        x = rank + 10;
        MPI_Send(&x, 1, MPI_INT, 0, rank % 2 ? REQUEST_SQUARE : REQUEST_DOUBLE, MPI_COMM_WORLD);
        MPI_Recv(&answer, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank %d got %d\n", rank, answer);
    }
    MPI_Finalize();
    return 0;
}
