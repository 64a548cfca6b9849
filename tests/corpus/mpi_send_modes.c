/* The send modes: synchronous, ready and buffered sends deliver the same data.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, i, size;
    int a[4], b[4], c[4];
    char pool[1024];
    char *detached;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (i = 0; i < 4; i++) {
            a[i] = i;
            b[i] = 10 * i;
            c[i] = 100 * i;
        }
        MPI_Ssend(a, 4, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(&i, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Rsend(b, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
        MPI_Buffer_attach(pool, 1024);
        MPI_Bsend(c, 4, MPI_INT, 1, 3, MPI_COMM_WORLD);
        MPI_Buffer_detach(&detached, &size);
        printf("rank 0 detached a buffer of %d bytes\n", size);
        MPI_Issend(a, 2, MPI_INT, 1, 4, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0 finished its synchronous sends\n");
    } else {
        MPI_Irecv(b, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &req);
        MPI_Recv(a, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Recv(c, 4, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("ssend %d %d %d %d\n", a[0], a[1], a[2], a[3]);
        printf("rsend %d %d %d %d\n", b[0], b[1], b[2], b[3]);
        printf("bsend %d %d %d %d\n", c[0], c[1], c[2], c[3]);
        MPI_Recv(a, 2, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("issend %d %d\n", a[0], a[1]);
    }
    MPI_Finalize();
    return 0;
}
