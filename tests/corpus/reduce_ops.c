/* MPI_Reduce with MPI_PROD, MPI_MAX and MPI_MIN on doubles, and on arrays.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i;
    double mine, prod, hi, lo, v[3], vmax[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = 1.5 + rank;
    MPI_Reduce(&mine, &prod, 1, MPI_DOUBLE, MPI_PROD, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &hi, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &lo, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++)
        v[i] = (rank * 5 + i * 3) % 7;
    MPI_Reduce(v, vmax, 3, MPI_DOUBLE, MPI_MAX, 2, MPI_COMM_WORLD);
    if (rank == 0)
        printf("product %.4f, max %.1f, min %.1f\n", prod, hi, lo);
    if (rank == 2)
        printf("element-wise max %.0f %.0f %.0f\n", vmax[0], vmax[1], vmax[2]);
    MPI_Finalize();
    return 0;
}
