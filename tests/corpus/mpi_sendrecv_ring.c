/* Shift values around a ring with MPI_Sendrecv and MPI_Sendrecv_replace.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, left, right, mine, got, token;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    mine = 100 + rank;
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 7, &got, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &status);
    printf("rank %d got %d from rank %d with tag %d\n", rank, got, status.MPI_SOURCE, status.MPI_TAG);
    token = rank * rank;
    MPI_Sendrecv_replace(&token, 1, MPI_INT, left, 3, right, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d now holds token %d\n", rank, token);
    MPI_Finalize();
    return 0;
}
