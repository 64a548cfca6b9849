/* The solution of lesson atomic-yield (examples/back_substitution.c with YIELD 1). Paper 000 (Tatebe et al., MPI-EMX), Sec. 6.3 and Table 3: back substitution (solve U x = b,
 * U upper triangular) on 5 PEs, N = 2000, rows distributed block-cyclically in blocks of 25, and
 * pipelined: the owner of a block solves it and sends its x values along the ring; every rank
 * forwards them, then updates its own rows; the owner of the next block updates and solves that
 * block first (look-ahead) so the pipeline keeps moving. The paper gives no listing; this is the
 * algorithm it describes, in MFlops per PE. Switches: YIELD calls yield() after each row (so handlers get
 * the processor during long updates); PREPOST posts every receive before the computation (the
 * Fig. 9 style); otherwise each receive is posted one block ahead, just before the update it
 * overlaps (Fig. 8 style: one receive at a time). Each row's arithmetic is modelled by flops() at
 * the PE's calibrated 3.66 MFlops; flops() stands for the code before it, so that code's own
 * operations are not charged again (the rest of the program's operations are).
 * Run:  rankscope run examples/back_substitution.c -n 5 -p emx */
#include <mpi.h>
#include <stdio.h>

#define N 2000
#define B 25
#define P 5
#define NB 80          /* N / B blocks */
#define MYROWS 400     /* N / P rows per rank */
#define YIELD 1
#define PREPOST 0

double U[MYROWS][N];
double b[MYROWS];
double x[N];

/* Global row of local row l on `rank`. */
int grow(int rank, int l)
{
    return ((l / B) * P + rank) * B + l % B;
}

/* The owner solves block blk bottom-up (its rows already hold b minus the later blocks). */
void solve(int rank, int blk)
{
    int i, j, g, l;
    double s;
    for (i = B - 1; i >= 0; i--) {
        g = blk * B + i;
        l = (blk / P) * B + i;
        s = b[l];
        for (j = g + 1; j < blk * B + B; j++)
            s = s - U[l][j] * x[j];
        x[g] = s / U[l][g];
        flops(2 * (blk * B + B - g));
        if (YIELD) yield();
    }
}

/* Subtracts block blk's contribution from this rank's rows above it: only those of block
 * `only` (if only >= 0), and not those of block `skip`. Local block lb holds global block
 * lb * P + rank, so the rows to update are whole local blocks, visited without a division. */
void update(int rank, int blk, int only, int skip)
{
    int lb, gb, i, l, j;
    double s;
    for (lb = 0, gb = rank; gb < blk; lb++, gb += P) {
        if ((only >= 0 && gb != only) || gb == skip)
            continue;
        for (i = 0; i < B; i++) {
            l = lb * B + i;
            s = 0.0;
            for (j = blk * B; j < blk * B + B; j++)
                s = s + U[l][j] * x[j];
            b[l] = b[l] - s;
            flops(2 * B);
            if (YIELD) yield();
        }
    }
}

int main(int argc, char **argv)
{
    int rank, size, blk, l, g, j, owner, next, prev, bad;
    double t, mflops;
    MPI_Request rq[NB];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != P) {
        if (rank == 0) printf("run this with %d ranks\n", P);
        MPI_Finalize();
        return 0;
    }
    next = (rank + 1) % P;
    prev = (rank + P - 1) % P;
    /* U: 2 on the diagonal, 1/N above it; b chosen so that x = 1 exactly. */
    for (l = 0; l < MYROWS; l++) {
        g = grow(rank, l);
        U[l][g] = 2.0;
        for (j = g + 1; j < N; j++)
            U[l][j] = 1.0 / N;
        b[l] = 2.0 + 1.0 * (N - 1 - g) / N;
    }
    /* Receives: all posted up front (PREPOST), or each one just before the update that
     * precedes its use (so it is posted while the rank computes). */
    for (blk = NB - 1; blk >= 0; blk--) {
        if (blk % P != rank) {
            MPI_Irecv(&x[blk * B], B, MPI_DOUBLE, prev, blk, MPI_COMM_WORLD, &rq[blk]);
            if (!PREPOST) break;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    /* The last block has nothing to wait for. */
    if ((NB - 1) % P == rank) {
        solve(rank, NB - 1);
        MPI_Send(&x[(NB - 1) * B], B, MPI_DOUBLE, next, NB - 1, MPI_COMM_WORLD);
    }
    for (blk = NB - 1; blk >= 0; blk--) {
        owner = blk % P;
        if (rank != owner) {
            MPI_Wait(&rq[blk], &st);
            if (!PREPOST) {
                for (j = blk - 1; j >= 0; j--) {
                    if (j % P != rank) {
                        MPI_Irecv(&x[j * B], B, MPI_DOUBLE, prev, j, MPI_COMM_WORLD, &rq[j]);
                        break;
                    }
                }
            }
            if (next != owner)
                MPI_Send(&x[blk * B], B, MPI_DOUBLE, next, blk, MPI_COMM_WORLD);
        }
        if (blk > 0 && (blk - 1) % P == rank) {
            /* Look ahead: finish the next block first and send it on, then update the rest. */
            update(rank, blk, blk - 1, -1);
            solve(rank, blk - 1);
            MPI_Send(&x[(blk - 1) * B], B, MPI_DOUBLE, next, blk - 1, MPI_COMM_WORLD);
            update(rank, blk, -1, blk - 1);
        } else {
            update(rank, blk, -1, -1);
        }
    }
    t = MPI_Wtime() - t;
    bad = 0;
    for (j = 0; j < N; j++)
        if (x[j] < 0.999999999 || x[j] > 1.000000001) bad++;
    mflops = 1.0 * N * N / t / P / 1e6;
    if (rank == 0)
        printf("back substitution: %.2f MFlops per PE (%d wrong values)\n", mflops, bad);
    MPI_Finalize();
    return 0;
}
