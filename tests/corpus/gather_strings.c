/* Characters as MPI_CHAR: every rank sends a short word to rank 0.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i;
    char word[4], all[12];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    word[0] = 'a' + rank;
    word[1] = 'b' + rank;
    word[2] = 'c' + rank;
    word[3] = 0;
    MPI_Gather(word, 4, MPI_CHAR, all, 4, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < size; i++)
            printf("rank %d sent \"%s\"\n", i, &all[4 * i]);
    MPI_Finalize();
    return 0;
}
