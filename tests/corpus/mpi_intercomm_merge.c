/* Ranks: 5 — MPI_Intercomm_merge's order (the group that passes high comes second; with the same
   high on both sides, the group whose rank 0 has the lower world rank comes first, as MPICH),
   and communicators made from an intercommunicator: MPI_Comm_split by parity and
   MPI_Comm_create without each group's rank 0 (each group passes a group of its own ranks). */
#include <mpi.h>
#include <stdio.h>

static void show(const char *what, MPI_Comm comm, int wrank)
{
    int rank, size, sum;
    if (comm == MPI_COMM_NULL) {
        printf("world %d: %s: MPI_COMM_NULL\n", wrank, what);
        return;
    }
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Allreduce(&wrank, &sum, 1, MPI_INT, MPI_SUM, comm);
    printf("world %d: %s: rank %d of %d, sum of world ranks %d\n", wrank, what, rank, size, sum);
}

int main(int argc, char **argv)
{
    int rank, size, flag, lrank, lsize, rsize;
    MPI_Comm half, inter, merged, split, created;
    MPI_Group group, fewer;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* World ranks 3 and 4 on the left, 0, 1, 2 on the right: the right group's rank 0 has the
       lower world rank. */
    int left = rank >= 3;
    MPI_Comm_split(MPI_COMM_WORLD, left, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, left ? 0 : 3, 5, &inter);

    MPI_Intercomm_merge(inter, left, &merged);
    show("merge, left high", merged, rank);
    MPI_Comm_test_inter(merged, &flag);
    printf("world %d: merged is inter %d\n", rank, flag);
    MPI_Comm_free(&merged);

    MPI_Intercomm_merge(inter, !left, &merged);
    show("merge, right high", merged, rank);
    MPI_Comm_free(&merged);

    MPI_Intercomm_merge(inter, 0, &merged);
    show("merge, both low", merged, rank);
    MPI_Comm_free(&merged);

    MPI_Intercomm_merge(inter, 1, &merged);
    show("merge, both high", merged, rank);
    MPI_Comm_free(&merged);

    /* Split the intercommunicator by parity of the world rank: the even ranks of each side
       face the even ranks of the other side; a color with no remote ranks gets MPI_COMM_NULL. */
    MPI_Comm_split(inter, rank % 2, -rank, &split);
    if (split != MPI_COMM_NULL) {
        MPI_Comm_rank(split, &lrank);
        MPI_Comm_size(split, &lsize);
        MPI_Comm_remote_size(split, &rsize);
        printf("world %d: split: rank %d of %d, remote size %d\n", rank, lrank, lsize, rsize);
        MPI_Comm_free(&split);
    } else {
        printf("world %d: split: MPI_COMM_NULL\n", rank);
    }

    /* Each group without its rank 0. */
    int zero = 0;
    MPI_Comm_group(inter, &group);
    MPI_Group_excl(group, 1, &zero, &fewer);
    MPI_Comm_create(inter, fewer, &created);
    if (created != MPI_COMM_NULL) {
        int v = rank, got, r;
        MPI_Request req;
        MPI_Comm_rank(created, &lrank);
        MPI_Comm_size(created, &lsize);
        MPI_Comm_remote_size(created, &rsize);
        printf("world %d: created: rank %d of %d, remote size %d\n", rank, lrank, lsize, rsize);
        /* Each rank sends to remote rank lrank % rsize, and receives from the remote ranks
           that send to it. */
        MPI_Isend(&v, 1, MPI_INT, lrank % rsize, 9, created, &req);
        for (r = 0; r < rsize; r++) {
            MPI_Status st;
            if (r % lsize != lrank)
                continue;
            MPI_Recv(&got, 1, MPI_INT, r, 9, created, &st);
            printf("world %d: created: got %d from remote rank %d\n", rank, got, st.MPI_SOURCE);
        }
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Comm_free(&created);
    } else {
        printf("world %d: created: MPI_COMM_NULL\n", rank);
    }
    MPI_Group_free(&fewer);
    MPI_Group_free(&group);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
