/* printf's full format syntax on int, double, char and strings: flags, * widths, precision,
   length modifiers, %p of NULL, %a, inf and nan.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i, w;
    double x, zero;
    char name[16];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = 2.0 / 3.0 + rank;
    zero = 0.0;
    name[0] = 'r';
    name[1] = 'a';
    name[2] = 'n';
    name[3] = 'k';
    name[4] = '0' + rank;
    name[5] = 0;
    printf("%d: [%+5d] [% d] [%-+6d] [%+05d] [%.3d] [%6.3d] [%.0d]\n", rank, rank, rank, -rank, rank,
           rank, -rank, 0);
    printf("%d: [%#x] [%#X] [%#o] [%#o] [%08x] [%-8X] [%.4x]\n", rank, 255 + rank, 4096, 8, 0,
           48879, 3054, 10);
    printf("%d: [%u] [%x] [%o] [%hhd] [%hhu] [%hd] [%hu]\n", rank, -1 - rank, -1, -8, 300 + rank,
           -1, 40000, -2);
    for (w = 1; w <= 9; w += 4) {
        printf("%d: w=%d [%*d] [%-*d] [%*.*f] [%.*e]\n", rank, w, w, rank, w, rank, w + 4, w / 2,
               x, w, x);
    }
    printf("%d: [%*d] [%.*f]\n", rank, -6, 42, -1, x);
    printf("%d: [%f] [%F] [%.0f] [%#.0f] [%.10f] [%15.8f] [%-15.3f] [%015.3f]\n", rank, x, x, x, x,
           x, x, x, -x);
    printf("%d: [%e] [%E] [%.0e] [%#.0e] [%12.3e] [%+.2e] [%e]\n", rank, x, x, x, x, x * 1e10,
           -x / 1e10, zero);
    printf("%d: [%g] [%G] [%.2g] [%#g] [%g] [%g] [%g] [%.10g]\n", rank, x, x * 1e-7, x, x,
           100000.0, 1000000.0, 0.0001, x);
    printf("%d: [%a] [%A] [%.2a] [%a] [%a]\n", rank, x, x, x, 1.0, 0.5);
    printf("%d: [%f] [%e] [%g] [%5.1f] [%-6f] [%+f]\n", rank, 1.0 / zero, -1.0 / zero, 1.0 / zero,
           -1.0 / zero, 1.0 / zero, 1.0 / zero);
    printf("%d: [%.1f] [%.1f] [%.0f] [%.0f] [%.2f] [%.3f]\n", rank, 0.25, 0.35, 0.5, 1.5, 2.675,
           1.0005);
    printf("%d: [%c] [%3c] [%-3c] [%c%c]\n", rank, 'a' + rank, 'b', 'c', name[0], name[4]);
    printf("%d: [%s] [%8s] [%-8s] [%.2s] [%8.3s] [%-8.1s] [%.0s]\n", rank, name, name, name, name,
           name, name, name);
    printf("%d: [%p] [%5%] [%%d]\n", rank, NULL);
    for (i = 0; i < 3; i++)
        printf("%d: row %2d |%*s|\n", rank, i, i * 2 + 1, "x");
    MPI_Finalize();
    return 0;
}
