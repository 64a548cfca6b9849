/* Ranks: 2 — MPI_Alloc_mem gives memory for a window (as the MPI standard recommends for
 * one-sided communication); MPI_Free_mem gives it back. A negative size is MPI_ERR_ARG. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, *mine, err, class;
    double *scratch;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Alloc_mem(4 * sizeof(int), MPI_INFO_NULL, &mine);
    for (int i = 0; i < 4; i++)
        mine[i] = -1;
    MPI_Win_create(mine, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    int value = 100 + rank;
    MPI_Put(&value, 1, MPI_INT, (rank + 1) % size, rank, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("rank %d: %d %d %d %d\n", rank, mine[0], mine[1], mine[2], mine[3]);
    MPI_Win_free(&win);
    MPI_Free_mem(mine);

    MPI_Alloc_mem(1000 * sizeof(double), MPI_INFO_NULL, &scratch);
    double sum = 0;
    for (int i = 0; i < 1000; i++) {
        scratch[i] = i * 0.5;
        sum += scratch[i];
    }
    printf("rank %d: sum %.1f\n", rank, sum);
    MPI_Free_mem(scratch);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Alloc_mem(-1, MPI_INFO_NULL, &scratch);
    MPI_Error_class(err, &class);
    printf("rank %d: negative size -> class %d\n", rank, class);
    printf("rank %d: free NULL -> %d\n", rank, MPI_Free_mem(NULL));
    MPI_Finalize();
    return 0;
}
