/* Ranks: 2
 * Parsing and formatting strings: sscanf's conversions (widths, %[ sets, %n, %*d, %c) and its
 * return counts at a mismatch and at the end of the input, then snprintf truncating and
 * reporting the length it wanted. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char line[64];
    snprintf(line, sizeof line, "rank=%d temp=%.1f name=node%02d", rank, 20.5 + rank, rank + 1);
    int r, used;
    double temp;
    char name[16];
    int n = sscanf(line, "rank=%d temp=%lf name=%15s%n", &r, &temp, name, &used);
    printf("rank %d: %d fields: %d %.2f %s (%d chars)\n", rank, n, r, temp, name, used);

    char key[16], value[16];
    n = sscanf("  colour = blue;", " %[a-z] = %[^;]", key, value);
    printf("rank %d: %d: key '%s' value '%s'\n", rank, n, key, value);
    int a = -1, b = -1;
    printf("rank %d: mismatch %d, empty %d, spaces %d, partial %d\n", rank,
           sscanf("x12", "%d", &a), sscanf("", "%d", &a), sscanf("   ", "%d", &a),
           sscanf("7 eight", "%d %d", &a, &b));
    printf("rank %d: a=%d b=%d\n", rank, a, b);
    int h, m, s;
    n = sscanf("12:34:56", "%2d:%2d:%2d", &h, &m, &s);
    printf("rank %d: %d -> %02d h %02d m %02d s\n", rank, n, h, m, s);
    unsigned x;
    int skipped;
    char c;
    n = sscanf("ff 99 Z", "%x %*d %c%n", &x, &c, &skipped);
    printf("rank %d: %d -> %u '%c' %d\n", rank, n, x, c, skipped);
    long big;
    float f;
    n = sscanf("12345678901 -1.5e3", "%ld %f", &big, &f);
    printf("rank %d: %d -> %ld %.1f\n", rank, n, big, f);
    int digits;
    n = sscanf("123456", "%3d", &digits);
    printf("rank %d: width 3 -> %d (%d)\n", rank, digits, n);

    char small[8];
    int wanted = snprintf(small, sizeof small, "rank %d says %s", rank, "hello");
    printf("rank %d: snprintf '%s' wanted %d kept %zu\n", rank, small, wanted, strlen(small));
    printf("rank %d: length only %d\n", rank, snprintf(NULL, 0, "%d-%d", rank, 12345));
    MPI_Finalize();
    return 0;
}
