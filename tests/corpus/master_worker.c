/* Master/worker: the master hands out task numbers, workers return squares; the master adds
 * them up (order of arrival does not change the sum).  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

#define TASKS 12
#define STOP -1

int main(int argc, char *argv[])
{
    int rank, size, task, result, sent, done, total, w, stop;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    stop = STOP;
    if (rank == 0) {
        sent = 0;
        for (w = 1; w < size; w++) {
            MPI_Send(&sent, 1, MPI_INT, w, 0, MPI_COMM_WORLD);
            sent++;
        }
        total = 0;
        for (done = 0; done < TASKS; done++) {
            MPI_Recv(&result, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            total += result;
            if (sent < TASKS) {
                MPI_Send(&sent, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD);
                sent++;
            } else {
                MPI_Send(&stop, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD);
            }
        }
        printf("sum of squares of 0..%d is %d\n", TASKS - 1, total);
    } else {
        while (1) {
            MPI_Recv(&task, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (task == STOP)
                break;
            result = task * task;
            MPI_Send(&result, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
