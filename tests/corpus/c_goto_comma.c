/* do/while, goto out of nested loops, the comma operator, static locals.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int next_id(void)
{
    static int counter = 100;
    return counter++;
}

int main(int argc, char *argv[])
{
    int rank, i, j, found_i = -1, found_j = -1, n = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j++)
            if (i * j == 12 + rank) {
                found_i = i;
                found_j = j;
                goto done;
            }
done:
    printf("rank %d: first i*j == %d is %d*%d\n", rank, 12 + rank, found_i, found_j);
    for (i = 0, j = 10; i < j; i++, j--)
        n++;
    printf("rank %d: the comma loop met after %d steps\n", rank, n);
    i = 0;
    do {
        i += 3;
    } while (i < 10 + rank);
    printf("rank %d: do/while stopped at %d\n", rank, i);
    next_id();
    next_id();
    printf("rank %d: the third id is %d\n", rank, next_id());
    MPI_Finalize();
    return 0;
}
