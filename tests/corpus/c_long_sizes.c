/* long and long long hold 64 bits (LP64); int overflows where long does not.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

long factorial(int n)
{
    long f = 1;
    int i;
    for (i = 2; i <= n; i++)
        f *= i;
    return f;
}

int main(int argc, char *argv[])
{
    int rank;
    long big = 3000000000L;
    long long product;
    unsigned long ul = 18446744073709551615UL;
    short s = 32767;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    product = (long long)big * (rank + 2);
    printf("rank %d: 3e9 * %d = %lld\n", rank, rank + 2, product);
    printf("rank %d: 20! = %ld\n", rank, factorial(20));
    printf("rank %d: ULONG_MAX = %lu, +1 = %lu\n", rank, ul, ul + 1);
    s = s + 1;
    printf("rank %d: short 32767 + 1 = %d\n", rank, s);
    printf("rank %d: sizes char %zu short %zu int %zu long %zu long long %zu\n", rank,
           sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
    printf("rank %d: sizes float %zu double %zu pointer %zu size_t %zu\n", rank,
           sizeof(float), sizeof(double), sizeof(int *), sizeof(size_t));
    printf("rank %d: sizeof big = %zu, sizeof an int array of 10 = %zu\n", rank, sizeof big,
           sizeof(int[10]));
    MPI_Finalize();
    return 0;
}
