/* Ranks: 4 — grids of no dimensions: MPI_Cart_create with ndims 0 gives rank 0 a communicator of
 * its own and every other rank MPI_COMM_NULL; MPI_Cart_sub keeping no dimension does the same. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm zero;
    MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &zero);
    if (zero != MPI_COMM_NULL) {
        int size, ndims = -1, r = -1, topo;
        MPI_Comm_size(zero, &size);
        MPI_Cartdim_get(zero, &ndims);
        MPI_Cart_rank(zero, NULL, &r);
        MPI_Topo_test(zero, &topo);
        printf("rank %d: 0-d grid of %d, ndims %d, cart rank %d, is cart %d\n", rank, size, ndims,
               r, topo == MPI_CART);
        MPI_Comm_free(&zero);
    } else {
        printf("rank %d: no 0-d grid\n", rank);
    }

    int dims[2] = { 2, 2 }, periods[2] = { 1, 0 }, keep[2] = { 0, 0 };
    MPI_Comm grid, sub;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Cart_sub(grid, keep, &sub);
    if (sub != MPI_COMM_NULL) {
        int result, ndims = -1;
        MPI_Comm_compare(MPI_COMM_SELF, sub, &result);
        MPI_Cartdim_get(sub, &ndims);
        printf("rank %d: sub keeping nothing is congruent to self: %d, ndims %d\n", rank,
               result == MPI_CONGRUENT, ndims);
        MPI_Comm_free(&sub);
    } else {
        printf("rank %d: sub keeping nothing is null\n", rank);
    }
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
