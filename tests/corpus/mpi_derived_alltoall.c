/* Allgather(v) and Alltoall(v) with contiguous and struct datatypes.  Ranks: 3 */
/* Blocks of a derived type move whole: a pair of ints as MPI_Type_contiguous, a point struct
   as MPI_Type_create_struct; the v forms count and displace in elements of the type. A
   commutative user-defined operation on the struct reduces it (MPI_Reduce_scatter). */
#include <mpi.h>
#include <stdio.h>

#define P 3

typedef struct {
    int x, y;
    double w;
} Point;

void add_points(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    Point *a = (Point *)in;
    Point *b = (Point *)inout;
    int i;
    for (i = 0; i < *len; i++) {
        b[i].x += a[i].x;
        b[i].y += a[i].y;
        b[i].w += a[i].w;
    }
}

int main(int argc, char *argv[])
{
    int rank, size, i;
    int pair[2], pairs[2 * P], sends[3 * P], recvs[3 * P];
    int counts[P], displs[P], rcounts[P], rdispls[P], many[2 * 6];
    Point pts[2 * P], got[2 * P], sum[2];
    MPI_Datatype pairtype, triple, ptype;
    int blocklens[3] = {1, 1, 1};
    MPI_Aint offsets[3] = {0, 4, 8};
    MPI_Datatype members[3] = {MPI_INT, MPI_INT, MPI_DOUBLE};
    MPI_Op padd;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(2, MPI_INT, &pairtype);
    MPI_Type_commit(&pairtype);
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    MPI_Type_create_struct(3, blocklens, offsets, members, &ptype);
    MPI_Type_commit(&ptype);

    pair[0] = rank;
    pair[1] = rank * rank + 1;
    MPI_Allgather(pair, 1, pairtype, pairs, 1, pairtype, MPI_COMM_WORLD);
    printf("rank %d allgather: %d %d %d %d %d %d\n", rank, pairs[0], pairs[1], pairs[2],
           pairs[3], pairs[4], pairs[5]);
    /* In place, and received as plain ints. */
    pairs[2 * rank] = 10 * rank;
    pairs[2 * rank + 1] = 10 * rank + 1;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, pairs, 1, pairtype, MPI_COMM_WORLD);
    printf("rank %d in place: %d %d %d %d %d %d\n", rank, pairs[0], pairs[1], pairs[2], pairs[3],
           pairs[4], pairs[5]);

    /* Rank i contributes i + 1 pairs. */
    for (i = 0; i < 2 * (rank + 1); i++)
        pairs[i] = 100 * rank + i;
    for (i = 0; i < P; i++) {
        counts[i] = i + 1;
        displs[i] = i * (i + 1) / 2;
    }
    MPI_Allgatherv(pairs, rank + 1, pairtype, many, counts, displs, pairtype, MPI_COMM_WORLD);
    printf("rank %d allgatherv:", rank);
    for (i = 0; i < 12; i++)
        printf(" %d", many[i]);
    printf("\n");

    for (i = 0; i < 3 * P; i++)
        sends[i] = 10 * rank + i;
    MPI_Alltoall(sends, 1, triple, recvs, 3, MPI_INT, MPI_COMM_WORLD);
    printf("rank %d alltoall:", rank);
    for (i = 0; i < 3 * P; i++)
        printf(" %d", recvs[i]);
    printf("\n");

    /* Points: rank r sends (r + 1) % 2 + 1 points to everyone... as counts per peer. */
    for (i = 0; i < 2 * P; i++) {
        pts[i].x = rank;
        pts[i].y = i;
        pts[i].w = rank + 0.5 * i;
    }
    for (i = 0; i < P; i++) {
        counts[i] = 1 + (rank + i) % 2;
        displs[i] = 2 * i;
        rcounts[i] = 1 + (rank + i) % 2;
        rdispls[i] = 2 * (P - 1 - i);
    }
    for (i = 0; i < 2 * P; i++) {
        got[i].x = -1;
        got[i].y = -1;
        got[i].w = -1;
    }
    MPI_Alltoallv(pts, counts, displs, ptype, got, rcounts, rdispls, ptype, MPI_COMM_WORLD);
    for (i = 0; i < 2 * P; i++)
        printf("rank %d got[%d] = (%d, %d, %.1f)\n", rank, i, got[i].x, got[i].y, got[i].w);

    MPI_Op_create(add_points, 1, &padd);
    for (i = 0; i < P; i++)
        counts[i] = i == 1 ? 2 : 1;
    MPI_Reduce_scatter(pts, sum, counts, ptype, padd, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++)
        printf("rank %d sum[%d] = (%d, %d, %.1f)\n", rank, i, sum[i].x, sum[i].y, sum[i].w);
    MPI_Op_free(&padd);

    MPI_Type_free(&pairtype);
    MPI_Type_free(&triple);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
