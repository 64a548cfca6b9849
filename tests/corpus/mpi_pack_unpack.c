/* MPI_Pack of an int, a column (vector type) and a DOUBLE_INT pair sent as MPI_PACKED, unpacked on the other side; MPI_Pack_size in MPICH's sizes.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, n = 3, pos = 0, count;
    double m[4][3];
    struct { double v; int i; } pair = { 2.5, 7 };
    char buf[256];
    MPI_Datatype column;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(4, 1, 3, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &size);
        printf("pack size int %d\n", size);
        MPI_Pack_size(2, column, MPI_COMM_WORLD, &size);
        printf("pack size 2 columns %d\n", size);
        MPI_Pack_size(3, MPI_DOUBLE_INT, MPI_COMM_WORLD, &size);
        printf("pack size 3 double_int %d\n", size);
        MPI_Pack_size(5, MPI_CHAR, MPI_COMM_WORLD, &size);
        printf("pack size 5 char %d\n", size);
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 3; c++)
                m[r][c] = 10 * r + c;
        MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("after int: position %d\n", pos);
        MPI_Pack(&m[0][1], 1, column, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("after column: position %d\n", pos);
        MPI_Pack(&pair, 1, MPI_DOUBLE_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("after pair: position %d\n", pos);
        MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
        /* a typed message received as MPI_PACKED, unpacked by rank 1 */
        int xs[3] = { 4, 5, 6 };
        MPI_Send(xs, 3, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        double col[4];
        int got;
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_PACKED, &count);
        printf("received %d packed bytes\n", count);
        MPI_Unpack(buf, count, &pos, &got, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &pos, col, 4, MPI_DOUBLE, MPI_COMM_WORLD);
        pair.v = 0; pair.i = 0;
        MPI_Unpack(buf, count, &pos, &pair, 1, MPI_DOUBLE_INT, MPI_COMM_WORLD);
        printf("n %d column %g %g %g %g pair %g %d position %d\n", got, col[0], col[1], col[2],
               col[3], pair.v, pair.i, pos);
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 1, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_PACKED, &count);
        int ys[3];
        pos = 0;
        MPI_Unpack(buf, count, &pos, ys, 3, MPI_INT, MPI_COMM_WORLD);
        printf("ints as packed: %d bytes, %d %d %d\n", count, ys[0], ys[1], ys[2]);
    }
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
