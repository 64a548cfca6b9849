/* Double arithmetic and int/double conversions: truncation, promotion, mixed expressions.
 * Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i, k;
    double x, y;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = 7 / 2;
    y = 7 / 2.0;
    k = 2.99;
    i = -2.99;
    printf("rank %d: %.1f %.1f %d %d\n", rank, x, y, k, i);
    x = 1.0;
    for (i = 0; i < 30; i++)
        x = x / 3.0 + rank;
    printf("rank %d: %.12f %.3e\n", rank, x, x * 1e10);
    MPI_Finalize();
    return 0;
}
