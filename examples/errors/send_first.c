/* Both ranks send first with MPI_Ssend, then receive: each send waits for the other's receive.  Run:  rankscope run examples/errors/send_first.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, other, out[256] = {0}, in[256];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    MPI_Ssend(out, 256, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Recv(in, 256, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
