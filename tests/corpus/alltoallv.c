/* MPI_Alltoallv: rank r sends r+1 ints to every rank; displacements place them.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, j, k;
    int out[9], in[9], scount[3], sdispl[3], rcount[3], rdispl[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    k = 0;
    for (i = 0; i < size; i++) {
        scount[i] = rank + 1;
        sdispl[i] = i * (rank + 1);
        for (j = 0; j < rank + 1; j++)
            out[k++] = 100 * rank + 10 * i + j;
        rcount[i] = i + 1;
    }
    rdispl[0] = 0;
    for (i = 1; i < size; i++)
        rdispl[i] = rdispl[i - 1] + rcount[i - 1];
    MPI_Alltoallv(out, scount, sdispl, MPI_INT, in, rcount, rdispl, MPI_INT, MPI_COMM_WORLD);
    /* One printf per line: MPI launchers may interleave partial lines of different ranks. */
    printf("rank %d got %d %d %d %d %d %d\n", rank, in[0], in[1], in[2], in[3], in[4], in[5]);
    MPI_Finalize();
    return 0;
}
