/* MPI_BOTTOM with a struct type of absolute addresses (MPI_Get_address); MPI_Get_elements_x as an MPI_Count; sizeof(MPI_Status) as MPICH.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, a = 0, b[3] = {0, 0, 0};
    double d = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) { a = 7; b[0] = 1; b[1] = 2; b[2] = 3; d = 2.5; }
    int lens[3] = {1, 3, 1};
    MPI_Aint disp[3];
    MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_DOUBLE}, t;
    MPI_Get_address(&a, &disp[0]);
    MPI_Get_address(b, &disp[1]);
    MPI_Get_address(&d, &disp[2]);
    MPI_Type_create_struct(3, lens, disp, types, &t);
    MPI_Type_commit(&t);
    if (rank == 0) MPI_Send(MPI_BOTTOM, 1, t, 1, 0, MPI_COMM_WORLD);
    else {
        MPI_Status st;
        MPI_Count n;
        MPI_Recv(MPI_BOTTOM, 1, t, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_elements_x(&st, t, &n);
        printf("a=%d b=%d %d %d d=%.1f elements=%ld sizeof(MPI_Status)=%zu\n", a, b[0], b[1], b[2], d, (long)n, sizeof(MPI_Status));
    }
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
