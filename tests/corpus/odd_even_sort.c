/* Odd-even transposition sort of one value per rank: neighbours compare and swap in
 * alternating phases; rank 0 gathers the sorted values.  Ranks: 6 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, phase, mine, other, partner, i, all[6];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = (rank * 37 + 11) % 23;
    for (phase = 0; phase < size; phase++) {
        if ((phase + rank) % 2 == 0)
            partner = rank + 1;
        else
            partner = rank - 1;
        if (partner < 0 || partner >= size)
            continue;
        if (rank < partner) {
            MPI_Send(&mine, 1, MPI_INT, partner, phase, MPI_COMM_WORLD);
            MPI_Recv(&other, 1, MPI_INT, partner, phase, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (other < mine)
                mine = other;
        } else {
            MPI_Recv(&other, 1, MPI_INT, partner, phase, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&mine, 1, MPI_INT, partner, phase, MPI_COMM_WORLD);
            if (other > mine)
                mine = other;
        }
    }
    MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sorted: %d %d %d %d %d %d\n", all[0], all[1], all[2], all[3], all[4], all[5]);
    MPI_Finalize();
    return 0;
}
