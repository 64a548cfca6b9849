/* The master files each answer under its task: a worker sends its answer with the task's number
 * as the tag, and the master, receiving from any source with any tag, reads the tag from the
 * status. Every match MPI allows now gives the same table.
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
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            answer[st.MPI_TAG] = got;
        }
        for (t = 0; t < WORKERS; t++)
            printf("task %d: %d\n", t, answer[t]);
    } else {
        MPI_Recv(&t, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        compute(1000 * rank);
        got = (t + 1) * (t + 1);
        MPI_Send(&got, 1, MPI_INT, 0, t, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
