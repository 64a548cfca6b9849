/* Prints argc and every argv[i] on each rank (cli/tests/run_args.rs runs it with arguments). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int rank, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d: argc=%d\n", rank, argc);
    for (i = 0; i < argc; i++) {
        printf("rank %d: argv[%d]=%s\n", rank, i, argv[i]);
    }
    if (argc > 2) {
        printf("rank %d: product=%d\n", rank, atoi(argv[1]) * atoi(argv[2]));
    }
    MPI_Finalize();
    return 0;
}
