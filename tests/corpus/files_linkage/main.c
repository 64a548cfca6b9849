/* Three translation units with the same `static` names, an `extern` table defined in table.c,
   function pointers across files, and a data file read whole with fread; each rank writes its
   own file. Ranks: 3 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>
#include "shapes.h"
#include "shapes.h" /* guarded: including twice is harmless */

static int step = 1000; /* counter.c and table.c each have their own `step` */

static int next(void) { return step++; }

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (int i = 0; i < rank + 2; i++) counter_bump();
    int mine = next();
    printf("rank %d: counter %d, main's step %d, table's step %d\n", rank, counter_value(), mine,
           table_step());

    const struct shape *s = &shapes[rank % SHAPE_COUNT];
    area_fn area = area_of(s->kind);
    printf("rank %d: %s %s area %.4f (%d shapes)\n", rank, kind_name(s->kind), s->name,
           area(s->a, s->b), shape_total);

    char text[256];
    FILE *f = fopen("words.dat", "rb");
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    int at_end = feof(f) != 0;
    fclose(f);
    int letters = 0, lines = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n') lines++;
        else if (text[i] != ' ') letters++;
    }
    printf("rank %d: words.dat has %zu bytes, %d lines, %d letters, eof %d\n", rank, n, lines,
           letters, at_end);

    char name[32];
    sprintf(name, "out_rank%d.txt", rank);
    FILE *out = fopen(name, "w");
    for (int i = 0; i <= rank; i++) fprintf(out, "%d:%s\n", i, kind_name(shapes[i].kind));
    fclose(out);
    out = fopen(name, "a");
    fwrite("end\n", 1, 4, out);
    fclose(out);

    int sum;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("sum of main's steps %d\n", sum);
    MPI_Finalize();
    return 0;
}
