/* rand() and srand() give glibc's sequences: every process starts seeded with 1, srand(seed)
   restarts a sequence, random()/srandom() are the same generator.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int rank, i, a, b, c, hist[4];
    long r1, r2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    a = rand();
    b = rand();
    c = rand();
    printf("%d: first %d %d %d\n", rank, a, b, c);
    srand(rank + 1);
    a = rand();
    b = rand();
    printf("%d: seeded %d %d\n", rank, a, b);
    srandom(12345u * (rank + 1));
    r1 = random();
    r2 = random();
    printf("%d: random %ld %ld\n", rank, r1, r2);
    for (i = 0; i < 4; i++)
        hist[i] = 0;
    srand(42);
    for (i = 0; i < 1000; i++)
        hist[rand() % 4]++;
    printf("%d: hist %d %d %d %d max %d\n", rank, hist[0], hist[1], hist[2], hist[3], RAND_MAX);
    MPI_Finalize();
    return 0;
}
