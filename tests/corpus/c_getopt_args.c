/* Ranks: 2
 * getopt as a program parses its arguments (here an argv built in the program, since the
 * corpus runs without arguments): options with and without arguments, a bundle (-vx), an
 * argument attached (-n5), glibc's permutation of non-options to the end, "--", an unknown
 * option and a missing argument (glibc's messages on stderr), and ':' first for quiet errors. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static void parse(int rank, int argc, char **argv, const char *spec) {
    int c;
    optind = 1;
    while ((c = getopt(argc, argv, spec)) != -1) {
        if (c == '?' || c == ':')
            printf("rank %d: '%c' (optopt '%c')\n", rank, c, optopt);
        else
            printf("rank %d: option %c arg %s\n", rank, c, optarg ? optarg : "(none)");
    }
    printf("rank %d: optind %d of %d:", rank, optind, argc);
    for (int i = optind; i < argc; i++) printf(" %s", argv[i]);
    printf("\n");
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *one[] = {"prog", "input.txt", "-n5", "-vx", "out", "-o", "result", "--", "-z", NULL};
    parse(rank, 9, one, "n:o:vx");
    char *two[] = {"prog", "-q", "-v", "-n", NULL};
    parse(rank, 4, two, "vn:");
    char *three[] = {"prog", "-q", "-n", NULL};
    parse(rank, 3, three, ":n:");
    opterr = 0;
    char *four[] = {"prog", "-k", NULL};
    parse(rank, 2, four, "v");
    MPI_Finalize();
    return 0;
}
