/* Paper 000 (Tatebe et al., MPI-EMX), Fig. 8: naive ping-pong between ranks 1 and 2.
 * The body is the paper's listing as printed; only the declarations it elides (and the
 * MPI_Init/MPI_Finalize around it, and one printf of the result) are added.
 * Run with at least 3 ranks:  rankscope run examples/pingpong_naive.c -n 3 -p emx */
#include <mpi.h>
#include <stdio.h>

#define NUM_ITER 100

int main(int argc, char **argv)
{
    int rank, i;
    int sbuf[1], rbuf[1];
    double time;
    MPI_Request req;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        time = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Irecv(rbuf, 1, MPI_INT, 2, 100,
                     MPI_COMM_WORLD, &req);
            MPI_Wait(&req, &st);
            MPI_Isend(sbuf, 1, MPI_INT, 2, 100,
                     MPI_COMM_WORLD, &req);
            MPI_Wait(&req, &st);
            /* or MPI_Request_free(&req); */
        }
        time = MPI_Wtime() - time;
        printf("one-way latency: %.2f us\n", time / NUM_ITER / 2 * 1e6); /* added */
    }
    else if (rank == 2) {
        time = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Isend(sbuf, 1, MPI_INT, 1, 100,
                     MPI_COMM_WORLD, &req);
            MPI_Wait(&req, &st);
            /* or MPI_Request_free(&req); */
            MPI_Irecv(rbuf, 1, MPI_INT, 1, 100,
                     MPI_COMM_WORLD, &req);
            MPI_Wait(&req, &st);
        }
        time = MPI_Wtime() - time;
    }
    MPI_Finalize();
    return 0;
}
