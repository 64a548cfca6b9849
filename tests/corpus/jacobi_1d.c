/* A 1-D Jacobi heat stencil with halo exchange between neighbours.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define LOCAL 6
#define STEPS 20

int main(int argc, char *argv[])
{
    int rank, size, i, step;
    double u[LOCAL + 2], v[LOCAL + 2], local, global;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < LOCAL + 2; i++)
        u[i] = 0.0;
    if (rank == 0)
        u[0] = 100.0;
    for (step = 0; step < STEPS; step++) {
        if (rank > 0) {
            MPI_Send(&u[1], 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&u[0], 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        if (rank < size - 1) {
            MPI_Recv(&u[LOCAL + 1], 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Send(&u[LOCAL], 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD);
        }
        for (i = 1; i <= LOCAL; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        for (i = 1; i <= LOCAL; i++)
            u[i] = v[i];
    }
    local = 0.0;
    for (i = 1; i <= LOCAL; i++)
        local += u[i];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: u[1] = %.6f, heat in the rod %.6f\n", rank, u[1], global);
    MPI_Finalize();
    return 0;
}
