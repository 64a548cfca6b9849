/* Deadlock hunt, bug 2: head-to-head blocking sends. Both ranks call MPI_Send first and receive
 * afterwards. A message this large is not sent eagerly: MPI_Send returns only once the other
 * rank has posted its receive, and neither ever does.
 * Run:  rankscope run lessons/deadlock-hunt/head_to_head.c -n 2 -p folon */
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
    MPI_Send(out, N, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Recv(in, N, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d received the block of rank %d\n", rank, in[0]);
    MPI_Finalize();
    return 0;
}
