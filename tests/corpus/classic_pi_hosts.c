/* Classic tutorial: pi by numerical integration, with each rank's processor name.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
#include <math.h>

#define PI25DT 3.141592653589793238462643

int main(int argc, char *argv[])
{
    int n = 10000, myid, numprocs, i, namelen;
    double mypi, pi, h, sum, x;
    char processor_name[MPI_MAX_PROCESSOR_NAME];

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &numprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &myid);
    MPI_Get_processor_name(processor_name, &namelen);
    /* The name differs from machine to machine; print only that there is one. */
    printf("Process %d of %d is on a named processor: %s\n", myid, numprocs,
           namelen > 0 && processor_name[namelen] == '\0' ? "yes" : "no");

    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    h = 1.0 / (double)n;
    sum = 0.0;
    for (i = myid + 1; i <= n; i += numprocs) {
        x = h * ((double)i - 0.5);
        sum += 4.0 / (1.0 + x * x);
    }
    mypi = h * sum;
    MPI_Reduce(&mypi, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (myid == 0)
        printf("pi is approximately %.16f, Error is %.16f\n", pi, fabs(pi - PI25DT));
    MPI_Finalize();
    return 0;
}
