/* Object-like #define constants in array sizes, loop bounds and expressions.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

#define ROWS 3
#define COLS 4
#define SCALE 2.5

int main(int argc, char *argv[])
{
    int rank, i, j;
    double grid[ROWS][COLS], total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    total = 0.0;
    for (i = 0; i < ROWS; i++)
        for (j = 0; j < COLS; j++) {
            grid[i][j] = SCALE * (i * COLS + j) + rank;
            total += grid[i][j];
        }
    printf("rank %d: grid[%d][%d] = %.1f, total %.1f\n", rank, ROWS - 1, COLS - 1,
           grid[ROWS - 1][COLS - 1], total);
    MPI_Finalize();
    return 0;
}
