/* Completing many requests: MPI_Waitsome, MPI_Testall, MPI_Testany.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, done, outcount, flag, index, total;
    int vals[8], indices[8];
    MPI_Request reqs[8];
    MPI_Status stats[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &reqs[i - 1]);
        done = 0;
        total = 0;
        while (done < size - 1) {
            MPI_Waitsome(size - 1, reqs, &outcount, indices, stats);
            for (i = 0; i < outcount; i++) total += vals[indices[i] + 1];
            done += outcount;
        }
        printf("received %d values, total %d\n", done, total);
        MPI_Waitsome(size - 1, reqs, &outcount, indices, stats);
        printf("nothing active: outcount is MPI_UNDEFINED: %d\n", outcount == MPI_UNDEFINED);
        for (i = 1; i < size; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i, 1, MPI_COMM_WORLD, &reqs[i - 1]);
        flag = 0;
        while (!flag) MPI_Testall(size - 1, reqs, &flag, MPI_STATUSES_IGNORE);
        printf("testall: %d %d %d\n", vals[1], vals[2], vals[3]);
        MPI_Irecv(&vals[0], 1, MPI_INT, 2, 2, MPI_COMM_WORLD, &reqs[0]);
        flag = 0;
        while (!flag) MPI_Testany(1, reqs, &index, &flag, &stats[0]);
        printf("testany: index %d value %d from %d\n", index, vals[0], stats[0].MPI_SOURCE);
    } else {
        vals[0] = rank * 11;
        MPI_Send(&vals[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        vals[0] = rank * 3;
        MPI_Send(&vals[0], 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        if (rank == 2) MPI_Send(&rank, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
