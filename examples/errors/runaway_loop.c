/* The loop condition never changes: the step limit stops it and names the line.  Run:  rankscope run examples/errors/runaway_loop.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int i = 0, spins = 0;
    MPI_Init(&argc, &argv);
    while (i < 10) {
        spins++;
    }
    MPI_Finalize();
    return 0;
}
