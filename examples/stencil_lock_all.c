/* Paper 003, Fig. 5 (MPI-3.1 Example 11.7 made a stencil): the whole loop is one passive-target
 * epoch. MPI_Win_lock_all opens it once (a shared lock on every rank: paper 003 runs it as the
 * MCS readers/writer lock's ReaderLock on rank 0's lock record); each iteration computes, meets
 * the others at a barrier, gets its neighbours' edge cells into its halos and completes the gets
 * with MPI_Win_flush_all — data synchronization local to the caller, unlike a fence. Two copies
 * of the cells (even and odd iterations) keep a neighbour's get from racing the next sweep.
 * The checksum equals examples/stencil_fence.c's: same stencil, other synchronization.
 * Run:  rankscope run examples/stencil_lock_all.c -n 8 -p fx100 */
#include <mpi.h>
#include <stdio.h>

#define N 16
#define ITERATIONS 40
#define COPY (N + 2)

double *u;  /* 2 copies of N cells and their 2 halos, allocated by MPI_Win_allocate */

/* The paper's compute(): one Jacobi sweep from copy `cur` into the other copy. */
void relax(int cur)
{
    int i;
    double *a, *b;
    a = u + cur * COPY;
    b = u + (1 - cur) * COPY;
    for (i = 1; i <= N; i++)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    flops(4 * N);
}

int main(int argc, char **argv)
{
    int rank, size, i, nbrs, iterations, cur;
    int nbr[2], disp[2], into[2];
    double sum, total;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(2 * COPY * sizeof(double), sizeof(double), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &u, &win);
    for (i = 0; i <= N + 1; i++)
        u[i] = ((rank * N + i - 1 + size * N) % (size * N)) % 7;

    /* My left halo comes from the left neighbour's last cell, my right from the right's first. */
    nbrs = 2;
    nbr[0] = (rank + size - 1) % size;  disp[0] = N;  into[0] = 0;
    nbr[1] = (rank + 1) % size;         disp[1] = 1;  into[1] = N + 1;

    cur = 0;
    MPI_Win_lock_all(0, win);
    iterations = ITERATIONS + 1;
    while (--iterations) {
        relax(cur);
        cur = 1 - cur;
        MPI_Barrier(MPI_COMM_WORLD);
        for (i = 0; i < nbrs; i++)
            MPI_Get(&u[cur * COPY + into[i]], 1, MPI_DOUBLE, nbr[i], cur * COPY + disp[i], 1,
                    MPI_DOUBLE, win);
        MPI_Win_flush_all(win);
    }
    MPI_Win_unlock_all(win);

    sum = 0.0;
    for (i = 1; i <= N; i++)
        sum += u[cur * COPY + i] * (rank * N + i);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("after %d iterations on %d ranks: checksum %.6f\n", ITERATIONS, size, total);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
