/* Data files line by line and in binary: every rank reads matrix.txt with fgets and strtol, a
   missing file gives NULL and ENOENT, rank 0 writes doubles with fwrite and reads them back with
   fread, and updates notes.txt in place ("r+"). Ranks: 3 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    errno = 0;
    FILE *none = fopen("no_such_file.txt", "r");
    printf("rank %d: missing file %s, errno %s\n", rank, none ? "opened" : "NULL",
           errno == ENOENT ? "ENOENT" : "other");

    FILE *f = fopen("matrix.txt", "r");
    char line[128];
    int row = 0, m[N][N];
    while (row < N && fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#') continue; /* a comment line */
        char *p = line;
        for (int j = 0; j < N; j++) m[row][j] = (int) strtol(p, &p, 10);
        row++;
    }
    int c, rest = 0;
    while ((c = getc(f)) != EOF) rest += c == '\n';
    fclose(f);
    long trace = 0, mine = 0;
    for (int i = 0; i < N; i++) trace += m[i][i];
    for (int i = rank; i < N; i += size)
        for (int j = 0; j < N; j++) mine += (long) m[i][j] * (j + 1);
    printf("rank %d: %d rows, trace %ld, my rows weigh %ld, %d lines after them\n", rank, row,
           trace, mine, rest);

    long total;
    MPI_Reduce(&mine, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double out[N], back[N + 2];
        for (int i = 0; i < N; i++) out[i] = m[i][i] / 3.0 + total;
        FILE *b = fopen("diag.bin", "wb");
        size_t wrote = fwrite(out, sizeof(double), N, b);
        fclose(b);
        b = fopen("diag.bin", "rb");
        size_t got = fread(back, sizeof(double), N + 2, b);
        int end = feof(b) != 0;
        fclose(b);
        printf("rank 0: wrote %zu doubles, read %zu back (eof %d): %.6f %.6f\n", wrote, got, end,
               back[0], back[N - 1]);

        FILE *n = fopen("notes.txt", "r+");
        fgets(line, sizeof line, n);
        fputs("CHECKED", n); /* overwrites the start of the second line */
        rewind(n);
        fgets(line, sizeof line, n);
        for (char *q = line; *q; q++)
            if (*q == '\n') *q = '\0';
        fclose(n);
        printf("rank 0: notes start \"%s\", total %ld\n", line, total);
    }
    MPI_Finalize();
    return 0;
}
