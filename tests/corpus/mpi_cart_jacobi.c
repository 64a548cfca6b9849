/* Ranks: 6 | A 2-D heat (Jacobi) stencil on a Cartesian grid of processes: MPI_Dims_create, MPI_Cart_create,
   halo exchange with MPI_Cart_shift and MPI_Sendrecv, a global checksum, and row sums over
   MPI_Cart_sub, as in the classic heat-equation exercises. */
#include <mpi.h>
#include <stdio.h>

#define NX 4 /* interior points per process, each direction */
#define STEPS 20

double u[NX + 2][NX + 2], unew[NX + 2][NX + 2];

int main(int argc, char *argv[])
{
    int rank, size, i, j, step, ndims, status;
    int dims[2] = {0, 0}, periods[2] = {0, 1}, coords[2], gdims[2], gperiods[2], gcoords[2];
    int up, down, left, right, back;
    double col_send[NX], col_recv[NX], local, total, row_total;
    MPI_Comm grid, rows;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_coords(grid, rank, 2, coords);
    MPI_Cart_shift(grid, 0, 1, &up, &down);
    MPI_Cart_shift(grid, 1, 1, &left, &right);
    MPI_Cart_rank(grid, coords, &back);
    printf("rank %d at (%d,%d) of %dx%d: up %d down %d left %d right %d, back %d\n", rank,
           coords[0], coords[1], dims[0], dims[1], up, down, left, right, back);

    for (i = 0; i < NX + 2; i++)
        for (j = 0; j < NX + 2; j++)
            u[i][j] = 0.0;
    /* A hot edge along the top of the global domain. */
    if (coords[0] == 0)
        for (j = 1; j <= NX; j++)
            u[0][j] = 100.0;
    for (i = 1; i <= NX; i++)
        for (j = 1; j <= NX; j++)
            u[i][j] = (rank + 1) * 0.5 + i - j * 0.25;

    for (step = 0; step < STEPS; step++) {
        /* Rows are contiguous: exchange them directly (MPI_PROC_NULL at the edges). */
        MPI_Sendrecv(&u[1][1], NX, MPI_DOUBLE, up, 0, &u[NX + 1][1], NX, MPI_DOUBLE, down, 0,
                     grid, &st);
        MPI_Sendrecv(&u[NX][1], NX, MPI_DOUBLE, down, 1, &u[0][1], NX, MPI_DOUBLE, up, 1, grid,
                     &st);
        /* Columns are packed by hand; the second dimension wraps around. */
        for (i = 0; i < NX; i++)
            col_send[i] = u[i + 1][1];
        MPI_Sendrecv(col_send, NX, MPI_DOUBLE, left, 2, col_recv, NX, MPI_DOUBLE, right, 2, grid,
                     &st);
        for (i = 0; i < NX; i++)
            u[i + 1][NX + 1] = col_recv[i];
        for (i = 0; i < NX; i++)
            col_send[i] = u[i + 1][NX];
        MPI_Sendrecv(col_send, NX, MPI_DOUBLE, right, 3, col_recv, NX, MPI_DOUBLE, left, 3, grid,
                     &st);
        for (i = 0; i < NX; i++)
            u[i + 1][0] = col_recv[i];
        for (i = 1; i <= NX; i++)
            for (j = 1; j <= NX; j++)
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        for (i = 1; i <= NX; i++)
            for (j = 1; j <= NX; j++)
                u[i][j] = unew[i][j];
    }

    local = 0.0;
    for (i = 1; i <= NX; i++)
        for (j = 1; j <= NX; j++)
            local += u[i][j];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, grid);
    if (rank == 0)
        printf("checksum after %d steps: %.4f\n", STEPS, total);

    /* Keep the second dimension: one communicator per grid row. */
    int remain[2] = {0, 1}, row_rank, row_size, sub_dims;
    MPI_Cart_sub(grid, remain, &rows);
    MPI_Comm_rank(rows, &row_rank);
    MPI_Comm_size(rows, &row_size);
    MPI_Cartdim_get(rows, &sub_dims);
    MPI_Reduce(&local, &row_total, 1, MPI_DOUBLE, MPI_SUM, 0, rows);
    if (row_rank == 0)
        printf("row %d (%d processes, %d dimension): sum %.4f\n", coords[0], row_size, sub_dims,
               row_total);

    MPI_Cartdim_get(grid, &ndims);
    MPI_Cart_get(grid, 2, gdims, gperiods, gcoords);
    MPI_Topo_test(grid, &status);
    if (rank == size - 1)
        printf("grid: %d dims %dx%d periods %d,%d, last at (%d,%d), cartesian %d\n", ndims,
               gdims[0], gdims[1], gperiods[0], gperiods[1], gcoords[0], gcoords[1],
               status == MPI_CART);
    MPI_Topo_test(MPI_COMM_WORLD, &status);
    if (rank == 0)
        printf("world topology undefined: %d\n", status == MPI_UNDEFINED);

    MPI_Comm_free(&rows);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
