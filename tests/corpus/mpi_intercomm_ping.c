/* Ranks: 6 — an intercommunicator between two halves of MPI_COMM_WORLD (MPI_Intercomm_create):
   point-to-point ranks name ranks of the other group, MPI_ANY_SOURCE matches any of them, and
   the status names the remote rank; its local and remote groups, a duplicate, and the
   collectives that run on it (MPI_Bcast from MPI_ROOT, MPI_Allreduce, MPI_Reduce, MPI_Barrier). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, lrank, lsize, rsize, flag, result, i;
    MPI_Comm half, inter, dup;
    MPI_Group local, remote, world;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank % 2 == 0; /* even ranks on the left, odd ranks on the right */
    MPI_Comm_split(MPI_COMM_WORLD, left, size - rank, &half);
    /* Leaders: the rank 0 of each half; their ranks in MPI_COMM_WORLD name each other. */
    MPI_Comm_rank(half, &lrank);
    int remote_leader = left ? size - 1 : size - 2;
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, remote_leader, 77, &inter);

    MPI_Comm_test_inter(inter, &flag);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);
    printf("world %d: inter %d, rank %d of %d, remote size %d\n", rank, flag, lrank, lsize, rsize);
    MPI_Comm_test_inter(half, &flag);
    printf("world %d: half is inter %d\n", rank, flag);

    /* Who is who: the remote group's ranks in MPI_COMM_WORLD. */
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm_remote_group(inter, &remote);
    MPI_Comm_group(inter, &local);
    for (i = 0; i < rsize; i++) {
        int w;
        MPI_Group_translate_ranks(remote, 1, &i, world, &w);
        if (lrank == 0)
            printf("world %d: remote rank %d is world %d\n", rank, i, w);
    }
    MPI_Group_compare(local, remote, &result);
    printf("world %d: local vs remote group %d\n", rank, result);

    /* Each left rank sends to the right rank of the same number; the right ranks receive from
       any source and say who sent. */
    if (left) {
        int v = 1000 + rank;
        MPI_Send(&v, 1, MPI_INT, lrank % rsize, 3, inter);
        MPI_Recv(&v, 1, MPI_INT, lrank % rsize, 4, inter, &st);
        printf("world %d: reply %d from remote rank %d\n", rank, v, st.MPI_SOURCE);
    } else {
        int v, count;
        MPI_Probe(MPI_ANY_SOURCE, 3, inter, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 3, inter, &st);
        printf("world %d: got %d (%d int) from remote rank %d, tag %d\n", rank, v, count,
               st.MPI_SOURCE, st.MPI_TAG);
        v = -v;
        MPI_Send(&v, 1, MPI_INT, st.MPI_SOURCE, 4, inter);
    }

    MPI_Comm_dup(inter, &dup);
    MPI_Comm_compare(inter, dup, &result);
    printf("world %d: inter vs its dup %d\n", rank, result);
    MPI_Comm_compare(inter, half, &result);
    printf("world %d: inter vs half %d\n", rank, result);

    /* Broadcast from the right group's rank 1 to the left group. */
    int b[2] = {-1, -1};
    if (left) {
        MPI_Bcast(b, 2, MPI_INT, 1, dup);
    } else if (lrank == 1) {
        b[0] = 40 + rank;
        b[1] = 50 + rank;
        MPI_Bcast(b, 2, MPI_INT, MPI_ROOT, dup);
    } else {
        MPI_Bcast(b, 2, MPI_INT, MPI_PROC_NULL, dup);
    }
    printf("world %d: bcast %d %d\n", rank, b[0], b[1]);

    /* Allreduce: each group gets the reduction of the other group's values. */
    int mine[2] = {rank, 1}, theirs[2];
    MPI_Allreduce(mine, theirs, 2, MPI_INT, MPI_SUM, dup);
    printf("world %d: other group's sum %d over %d ranks\n", rank, theirs[0], theirs[1]);
    double d = rank * 1.5, dmax;
    MPI_Allreduce(&d, &dmax, 1, MPI_DOUBLE, MPI_MAX, inter);
    printf("world %d: other group's max %.1f\n", rank, dmax);
    /* Reduce to the left group's rank 2 (MPI_ROOT) from the right group, in rank order. */
    int prod = -1, f = rank + 1;
    if (!left)
        MPI_Reduce(&f, &prod, 1, MPI_INT, MPI_PROD, 2, inter);
    else
        MPI_Reduce(&f, &prod, 1, MPI_INT, MPI_PROD, lrank == 2 ? MPI_ROOT : MPI_PROC_NULL, inter);
    printf("world %d: reduce %d\n", rank, prod);
    MPI_Barrier(inter);

    MPI_Group_free(&local);
    MPI_Group_free(&remote);
    MPI_Group_free(&world);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    printf("world %d: done\n", rank);
    MPI_Finalize();
    return 0;
}
