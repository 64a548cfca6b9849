/* Unsigned arithmetic wraps around; mixing signed and unsigned follows C's conversions.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank;
    unsigned int u = 4294967295u;
    unsigned int small = 3;
    int negative = -1;
    unsigned short us = 65535;
    unsigned char uc = 250;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    u = u + 1 + rank;
    printf("rank %d: max+1+rank = %u\n", rank, u);
    printf("rank %d: 3 - 5 as unsigned = %u\n", rank, small - 5);
    printf("rank %d: -1 < 3u is %d (the -1 becomes huge)\n", rank, negative < small);
    printf("rank %d: -1 < 3 is %d\n", rank, negative < 3);
    us = us + 1;
    uc = uc + 10;
    printf("rank %d: unsigned short wraps to %d, unsigned char to %d\n", rank, us, uc);
    printf("rank %d: 7u / 2 = %u, 7u %% 3 = %u, 0xF0u >> 4 = %u\n", rank, 7u / 2, 7u % 3, 0xF0u >> 4);
    printf("rank %d: (unsigned)-7 / 2 = %u\n", rank, (unsigned)-7 / 2);
    printf("rank %d: -7 / 2 = %d, -7 %% 2 = %d\n", rank, -7 / 2, -7 % 2);
    printf("rank %d: 1u << 31 = %u\n", rank, 1u << 31);
    MPI_Finalize();
    return 0;
}
