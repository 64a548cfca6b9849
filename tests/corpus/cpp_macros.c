/* The preprocessor as course programs use it: function-like macros, #if/#ifdef/#elif, defined,
   # and ##, __LINE__, and the standard headers' constants.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <math.h>
#include <float.h>

#define N 4
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define IDX(i, j) ((i) * N + (j))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define SHOW(expr) printf("%d: %s = %d\n", rank, #expr, (expr))
#define LOG(fmt, ...) printf("%d: " fmt "\n", rank, __VA_ARGS__)
#define MASTER 0
#define IS_MASTER(r) ((r) == MASTER)

#if N > 2 && defined(SQUARE) && !defined(UNDEFINED_THING)
#define BIG 1
#else
#define BIG 0
#endif

#ifdef DEBUG
#error "DEBUG must not be defined in this test"
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define C99 1
#elif 1
#define C99 0
#endif

#ifndef M_PI
#define M_PI 3.0
#endif

#define TAG_BASE 100
#undef TAG_BASE
#define TAG_BASE 200

int main(int argc, char *argv[])
{
    int rank, size, i, CAT(count, 1), grid[N * N];
    double area;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    count1 = 0;
    for (i = 0; i < N * N; i++) {
        grid[i] = SQUARE(i - rank);
        count1 += grid[i] > N;
    }
    SHOW(SQUARE(rank + 1));
    SHOW(MAX(rank, 1) + MIN(rank, 1));
    SHOW(grid[IDX(1, 2)]);
    SHOW(count1);
    LOG("big=%d c99=%d tag=%d", BIG, C99, TAG_BASE + rank);
    LOG("%s is %s", STR(N), XSTR(N));
    LOG("line %d", __LINE__);
    LOG("INT_MAX=%d INT_MIN=%d CHAR_BIT=%d SCHAR_MIN=%d", INT_MAX, INT_MIN, CHAR_BIT, SCHAR_MIN);
    LOG("RAND_MAX=%d EXIT_SUCCESS=%d EXIT_FAILURE=%d", RAND_MAX, EXIT_SUCCESS, EXIT_FAILURE);
    area = M_PI * SQUARE(rank + 0.5);
    LOG("area=%.6f eps=%g max=%g", area, DBL_EPSILON, DBL_MAX);
    if (IS_MASTER(rank))
        LOG("master of %d", size);
#if BIG
    LOG("%s", "big grid");
#endif
    MPI_Finalize();
    return 0;
}
