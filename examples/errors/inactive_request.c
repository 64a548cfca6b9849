/* Waiting on a request handle that was never created (a garbage value).  Run:  rankscope run examples/errors/inactive_request.c -n 2 -p ib-qdr */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Request req = 12345;
    MPI_Init(&argc, &argv);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
