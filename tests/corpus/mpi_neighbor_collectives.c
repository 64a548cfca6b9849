/* Ranks: 6 — neighbourhood collectives: MPI_Neighbor_alltoall and MPI_Neighbor_allgather on a
   periodic ring, on a 2x3 grid whose edges are not periodic (MPI_PROC_NULL neighbours: their
   slots stay as they were), on a graph, and MPI_Ineighbor_alltoall. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, i;
  MPI_Comm ring, grid, graph;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int dims1[1] = {size}, per1[1] = {1};
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims1, per1, 0, &ring);
  int s[4] = {10 * rank, 10 * rank + 1, 0, 0}, r[4] = {-1, -1, -1, -1};
  MPI_Neighbor_alltoall(s, 1, MPI_INT, r, 1, MPI_INT, ring);
  printf("rank %d ring alltoall %d %d\n", rank, r[0], r[1]);
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, r, 1, MPI_INT, ring);
  printf("rank %d ring allgather %d %d\n", rank, r[0], r[1]);

  int dims2[2] = {2, 3}, per2[2] = {0, 0};
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims2, per2, 0, &grid);
  int gs[8], gr[8];
  for (i = 0; i < 8; i++) { gs[i] = 100 * rank + i; gr[i] = -1; }
  MPI_Neighbor_alltoall(gs, 1, MPI_INT, gr, 1, MPI_INT, grid);
  printf("rank %d grid alltoall %d %d %d %d\n", rank, gr[0], gr[1], gr[2], gr[3]);
  MPI_Request req;
  for (i = 0; i < 8; i++) gr[i] = -2;
  MPI_Ineighbor_alltoall(gs, 2, MPI_INT, gr, 2, MPI_INT, grid, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d grid ialltoall", rank);
  for (i = 0; i < 8; i++) printf(" %d", gr[i]);
  printf("\n");

  /* A symmetric graph: a star around rank 0 (rank 0 lists 1..5; each other rank lists 0). */
  int index[6] = {5, 6, 7, 8, 9, 10}, edges[10] = {1, 2, 3, 4, 5, 0, 0, 0, 0, 0};
  MPI_Graph_create(MPI_COMM_WORLD, 6, index, edges, 0, &graph);
  int nb[5] = {-1, -1, -1, -1, -1}, v = rank * rank;
  MPI_Neighbor_allgather(&v, 1, MPI_INT, nb, 1, MPI_INT, graph);
  printf("rank %d graph allgather %d %d %d %d %d\n", rank, nb[0], nb[1], nb[2], nb[3], nb[4]);

  MPI_Comm_free(&graph);
  MPI_Comm_free(&grid);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
