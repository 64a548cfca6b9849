/* Two-dimensional arrays passed to functions (`double m[][N]`), as a course's matrix code does,
   with each rank filling its own block.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

#define N 4

void fill(double m[N][N], double scale)
{
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            m[i][j] = scale * (i * N + j);
}

void multiply(int n, double a[][N], double b[][N], double c[][N])
{
    int i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < N; j++) {
            c[i][j] = 0.0;
            for (k = 0; k < N; k++)
                c[i][j] += a[i][k] * b[k][j];
        }
}

double trace(int n, double m[][N])
{
    double t = 0.0;
    int i;
    for (i = 0; i < n; i++)
        t += m[i][i];
    return t;
}

int main(int argc, char *argv[])
{
    int rank;
    double a[N][N], b[N][N], c[N][N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fill(a, 1.0 + rank);
    fill(b, 0.5);
    multiply(N, a, b, c);
    printf("rank %d: trace(a) = %.1f, trace(a*b) = %.1f, c[3][0] = %.1f\n", rank, trace(N, a),
           trace(N, c), c[3][0]);
    MPI_Finalize();
    return 0;
}
