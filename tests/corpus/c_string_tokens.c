/* Ranks: 2
 * A tokenizer as students write it: strtok on a line with empty fields, strtok_r nested in
 * strtok_r, and <string.h>'s search functions (strstr, strchr, strrchr, strspn, strcspn,
 * strpbrk, memchr), case-blind comparison, strndup, strncat and strerror. */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    char csv[64];
    snprintf(csv, sizeof csv, ",,alpha,,beta;gamma,%d,", rank * 10);
    int count = 0;
    for (char *t = strtok(csv, ",;"); t != NULL; t = strtok(NULL, ",;")) {
        printf("rank %d token %d: '%s'\n", rank, count++, t);
    }
    assert(count == 4);
    char only[] = ",,,";
    printf("rank %d only delimiters: %s\n", rank, strtok(only, ",") == NULL ? "NULL" : "token");

    char table[] = "a=1;b=22;c=333";
    char *outer, *inner;
    for (char *pair = strtok_r(table, ";", &outer); pair; pair = strtok_r(NULL, ";", &outer)) {
        char *key = strtok_r(pair, "=", &inner);
        char *value = strtok_r(NULL, "=", &inner);
        printf("rank %d %s -> %s (%d)\n", rank, key, value, atoi(value) + rank);
    }

    const char *text = "the quick brown fox jumps over the lazy dog";
    printf("rank %d strstr: %s\n", rank, strstr(text, "fox"));
    printf("rank %d strstr missing: %s\n", rank, strstr(text, "cat") ? "found" : "NULL");
    printf("rank %d strchr: %ld strrchr: %ld\n", rank, (long)(strchr(text, 'o') - text),
           (long)(strrchr(text, 'o') - text));
    printf("rank %d strspn %zu strcspn %zu\n", rank, strspn(text, "the "), strcspn(text, "xyz"));
    printf("rank %d strpbrk: %s\n", rank, strpbrk(text, "qz"));
    const char *m = memchr(text, 'j', strlen(text));
    printf("rank %d memchr: %s\n", rank, m);
    printf("rank %d strcasecmp %d %d %d\n", rank, strcasecmp("MPI", "mpi"),
           strcasecmp("abc", "ABD") < 0, strncasecmp("HelloX", "helloY", 5));
    char *copy = strndup(text + 4, 5);
    printf("rank %d strndup: '%s' (%zu)\n", rank, copy, strlen(copy));
    free(copy);
    char buf[32] = "rank";
    strncat(buf, " number ", 4);
    printf("rank %d strncat: '%s'\n", rank, buf);
    printf("rank %d strerror: %s / %s\n", rank, strerror(2), strerror(34));
    MPI_Finalize();
    return 0;
}
