/* Several files: main.c, stats.c and stats.h; every rank reads input.txt and rank 0 writes
   summary.txt. Ranks: 4 */
#include <stdio.h>
#include <mpi.h>
#include "stats.h"

/* Private to this file: stats.c has its own `count` and `describe`. */
static int count = 0;
static const char *describe(void) { return "main.c"; }

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    sample_t values[MAX_VALUES];
    int n = read_values("input.txt", values, MAX_VALUES);
    if (n < 0) {
        printf("rank %d: cannot open input.txt\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    struct summary mine;
    summary_init(&mine);
    for (int i = rank; i < n; i += size) {
        summary_add(&mine, values[i].value);
        count++;
    }
    printf("rank %d: %d values, sum %.3f, min %.3f, max %.3f (%s counted %d, stats.c %d, calls %d)\n",
           rank, mine.n, mine.sum, mine.min, mine.max, describe(), count, stats_count(), stats_calls);

    double local[3] = {mine.sum, (double) mine.n, mine.max}, total[3];
    MPI_Reduce(local, total, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&local[2], &total[2], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *out = fopen("summary.txt", "w");
        fprintf(out, "values %d\nsum %.3f\nmean %.3f\nmax %.3f\n", (int) total[1], total[0],
                total[0] / total[1], total[2]);
        fputs("label ", out);
        fputs(values[0].label, out);
        fputc('\n', out);
        fclose(out);
        printf("rank 0 wrote summary.txt: mean %.3f\n", total[0] / total[1]);
    }
    MPI_Finalize();
    return 0;
}
