/* Ranks: 2
 * A classic getopt program's own declarations of getopt's variables, repeated as old programs
 * write them (at file scope, twice, and in a block) beside <unistd.h> and <getopt.h>: the
 * program's real argv (no options here), then an argv it builds, options with arguments, opterr
 * set to 0 to silence the unknown option's message, and optind reset between passes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <getopt.h>

extern char *optarg;
extern int optind, opterr, optopt;
extern int optind;

static int parse(int rank, int argc, char **argv) {
    extern char *optarg;
    int c, n = 1, verbose = 0;
    const char *name = "none";
    while ((c = getopt(argc, argv, "n:vf:")) != -1) {
        switch (c) {
        case 'n': n = atoi(optarg); break;
        case 'v': verbose++; break;
        case 'f': name = optarg; break;
        default: printf("rank %d: unknown option '%c'\n", rank, optopt); break;
        }
    }
    printf("rank %d: n %d verbose %d file %s, optind %d of %d", rank, n, verbose, name, optind, argc);
    for (int i = optind; i < argc; i++) printf(" [%s]", argv[i]);
    printf("\n");
    return n;
}

int main(int argc, char **argv) {
    int rank, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    parse(rank, argc, argv);
    char *mine[] = {"prog", "-n", rank ? "12" : "5", "-v", "data.txt", "-fout.txt", "-vq", NULL};
    opterr = 0;
    optind = 1;
    int n = parse(rank, 7, mine);
    MPI_Allreduce(&n, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: total n %d, opterr %d\n", rank, total, opterr);
    MPI_Finalize();
    return 0;
}
