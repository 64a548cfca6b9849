/* Unions share their bytes; chars are signed; 3-D arrays and pointers to pointers.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

union word {
    unsigned int u;
    unsigned char bytes[4];
    float f;
};

int main(int argc, char *argv[])
{
    int rank, i, j, k, total = 0;
    union word w;
    char c = 127;
    int cube[2][3][4];
    int row0[3] = {1, 2, 3}, row1[3] = {4, 5, 6};
    int *rows[2];
    int **table = rows;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    w.f = 1.0f;
    printf("rank %d: the bits of 1.0f are %u, low byte %d, high byte %d\n", rank, w.u,
           w.bytes[0], w.bytes[3]);
    w.u = 0x01020304u + rank;
    printf("rank %d: little-endian bytes %d %d %d %d\n", rank, w.bytes[0], w.bytes[1],
           w.bytes[2], w.bytes[3]);
    c = c + 1;
    printf("rank %d: char 127 + 1 = %d\n", rank, c);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            for (k = 0; k < 4; k++)
                cube[i][j][k] = i * 100 + j * 10 + k + rank;
    for (i = 0; i < 2; i++)
        total += cube[i][2][3];
    printf("rank %d: cube corner sum %d, sizeof cube %zu\n", rank, total, sizeof cube);
    rows[0] = row0;
    rows[1] = row1;
    printf("rank %d: table[1][2] = %d, *(*table + 1) = %d\n", rank, table[1][2], *(*table + 1));
    MPI_Finalize();
    return 0;
}
