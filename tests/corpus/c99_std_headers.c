/* The C99 headers programs include: <stdint.h> exact-width types and limits, <inttypes.h>'s
   PRId64-style macros joined to the format's literals, <limits.h>, <float.h>, <stdbool.h>,
   <stddef.h>'s offsetof (also of a nested member), and <errno.h>'s errno as each rank's own
   int.  Ranks: 2 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct particle {
    char kind;
    int64_t id;
    struct {
        short flags;
        double x, y;
    } pos;
    uint8_t tag;
};

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int64_t big = INT64_MAX - rank;
    uint64_t ubig = UINT64_MAX - (uint64_t)rank;
    int32_t small = INT32_MIN + rank;
    uint16_t u16 = (uint16_t)(UINT16_MAX + rank);
    int8_t i8 = (int8_t)(INT8_MAX + 1 + rank);
    printf("rank %d: %" PRId64 " %" PRIu64 " %" PRId32 " %" PRIu16 " %" PRIi8 " %" PRIx64 " %" PRIX32 "\n",
           rank, big, ubig, small, u16, i8, (uint64_t)0xdeadbeefcafeULL, (uint32_t)48879);

    int64_t sum, mine = INT64_C(1) << (40 + rank);
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: sum %" PRId64 " fits in int32? %d\n", rank, sum, sum <= INT32_MAX);

    printf("rank %d: CHAR_BIT %d SCHAR %d..%d UCHAR %d SHRT %d..%d USHRT %d\n", rank, CHAR_BIT,
           SCHAR_MIN, SCHAR_MAX, UCHAR_MAX, SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("rank %d: INT %d..%d UINT %u LONG %ld..%ld ULONG %lu LLONG %lld\n", rank, INT_MIN,
           INT_MAX, UINT_MAX, LONG_MIN, LONG_MAX, ULONG_MAX, LLONG_MAX);
    printf("rank %d: DBL_EPSILON %g FLT_EPSILON %g DBL_MAX %g FLT_MAX %g DBL_MIN %g DBL_DIG %d FLT_DIG %d DBL_MANT_DIG %d\n",
           rank, DBL_EPSILON, FLT_EPSILON, DBL_MAX, FLT_MAX, DBL_MIN, DBL_DIG, FLT_DIG, DBL_MANT_DIG);
    double x = 1.0;
    bool converged = (1.0 + DBL_EPSILON / 2) == x;
    printf("rank %d: 1 + eps/2 == 1? %s, sizeof(bool) %zu, true + true = %d\n", rank,
           converged ? "true" : "false", sizeof(bool), true + true);

    printf("rank %d: offsetof kind %zu id %zu pos %zu pos.flags %zu pos.y %zu tag %zu, sizeof %zu\n",
           rank, offsetof(struct particle, kind), offsetof(struct particle, id),
           offsetof(struct particle, pos), offsetof(struct particle, pos.flags),
           offsetof(struct particle, pos.y), offsetof(struct particle, tag), sizeof(struct particle));

    errno = 0;
    int before = errno;
    errno = rank == 0 ? ERANGE : EDOM;
    int *where = &errno;
    *where += 100;
    printf("rank %d: errno %d then %d (ERANGE %d EDOM %d EINVAL %d ENOMEM %d)\n", rank, before, errno,
           ERANGE, EDOM, EINVAL, ENOMEM);
    errno = 0;
    MPI_Finalize();
    return 0;
}
