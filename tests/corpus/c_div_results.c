/* Ranks: 2
 * <stdlib.h>'s div, ldiv and lldiv: the quotient and remainder truncated toward zero (C99), as
 * structs (div_t, ldiv_t, lldiv_t with quot and rem) passed around and stored, each argument
 * evaluated once; then a rank's total split across the ranks with ldiv. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static div_t split(int n, int parts) { return div(n, parts); }

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ns[] = {7, -7, 7, -7, 0, 100, -1};
    int ds[] = {2, 2, -2, -2, 3, 7, 5};
    for (int i = 0; i < 7; i++) {
        div_t r = div(ns[i] + rank, ds[i]);
        printf("rank %d: div(%d, %d) = %d rem %d (check %d)\n", rank, ns[i] + rank, ds[i], r.quot,
               r.rem, r.quot * ds[i] + r.rem == ns[i] + rank);
    }
    ldiv_t big = ldiv(-123456789012L - rank, 1000L);
    lldiv_t huge = lldiv(9000000000000000000LL, -7LL + rank);
    printf("rank %d: ldiv %ld %ld, lldiv %lld %lld\n", rank, big.quot, big.rem, huge.quot, huge.rem);
    int i = 10;
    div_t once = div(i++, 3);
    div_t copy = once;
    copy.quot += 100;
    printf("rank %d: once %d %d, i %d, copy %d, sizes %zu %zu %zu\n", rank, once.quot, once.rem, i,
           copy.quot, sizeof(div_t), sizeof(ldiv_t), sizeof(lldiv_t));
    div_t shares = split(1000 + rank, size);
    long total = 0, mine = shares.quot + (rank < shares.rem ? 1 : 0);
    MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: %d items, %d each, %d left, mine %ld, total %ld\n", rank, 1000 + rank,
           shares.quot, shares.rem, mine, total);
    MPI_Finalize();
    return 0;
}
