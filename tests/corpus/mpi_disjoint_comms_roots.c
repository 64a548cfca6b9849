/* Ranks: 6 — communicators that one MPI_Comm_split or MPI_Comm_create makes share a context id
   (as in MPICH), so Rankscope once compared their collective calls with each other: a gather on
   {0} with root 0 was reported as disagreeing with a gather on {5, 4} with root 1, and a half
   finished meeting of one communicator stayed behind to be matched by a later one (a barrier
   against a broadcast). Found by the random differential test (scripts/random_mpi.py, seeds 3
   and 5). Here every communicator's own ranks agree, and MPICH runs it. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int wr;
    MPI_Comm_rank(MPI_COMM_WORLD, &wr);

    /* Three groups {5, 4}, {1, 2, 3} and {0}: each rank passes its own (MPI-2.2). */
    MPI_Group whole, g;
    MPI_Comm_group(MPI_COMM_WORLD, &whole);
    if (wr >= 4) {
        int range[1][3] = {{5, 4, -1}};
        MPI_Group_range_incl(whole, 1, range, &g);
    } else if (wr >= 1) {
        int out[3] = {0, 4, 5};
        MPI_Group_excl(whole, 3, out, &g);
    } else {
        int in[1] = {0};
        MPI_Group_incl(whole, 1, in, &g);
    }
    for (int round = 0; round < 3; round++) {
        MPI_Comm c;
        MPI_Comm_create(MPI_COMM_WORLD, g, &c);
        int r, n;
        MPI_Comm_rank(c, &r);
        MPI_Comm_size(c, &n);
        /* The root differs between the communicators: 1 % n is 1, 1 and 0. */
        int mine = 10 * wr + round, all[6] = {-1, -1, -1, -1, -1, -1};
        MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 1 % n, c);
        if (r == 1 % n)
            printf("round %d: world rank %d gathered %d ranks: %d %d %d\n", round, wr, n, all[0],
                   all[1], all[2]);
        MPI_Comm_free(&c);
    }
    MPI_Group_free(&g);
    MPI_Group_free(&whole);

    /* A split into {0, 1} and {2} … {5} alone: some call a barrier, the others a broadcast,
       and the context id comes back after each free. */
    for (int round = 0; round < 3; round++) {
        MPI_Comm c;
        MPI_Comm_split(MPI_COMM_WORLD, wr < 2 ? 0 : wr, -wr, &c);
        int r, n, v = wr;
        MPI_Comm_rank(c, &r);
        MPI_Comm_size(c, &n);
        if (n == 1) {
            MPI_Barrier(c);
        } else {
            MPI_Bcast(&v, 1, MPI_INT, (round + 1) % n, c);
            printf("round %d: world rank %d (rank %d of %d) got %d\n", round, wr, r, n, v);
        }
        MPI_Comm_free(&c);
    }
    MPI_Finalize();
    return 0;
}
