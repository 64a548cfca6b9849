/* Ranks: 2 — datatype queries: MPI_Type_get_envelope and MPI_Type_get_contents of a struct, an
   indexed-block, a resized and a dup'd type; names; true extents; a subarray sent and received,
   a darray's size and extent; the MPI-1 names (MPI_Type_struct, MPI_Type_extent, MPI_Address). */
#include <mpi.h>
#include <stdio.h>

struct particle { int id; double pos[3]; char tag; };

static void show(const char *what, MPI_Datatype t) {
    int ni, na, nd, c, ints[16];
    MPI_Aint aints[16], lb, ext, tlb, text;
    MPI_Datatype types[16];
    MPI_Type_get_envelope(t, &ni, &na, &nd, &c);
    printf("%s: combiner %d, %d ints, %d addresses, %d types\n", what, c, ni, na, nd);
    if (c == MPI_COMBINER_NAMED) return;
    MPI_Type_get_contents(t, 16, 16, 16, ints, aints, types);
    for (int i = 0; i < ni; i++) printf("  int %d = %d\n", i, ints[i]);
    for (int i = 0; i < na; i++) printf("  address %d = %ld\n", i, (long)aints[i]);
    for (int i = 0; i < nd; i++) {
        int ci, x, y, z;
        MPI_Type_get_envelope(types[i], &x, &y, &z, &ci);
        printf("  type %d: %s\n", i, ci == MPI_COMBINER_NAMED ? "predefined" : "derived");
        if (ci != MPI_COMBINER_NAMED) MPI_Type_free(&types[i]);
    }
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    printf("  lb %ld extent %ld true lb %ld true extent %ld\n", (long)lb, (long)ext, (long)tlb, (long)text);
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    struct particle p;
    int lens[3] = {1, 3, 1};
    MPI_Aint base, displs[3];
    MPI_Get_address(&p, &base);
    MPI_Get_address(&p.pos, &displs[1]);
    MPI_Address(&p.tag, &displs[2]);
    displs[0] = 0; displs[1] -= base; displs[2] -= base;
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, st, old, blk, rs, dup;
    MPI_Type_create_struct(3, lens, displs, types, &st);
    MPI_Type_struct(3, lens, displs, types, &old);
    if (rank == 0) { show("struct", st); show("MPI-1 struct", old); show("int", MPI_INT); }

    int where[3] = {4, 0, 2};
    MPI_Type_create_indexed_block(3, 2, where, st, &blk);
    MPI_Type_create_resized(MPI_INT, -4, 16, &rs);
    MPI_Type_dup(blk, &dup);
    if (rank == 0) { show("indexed block", blk); show("resized", rs); show("dup", dup); }

    char name[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Type_set_name(st, "particle");
    MPI_Type_get_name(st, name, &len);
    printf("rank %d: struct named '%s' (%d)\n", rank, name, len);
    MPI_Type_get_name(MPI_DOUBLE, name, &len);
    printf("rank %d: MPI_DOUBLE named '%s' (%d)\n", rank, name, len);
    MPI_Aint ext;
    MPI_Type_extent(st, &ext);
    printf("rank %d: MPI-1 extent %ld\n", rank, (long)ext);

    /* A 2x3 block at (1, 2) of a 4x6 array, sent from rank 0 into a contiguous buffer. */
    int sizes[2] = {4, 6}, sub[2] = {2, 3}, starts[2] = {1, 2}, a[24], got[6];
    MPI_Datatype sa;
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &sa);
    MPI_Type_commit(&sa);
    for (int i = 0; i < 24; i++) a[i] = 100 + i;
    if (rank == 0) {
        show("subarray", sa);
        MPI_Send(a, 1, sa, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(got, 6, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 6; i++) printf("rank 1: got[%d] = %d\n", i, got[i]);
    }
    MPI_Datatype fo;
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_FORTRAN, MPI_INT, &fo);
    MPI_Aint lb, tlb, text;
    MPI_Type_get_extent(fo, &lb, &ext);
    MPI_Type_get_true_extent(fo, &tlb, &text);
    printf("rank %d: fortran subarray extent %ld true %ld %ld\n", rank, (long)ext, (long)tlb, (long)text);

    int gs[2] = {5, 7}, dist[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, ps[2] = {2, 1};
    MPI_Datatype da;
    int dsize;
    MPI_Type_create_darray(size, rank, 2, gs, dist, dargs, ps, MPI_ORDER_C, MPI_INT, &da);
    MPI_Type_size(da, &dsize);
    MPI_Type_get_extent(da, &lb, &ext);
    MPI_Type_get_true_extent(da, &tlb, &text);
    printf("rank %d: darray size %d extent %ld true %ld %ld\n", rank, dsize, (long)ext, (long)tlb, (long)text);
    if (rank == 1) show("darray", da);

    MPI_Type_free(&da); MPI_Type_free(&fo); MPI_Type_free(&sa); MPI_Type_free(&dup);
    MPI_Type_free(&rs); MPI_Type_free(&blk); MPI_Type_free(&old); MPI_Type_free(&st);
    MPI_Finalize();
    return 0;
}
