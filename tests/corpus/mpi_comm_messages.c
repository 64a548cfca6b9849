/* Ranks: 4 | Messages on different communicators never meet, even with MPI_ANY_SOURCE and MPI_ANY_TAG, and
   statuses name communicator ranks (a library-safety example in the style of the MPI books). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, rev_rank, a, b, flag;
    MPI_Comm lib, rev;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    /* Reversed numbering: world rank r is rank size-1-r here. */
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    MPI_Comm_rank(rev, &rev_rank);

    if (rank == 0) {
        int x = 111, y = 222;
        MPI_Request sent[2];
        /* The "library" message is sent first, on the duplicate (non-blocking: safe even when
           sends are synchronous). */
        MPI_Isend(&x, 1, MPI_INT, 1, 5, lib, &sent[0]);
        MPI_Isend(&y, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &sent[1]);
        MPI_Waitall(2, sent, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        printf("world receive got %d from %d\n", a, st.MPI_SOURCE);
        MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, lib, &st);
        printf("library receive got %d from %d\n", b, st.MPI_SOURCE);
    }

    /* Ring in reversed numbering: send to rev_rank + 1, the status names rev ranks. */
    int token = 1000 + rev_rank, got;
    int right = (rev_rank + 1) % size, left = (rev_rank + size - 1) % size;
    MPI_Sendrecv(&token, 1, MPI_INT, right, 9, &got, 1, MPI_INT, left, 9, rev, &st);
    printf("rev %d (world %d) got %d from rev %d\n", rev_rank, rank, got, st.MPI_SOURCE);

    /* Probe on a communicator reports its rank too. */
    if (rev_rank == 0) {
        int v = 7;
        MPI_Send(&v, 1, MPI_INT, 2, 3, rev);
    } else if (rev_rank == 2) {
        int v;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, rev, &st);
        printf("probe on rev: source %d tag %d\n", st.MPI_SOURCE, st.MPI_TAG);
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        printf("nothing waits on world: %d\n", flag);
        MPI_Recv(&v, 1, MPI_INT, 0, 3, rev, &st);
        printf("received %d from rev %d\n", v, st.MPI_SOURCE);
    }

    /* Non-blocking exchange on the duplicate with MPI_COMM_SELF alongside. */
    MPI_Request reqs[2];
    int out = rank, in = -1, self_in;
    MPI_Irecv(&in, 1, MPI_INT, (rank + size - 1) % size, 0, lib, &reqs[0]);
    MPI_Isend(&out, 1, MPI_INT, (rank + 1) % size, 0, lib, &reqs[1]);
    MPI_Sendrecv(&out, 1, MPI_INT, 0, 0, &self_in, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &st);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    printf("rank %d: from the left %d, from itself %d (source %d)\n", rank, in, self_in, st.MPI_SOURCE);

    MPI_Barrier(lib);
    MPI_Comm_free(&lib);
    MPI_Comm_free(&rev);
    MPI_Finalize();
    return 0;
}
