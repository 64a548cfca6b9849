/* Three syntax errors; the parser reports all of them at once.  Run:  rankscope run examples/errors/syntax_errors.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 {
        rank = rank + ;
    }
    MPI_Finalize();
    return 0;
}
