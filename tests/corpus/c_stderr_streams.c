/* Ranks: 2
 * The standard streams: fprintf to stderr and stdout (also through a FILE * variable),
 * fputs/fputc/putc/puts/putchar and fflush; NDEBUG turns off an assert that would fail.
 * (perror is left out: what it prints depends on errno, which MPI_Init leaves set.) */
#define NDEBUG
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(rank > size); /* off: NDEBUG */
    fprintf(stderr, "rank %d of %d: a warning on stderr\n", rank, size);
    fprintf(stdout, "rank %d: a result on stdout\n", rank);
    FILE *log = rank == 0 ? stdout : stderr;
    fprintf(log, "rank %d: through a FILE * variable\n", rank);
    fputs("fputs to stderr", stderr);
    fputc('!', stderr);
    putc('\n', stderr);
    fputs("fputs to stdout\n", stdout);
    puts("puts adds a newline");
    putchar('o');
    putchar('k');
    putchar('\n');
    fflush(stdout);
    fflush(NULL);
    MPI_Finalize();
    return 0;
}
