/* User-defined reductions with MPI_Op_create.  Ranks: 5 */
/* As the tutorials write them: a complex product on a contiguous pair of doubles (commutative),
   a 2x2 integer matrix product (not commutative: MPI must combine in rank order, in MPI_Reduce
   to a root other than 0, MPI_Allreduce, MPI_Scan, MPI_Exscan and MPI_Reduce_scatter_block),
   a greatest common divisor on MPI_INT, and a max-with-index on a struct datatype. */
#include <mpi.h>
#include <stdio.h>

typedef struct {
    double re, im;
} Complex;

typedef struct {
    double value;
    int rank;
} Located;

void complex_prod(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    Complex *a = (Complex *)in;
    Complex *b = (Complex *)inout;
    int i;
    for (i = 0; i < *len; i++) {
        Complex c;
        c.re = a[i].re * b[i].re - a[i].im * b[i].im;
        c.im = a[i].re * b[i].im + a[i].im * b[i].re;
        b[i] = c;
    }
}

/* inout = in x inout, entries mod 1009. */
void matrix_prod(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    int *a = (int *)in;
    int *b = (int *)inout;
    int i, r, c, k;
    for (i = 0; i < *len; i++) {
        int m[4];
        for (r = 0; r < 2; r++)
            for (c = 0; c < 2; c++) {
                int s = 0;
                for (k = 0; k < 2; k++)
                    s += a[4 * i + 2 * r + k] * b[4 * i + 2 * k + c];
                m[2 * r + c] = s % 1009;
            }
        for (k = 0; k < 4; k++)
            b[4 * i + k] = m[k];
    }
}

void gcd_op(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    int *a = (int *)in;
    int *b = (int *)inout;
    int i;
    for (i = 0; i < *len; i++) {
        int x = a[i], y = b[i];
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        b[i] = x;
    }
}

void max_located(void *in, void *inout, int *len, MPI_Datatype *dtype)
{
    Located *a = (Located *)in;
    Located *b = (Located *)inout;
    int i;
    for (i = 0; i < *len; i++)
        if (a[i].value > b[i].value || (a[i].value == b[i].value && a[i].rank < b[i].rank))
            b[i] = a[i];
}

void print_matrices(const char *what, int rank, int *m, int n)
{
    int i;
    for (i = 0; i < n; i++)
        printf("rank %d %s[%d] = [%d %d; %d %d]\n", rank, what, i, m[4 * i], m[4 * i + 1],
               m[4 * i + 2], m[4 * i + 3]);
}

int main(int argc, char *argv[])
{
    int rank, size, i, commute;
    Complex z[2], zprod[2];
    int mine[8], prod[8], scan[8], block[4], all[4 * 5];
    int numbers[3], gcds[3];
    Located loc, best;
    MPI_Datatype complex_type, matrix_type, located_type;
    MPI_Op cprod, mprod, gcd, maxloc;
    int blocklens[2] = {1, 1};
    MPI_Aint displs[2];
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_contiguous(2, MPI_DOUBLE, &complex_type);
    MPI_Type_commit(&complex_type);
    MPI_Type_contiguous(4, MPI_INT, &matrix_type);
    MPI_Type_commit(&matrix_type);
    displs[0] = 0;
    displs[1] = sizeof(double);
    MPI_Type_create_struct(2, blocklens, displs, types, &located_type);
    MPI_Type_commit(&located_type);

    MPI_Op_create(complex_prod, 1, &cprod);
    MPI_Op_create(matrix_prod, 0, &mprod);
    MPI_Op_create(gcd_op, 1, &gcd);
    MPI_Op_create((MPI_User_function *)max_located, 1, &maxloc);
    MPI_Op_commutative(mprod, &commute);
    if (rank == 0)
        printf("matrix product commutative: %d\n", commute);

    /* Complex numbers: (1 + rank i) and (rank - 1 i). */
    z[0].re = 1.0;
    z[0].im = rank;
    z[1].re = rank;
    z[1].im = -1.0;
    MPI_Reduce(z, zprod, 2, complex_type, cprod, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("complex products: %.1f%+.1fi and %.1f%+.1fi\n", zprod[0].re, zprod[0].im,
               zprod[1].re, zprod[1].im);
    MPI_Allreduce(z, zprod, 2, complex_type, cprod, MPI_COMM_WORLD);
    printf("rank %d allreduce complex: %.1f%+.1fi\n", rank, zprod[1].re, zprod[1].im);

    /* Matrices: [[1, rank], [0, 1]] (shears) and [[rank + 1, 1], [1, 0]]. */
    mine[0] = 1; mine[1] = rank; mine[2] = 0; mine[3] = 1;
    mine[4] = rank + 1; mine[5] = 1; mine[6] = 1; mine[7] = 0;
    MPI_Reduce(mine, prod, 2, matrix_type, mprod, 2, MPI_COMM_WORLD);
    if (rank == 2)
        print_matrices("reduce", rank, prod, 2);
    MPI_Allreduce(mine, prod, 2, matrix_type, mprod, MPI_COMM_WORLD);
    print_matrices("allreduce", rank, prod + 4, 1);
    MPI_Scan(mine, scan, 2, matrix_type, mprod, MPI_COMM_WORLD);
    print_matrices("scan", rank, scan + 4, 1);
    MPI_Exscan(mine, scan, 2, matrix_type, mprod, MPI_COMM_WORLD);
    if (rank > 0)
        print_matrices("exscan", rank, scan, 2);
    for (i = 0; i < size; i++) {
        all[4 * i] = rank + i + 1; all[4 * i + 1] = 1; all[4 * i + 2] = i; all[4 * i + 3] = 1;
    }
    MPI_Reduce_scatter_block(all, block, 1, matrix_type, mprod, MPI_COMM_WORLD);
    print_matrices("reduce_scatter_block", rank, block, 1);

    /* Greatest common divisors of multiples. */
    numbers[0] = 12 * (rank + 1);
    numbers[1] = 18 * (rank + 2);
    numbers[2] = 7 * (rank + 3) * (rank + 5);
    MPI_Allreduce(numbers, gcds, 3, MPI_INT, gcd, MPI_COMM_WORLD);
    if (rank == size - 1)
        printf("gcds: %d %d %d\n", gcds[0], gcds[1], gcds[2]);

    /* The largest value and the lowest rank holding it. */
    loc.value = (double)((rank * 3) % 4);
    loc.rank = rank;
    MPI_Allreduce(&loc, &best, 1, located_type, maxloc, MPI_COMM_WORLD);
    printf("rank %d: max %.1f at rank %d\n", rank, best.value, best.rank);

    MPI_Op_free(&cprod);
    MPI_Op_free(&mprod);
    MPI_Op_free(&gcd);
    MPI_Op_free(&maxloc);
    if (rank == 0)
        printf("freed: %d\n", maxloc == MPI_OP_NULL);
    MPI_Type_free(&complex_type);
    MPI_Type_free(&matrix_type);
    MPI_Type_free(&located_type);
    MPI_Finalize();
    return 0;
}
