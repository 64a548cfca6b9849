/* Pi by the midpoint rule: each rank sums every size-th strip, MPI_Reduce adds them.
 * Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define INTERVALS 10000

int main(int argc, char *argv[])
{
    int rank, size, i;
    double h, x, sum, mypi, pi;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    h = 1.0 / INTERVALS;
    sum = 0.0;
    for (i = rank + 1; i <= INTERVALS; i += size) {
        x = h * (i - 0.5);
        sum += 4.0 / (1.0 + x * x);
    }
    mypi = h * sum;
    MPI_Reduce(&mypi, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pi is approximately %.8f\n", pi);
    MPI_Finalize();
    return 0;
}
