/* Ranks: 4 — persistent collectives (MPI-4): MPI_Bcast_init, MPI_Allreduce_init, MPI_Reduce_init,
   MPI_Alltoall_init and MPI_Barrier_init made once and started several times with MPI_Start
   (new data in the same buffers each time), completed by MPI_Wait and MPI_Test, then freed. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, i, it;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int b[3], x, sum, prod, s[4], r[4];
  MPI_Request bcast, allred, red, a2a, bar;
  MPI_Bcast_init(b, 3, MPI_INT, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &bcast);
  MPI_Allreduce_init(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &allred);
  MPI_Reduce_init(&x, &prod, 1, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &red);
  MPI_Alltoall_init(s, 1, MPI_INT, r, 1, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &a2a);
  MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &bar);

  for (it = 0; it < 3; it++) {
    for (i = 0; i < 3; i++) b[i] = rank == 2 ? 10 * it + i : -1;
    x = rank + it + 1;
    for (i = 0; i < size; i++) s[i] = 100 * it + 10 * rank + i;
    MPI_Start(&bcast);
    MPI_Wait(&bcast, MPI_STATUS_IGNORE);
    MPI_Start(&allred);
    int flag = 0;
    while (!flag) MPI_Test(&allred, &flag, MPI_STATUS_IGNORE);
    MPI_Start(&red);
    MPI_Start(&a2a);
    MPI_Wait(&red, MPI_STATUS_IGNORE);
    MPI_Wait(&a2a, MPI_STATUS_IGNORE);
    MPI_Start(&bar);
    MPI_Wait(&bar, MPI_STATUS_IGNORE);
    printf("rank %d round %d: bcast %d %d %d sum %d alltoall %d %d %d %d\n", rank, it, b[0], b[1],
           b[2], sum, r[0], r[1], r[2], r[3]);
    if (rank == 0) printf("round %d product %d\n", it, prod);
  }
  /* A completed persistent request keeps its handle; waiting on it again returns at once. */
  MPI_Wait(&bcast, MPI_STATUS_IGNORE);
  printf("rank %d handle kept: %d\n", rank, bcast != MPI_REQUEST_NULL);
  MPI_Request_free(&bcast);
  MPI_Request_free(&allred);
  MPI_Request_free(&red);
  MPI_Request_free(&a2a);
  MPI_Request_free(&bar);
  printf("rank %d freed: %d\n", rank, bcast == MPI_REQUEST_NULL && bar == MPI_REQUEST_NULL);
  MPI_Finalize();
  return 0;
}
