/* MPI_IN_PLACE wherever MPI allows it.  Ranks: 4 */
/* MPI_IN_PLACE wherever MPI allows it: the data is already where the result goes. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i;
    double v[3];
    int table[32], counts[4], displs[4];
    long big[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < 3; i++)
        v[i] = rank * 1.5 + i;
    MPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: allreduce in place %.2f %.2f %.2f\n", rank, v[0], v[1], v[2]);

    big[0] = 100L * rank;
    if (rank == 2)
        MPI_Reduce(MPI_IN_PLACE, big, 1, MPI_LONG, MPI_MAX, 2, MPI_COMM_WORLD);
    else
        MPI_Reduce(big, NULL, 1, MPI_LONG, MPI_MAX, 2, MPI_COMM_WORLD);
    if (rank == 2)
        printf("root 2: max %ld\n", big[0]);

    for (i = 0; i < 16; i++)
        table[i] = -1;
    table[rank * 2] = rank * 10;
    table[rank * 2 + 1] = rank * 10 + 1;
    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 2, MPI_INT, table, 2, MPI_INT, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(&table[rank * 2], 2, MPI_INT, NULL, 0, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < 2 * size; i++)
            printf("root: gathered table[%d] = %d\n", i, table[i]);

    if (rank == 1)
        for (i = 0; i < 8; i++)
            table[i] = 7 * i;
    if (rank == 1)
        MPI_Scatter(table, 2, MPI_INT, MPI_IN_PLACE, 2, MPI_INT, 1, MPI_COMM_WORLD);
    else
        MPI_Scatter(NULL, 2, MPI_INT, table, 2, MPI_INT, 1, MPI_COMM_WORLD);
    printf("rank %d: scattered %d %d\n", rank, table[rank == 1 ? 2 : 0], table[rank == 1 ? 3 : 1]);

    for (i = 0; i < 16; i++)
        table[i] = 0;
    table[rank] = rank * rank + 1;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, table, 1, MPI_INT, MPI_COMM_WORLD);
    printf("rank %d: allgather in place %d %d %d %d\n", rank, table[0], table[1], table[2], table[3]);

    for (i = 0; i < size; i++)
        table[i] = rank * 100 + i;
    MPI_Alltoall(MPI_IN_PLACE, 1, MPI_INT, table, 1, MPI_INT, MPI_COMM_WORLD);
    printf("rank %d: alltoall in place %d %d %d %d\n", rank, table[0], table[1], table[2], table[3]);

    for (i = 0; i < size; i++) {
        counts[i] = i + 1;
        displs[i] = i * (i + 1) / 2;
    }
    for (i = 0; i < 10; i++)
        table[i] = 0;
    for (i = 0; i < counts[rank]; i++)
        table[displs[rank] + i] = rank + 1;
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, table, counts, displs, MPI_INT,
                   MPI_COMM_WORLD);
    printf("rank %d: allgatherv in place %d %d %d %d %d %d %d %d %d %d\n", rank, table[0],
           table[1], table[2], table[3], table[4], table[5], table[6], table[7], table[8],
           table[9]);

    if (rank == 3)
        MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, table, counts, displs, MPI_INT, 3, MPI_COMM_WORLD);
    else {
        for (i = 0; i < counts[rank]; i++)
            table[20 + i] = -(rank + 1);
        MPI_Gatherv(&table[20], counts[rank], MPI_INT, NULL, NULL, NULL, MPI_INT, 3,
                    MPI_COMM_WORLD);
    }
    if (rank == 3)
        for (i = 0; i < 10; i++)
            printf("root 3: gatherv table[%d] = %d\n", i, table[i]);

    MPI_Finalize();
    return 0;
}
