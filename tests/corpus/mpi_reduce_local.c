/* Ranks: 2 — MPI_Reduce_local: inoutbuf = inbuf op inoutbuf on one rank, with a predefined
   operation and with a non-commutative user-defined one (inbuf is the first operand). */
#include <mpi.h>
#include <stdio.h>

static void minus(void *in, void *inout, int *len, MPI_Datatype *type) {
  int *a = in, *b = inout;
  for (int i = 0; i < *len; i++) b[i] = a[i] - 2 * b[i];
}

int main(int argc, char **argv) {
  int rank, i, in[4], io[4];
  MPI_Op op;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 4; i++) { in[i] = 10 * rank + i; io[i] = i * i; }
  MPI_Reduce_local(in, io, 4, MPI_INT, MPI_SUM);
  printf("rank %d sum %d %d %d %d\n", rank, io[0], io[1], io[2], io[3]);
  MPI_Reduce_local(in, io, 4, MPI_INT, MPI_MAX);
  printf("rank %d max %d %d %d %d\n", rank, io[0], io[1], io[2], io[3]);
  MPI_Op_create(minus, 0, &op);
  MPI_Reduce_local(in, io, 4, MPI_INT, op);
  printf("rank %d user %d %d %d %d\n", rank, io[0], io[1], io[2], io[3]);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
