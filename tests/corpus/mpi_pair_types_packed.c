/* Ranks: 3 — value-index pairs travel packed, as MPICH sends them: an MPI_DOUBLE_INT is 12 bytes
 * of data in 16 of memory, so a struct {double; int; double; int} arrives as two MPI_DOUBLE_INT,
 * MPI_BYTE counts 12 per pair, and MAXLOC/MINLOC reductions on MPI_DOUBLE_INT, MPI_LONG_INT and
 * MPI_SHORT_INT keep each rank's index. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

struct dint { double v; int i; };
struct lint { long v; int i; };
struct sint { short v; int i; };

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* A packed struct received as pairs. */
    struct { double a; int b; double c; int d; } foo = { 1.5, 7, 2.5, 9 };
    struct dint bar[2];
    memset(bar, 0, sizeof bar);
    int blks[4] = { 1, 1, 1, 1 };
    MPI_Aint disps[4] = { 0, (char *)&foo.b - (char *)&foo.a, (char *)&foo.c - (char *)&foo.a,
                          (char *)&foo.d - (char *)&foo.a };
    MPI_Datatype types[4] = { MPI_DOUBLE, MPI_INT, MPI_DOUBLE, MPI_INT };
    MPI_Datatype stype;
    MPI_Type_create_struct(4, blks, disps, types, &stype);
    MPI_Type_commit(&stype);
    MPI_Status st;
    MPI_Sendrecv(&foo, 1, stype, 0, 0, bar, 2, MPI_DOUBLE_INT, 0, 0, MPI_COMM_SELF, &st);
    int elements, count, bytes;
    MPI_Get_elements(&st, MPI_DOUBLE_INT, &elements);
    MPI_Get_count(&st, MPI_DOUBLE_INT, &count);
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    if (rank == 0)
        printf("struct as pairs: %g %d %g %d, elements %d, count %d, bytes %d\n",
               bar[0].v, bar[0].i, bar[1].v, bar[1].i, elements, count, bytes);

    /* Sizes and extents. */
    int s1, s2, s3;
    MPI_Aint lb, ext;
    MPI_Type_size(MPI_DOUBLE_INT, &s1);
    MPI_Type_size(MPI_LONG_INT, &s2);
    MPI_Type_size(MPI_SHORT_INT, &s3);
    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &ext);
    MPI_Datatype three;
    MPI_Type_contiguous(3, MPI_DOUBLE_INT, &three);
    MPI_Type_commit(&three);
    int s4;
    MPI_Aint ext3;
    MPI_Type_size(three, &s4);
    MPI_Type_get_extent(three, &lb, &ext3);
    if (rank == 0)
        printf("sizes: double_int %d long_int %d short_int %d; extent %ld; 3 pairs %d in %ld\n",
               s1, s2, s3, (long)ext, s4, (long)ext3);

    /* Pairs between ranks: rank 0 sends three, rank 1 receives them as bytes and as pairs. */
    struct dint out[3] = { { 0.25, 10 }, { 0.5, 20 }, { 0.75, 30 } };
    if (rank == 0) {
        MPI_Send(out, 3, MPI_DOUBLE_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Send(out, 3, MPI_DOUBLE_INT, 1, 2, MPI_COMM_WORLD);
    } else if (rank == 1) {
        struct dint in[3];
        memset(in, 0, sizeof in);
        MPI_Recv(in, 3, MPI_DOUBLE_INT, 0, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &bytes);
        printf("rank 1 got %g/%d %g/%d %g/%d in %d bytes\n", in[0].v, in[0].i, in[1].v, in[1].i,
               in[2].v, in[2].i, bytes);
        unsigned char raw[64];
        MPI_Recv(raw, 64, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &bytes);
        double d;
        int i;
        memcpy(&d, raw + 12, sizeof d);
        memcpy(&i, raw + 20, sizeof i);
        printf("rank 1 as bytes: %d bytes, second pair %g/%d\n", bytes, d, i);
    }

    /* Reductions keep the owner's index. */
    struct dint dv[2] = { { (double)((rank * 5) % 3), rank }, { -(double)rank, rank } }, dr[2];
    struct lint lv = { 100 - rank, rank }, lr;
    struct sint sv = { (short)(rank % 2), rank }, sr;
    MPI_Allreduce(dv, dr, 2, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&lv, &lr, 1, MPI_LONG_INT, MPI_MINLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&sv, &sr, 1, MPI_SHORT_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    struct dint scan;
    MPI_Scan(&dv[0], &scan, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    printf("rank %d: maxloc %g@%d %g@%d, minloc %ld@%d, short maxloc %d@%d, scan %g@%d\n", rank,
           dr[0].v, dr[0].i, dr[1].v, dr[1].i, lr.v, lr.i, sr.v, sr.i, scan.v, scan.i);

    MPI_Type_free(&stype);
    MPI_Type_free(&three);
    MPI_Finalize();
    return 0;
}
