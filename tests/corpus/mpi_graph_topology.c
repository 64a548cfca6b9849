/* Ranks: 5 — a graph topology on 4 of 5 ranks (MPI_Graph_create; rank 4 gets MPI_COMM_NULL):
   MPI_Topo_test, MPI_Graphdims_get, MPI_Graph_get, MPI_Graph_neighbors(_count) with a duplicate
   edge and a self-loop, a duplicate that keeps the topology, and MPI_Graph_map/MPI_Cart_map. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, i;
  MPI_Comm graph, dup;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* 0 -> 1, 2, 1; 1 -> 2; 2 -> 3, 2; 3 -> 0 */
  int index[4] = {3, 4, 6, 7}, edges[7] = {1, 2, 1, 2, 3, 2, 0};
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 1, &graph);
  if (graph == MPI_COMM_NULL) {
    printf("rank %d: no graph\n", rank);
  } else {
    int status, nnodes, nedges, grank, n, nb[8], gi[4], ge[7];
    MPI_Topo_test(graph, &status);
    MPI_Graphdims_get(graph, &nnodes, &nedges);
    MPI_Comm_rank(graph, &grank);
    MPI_Graph_neighbors_count(graph, grank, &n);
    MPI_Graph_neighbors(graph, grank, 8, nb);
    printf("rank %d: graph %d, %d nodes %d edges, %d neighbours:", rank, status == MPI_GRAPH,
           nnodes, nedges, n);
    for (i = 0; i < n; i++) printf(" %d", nb[i]);
    printf("\n");
    MPI_Graph_get(graph, 4, 7, gi, ge);
    if (grank == 0) {
      printf("index %d %d %d %d edges", gi[0], gi[1], gi[2], gi[3]);
      for (i = 0; i < 5; i++) printf(" %d", ge[i]);
      printf("\n");
    }
    MPI_Comm_dup(graph, &dup);
    MPI_Topo_test(dup, &status);
    MPI_Graph_neighbors_count(dup, 3, &n);
    printf("rank %d: dup graph %d, rank 3 has %d\n", rank, status == MPI_GRAPH, n);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&graph);
  }
  int newrank, dims[2] = {2, 2}, periods[2] = {0, 1};
  MPI_Graph_map(MPI_COMM_WORLD, 4, index, edges, &newrank);
  printf("rank %d: graph map %d\n", rank, newrank);
  MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &newrank);
  printf("rank %d: cart map %d\n", rank, newrank);
  int status;
  MPI_Topo_test(MPI_COMM_WORLD, &status);
  printf("rank %d: world %d\n", rank, status == MPI_UNDEFINED);
  MPI_Finalize();
  return 0;
}
