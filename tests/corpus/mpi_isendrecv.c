/* MPI_Isendrecv and MPI_Isendrecv_replace around a ring, MPI_Request_get_status on a completed receive, a persistent buffered send (MPI_Bsend_init) started twice, and MPI_Get_library_version.  Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int rank, size, flag, count, len;
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    MPI_Request req;
    MPI_Status status;
    MPI_Get_library_version(version, &len);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    if (rank == 0) {
        char *nl = strchr(version, '\n');
        printf("library version: %d characters, first line \"%.*s\"\n", len, (int)(nl - version), version);
    }
    int out[2] = { rank, 10 * rank }, in[2] = { -1, -1 };
    MPI_Isendrecv(out, 2, MPI_INT, right, 5, in, 2, MPI_INT, left, 5, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    /* MPICH reports source 0, tag 0 and no data for an MPI_Isendrecv request */
    printf("rank %d got %d %d; status source %d tag %d, %d ints\n", rank, in[0], in[1], status.MPI_SOURCE,
           status.MPI_TAG, count);
    double x = rank + 0.5;
    MPI_Isendrecv_replace(&x, 1, MPI_DOUBLE, left, 6, right, 6, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d replaced with %g\n", rank, x);
    /* MPI_Request_get_status leaves the request to MPI_Wait */
    if (rank == 1) {
        int v = 42;
        MPI_Ssend(&v, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        int v = 0;
        MPI_Irecv(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &req);
        do {
            MPI_Request_get_status(req, &flag, &status);
        } while (!flag);
        printf("get_status: source %d tag %d, request still set: %d\n", status.MPI_SOURCE,
               status.MPI_TAG, req != MPI_REQUEST_NULL);
        MPI_Wait(&req, &status);
        printf("wait: %d from %d, request now null: %d\n", v, status.MPI_SOURCE, req == MPI_REQUEST_NULL);
    }
    MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &status);
    if (rank == 0)
        printf("null request: flag %d source %d tag %d\n", flag, status.MPI_SOURCE, status.MPI_TAG);
    /* persistent buffered sends */
    int bufsize = 2 * (sizeof(int) + MPI_BSEND_OVERHEAD);
    char *attached = malloc(bufsize);
    MPI_Buffer_attach(attached, bufsize);
    int value = 100 * rank;
    MPI_Bsend_init(&value, 1, MPI_INT, right, 8, MPI_COMM_WORLD, &req);
    for (int round = 0; round < 2; round++) {
        int got;
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        value += 1;
        MPI_Recv(&got, 1, MPI_INT, left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank %d round %d got %d\n", rank, round, got);
    }
    MPI_Request_free(&req);
    MPI_Buffer_detach(&attached, &bufsize);
    free(attached);
    MPI_Finalize();
    return 0;
}
