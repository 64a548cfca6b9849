/* Ranks: 6 | Split MPI_COMM_WORLD into the rows and the columns of a 2 x 3 grid and sum in each, as in the
   classic communicator tutorials; dup, compare, MPI_UNDEFINED and free. */
#include <mpi.h>
#include <stdio.h>

#define COLS 3

int main(int argc, char *argv[])
{
    int world_rank, world_size, row_rank, row_size, col_rank, col_size;
    int row_sum, col_sum, result, odd_rank;
    MPI_Comm row_comm, col_comm, dup_comm, odd_comm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);

    /* Rows: color = row; key = -column, so each row is numbered right to left. */
    MPI_Comm_split(MPI_COMM_WORLD, world_rank / COLS, -(world_rank % COLS), &row_comm);
    MPI_Comm_rank(row_comm, &row_rank);
    MPI_Comm_size(row_comm, &row_size);
    /* Columns: color = column; every key 0, so ties keep the world order. */
    MPI_Comm_split(MPI_COMM_WORLD, world_rank % COLS, 0, &col_comm);
    MPI_Comm_rank(col_comm, &col_rank);
    MPI_Comm_size(col_comm, &col_size);
    printf("world %2d: row rank %d of %d, column rank %d of %d\n", world_rank, row_rank, row_size,
           col_rank, col_size);

    MPI_Allreduce(&world_rank, &row_sum, 1, MPI_INT, MPI_SUM, row_comm);
    MPI_Reduce(&world_rank, &col_sum, 1, MPI_INT, MPI_SUM, 0, col_comm);
    printf("world %2d: row sum %d\n", world_rank, row_sum);
    if (col_rank == 0)
        printf("column %d: sum %d\n", world_rank % COLS, col_sum);

    /* A broadcast along each row from its rank 0 (the rightmost process). */
    int value = world_rank * 10;
    MPI_Bcast(&value, 1, MPI_INT, 0, row_comm);
    printf("world %2d: row broadcast gave %d\n", world_rank, value);

    MPI_Comm_dup(MPI_COMM_WORLD, &dup_comm);
    MPI_Comm_compare(MPI_COMM_WORLD, dup_comm, &result);
    if (world_rank == 0)
        printf("world vs dup: %s\n", result == MPI_CONGRUENT ? "congruent" : "other");
    MPI_Comm_compare(row_comm, row_comm, &result);
    if (world_rank == 0)
        printf("row vs row: %s\n", result == MPI_IDENT ? "ident" : "other");
    MPI_Comm_compare(MPI_COMM_WORLD, row_comm, &result);
    if (world_rank == 0)
        printf("world vs row: %s\n", result == MPI_UNEQUAL ? "unequal" : "other");

    /* Only odd ranks get a communicator; the others get MPI_COMM_NULL. */
    MPI_Comm_split(MPI_COMM_WORLD, world_rank % 2 == 1 ? 1 : MPI_UNDEFINED, world_rank, &odd_comm);
    if (odd_comm == MPI_COMM_NULL) {
        printf("world %2d: not in the odd communicator\n", world_rank);
    } else {
        MPI_Comm_rank(odd_comm, &odd_rank);
        printf("world %2d: odd rank %d\n", world_rank, odd_rank);
        MPI_Comm_free(&odd_comm);
        if (odd_comm == MPI_COMM_NULL)
            printf("world %2d: freed\n", world_rank);
    }

    MPI_Comm_free(&dup_comm);
    MPI_Comm_free(&row_comm);
    MPI_Comm_free(&col_comm);
    MPI_Finalize();
    return 0;
}
