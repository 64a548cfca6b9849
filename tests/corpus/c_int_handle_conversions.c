/* MPI handles convert as the ints MPICH's mpi.h makes them: to double, long, unsigned and short (truncated as C does), from an int array through an MPI_Datatype pointer, returned and passed as ints.  Ranks: 1 */
#include <stdio.h>
#include <mpi.h>
static MPI_Datatype pick(int *ts, int i) { return ts[i]; }
static int as_int(MPI_Op op) { return op; }
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    double f = MPI_INT;
    long l = MPI_SUM;
    unsigned u = MPI_COMM_WORLD;
    short s = MPI_INT;
    int ts[2] = {MPI_CHAR, MPI_INT};
    MPI_Datatype d = pick(ts, 1);
    MPI_Datatype *dp = ts;
    int sz;
    MPI_Type_size(dp[0], &sz);
    printf("%f %ld %u %d %d %d %d %d\n", f, l, u, s, d == MPI_INT, sz, as_int(MPI_MAX), MPI_INT == 1275069445);
    MPI_Finalize();
    return 0;
}
