/* Pointers: arithmetic over an array, a swap through pointers, an array passed to a function.
 * Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

int sum(int *v, int n)
{
    int s = 0, i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(int argc, char *argv[])
{
    int rank, v[6], i, x, y;
    int *p;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 6; i++)
        v[i] = (i + 1) * (rank + 1);
    p = v + 2;
    *p = 100;
    p++;
    x = *p;
    y = rank;
    swap(&x, &y);
    printf("rank %d: sum %d, x %d, y %d, p[1] %d\n", rank, sum(v, 6), x, y, p[1]);
    MPI_Finalize();
    return 0;
}
