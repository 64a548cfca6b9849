/* Paper 003, Fig. 4: a stencil whose halo exchange is one-sided, synchronized by fences.
 * Every rank owns N cells of a ring of size*N cells (plus a halo cell on each side) in a window;
 * each iteration computes, then, between two MPI_Win_fence calls, puts its edge cells into its
 * neighbours' halos. A fence is collective: it completes the puts and synchronizes everyone.
 * The checksum is the same on every machine; only the time changes.
 * Run:  rankscope run examples/stencil_fence.c -n 8 -p fx100 */
#include <mpi.h>
#include <stdio.h>

#define N 16
#define ITERATIONS 40

double u[N + 2], next[N + 2];

/* The paper's compute(): one Jacobi sweep over this rank's cells (the halos are read only). */
void relax(void)
{
    int i;
    for (i = 1; i <= N; i++)
        next[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
    for (i = 1; i <= N; i++)
        u[i] = next[i];
    flops(4 * N);
}

int main(int argc, char **argv)
{
    int rank, size, i, nbrs, iterations;
    int nbr[2], disp[2], from[2];
    double sum, total;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i <= N + 1; i++)
        u[i] = ((rank * N + i - 1 + size * N) % (size * N)) % 7;
    MPI_Win_create(u, (N + 2) * sizeof(double), sizeof(double), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);

    /* My first cell goes to the left neighbour's right halo, my last to the right one's left. */
    nbrs = 2;
    nbr[0] = (rank + size - 1) % size;  disp[0] = N + 1;  from[0] = 1;
    nbr[1] = (rank + 1) % size;         disp[1] = 0;      from[1] = N;

    iterations = ITERATIONS + 1;
    while (--iterations) {
        relax();
        MPI_Win_fence(0, win);
        for (i = 0; i < nbrs; i++)
            MPI_Put(&u[from[i]], 1, MPI_DOUBLE, nbr[i], disp[i], 1, MPI_DOUBLE, win);
        MPI_Win_fence(0, win);
    }

    sum = 0.0;
    for (i = 1; i <= N; i++)
        sum += u[i] * (rank * N + i);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("after %d iterations on %d ranks: checksum %.6f\n", ITERATIONS, size, total);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
