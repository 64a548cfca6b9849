/* Every rank exchanges with both neighbours using Isend/Irecv and Waitall.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, left, right, from_left, from_right, out;
    MPI_Request reqs[4];
    MPI_Status stats[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank - 1 + size) % size;
    right = (rank + 1) % size;
    out = 10 * rank;
    MPI_Irecv(&from_left, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&from_right, 1, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(&out, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(&out, 1, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[3]);
    MPI_Waitall(4, reqs, stats);
    printf("rank %d got %d from the left (%d) and %d from the right (%d)\n",
           rank, from_left, stats[0].MPI_SOURCE, from_right, stats[1].MPI_SOURCE);
    MPI_Finalize();
    return 0;
}
