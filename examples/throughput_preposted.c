/* Paper 000 (Tatebe et al., MPI-EMX), Fig. 10: throughput of the pre-posted ping-pong of Fig. 9
 * for one message size. Fig. 9's listing with 4-byte ints replaced by a BYTES-byte buffer (all
 * receives pre-posted into the same buffer, as Fig. 9 does) and fewer iterations so that 1.6 MB
 * messages stay quick to simulate. `rankscope reproduce 000` runs it for every size of Fig. 10.
 * Run:  rankscope run examples/throughput_preposted.c -n 3 -p emx */
#include <mpi.h>
#include <stdio.h>

#define NUM_ITER 10
#define BYTES 4096

char sbuf[BYTES], rbuf[BYTES];

int main(int argc, char **argv)
{
    int rank, i;
    double time;
    MPI_Request req[NUM_ITER], r;
    MPI_Status st[NUM_ITER], s;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1 || rank == 2) {
        int peer = 3 - rank;
        for (i = 0; i < NUM_ITER; ++i)
            MPI_Irecv(rbuf, BYTES, MPI_CHAR, peer, 100, MPI_COMM_WORLD, &req[i]);
        MPI_Barrier(MPI_COMM_WORLD);
        time = MPI_Wtime();
        for (i = 0; i < NUM_ITER; ++i) {
            if (rank == 1) {
                MPI_Isend(sbuf, BYTES, MPI_CHAR, peer, 100, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, &s);
                MPI_Wait(&req[i], &st[i]);
            } else {
                MPI_Wait(&req[i], &st[i]);
                MPI_Isend(sbuf, BYTES, MPI_CHAR, peer, 100, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, &s);
            }
        }
        time = MPI_Wtime() - time;
        if (rank == 1)
            printf("throughput: %.3f MB/s for %d-byte messages\n",
                   BYTES / (time / NUM_ITER / 2) / 1e6, BYTES);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
