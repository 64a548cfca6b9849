/* Ranks: 2 — Error handlers: with MPI_ERRORS_RETURN a failed call returns an error code and the
 * program goes on; MPI_Error_class and MPI_Error_string say what it was. A handler of the
 * program's runs before the call returns; a duplicated communicator inherits it. */
#include <mpi.h>
#include <stdio.h>

static int calls = 0;
static MPI_Comm seen;

static void count_errors(MPI_Comm *comm, int *code, ...)
{
    int class;
    MPI_Error_class(*code, &class);
    calls++;
    seen = *comm;
    printf("handler: class %d\n", class);
}

static void report(int rank, const char *what, int err)
{
    int class, len;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Error_class(err, &class);
    MPI_Error_string(class, text, &len);
    printf("rank %d: %s -> class %d (%s, %d characters), success %d\n", rank, what, class, text,
           len, err == MPI_SUCCESS);
}

int main(int argc, char **argv)
{
    int rank, size, x = 7, err;
    MPI_Errhandler eh, got;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got);
    printf("rank %d: default is fatal %d\n", rank, got == MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got);
    printf("rank %d: now returns %d\n", rank, got == MPI_ERRORS_RETURN);

    report(rank, "send to rank 99", MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD));
    report(rank, "negative count", MPI_Send(&x, -1, MPI_INT, 0, 0, MPI_COMM_WORLD));
    report(rank, "negative tag", MPI_Send(&x, 1, MPI_INT, 0, -5, MPI_COMM_WORLD));
    report(rank, "bcast root 5", MPI_Bcast(&x, 1, MPI_INT, 5, MPI_COMM_WORLD));
    report(rank, "null communicator", MPI_Barrier(MPI_COMM_NULL));
    MPI_Datatype predefined = MPI_INT;
    report(rank, "type free MPI_INT", MPI_Type_free(&predefined));

    /* A message longer than the receive buffer: MPI_ERR_TRUNCATE, and the program goes on. */
    if (rank == 0) {
        int two[2] = {1, 2};
        MPI_Send(two, 2, MPI_INT, 1, 3, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int one = 0;
        report(rank, "truncated receive", MPI_Recv(&one, 1, MPI_INT, 0, 3, MPI_COMM_WORLD,
                                                   MPI_STATUS_IGNORE));
    }

    /* A handler of the program's, inherited by a duplicate. */
    MPI_Comm_create_errhandler(count_errors, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    err = MPI_Send(&x, 1, MPI_INT, 42, 0, dup);
    report(rank, "send on the duplicate", err);
    printf("rank %d: handler ran %d times, on the duplicate %d\n", rank, calls, seen == dup);
    MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    printf("rank %d: handler ran %d times\n", rank, calls);
    MPI_Errhandler_free(&eh);
    printf("rank %d: freed handle is null %d\n", rank, eh == MPI_ERRHANDLER_NULL);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    report(rank, "after the handler is freed", MPI_Send(&x, 1, MPI_INT, 42, 0, dup));
    MPI_Comm_free(&dup);

    /* Classes and codes of the program's own. */
    int myclass, mycode, class, len;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Add_error_class(&myclass);
    MPI_Add_error_code(myclass, &mycode);
    MPI_Add_error_string(mycode, "the input file is empty");
    MPI_Error_class(mycode, &class);
    MPI_Error_string(mycode, text, &len);
    printf("rank %d: class %x code %x class of code %x: %s (%d)\n", rank, myclass, mycode, class,
           text, len);
    MPI_Error_string(myclass, text, &len);
    printf("rank %d: the new class's string is \"%s\"\n", rank, text);
    for (int c = 0; c <= 20; c++) {
        MPI_Error_string(c, text, &len);
        if (rank == 0)
            printf("class %d: %s\n", c, text);
    }
    MPI_Finalize();
    return 0;
}
