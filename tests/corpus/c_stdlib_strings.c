/* The C library: malloc'd arrays, string.h, math.h, sprintf.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

typedef struct node {
    int value;
    struct node *next;
} node;

node *push(node *head, int v)
{
    node *n = malloc(sizeof(node));
    n->value = v;
    n->next = head;
    return n;
}

int main(int argc, char *argv[])
{
    int rank, i, n = 10;
    double *xs;
    char name[64], buf[32];
    node *list = NULL, *p;
    long total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    xs = (double *)malloc(n * sizeof(double));
    for (i = 0; i < n; i++)
        xs[i] = sqrt((double)(i + rank));
    printf("rank %d: sqrt sum %.6f pow %.3f floor %.1f fmod %.2f\n", rank, xs[9] + xs[4],
           pow(2.0, 10 + rank), floor(-2.5), fmod(7.5, 2.0));
    xs = realloc(xs, 2 * n * sizeof(double));
    printf("rank %d: after realloc xs[9] = %.6f\n", rank, xs[9]);
    free(xs);
    strcpy(name, "rank-");
    sprintf(buf, "%d", rank);
    strcat(name, buf);
    printf("rank %d: name %s has %zu chars, cmp %d, chr at %ld\n", rank, name, strlen(name),
           strcmp(name, "rank-0"), strchr(name, '-') - name);
    for (i = 0; i < 5; i++)
        list = push(list, i * (rank + 1));
    for (p = list; p != NULL; p = p->next)
        total += p->value;
    printf("rank %d: list total %ld, head %d\n", rank, total, list->value);
    while (list) {
        p = list->next;
        free(list);
        list = p;
    }
    printf("rank %d: atoi %d atof %.2f strtol %ld abs %d\n", rank, atoi(" 42"), atof("2.5e1"),
           strtol("0x1f", NULL, 16), abs(-7));
    snprintf(buf, 6, "%s", "truncated");
    puts(buf);
    MPI_Finalize();
    return 0;
}
