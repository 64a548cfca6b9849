/* Paper 002 (Yamada, Okita, Ino), Fig. 4: a many-to-many exchange with persistent requests and
 * inserted delays. The paper's listing is pseudo-code ("..." arguments, 3 sends and 2 receives
 * on one PE); this makes it concrete for 4 ranks: each rank sends one 63 KiB message to every
 * other rank in the order of its schedule, where a NULL entry is a delay slot (nanosleep(delta)).
 * Run:  rankscope run examples/many_to_many_delay.c -n 4 -p ethernet-1g */
#include <mpi.h>
#include <stdio.h>

#define N 4
#define K 16128            /* 63 KiB of ints: the largest eager message in the paper */
#define SLOTS 4            /* schedule slots: N - 1 sends plus one delay */

int sbuf[K], rbuf[N][K];

int main(int argc, char **argv)
{
    int rank, size, i, j, dst;
    int delta = 400000;    /* 400 us, the best delay of paper 002 Fig. 5 (in ns) */
    MPI_Request sreq[SLOTS], rreq[N - 1];
    MPI_Status sstatus[SLOTS], rstatus[N - 1];
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size != N) {
        if (rank == 0) printf("run this with %d ranks\n", N);
        MPI_Finalize();
        return 0;
    }
    for (i = 0; i < K; i++) sbuf[i] = rank;

    /* Send schedule: ring order (rank+1, rank+2, ...), with one delay slot: second on odd
     * ranks, as Fig. 4 does with sreq[1] = NULL, and last on even ranks. */
    j = 0;
    for (i = 0; i < SLOTS; i++) {
        if ((rank % 2 == 1 && i == 1) || (rank % 2 == 0 && i == SLOTS - 1)) {
            sreq[i] = NULL;                       /* delay insertion */
        } else {
            j++;
            dst = (rank + j) % N;
            MPI_Send_init(sbuf, K, MPI_INT, dst, 0, comm, &sreq[i]);
        }
    }
    /* Receive schedule: one from every other rank, any order. */
    for (i = 0; i < N - 1; i++)
        MPI_Recv_init(rbuf[i], K, MPI_INT, (rank + 1 + i) % N, 0, comm, &rreq[i]);

    /* The many-to-many exchange. */
    MPI_Barrier(comm);
    double t = MPI_Wtime();
    for (i = 0; i < SLOTS; i++)
        if (sreq[i])
            MPI_Start(&sreq[i]);                  /* start a send */
        else
            nanosleep(delta);                     /* delay */
    MPI_Startall(N - 1, rreq);
    MPI_Waitall(SLOTS, sreq, sstatus);
    MPI_Waitall(N - 1, rreq, rstatus);
    t = MPI_Wtime() - t;

    for (i = 0; i < N - 1; i++)
        if (rbuf[i][0] != (rank + 1 + i) % N)
            printf("rank %d: wrong data from rank %d\n", rank, (rank + 1 + i) % N);
    if (rank == 0) printf("many-to-many done in %.3f ms\n", t * 1e3);
    MPI_Finalize();
    return 0;
}
