/* C99 variable-length arrays in an MPI program: each rank's block of rows is sized at run time
   (a 2-D VLA with halo rows), a VLA parameter sweeps it, sizeof gives its bytes, a `const int`
   sizes a histogram, and a VLA inside a loop is made anew each pass.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

static void init(int rows, int cols, double u[rows][cols], int first)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            u[i][j] = (first + i) * 0.5 + j;
}

static double sweep(int rows, int cols, double u[rows][cols], double v[rows][cols])
{
    double change = 0;
    for (int i = 1; i < rows - 1; i++)
        for (int j = 1; j < cols - 1; j++) {
            v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
            double d = v[i][j] - u[i][j];
            change += d < 0 ? -d : d;
        }
    for (int i = 1; i < rows - 1; i++)
        for (int j = 1; j < cols - 1; j++)
            u[i][j] = v[i][j];
    return change;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int total_rows = 10 + size, cols = 6;
    int mine = total_rows / size + (rank < total_rows % size);
    int first = rank * (total_rows / size) + (rank < total_rows % size ? rank : total_rows % size);
    double u[mine + 2][cols], v[mine + 2][cols];
    init(mine + 2, cols, u, first - 1);
    init(mine + 2, cols, v, first - 1);
    printf("rank %d: %d rows of %d, sizeof u = %zu, sizeof u[0] = %zu\n", rank, mine, cols,
           sizeof u, sizeof u[0]);

    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double change = 0;
    for (int iter = 0; iter < 5; iter++) {
        MPI_Sendrecv(u[1], cols, MPI_DOUBLE, up, 0, u[mine + 1], cols, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u[mine], cols, MPI_DOUBLE, down, 1, u[0], cols, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double local = sweep(mine + 2, cols, u, v);
        MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        /* scratch space made anew each pass */
        int n = cols * (iter + 1);
        double scratch[n];
        for (int k = 0; k < n; k++)
            scratch[k] = u[1 + k % mine][k % cols];
        double s = 0;
        for (int k = 0; k < n; k++)
            s += scratch[k];
        if (rank == 0)
            printf("iter %d: change %.6f, scratch of %zu bytes sums to %.3f\n", iter, change,
                   sizeof scratch, s);
    }

    const int MAX = 8;
    int hist[MAX];
    for (int k = 0; k < MAX; k++)
        hist[k] = 0;
    for (int i = 1; i <= mine; i++)
        for (int j = 0; j < cols; j++)
            hist[(int)u[i][j] % MAX]++;
    printf("rank %d: histogram of %zu ints:", rank, sizeof hist / sizeof hist[0]);
    for (int k = 0; k < MAX; k++)
        printf(" %d", hist[k]);
    printf("\n");
    MPI_Finalize();
    return 0;
}
