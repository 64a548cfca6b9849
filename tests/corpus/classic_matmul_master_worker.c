/* Classic tutorial: matrix-vector product by master and workers. The master hands out rows
   (the row number in the tag), workers send back dot products, a struct carries each job's
   bookkeeping, and the rows live in malloc'd memory.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 12
#define COLS 8
#define DONE_TAG 999

typedef struct {
    int row;
    int worker;
    double value;
} result_t;

int main(int argc, char *argv[])
{
    int rank, size, i, j, sent = 0, received = 0;
    double *a, b[COLS], row[COLS], dot;
    result_t results[ROWS];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (j = 0; j < COLS; j++)
        b[j] = 1.0 / (j + 1);
    MPI_Bcast(b, COLS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        a = malloc(ROWS * COLS * sizeof(double));
        for (i = 0; i < ROWS; i++)
            for (j = 0; j < COLS; j++)
                a[i * COLS + j] = i + j;
        for (i = 1; i < size && sent < ROWS; i++, sent++)
            MPI_Send(&a[sent * COLS], COLS, MPI_DOUBLE, i, sent, MPI_COMM_WORLD);
        while (received < ROWS) {
            MPI_Recv(&dot, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            results[status.MPI_TAG].row = status.MPI_TAG;
            results[status.MPI_TAG].worker = status.MPI_SOURCE;
            results[status.MPI_TAG].value = dot;
            received++;
            if (sent < ROWS) {
                MPI_Send(&a[sent * COLS], COLS, MPI_DOUBLE, status.MPI_SOURCE, sent, MPI_COMM_WORLD);
                sent++;
            } else {
                MPI_Send(NULL, 0, MPI_DOUBLE, status.MPI_SOURCE, DONE_TAG, MPI_COMM_WORLD);
            }
        }
        for (i = 0; i < ROWS; i++)
            printf("row %2d: %8.4f\n", results[i].row, results[i].value);
        free(a);
    } else {
        for (;;) {
            MPI_Recv(row, COLS, MPI_DOUBLE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            if (status.MPI_TAG == DONE_TAG)
                break;
            dot = 0.0;
            for (j = 0; j < COLS; j++)
                dot += row[j] * b[j];
            MPI_Send(&dot, 1, MPI_DOUBLE, 0, status.MPI_TAG, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
