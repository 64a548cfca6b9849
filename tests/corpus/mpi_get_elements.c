/* MPI_Get_elements counts basic elements (a pair type is 2; a partial pair is MPI_UNDEFINED) next to MPI_Get_count.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct { double d; int i; } p[3] = {{1,1},{2,2},{3,3}};
    int ii[6] = {1,2,3,4,5,6};
    if (rank == 0) { MPI_Send(p, 3, MPI_DOUBLE_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(ii, 3, MPI_2INT, 1, 1, MPI_COMM_WORLD); MPI_Send(ii, 5, MPI_INT, 1, 2, MPI_COMM_WORLD);}
    else { MPI_Status st; int n, c;
      MPI_Recv(p, 3, MPI_DOUBLE_INT, 0, 0, MPI_COMM_WORLD, &st); MPI_Get_elements(&st, MPI_DOUBLE_INT, &n); MPI_Get_count(&st, MPI_DOUBLE_INT, &c); printf("double_int elements %d count %d\n", n, c);
      MPI_Recv(ii, 3, MPI_2INT, 0, 1, MPI_COMM_WORLD, &st); MPI_Get_elements(&st, MPI_2INT, &n); MPI_Get_count(&st, MPI_2INT, &c); printf("2int elements %d count %d\n", n, c);
      MPI_Recv(ii, 3, MPI_2INT, 0, 2, MPI_COMM_WORLD, &st); MPI_Get_elements(&st, MPI_2INT, &n); MPI_Get_count(&st, MPI_2INT, &c); printf("2int from 5 ints: elements %d count %d\n", n, c);
    }
    MPI_Finalize(); return 0; }
