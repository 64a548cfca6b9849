/* Ranks: 3 — MPI_Get_accumulate (sum, replace, no-op) and accumulates, fetch-and-ops and
   compare-and-swaps on the predefined types beyond int and double: char, short, long,
   unsigned, float, bitwise and logical operations, and MAXLOC/MINLOC on value-index pairs. */
#include <mpi.h>
#include <stdio.h>

struct dbl_int { double v; int i; };

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    struct {
        int sum[4];
        char c;
        short s;
        long l;
        unsigned u;
        float f;
        struct dbl_int best;
        int bits;
    } w = {{0, 0, 0, 0}, 0, 0, 0, 0u, 0.0f, {-1.0, -1}, 0x0f};
    MPI_Win win;
    MPI_Win_create(&w, sizeof w, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Aint base, at_c, at_s, at_l, at_u, at_f, at_best, at_bits;
    MPI_Get_address(&w, &base);
    MPI_Get_address(&w.c, &at_c);
    MPI_Get_address(&w.s, &at_s);
    MPI_Get_address(&w.l, &at_l);
    MPI_Get_address(&w.u, &at_u);
    MPI_Get_address(&w.f, &at_f);
    MPI_Get_address(&w.best, &at_best);
    MPI_Get_address(&w.bits, &at_bits);

    /* Every rank works on rank 0's window, one at a time under an exclusive lock. */
    for (int turn = 0; turn < size; turn++) {
        if (turn == rank) {
            int add[4] = {rank + 1, 10 * (rank + 1), -rank, 7};
            int before[4];
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Get_accumulate(add, 4, MPI_INT, before, 4, MPI_INT, 0, 0, 4, MPI_INT, MPI_SUM,
                               win);
            char c = (char) (rank + 1);
            char c_old;
            MPI_Fetch_and_op(&c, &c_old, MPI_CHAR, 0, at_c - base, MPI_SUM, win);
            short s = (short) (1000 * (rank + 1)), s_old;
            MPI_Fetch_and_op(&s, &s_old, MPI_SHORT, 0, at_s - base, MPI_SUM, win);
            long l = 1L << (33 + rank), l_old;
            MPI_Fetch_and_op(&l, &l_old, MPI_LONG, 0, at_l - base, MPI_BOR, win);
            unsigned u = 3u * (unsigned) (rank + 1);
            MPI_Accumulate(&u, 1, MPI_UNSIGNED, 0, at_u - base, 1, MPI_UNSIGNED, MPI_MAX, win);
            float f = 0.5f * (float) (rank + 1);
            MPI_Accumulate(&f, 1, MPI_FLOAT, 0, at_f - base, 1, MPI_FLOAT, MPI_SUM, win);
            struct dbl_int mine = {(double) (rank % 2), rank};
            MPI_Accumulate(&mine, 1, MPI_DOUBLE_INT, 0, at_best - base, 1, MPI_DOUBLE_INT,
                           MPI_MAXLOC, win);
            int mask = 1 << rank, bits_old;
            MPI_Fetch_and_op(&mask, &bits_old, MPI_INT, 0, at_bits - base, MPI_BXOR, win);
            long expect = l_old, swap = -5, cas_old;
            MPI_Compare_and_swap(&swap, &expect, &cas_old, MPI_LONG, 0, at_l - base, win);
            MPI_Win_unlock(0, win);
            printf("rank %d: sum before {%d, %d, %d, %d}, char %d, short %d, long %ld, bits %#x, "
                   "cas saw %ld\n",
                   rank, before[0], before[1], before[2], before[3], c_old, s_old, l_old,
                   bits_old, cas_old);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }

    /* Atomic reads with MPI_NO_OP, and a replace that returns the old value. */
    MPI_Win_lock_all(0, win);
    int seen[4], dummy = 0;
    MPI_Get_accumulate(&dummy, 0, MPI_INT, seen, 4, MPI_INT, 0, 0, 4, MPI_INT, MPI_NO_OP, win);
    MPI_Win_flush(0, win);
    struct dbl_int best;
    MPI_Fetch_and_op(NULL, &best, MPI_DOUBLE_INT, 0, at_best - base, MPI_NO_OP, win);
    MPI_Win_unlock_all(win);
    printf("rank %d: sums {%d, %d, %d, %d}, maxloc %.1f at %d\n", rank, seen[0], seen[1],
           seen[2], seen[3], best.v, best.i);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        int newv[1] = {42}, oldv[1];
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get_accumulate(newv, 1, MPI_INT, oldv, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE,
                           win);
        MPI_Win_unlock(0, win);
        printf("rank 1: replaced %d by 42\n", oldv[0]);
    }
    MPI_Win_fence(0, win);
    if (rank == 0)
        printf("rank 0: final sum[0] %d char %d short %d long %ld unsigned %u float %.2f "
               "bits %#x\n",
               w.sum[0], w.c, w.s, w.l, w.u, w.f, w.bits);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
