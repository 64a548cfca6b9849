/* A long compute loop, as LLNL's MPI tutorial writes it: each rank throws 100 rounds of 50,000
 * darts with random() (glibc's generator, seeded per rank) and rank 0 averages the estimates of
 * pi with MPI_Reduce. About 0.3 billion operations per rank: above the old fixed limit of 0.2
 * billion, inside the default of one billion. Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define DARTS 50000
#define ROUNDS 100

double dboard(int darts)
{
    double x_coord, y_coord, pi, r;
    int score, n;
    unsigned int cconst;
    cconst = 2 << (31 - 1);
    score = 0;
    for (n = 1; n <= darts; n++) {
        r = (double)random() / cconst;
        x_coord = (2.0 * r) - 1.0;
        r = (double)random() / cconst;
        y_coord = (2.0 * r) - 1.0;
        if ((x_coord * x_coord + y_coord * y_coord) <= 1.0)
            score++;
    }
    pi = 4.0 * (double)score / (double)darts;
    return pi;
}

int main(int argc, char *argv[])
{
    double homepi, pisum, pi, avepi;
    int taskid, numtasks, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &numtasks);
    MPI_Comm_rank(MPI_COMM_WORLD, &taskid);
    srandom(taskid);
    avepi = 0;
    for (i = 0; i < ROUNDS; i++) {
        homepi = dboard(DARTS);
        MPI_Reduce(&homepi, &pisum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (taskid == 0) {
            pi = pisum / numtasks;
            avepi = ((avepi * i) + pi) / (i + 1);
        }
    }
    if (taskid == 0)
        printf("After %8d throws, average value of pi = %10.8f\n", DARTS * (i), avepi);
    MPI_Finalize();
    return 0;
}
