/* float is IEEE single precision: sums drift where double's do not.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i;
    float fsum = 0.0f;
    double dsum = 0.0;
    float third = 1.0f / 3.0f;
    float big = 16777216.0f;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 1000 * (rank + 1); i++) {
        fsum += 0.1f;
        dsum += 0.1;
    }
    printf("rank %d: float sum %.6f, double sum %.6f\n", rank, fsum, dsum);
    printf("rank %d: 1/3 as float %.10f, as double %.10f\n", rank, third, 1.0 / 3.0);
    printf("rank %d: 2^24 + 1 in float = %.1f\n", rank, big + 1.0f);
    printf("rank %d: (int)2.9f = %d, (int)-2.9f = %d\n", rank, (int)2.9f, (int)-2.9f);
    printf("rank %d: 7 / 2 = %d but 7 / 2.0f = %.2f\n", rank, 7 / 2, 7 / 2.0f);
    MPI_Finalize();
    return 0;
}
