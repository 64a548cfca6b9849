/* Writing one element past the end of an array: a runtime error naming the rank and the line.  Run:  rankscope run examples/errors/out_of_bounds.c -n 2 -p ib-qdr */
#include <mpi.h>

void fill(int n)
{
    int a[8], i;
    for (i = 0; i <= n; i++)
        a[i] = i;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    fill(8);
    MPI_Finalize();
    return 0;
}
