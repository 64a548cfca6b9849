/* Derived datatypes in collectives: matrix columns, structs, rows.  Ranks: 4 */
/* The tutorials' recipes: scatter the columns of a matrix with MPI_Type_vector resized to one
   double (MPI_Type_create_resized), gather them back transformed; gather structs described by
   MPI_Type_create_struct; MPI_Scatterv of rows of a contiguous type; reductions of derived types
   with user-defined operations (MPICH refuses predefined operations on derived types), one on
   a strided vector, whose function sees the elements where the type puts them. */
#include <mpi.h>
#include <stdio.h>

#define N 4

/* Sums rows of three doubles. */
void add_rows(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    double *a = (double *)in;
    double *b = (double *)inout;
    int i;
    for (i = 0; i < 3 * *len; i++)
        b[i] += a[i];
}

/* Maximum of a vector of 2 ints with stride 2: elements at 0 and 2 of each 3-int extent. */
void max_strided(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    int *a = (int *)in;
    int *b = (int *)inout;
    int i;
    for (i = 0; i < *len; i++) {
        if (a[3 * i] > b[3 * i])
            b[3 * i] = a[3 * i];
        if (a[3 * i + 2] > b[3 * i + 2])
            b[3 * i + 2] = a[3 * i + 2];
    }
}

typedef struct {
    int id;
    double mass;
    char tag;
} Particle;

int main(int argc, char *argv[])
{
    int rank, size, i, j;
    double a[N][N], b[N][N], col[N];
    double rows[10][3], mine[N][3];
    int counts[N], displs[N];
    Particle p, all[N];
    MPI_Datatype vec, column, ptype, row3, strided;
    int blocklens[3] = {1, 1, 1};
    MPI_Aint offsets[3], lb, extent;
    MPI_Datatype members[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    double v[3], vsum[3];
    int w[4], wmax[4];
    MPI_Op rowsum, maxop;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* One column of a row-major N x N matrix, with an extent of one double so that column
       i + 1 starts one double after column i. */
    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &vec);
    MPI_Type_create_resized(vec, 0, sizeof(double), &column);
    MPI_Type_commit(&column);
    MPI_Type_get_extent(column, &lb, &extent);
    if (rank == 0) {
        printf("column: lb %ld extent %ld\n", (long)lb, (long)extent);
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                a[i][j] = 10 * i + j;
    }
    MPI_Scatter(a, 1, column, col, N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    printf("rank %d column: %.0f %.0f %.0f %.0f\n", rank, col[0], col[1], col[2], col[3]);
    for (i = 0; i < N; i++)
        col[i] = col[i] * 2 + rank;
    MPI_Gather(col, N, MPI_DOUBLE, b, 1, column, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < N; i++)
            printf("row %d: %.0f %.0f %.0f %.0f\n", i, b[i][0], b[i][1], b[i][2], b[i][3]);
    /* Every rank gets the whole matrix back, one column from each. */
    MPI_Allgather(col, N, MPI_DOUBLE, b, 1, column, MPI_COMM_WORLD);
    printf("rank %d allgather diagonal: %.0f %.0f %.0f %.0f\n", rank, b[0][0], b[1][1], b[2][2],
           b[3][3]);

    /* Structs. */
    offsets[0] = 0;
    offsets[1] = 8;
    offsets[2] = 16;
    MPI_Type_create_struct(3, blocklens, offsets, members, &ptype);
    MPI_Type_commit(&ptype);
    p.id = 100 + rank;
    p.mass = 1.5 * rank;
    p.tag = 'a' + rank;
    MPI_Gather(&p, 1, ptype, all, 1, ptype, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < size; i++)
            printf("particle %d: id %d mass %.1f tag %c\n", i, all[i].id, all[i].mass, all[i].tag);
    MPI_Bcast(all, size, ptype, 0, MPI_COMM_WORLD);
    MPI_Scatter(all, 1, ptype, &p, 1, ptype, 3, MPI_COMM_WORLD);
    printf("rank %d scattered particle: id %d tag %c\n", rank, p.id, p.tag);

    /* Rows of three doubles: rank i gets i + 1 rows. */
    MPI_Type_contiguous(3, MPI_DOUBLE, &row3);
    MPI_Type_commit(&row3);
    for (i = 0; i < 10; i++)
        for (j = 0; j < 3; j++)
            rows[i][j] = rank == 0 ? i + 0.25 * j : -1;
    for (i = 0; i < N; i++) {
        counts[i] = i + 1;
        displs[i] = i * (i + 1) / 2;
    }
    MPI_Scatterv(rows, counts, displs, row3, mine, rank + 1, row3, 0, MPI_COMM_WORLD);
    printf("rank %d first row %.2f %.2f %.2f, last row %.2f\n", rank, mine[0][0], mine[0][1],
           mine[0][2], mine[rank][2]);
    for (i = 0; i <= rank; i++)
        for (j = 0; j < 3; j++)
            mine[i][j] += 100;
    MPI_Gatherv(mine, rank + 1, row3, rows, counts, displs, row3, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < 10; i++)
            printf("gathered row %d: %.2f %.2f %.2f\n", i, rows[i][0], rows[i][1], rows[i][2]);

    /* Reductions of derived types with the program's operations. */
    MPI_Op_create(add_rows, 1, &rowsum);
    MPI_Op_create(max_strided, 1, &maxop);
    v[0] = rank;
    v[1] = rank * rank;
    v[2] = 0.5;
    MPI_Reduce(v, vsum, 1, row3, rowsum, 1, MPI_COMM_WORLD);
    if (rank == 1)
        printf("sums: %.1f %.1f %.1f\n", vsum[0], vsum[1], vsum[2]);
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    for (i = 0; i < 4; i++) {
        w[i] = (rank * 7 + i * 3) % 5;
        wmax[i] = -1;
    }
    MPI_Allreduce(w, wmax, 1, strided, maxop, MPI_COMM_WORLD);
    printf("rank %d strided max: %d %d %d %d\n", rank, wmax[0], wmax[1], wmax[2], wmax[3]);
    MPI_Scan(v, vsum, 1, row3, rowsum, MPI_COMM_WORLD);
    MPI_Op_free(&rowsum);
    MPI_Op_free(&maxop);
    printf("rank %d scan: %.1f %.1f %.1f\n", rank, vsum[0], vsum[1], vsum[2]);

    MPI_Type_free(&vec);
    MPI_Type_free(&column);
    MPI_Type_free(&ptype);
    MPI_Type_free(&row3);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return 0;
}
