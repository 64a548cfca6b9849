/* C as MPICH's own test suite writes it, which mpicc takes: a header of the program included
   with angle brackets (the suite's build passes its directory with -I), MPI handles kept in
   `int`s and `int` arrays (MPICH's handles are ints; rank 0 writes them to a file), and a
   string continued with a backslash at the end of a line.  Ranks: 3 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <suite_util.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    int types[3] = { MPI_INT, MPI_DOUBLE, MPI_CHAR };
    int *ops = malloc(2 * sizeof(MPI_Op));
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int comm = MPI_COMM_WORLD;
    ops[0] = MPI_SUM;
    ops[1] = MPI_MAX;
    MPI_Datatype dt = types[0];
    if (rank == 0) {
        show_handle("MPI_INT", types[0]);
        show_handle("MPI_DOUBLE", types[1]);
        show_handle("MPI_CHAR", types[2]);
        show_handle("MPI_COMM_WORLD", comm);
        show_handle("MPI_SUM", ops[0]);
        printf("dt == MPI_INT: %d, types[1] == MPI_DOUBLE: %d\n", dt == MPI_INT,
               types[1] == MPI_DOUBLE);
        printf("This line is continued \
on the next one, as group/groupcreate.c does\n");
        FILE *f = fopen("handles.txt", "w");
        for (int i = 0; i < 3; i++)
            fprintf(f, "types[%d] = %d\n", i, types[i]);
        fclose(f);
    }
    int x = rank + 1, r;
    MPI_Allreduce(&x, &r, 1, types[0], ops[0], comm);
    errs += check_int("sum", r, size * (size + 1) / 2);
    MPI_Allreduce(&x, &r, 1, dt, ops[1], comm);
    errs += check_int("max", r, size);
    double d = rank + 0.5, dsum;
    MPI_Allreduce(&d, &dsum, 1, types[1], MPI_SUM, comm);
    errs += check_int("double sum", (int) (2 * dsum), size * size);
    int sizes[3];
    for (int i = 0; i < 3; i++)
        MPI_Type_size(types[i], &sizes[i]);
    printf("rank %d: sizes %d %d %d, sum %d, %s\n", rank, sizes[0], sizes[1], sizes[2], r,
           errs ? "errors" : "No Errors");
    free(ops);
    MPI_Finalize();
    return 0;
}
