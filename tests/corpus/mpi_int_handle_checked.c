/* An int that holds no handle compiles, as with mpicc (MPICH handles are ints), and the call refuses it at run time with MPICH's error class: MPI_ERR_TYPE for a datatype, MPI_ERR_COMM for a communicator.  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int x = 1, bad = 12345, types[2] = {MPI_INT, 7};
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int e = MPI_Send(&x, 1, types[1], 0, 0, MPI_COMM_WORLD);
    int c;
    MPI_Error_class(e, &c);
    printf("class %d type %d\n", c, c == MPI_ERR_TYPE);
    e = MPI_Barrier(bad);
    MPI_Error_class(e, &c);
    printf("class %d comm %d\n", c, c == MPI_ERR_COMM);
    MPI_Finalize();
    return 0;
}
