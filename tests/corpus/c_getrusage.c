/* Ranks: 2 — <sys/resource.h>: getrusage's struct as glibc lays it out, its return values and
   errno (MPICH's test suite's mtest.c reports resource use with it). */
#include <errno.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct rusage ru;
    int rc = getrusage(RUSAGE_SELF, &ru);
    printf("rank %d: rc %d, sizeof %zu, maxrss at %zu, nivcsw at %zu, utime sane %d, maxrss > 0 %d\n",
           rank, rc, sizeof(struct rusage), offsetof(struct rusage, ru_maxrss),
           offsetof(struct rusage, ru_nivcsw), ru.ru_utime.tv_sec >= 0 && ru.ru_utime.tv_usec < 1000000,
           ru.ru_maxrss > 0);
    errno = 0;
    rc = getrusage(42, &ru);
    printf("rank %d: bad who gives %d, errno EINVAL %d\n", rank, rc, errno == EINVAL);
    MPI_Finalize();
    return 0;
}
