/* Derived datatypes: a matrix column, a particle struct, an upper triangle.  Ranks: 4 */
/* In the style of the classic tutorials: MPI_Type_contiguous for rows, MPI_Type_vector for a
   column, MPI_Type_indexed for the upper triangle, MPI_Type_create_struct (with
   MPI_Get_address) for a struct of mixed members, broadcast and sent point to point. */
#include <mpi.h>
#include <stdio.h>

#define N 4

typedef struct {
    float x, y, z;
    float velocity;
    int n, type;
} Particle;

int main(int argc, char *argv[])
{
    int rank, size, i, j, sz;
    float a[N][N], b[N * N];
    double m[N][N], upper[N][N];
    MPI_Datatype rowtype, columntype, particletype, triangle;
    MPI_Status status;
    MPI_Aint lb, extent;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rows: rank 0 sends row i to rank i. */
    MPI_Type_contiguous(N, MPI_FLOAT, &rowtype);
    MPI_Type_commit(&rowtype);
    if (rank == 0) {
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                a[i][j] = i * 10.0f + j + 0.5f;
        for (i = 1; i < size; i++)
            MPI_Send(&a[i][0], 1, rowtype, i, 1, MPI_COMM_WORLD);
    } else {
        MPI_Recv(b, N, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, &status);
        int count;
        MPI_Get_count(&status, MPI_FLOAT, &count);
        printf("rank %d row: %.1f %.1f %.1f %.1f (%d floats)\n", rank, b[0], b[1], b[2], b[3], count);
    }

    /* A column: N floats, N apart. */
    MPI_Type_vector(N, 1, N, MPI_FLOAT, &columntype);
    MPI_Type_commit(&columntype);
    MPI_Type_size(columntype, &sz);
    MPI_Type_get_extent(columntype, &lb, &extent);
    if (rank == 0) {
        printf("column type: size %d, extent %ld\n", sz, (long)extent);
        for (i = 1; i < size; i++)
            MPI_Send(&a[0][i], 1, columntype, i, 2, MPI_COMM_WORLD);
    } else {
        MPI_Recv(b, N, MPI_FLOAT, 0, 2, MPI_COMM_WORLD, &status);
        printf("rank %d column: %.1f %.1f %.1f %.1f\n", rank, b[0], b[1], b[2], b[3]);
    }

    /* A struct of mixed members, broadcast. */
    Particle p[3];
    int blocks[2] = {4, 2};
    MPI_Aint displs[2], base;
    MPI_Datatype types[2] = {MPI_FLOAT, MPI_INT};
    MPI_Get_address(&p[0].x, &base);
    MPI_Get_address(&p[0].n, &displs[1]);
    displs[0] = 0;
    displs[1] = displs[1] - base;
    MPI_Type_create_struct(2, blocks, displs, types, &particletype);
    MPI_Type_commit(&particletype);
    if (rank == 0) {
        for (i = 0; i < 3; i++) {
            p[i].x = i;
            p[i].y = -i;
            p[i].z = i * 0.25f;
            p[i].velocity = 0.75f;
            p[i].n = i * 100;
            p[i].type = i % 2;
        }
    }
    MPI_Bcast(p, 3, particletype, 0, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++)
        printf("rank %d particle %d: %.2f %.2f %.2f v=%.2f n=%d type=%d\n", rank, i, p[i].x,
               p[i].y, p[i].z, p[i].velocity, p[i].n, p[i].type);

    /* The upper triangle of a matrix, with an indexed type. */
    int lens[N], starts[N];
    for (i = 0; i < N; i++) {
        lens[i] = N - i;
        starts[i] = i * N + i;
    }
    MPI_Type_indexed(N, lens, starts, MPI_DOUBLE, &triangle);
    MPI_Type_commit(&triangle);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            m[i][j] = (rank == 0) ? i * N + j + 1 : 0;
            upper[i][j] = -1;
        }
    if (rank == 0) {
        MPI_Send(m, 1, triangle, 1, 3, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(upper, 1, triangle, 0, 3, MPI_COMM_WORLD, &status);
        for (i = 0; i < N; i++)
            printf("rank 1 upper row %d: %.0f %.0f %.0f %.0f\n", i, upper[i][0], upper[i][1],
                   upper[i][2], upper[i][3]);
    }

    MPI_Type_free(&rowtype);
    MPI_Type_free(&columntype);
    MPI_Type_free(&particletype);
    MPI_Type_free(&triangle);
    MPI_Finalize();
    return 0;
}
