/* Paper 000 (Tatebe et al., MPI-EMX), Fig. 9: ping-pong with every receive pre-posted.
 * The body is the paper's listing as printed; only the declarations it elides (and the
 * MPI_Init/MPI_Finalize around it, and one printf of the result) are added.
 * Run with at least 3 ranks:  rankscope run examples/pingpong_preposted.c -n 3 -p emx */
#include <mpi.h>
#include <stdio.h>

#define NUM_ITER 100

int main(int argc, char **argv)
{
    int rank, i;
    int sbuf[1], rbuf[1];
    double time1, time2;
    MPI_Request req[NUM_ITER], r;
    MPI_Status st[NUM_ITER], s;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        time1 = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Irecv(rbuf, 1, MPI_INT, 2, 100,
                     MPI_COMM_WORLD, &req[i]);
        }
        time1 = MPI_Wtime() - time1;
        MPI_Barrier(MPI_COMM_WORLD);
        time2 = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Isend(sbuf, 1, MPI_INT, 2, 100,
                     MPI_COMM_WORLD, &r);
            MPI_Wait(&r, &s);
            MPI_Wait(&req[i], &st[i]);
        }
        time2 = MPI_Wtime() - time2;
        printf("pre-posting: %.2f us per receive; one-way latency: %.2f us\n", /* added */
               time1 / NUM_ITER * 1e6, time2 / NUM_ITER / 2 * 1e6);
    }
    else if (rank == 2) {
        time1 = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Irecv(rbuf, 1, MPI_INT, 1, 100,
                     MPI_COMM_WORLD, &req[i]);
        }
        time1 = MPI_Wtime() - time1;
        MPI_Barrier(MPI_COMM_WORLD);
        time2 = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            MPI_Wait(&req[i], &st[i]);
            MPI_Isend(sbuf, 1, MPI_INT, 1, 100,
                     MPI_COMM_WORLD, &r);
            MPI_Wait(&r, &s);
        }
        time2 = MPI_Wtime() - time2;
    }
    else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
