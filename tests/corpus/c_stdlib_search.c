/* Ranks: 2
 * <stdlib.h> as programs use it: bsearch over a sorted array, abs/labs/llabs, atol/atoll,
 * strtoul/strtoll/strtof with their end pointers, getenv (NULL: no environment), and atexit
 * handlers running in reverse order after main returns. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank;

static int by_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void first(void) { printf("rank %d: atexit handler registered first runs last\n", rank); }
static void second(void) { printf("rank %d: atexit handler registered second runs first\n", rank); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    atexit(first);
    atexit(second);
    int v[] = {42, 7, 19, 3, 88, 61, 25, 10};
    int n = sizeof v / sizeof v[0];
    qsort(v, n, sizeof v[0], by_value);
    for (int key = 0; key < 100; key += 7 + rank) {
        int *hit = bsearch(&key, v, n, sizeof v[0], by_value);
        if (hit) printf("rank %d: %d at index %ld\n", rank, key, (long)(hit - v));
    }
    int miss = 11;
    printf("rank %d: 11 %s\n", rank, bsearch(&miss, v, n, sizeof v[0], by_value) ? "found" : "absent");
    printf("rank %d: abs %d labs %ld llabs %lld\n", rank, abs(-5 - rank), labs(-70000000000L),
           llabs(-9000000000000LL));
    printf("rank %d: atol %ld atoll %lld\n", rank, atol("  -123456789012xyz"), atoll("99999999999"));
    char *end;
    unsigned long u = strtoul("0xff rest", &end, 16);
    printf("rank %d: strtoul %lu, rest '%s'\n", rank, u, end);
    long long ll = strtoll("-0777", &end, 0);
    printf("rank %d: strtoll %lld, rest '%s'\n", rank, ll, end);
    float f = strtof("2.5e-1kg", &end);
    printf("rank %d: strtof %.4f, rest '%s'\n", rank, f, end);
    const char *home = getenv("RANKSCOPE_SURELY_UNSET");
    printf("rank %d: getenv %s\n", rank, home ? home : "(null)");
    MPI_Finalize();
    return 0;
}
