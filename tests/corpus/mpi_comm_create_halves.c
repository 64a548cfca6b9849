/* Ranks: 6 — MPI_Comm_create with a different group on each half (MPI-2.2): each rank passes the
   group of its half, and each half becomes its own communicator with its own sum. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Group world, half;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int members[16], n = 0;
    int lower = rank < size / 2;
    for (int r = size - 1; r >= 0; r--) /* in reverse: the new ranks follow the group's order */
        if ((r < size / 2) == lower) members[n++] = r;
    MPI_Group_incl(world, n, members, &half);
    MPI_Comm comm;
    MPI_Comm_create(MPI_COMM_WORLD, half, &comm);
    int sub_rank, sub_size, sum;
    MPI_Comm_rank(comm, &sub_rank);
    MPI_Comm_size(comm, &sub_size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    printf("world rank %d: %s half, rank %d of %d, sum of world ranks %d\n", rank,
           lower ? "lower" : "upper", sub_rank, sub_size, sum);
    /* All ranks passing the same group, which leaves some out. */
    MPI_Group evens;
    int even_ranks[8], m = 0;
    for (int r = 0; r < size; r += 2) even_ranks[m++] = r;
    MPI_Group_incl(world, m, even_ranks, &evens);
    MPI_Comm even_comm;
    MPI_Comm_create(MPI_COMM_WORLD, evens, &even_comm);
    if (even_comm == MPI_COMM_NULL) {
        printf("world rank %d: not in the even communicator\n", rank);
    } else {
        int er, total;
        MPI_Comm_rank(even_comm, &er);
        MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, even_comm);
        printf("world rank %d: even rank %d, sum %d\n", rank, er, total);
        MPI_Comm_free(&even_comm);
    }
    MPI_Comm_free(&comm);
    MPI_Group_free(&half);
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
