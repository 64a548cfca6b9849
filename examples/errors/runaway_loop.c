/* The loop condition never changes: the step limit stops it and names the line. */
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
