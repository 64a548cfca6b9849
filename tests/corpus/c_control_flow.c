/* Loops with break and continue, while, nested ifs, the ternary operator, short-circuit
 * logic.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int calls;

int noisy(int v)
{
    calls++;
    return v;
}

int main(int argc, char *argv[])
{
    int rank, i, j, found, primes;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    primes = 0;
    for (i = 2 + rank * 20; i < 22 + rank * 20; i++) {
        found = 1;
        for (j = 2; j * j <= i; j++) {
            if (i % j == 0) {
                found = 0;
                break;
            }
        }
        if (!found)
            continue;
        primes++;
    }
    i = 0;
    while (i < 100)
        i = i * 2 + 1;
    calls = 0;
    if (noisy(0) && noisy(1))
        calls += 100;
    if (noisy(1) || noisy(1))
        calls += 10;
    printf("rank %d: %d primes, while ended at %d, %s, calls %d\n", rank, primes, i,
           primes > 4 ? "many" : "few", calls);
    MPI_Finalize();
    return 0;
}
