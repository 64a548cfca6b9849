/* Every predefined reduction on its datatypes.  Ranks: 5 */
/* Every predefined reduction on the datatypes it applies to: integer wrap-around, unsigned
   comparisons, float rounding, logical and bitwise operations, and MAXLOC/MINLOC on the pair
   types (which rank holds the extreme value). */
#include <mpi.h>
#include <stdio.h>
#include <stdint.h>

struct double_int { double value; int rank; };
struct float_int { float value; int rank; };
struct long_int { long value; int rank; };
struct short_int { short value; int rank; };

int main(int argc, char *argv[])
{
    int rank, size, sz;
    MPI_Aint lb, extent;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Integers of every width wrap as C says. */
    signed char sc = (signed char)(100 + rank), sc_sum;
    unsigned char uc = (unsigned char)(200 + rank), uc_sum;
    short sh = (short)(30000 + rank), sh_sum;
    unsigned short us = (unsigned short)(65000 + rank), us_max;
    unsigned int u = 4000000000u + rank, u_sum, u_max;
    long l = 9000000000000000000L + rank, l_sum;
    unsigned long ul = 18000000000000000000UL + rank, ul_sum;
    long long ll = -3LL * rank, ll_prod;
    MPI_Allreduce(&sc, &sc_sum, 1, MPI_SIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&uc, &uc_sum, 1, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&sh, &sh_sum, 1, MPI_SHORT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&us, &us_max, 1, MPI_UNSIGNED_SHORT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&u, &u_sum, 1, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&u, &u_max, 1, MPI_UNSIGNED, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&l, &l_sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&ul, &ul_sum, 1, MPI_UNSIGNED_LONG, MPI_SUM, MPI_COMM_WORLD);
    ll = ll + 1;
    MPI_Allreduce(&ll, &ll_prod, 1, MPI_LONG_LONG, MPI_PROD, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("signed char sum %d\n", sc_sum);
        printf("unsigned char sum %u\n", uc_sum);
        printf("short sum %d\n", sh_sum);
        printf("unsigned short max %u\n", us_max);
        printf("unsigned sum %u, max %u\n", u_sum, u_max);
        printf("long sum %ld\n", l_sum);
        printf("unsigned long sum %lu\n", ul_sum);
        printf("long long product %lld\n", ll_prod);
    }

    /* Floats are IEEE single precision. */
    float f = 16777216.0f + (rank == 0 ? 0.0f : 1.0f), f_sum, f_min;
    MPI_Reduce(&f, &f_sum, 1, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
    f = 0.1f * (rank + 1);
    MPI_Reduce(&f, &f_min, 1, MPI_FLOAT, MPI_MIN, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("float sum %.1f, min %.7f\n", f_sum, f_min);

    /* Logical and bitwise operations. */
    int flag = rank % 2, land, lor, lxor, bits = 1 << rank, band, bor, bxor;
    MPI_Allreduce(&flag, &land, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&flag, &lor, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    MPI_Allreduce(&flag, &lxor, 1, MPI_INT, MPI_LXOR, MPI_COMM_WORLD);
    MPI_Allreduce(&bits, &bor, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    bits = 0xff ^ bits;
    MPI_Allreduce(&bits, &band, 1, MPI_INT, MPI_BAND, MPI_COMM_WORLD);
    MPI_Allreduce(&bits, &bxor, 1, MPI_INT, MPI_BXOR, MPI_COMM_WORLD);
    _Bool done = rank < 3, all_done, any_done;
    MPI_Allreduce(&done, &all_done, 1, MPI_C_BOOL, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&done, &any_done, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);
    unsigned char mask = (unsigned char)(0x11 << (rank % 4)), byte_or;
    MPI_Allreduce(&mask, &byte_or, 1, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
    if (rank == size - 1) {
        printf("land %d lor %d lxor %d\n", land, lor, lxor);
        printf("band 0x%x bor 0x%x bxor 0x%x\n", band, bor, bxor);
        printf("bool land %d lor %d, byte bor 0x%x\n", all_done, any_done, byte_or);
    }

    /* MAXLOC and MINLOC: the value and the lowest rank holding it. */
    struct double_int temp, hottest, coldest;
    temp.value = 20.0 + (rank % 3) * 2.5;
    temp.rank = rank;
    MPI_Allreduce(&temp, &hottest, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&temp, &coldest, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    struct float_int fi = {1.5f * (rank % 2), rank}, fi_max;
    MPI_Reduce(&fi, &fi_max, 1, MPI_FLOAT_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
    struct long_int li = {-100000000000L * rank, rank}, li_min;
    MPI_Reduce(&li, &li_min, 1, MPI_LONG_INT, MPI_MINLOC, 0, MPI_COMM_WORLD);
    struct short_int si = {(short)(rank * rank - 4 * rank), rank}, si_min;
    MPI_Reduce(&si, &si_min, 1, MPI_SHORT_INT, MPI_MINLOC, 0, MPI_COMM_WORLD);
    int pair[4] = {rank % 2, rank, 10 - rank, rank}, pair_max[4];
    MPI_Reduce(pair, pair_max, 2, MPI_2INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("hottest %.1f at rank %d, coldest %.1f at rank %d\n", hottest.value,
               hottest.rank, coldest.value, coldest.rank);
        printf("float maxloc %.1f at rank %d\n", fi_max.value, fi_max.rank);
        printf("long minloc %ld at rank %d\n", li_min.value, li_min.rank);
        printf("short minloc %d at rank %d\n", si_min.value, si_min.rank);
        printf("2int maxloc (%d at %d) (%d at %d)\n", pair_max[0], pair_max[1], pair_max[2],
               pair_max[3]);
    }

    /* Sizes and extents: the pairs' padding is in the extent, not the size. */
    if (rank == 0) {
        MPI_Datatype types[6] = {MPI_DOUBLE_INT, MPI_FLOAT_INT, MPI_LONG_INT, MPI_SHORT_INT,
                                 MPI_2INT, MPI_UNSIGNED_LONG};
        int t;
        for (t = 0; t < 6; t++) {
            MPI_Type_size(types[t], &sz);
            MPI_Type_get_extent(types[t], &lb, &extent);
            printf("type %d: size %d, lb %ld, extent %ld\n", t, sz, (long)lb, (long)extent);
        }
    }

    /* Fixed-width integer types. */
    int64_t big = (int64_t)1 << (40 + rank), big_sum;
    uint8_t small = (uint8_t)(60 * rank), small_sum;
    MPI_Allreduce(&big, &big_sum, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&small, &small_sum, 1, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 1)
        printf("int64 sum %ld, uint8 sum %u\n", (long)big_sum, small_sum);

    MPI_Finalize();
    return 0;
}
