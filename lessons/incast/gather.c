/* Paper 002 (Yamada, Okita, Ino), Fig. 4 on the gather pattern: every rank sends one 63 KiB
 * message to rank 0. With SCHEDULE "ring" they all start at once (Thakur's Ring schedule: on a
 * gather every sender's first send goes to rank 0); with "delay", rank p first sleeps p - 1
 * delay slots of DELTA_US (the proposed schedule, which `rankscope schedule --pattern gather
 * --steps` derives slot by slot), so the messages reach the switch one after another.
 * Arguments (optional) override both: the schedule, then the delay in microseconds.
 * Run:  rankscope run lessons/incast/gather.c -n 64 -p ethernet-1g -- delay 400 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCHEDULE "ring"      /* "ring" or "delay" */
#define DELTA_US 400         /* one delay slot, in microseconds (paper 002's best: 400) */
#define K 16128              /* 63 KiB of ints: the largest eager message of the paper */
#define MAXN 64

int sbuf[K];

int main(int argc, char **argv)
{
    int rank, size, i, slots, delta_us = DELTA_US;
    const char *schedule = SCHEDULE;
    MPI_Request sreq, rreq[MAXN];
    int *rbuf = NULL;             /* rank 0's receive buffers, one per sender */
    double t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > MAXN) {
        if (rank == 0) printf("at most %d ranks\n", MAXN);
        MPI_Finalize();
        return 0;
    }
    if (argc > 1) schedule = argv[1];
    if (argc > 2) delta_us = atoi(argv[2]);
    for (i = 0; i < K; i++) sbuf[i] = rank;
    /* The persistent requests, in schedule order (Fig. 4). */
    if (rank == 0) {
        rbuf = malloc(sizeof(int) * K * size);
        for (i = 1; i < size; i++)
            MPI_Recv_init(&rbuf[i * K], K, MPI_INT, i, 0, MPI_COMM_WORLD, &rreq[i]);
    } else
        MPI_Send_init(sbuf, K, MPI_INT, 0, 0, MPI_COMM_WORLD, &sreq);
    slots = strcmp(schedule, "delay") == 0 && rank > 0 ? rank - 1 : 0;

    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    if (rank == 0) {
        MPI_Startall(size - 1, &rreq[1]);
        MPI_Waitall(size - 1, &rreq[1], MPI_STATUSES_IGNORE);
        t = MPI_Wtime() - t;
        printf("gather (%s schedule, delay slot %d us) took %.1f ms\n", schedule, delta_us, t * 1e3);
        for (i = 1; i < size; i++)
            if (rbuf[i * K] != i) printf("wrong data from rank %d\n", i);
        free(rbuf);
    } else {
        for (i = 0; i < slots; i++)
            nanosleep(delta_us * 1000);          /* a delay slot */
        MPI_Start(&sreq);
        MPI_Wait(&sreq, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
