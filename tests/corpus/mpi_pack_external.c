/* MPI_Pack_external writes external32 (big-endian, MPI_LONG as 4 bytes, a vector type in type-map order); MPI_Unpack_external reads it back.  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    unsigned char buf[64];
    MPI_Aint pos = 0, size, in = 0;
    int ints[2] = { 1, -2 };
    double d = -2.25;
    long l[2] = { 0x1122334455667788L, -5 };
    short sh = 0x0102;
    MPI_Datatype pairs;
    MPI_Init(&argc, &argv);
    MPI_Pack_external_size("external32", 2, MPI_INT, &size);
    printf("size 2 int %ld\n", (long)size);
    MPI_Pack_external_size("external32", 2, MPI_LONG, &size);
    printf("size 2 long %ld\n", (long)size);
    MPI_Pack_external_size("external32", 3, MPI_DOUBLE, &size);
    printf("size 3 double %ld\n", (long)size);
    MPI_Pack_external("external32", ints, 2, MPI_INT, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", &d, 1, MPI_DOUBLE, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", l, 2, MPI_LONG, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", &sh, 1, MPI_SHORT, buf, sizeof buf, &pos);
    printf("position %ld:", (long)pos);
    for (int i = 0; i < pos; i++)
        printf(" %02x", buf[i]);
    printf("\n");
    int ints2[2];
    double d2;
    long l2[2];
    short sh2;
    MPI_Unpack_external("external32", buf, pos, &in, ints2, 2, MPI_INT);
    MPI_Unpack_external("external32", buf, pos, &in, &d2, 1, MPI_DOUBLE);
    MPI_Unpack_external("external32", buf, pos, &in, l2, 2, MPI_LONG);
    MPI_Unpack_external("external32", buf, pos, &in, &sh2, 1, MPI_SHORT);
    printf("back: %d %d %g %lx %ld %x at %ld\n", ints2[0], ints2[1], d2, l2[0], l2[1], sh2, (long)in);
    /* a vector type: its elements big-endian, in type-map order */
    MPI_Type_vector(2, 1, 2, MPI_INT, &pairs);
    MPI_Type_commit(&pairs);
    int xs[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, ys[8] = { 0 };
    pos = 0;
    in = 0;
    MPI_Pack_external_size("external32", 2, pairs, &size);
    MPI_Pack_external("external32", xs, 2, pairs, buf, sizeof buf, &pos);
    printf("vector size %ld position %ld:", (long)size, (long)pos);
    for (int i = 0; i < pos; i++)
        printf(" %02x", buf[i]);
    printf("\n");
    MPI_Unpack_external("external32", buf, pos, &in, ys, 2, pairs);
    for (int i = 0; i < 8; i++)
        printf(" %d", ys[i]);
    printf("\n");
    MPI_Type_free(&pairs);
    MPI_Finalize();
    return 0;
}
