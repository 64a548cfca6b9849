/* printf's format syntax: widths, precision, flags, conversions.  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int n;
    double x;
    MPI_Init(&argc, &argv);
    n = 42;
    x = 3.14159265358979;
    printf("[%d] [%5d] [%-5d] [%05d] [%+d]\n", n, n, n, n, n);
    printf("[%x] [%X] [%o] [%c] [%%]\n", 255, 255, 8, 'A' + 2);
    printf("[%f] [%.2f] [%8.3f] [%-8.1f] [%e]\n", x, x, x, x, x);
    printf("[%g] [%g] [%g]\n", x, 0.0001, 1234567.0);
    printf("[%s] [%10s] [%-10s]\n", "mpi", "right", "left");
    printf("%d%s\n", -7, " negative");
    MPI_Finalize();
    return 0;
}
