/* Functions and recursion: each rank computes a factorial and a Fibonacci number.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int factorial(int n)
{
    if (n <= 1)
        return 1;
    return n * factorial(n - 1);
}

int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char *argv[])
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d: %d! = %d, fib(%d) = %d\n", rank, rank + 5, factorial(rank + 5),
           rank + 15, fib(rank + 15));
    MPI_Finalize();
    return 0;
}
