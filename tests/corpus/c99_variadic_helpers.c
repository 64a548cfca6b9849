/* User variadic functions with <stdarg.h>, as MPICH's own test helpers (test/mpi/util/mtest.c)
   write them: a printf-like message function on vfprintf, an error formatter on vsnprintf, a
   vprintf logger with the rank in front, and va_arg of int, long, double and pointers with the
   default argument promotions at the call, and va_copy.  Ranks: 3 */
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int verbose = 1, rank;

static void MTestPrintfMsg(int level, const char *format, ...)
{
    va_list list;
    if (verbose && level <= verbose) {
        va_start(list, format);
        vfprintf(stdout, format, list);
        va_end(list);
        fflush(stdout);
    }
}

static int MTestFormatError(char *buf, size_t len, const char *format, ...)
{
    va_list list;
    va_start(list, format);
    int n = vsnprintf(buf, len, format, list);
    va_end(list);
    return n;
}

static void log_rank(const char *format, ...)
{
    va_list ap;
    char line[64];
    va_start(ap, format);
    vsprintf(line, format, ap);
    va_end(ap);
    printf("[%d] %s", rank, line);
}

static long sum(int n, ...)
{
    va_list ap;
    long total = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

/* kinds: i int, l long, d double, s string, p int pointer */
static double mixed(const char *kinds, ...)
{
    va_list ap, again;
    double total = 0;
    va_start(ap, kinds);
    va_copy(again, ap);
    for (const char *k = kinds; *k; k++) {
        switch (*k) {
        case 'i': total += va_arg(ap, int); break;
        case 'l': total += (double)va_arg(ap, long); break;
        case 'd': total += va_arg(ap, double); break;
        case 's': total += strlen(va_arg(ap, char *)); break;
        case 'p': total += *va_arg(ap, int *); break;
        }
    }
    va_end(ap);
    int first = va_arg(again, int);
    va_end(again);
    return total * 1000 + first;
}

int main(int argc, char **argv)
{
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MTestPrintfMsg(1, "rank %d of %d: %s %5.2f|%-4d|%x\n", rank, size, "ready", 3.14159, rank, 255 + rank);
    MTestPrintfMsg(2, "never shown at level 2\n");

    char small[12];
    int need = MTestFormatError(small, sizeof small, "error %d on rank %d: %s", 42, rank, "truncated text");
    printf("rank %d: vsnprintf wanted %d bytes, kept '%s'\n", rank, need, small);

    char c = (char)(65 + rank);
    short h = (short)(-300 * rank);
    float f = 0.25f * rank;
    int x = 7 * rank;
    log_rank("sum %ld, mixed %.2f\n", sum(5, 1, 2, 3, c, h),
             mixed("ildsp", rank + 1, 1L << 33, f, "four", &x));

    int mine = (int)sum(3, rank, rank, rank), all;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MTestPrintfMsg(1, "rank %d: total %d\n", rank, all);
    MPI_Finalize();
    return 0;
}
