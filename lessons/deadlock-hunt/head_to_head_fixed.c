/* Deadlock hunt, bug 2 fixed: MPI_Sendrecv sends and receives at once, so neither rank waits for
 * the other to reach its receive.  Run:  rankscope run lessons/deadlock-hunt/head_to_head_fixed.c -n 2 -p folon */
#include <mpi.h>
#include <stdio.h>

#define N 4000

int out[N], in[N];

int main(int argc, char **argv)
{
    int rank, other, i;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    for (i = 0; i < N; i++)
        out[i] = rank;
    MPI_Sendrecv(out, N, MPI_INT, other, 0, in, N, MPI_INT, other, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    printf("rank %d received the block of rank %d\n", rank, in[0]);
    MPI_Finalize();
    return 0;
}
