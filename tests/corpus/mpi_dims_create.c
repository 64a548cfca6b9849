/* Ranks: 1 | MPI_Dims_create's balanced grids for 1 to 64 processes in 2, 3 and 4 dimensions, and
   with one dimension fixed, as a program choosing its process grid prints them. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int n, nd, i, dims[4];
    MPI_Init(&argc, &argv);
    for (n = 1; n <= 64; n++) {
        for (nd = 2; nd <= 4; nd++) {
            for (i = 0; i < 4; i++)
                dims[i] = 0;
            MPI_Dims_create(n, nd, dims);
            printf("%2d in %d: %d %d %d %d\n", n, nd, dims[0], dims[1], nd > 2 ? dims[2] : 0,
                   nd > 3 ? dims[3] : 0);
        }
        if (n % 2 == 0) {
            dims[0] = 0;
            dims[1] = 2;
            dims[2] = 0;
            MPI_Dims_create(n, 3, dims);
            printf("%2d with 2 fixed: %d %d %d\n", n, dims[0], dims[1], dims[2]);
        }
    }
    MPI_Finalize();
    return 0;
}
