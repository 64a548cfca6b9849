/* MPI-1's MPI_LB and MPI_UB markers in MPI_Type_struct set the bounds, as MPICH; the names, sizes and extents of MPI_WCHAR, MPI_CXX_BOOL, MPI_LONG_DOUBLE_INT, the complex types and MPI_PACKED.  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>
static void show(MPI_Datatype t) {
    char name[MPI_MAX_OBJECT_NAME];
    int len, size;
    MPI_Aint lb, extent;
    MPI_Type_get_name(t, name, &len);
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &extent);
    printf("%s: size %d lb %ld extent %ld\n", name, size, (long)lb, (long)extent);
}
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int blocks[3] = { 1, 1, 1 };
    MPI_Aint displs[3] = { -3, 0, 6 };
    MPI_Datatype types[3] = { MPI_LB, MPI_INT, MPI_UB }, t, v;
    MPI_Aint lb, extent;
    int size;
    MPI_Type_struct(3, blocks, displs, types, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    MPI_Type_size(t, &size);
    printf("lb/int/ub struct: size %d lb %ld extent %ld\n", size, (long)lb, (long)extent);
    MPI_Type_contiguous(2, t, &v);
    MPI_Type_commit(&v);
    MPI_Type_get_extent(v, &lb, &extent);
    printf("two of them: lb %ld extent %ld\n", (long)lb, (long)extent);
    int xs[6] = { 1, 2, 3, 4, 5, 6 }, ys[2] = { 0, 0 }, pos = 0;
    char buf[16];
    MPI_Pack(xs, 2, t, buf, sizeof buf, &pos, MPI_COMM_WORLD);
    pos = 0;
    MPI_Unpack(buf, sizeof buf, &pos, ys, 2, MPI_INT, MPI_COMM_WORLD);
    printf("packed two: %d %d\n", ys[0], ys[1]);
    MPI_Type_free(&v);
    MPI_Datatype only_ub[2] = { MPI_INT, MPI_UB };
    MPI_Aint at[2] = { 0, 16 };
    int ones[2] = { 1, 1 };
    MPI_Type_struct(2, ones, at, only_ub, &v);
    MPI_Type_get_extent(v, &lb, &extent);
    printf("int then ub at 16: lb %ld extent %ld\n", (long)lb, (long)extent);
    MPI_Type_free(&v);
    MPI_Type_free(&t);
    show(MPI_WCHAR);
    show(MPI_CXX_BOOL);
    show(MPI_LONG_DOUBLE);
    show(MPI_LONG_DOUBLE_INT);
    show(MPI_C_FLOAT_COMPLEX);
    show(MPI_C_DOUBLE_COMPLEX);
    show(MPI_C_LONG_DOUBLE_COMPLEX);
    show(MPI_CXX_DOUBLE_COMPLEX);
    show(MPI_PACKED);
    printf("MPI_C_COMPLEX is MPI_C_FLOAT_COMPLEX: %d\n", MPI_C_COMPLEX == MPI_C_FLOAT_COMPLEX);
    MPI_Finalize();
    return 0;
}
