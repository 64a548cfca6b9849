/* Dynamic receive: probe the message, size the buffer from the status, then receive it.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, n, count, flag;
    int data[64];
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++) {
            MPI_Probe(i, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_INT, &count);
            MPI_Recv(data, count, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, &status);
            printf("from rank %d: %d numbers with tag %d, last %d\n", status.MPI_SOURCE, count,
                   status.MPI_TAG, data[count - 1]);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        printf("anything left after the barrier: %d\n", flag);
    } else {
        n = rank * 5;
        for (i = 0; i < n; i++) data[i] = rank * 100 + i;
        MPI_Send(data, n, MPI_INT, 0, rank + 40, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
