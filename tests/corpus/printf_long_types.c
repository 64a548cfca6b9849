/* printf's length modifiers with the types they name: long, long long, unsigned, size_t,
   short, unsigned char, float promoted to double, %p of NULL.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
#include <limits.h>

int main(int argc, char *argv[])
{
    int rank;
    long big;
    long long huge;
    unsigned int u;
    unsigned long ul;
    short s;
    unsigned char uc;
    float f;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    big = LONG_MAX - rank;
    huge = LLONG_MIN + rank;
    u = UINT_MAX - rank;
    ul = ULONG_MAX - rank;
    s = -1 - rank;
    uc = 250 + rank;
    f = 1.0f / 3.0f + rank;
    printf("%d: [%ld] [%lld] [%u] [%lu] [%hd] [%hhu]\n", rank, big, huge, u, ul, s, uc);
    printf("%d: [%lx] [%llX] [%#lo] [%zu] [%zu]\n", rank, big, huge, ul, sizeof(long), sizeof(s));
    printf("%d: [%f] [%.10f] [%e] [%g] [%a]\n", rank, f, f, f, f, f);
    printf("%d: [%*ld] [%-*lu|] [%.*f]\n", rank, 22, big, 22, ul, rank + 2, (double) f);
    printf("%d: [%p]\n", rank, (void *) 0);
    MPI_Finalize();
    return 0;
}
