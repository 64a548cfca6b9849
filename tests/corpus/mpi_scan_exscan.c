/* Prefix sums with MPI_Scan and MPI_Exscan.  Ranks: 6 */
/* Prefix sums: each rank computes where its slice of a global array starts (MPI_Exscan) and
   the running totals up to itself (MPI_Scan), with longs, doubles and a product of floats. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size;
    long items, before = -1, upto;
    double x[2], prefix[2];
    float f, fprod;
    int imax, runmax, flags, anyflag;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    items = 1000000000L * (rank + 1);
    MPI_Exscan(&items, &before, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan(&items, &upto, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        before = 0; /* MPI leaves rank 0's exclusive result undefined */
    printf("rank %d owns items %ld..%ld\n", rank, before, upto - 1);

    x[0] = 1.0 / (rank + 1);
    x[1] = rank * 0.25;
    MPI_Scan(x, prefix, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: harmonic prefix %.10f, quarter prefix %.2f\n", rank, prefix[0], prefix[1]);

    f = 1.0f + 0.5f * rank;
    MPI_Scan(&f, &fprod, 1, MPI_FLOAT, MPI_PROD, MPI_COMM_WORLD);
    printf("rank %d: float product so far %.4f\n", rank, fprod);

    imax = (rank * 7) % 5;
    MPI_Scan(&imax, &runmax, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    printf("rank %d: value %d, running max %d\n", rank, imax, runmax);

    flags = 1 << rank;
    MPI_Exscan(&flags, &anyflag, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    if (rank > 0)
        printf("rank %d: bits of lower ranks 0x%x\n", rank, anyflag);

    /* In place: the running sum replaces each rank's value. */
    upto = rank + 1;
    MPI_Scan(MPI_IN_PLACE, &upto, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: triangular number %ld\n", rank, upto);
    items = rank + 1;
    MPI_Exscan(MPI_IN_PLACE, &items, 1, MPI_LONG, MPI_PROD, MPI_COMM_WORLD);
    if (rank > 0)
        printf("rank %d: factorial of %d is %ld\n", rank, rank, items);

    MPI_Finalize();
    return 0;
}
