/* Function pointers: a table of operations, a callback, and qsort with comparators.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef double (*binop)(double, double);

double add(double a, double b) { return a + b; }
double mul(double a, double b) { return a * b; }
double maxd(double a, double b) { return a > b ? a : b; }

double fold(const double *xs, int n, binop op, double init)
{
    double acc = init;
    int i;
    for (i = 0; i < n; i++)
        acc = op(acc, xs[i]);
    return acc;
}

int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int by_score_desc(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return y[1] - x[1];
}

int main(int argc, char *argv[])
{
    int rank, i;
    double xs[5] = {3.0, 1.5, 4.0, 1.0, 5.5};
    binop ops[3] = {add, mul, maxd};
    const char *names[3] = {"sum", "product", "max"};
    int values[8] = {42, 7, 19, -3, 7, 100, 0, 23};
    int pairs[4][2] = {{1, 50}, {2, 90}, {3, 50}, {4, 70}};
    double (*chosen)(double, double);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 3; i++)
        printf("rank %d: %s = %.2f\n", rank, names[i], fold(xs, 5, ops[i], i == 1 ? 1.0 : 0.0));
    chosen = rank == 0 ? &add : mul;
    printf("rank %d: chosen(2, 3) = %.1f, via (*chosen) = %.1f\n", rank, chosen(2, 3),
           (*chosen)(4, 5));
    values[0] += rank;
    qsort(values, 8, sizeof(int), ascending);
    for (i = 0; i < 8; i++)
        printf("rank %d: values[%d] = %d\n", rank, i, values[i]);
    qsort(pairs, 4, sizeof(pairs[0]), by_score_desc);
    for (i = 0; i < 4; i++)
        printf("rank %d: place %d is id %d with %d\n", rank, i + 1, pairs[i][0], pairs[i][1]);
    MPI_Finalize();
    return 0;
}
