/* C's integer arithmetic as a course uses it: division and % of negatives, shifts, bitwise
 * operators, compound assignments, increments.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, a, b, c, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    a = -17 + rank;
    b = 5;
    printf("rank %d: %d / %d = %d, %d %% %d = %d\n", rank, a, b, a / b, a, b, a % b);
    printf("rank %d: %d / %d = %d, %d %% %d = %d\n", rank, -a, -b, -a / -b, -a, -b, -a % -b);
    c = (a << 2) ^ (b | 8) & 0xff;
    printf("rank %d: shifts and bits %d %d %d %d\n", rank, c, c >> 1, ~b, !b);
    c = 1;
    for (i = 0; i < 10; i++) {
        c *= 3;
        c -= i;
        c %= 1000;
    }
    a = i++;
    b = ++i;
    printf("rank %d: compound %d, i++ gave %d, ++i gave %d, i is %d\n", rank, c, a, b, i);
    MPI_Finalize();
    return 0;
}
