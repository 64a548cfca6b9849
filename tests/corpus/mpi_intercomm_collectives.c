/* Ranks: 6 — collectives on an intercommunicator between groups of 2 and 4 ranks: data flows
   from one group to the other. MPI_Gather(v) and MPI_Scatter(v) with MPI_ROOT at the root and
   MPI_PROC_NULL at its group's other ranks, MPI_Allgather(v), MPI_Alltoall(v,w), MPI_Reduce_scatter
   and _block (each group gets the other group's sum), and non-blocking forms. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, lrank, lsize, rsize, left, i;
  MPI_Comm half, inter;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  left = rank < 2;
  MPI_Comm_split(MPI_COMM_WORLD, left, rank, &half);
  MPI_Comm_rank(half, &lrank);
  MPI_Comm_size(half, &lsize);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, left ? 2 : 0, 7, &inter);
  MPI_Comm_remote_size(inter, &rsize);

  /* Gather to the left group's rank 1. */
  int x = 10 * rank + 1, got[8] = {0};
  int root = left ? (lrank == 1 ? MPI_ROOT : MPI_PROC_NULL) : 1;
  MPI_Gather(&x, 1, MPI_INT, got, 1, MPI_INT, root, inter);
  if (left && lrank == 1)
    printf("gather at %d: %d %d %d %d\n", rank, got[0], got[1], got[2], got[3]);

  /* Gatherv to the right group's rank 2: remote rank i sends i+1 ints, placed from the end. */
  int send[8], counts[8], displs[8], buf[32];
  for (i = 0; i < 8; i++) send[i] = 100 * rank + i;
  for (i = 0; i < 32; i++) buf[i] = -1;
  root = left ? 2 : (lrank == 2 ? MPI_ROOT : MPI_PROC_NULL);
  for (i = 0; i < 3; i++) { counts[i] = i + 1; displs[i] = 10 - 3 * i; }
  MPI_Gatherv(send, left ? lrank + 1 : 0, MPI_INT, buf, counts, displs, MPI_INT, root, inter);
  if (!left && lrank == 2) {
    printf("gatherv at %d:", rank);
    for (i = 0; i < 14; i++) printf(" %d", buf[i]);
    printf("\n");
  }

  /* Scatter from the right group's rank 0; Scatterv from the left group's rank 0. */
  int y = -1, r = -1;
  root = left ? 0 : (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL);
  for (i = 0; i < 8; i++) send[i] = 1000 + 7 * i + rank;
  MPI_Scatter(send, 1, MPI_INT, &y, 1, MPI_INT, root, inter);
  root = left ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  for (i = 0; i < 4; i++) { counts[i] = 2; displs[i] = 6 - 2 * i; }
  int pair[2] = {-1, -1};
  MPI_Scatterv(send, counts, displs, MPI_INT, pair, 2, MPI_INT, root, inter);
  printf("rank %d scatter %d scatterv %d %d\n", rank, y, pair[0], pair[1]);

  /* Allgather and Allgatherv: each rank gets the other group's blocks. */
  int all[8] = {0};
  MPI_Allgather(&x, 1, MPI_INT, all, 1, MPI_INT, inter);
  printf("rank %d allgather", rank);
  for (i = 0; i < rsize; i++) printf(" %d", all[i]);
  printf("\n");
  for (i = 0; i < rsize; i++) { counts[i] = 1 + (i % 2); displs[i] = 2 * (rsize - 1 - i); }
  int mine[2] = {rank, -rank};
  for (i = 0; i < 16; i++) buf[i] = 0;
  MPI_Allgatherv(mine, 1 + (lrank % 2), MPI_INT, buf, counts, displs, MPI_INT, inter);
  printf("rank %d allgatherv", rank);
  for (i = 0; i < 2 * rsize; i++) printf(" %d", buf[i]);
  printf("\n");

  /* Alltoall: block i goes to remote rank i. */
  for (i = 0; i < rsize; i++) send[i] = 100 * rank + i;
  MPI_Alltoall(send, 1, MPI_INT, all, 1, MPI_INT, inter);
  printf("rank %d alltoall", rank);
  for (i = 0; i < rsize; i++) printf(" %d", all[i]);
  printf("\n");

  /* Alltoallv: remote rank i gets lrank+1 ints; Alltoallw with doubles and byte displacements. */
  int scounts[8], sdispls[8], rcounts[8], rdispls[8];
  for (i = 0; i < rsize; i++) {
    scounts[i] = lrank + 1; sdispls[i] = 0;
    rcounts[i] = i + 1; rdispls[i] = 4 * i;
  }
  for (i = 0; i < 32; i++) buf[i] = -1;
  MPI_Alltoallv(send, scounts, sdispls, MPI_INT, buf, rcounts, rdispls, MPI_INT, inter);
  printf("rank %d alltoallv", rank);
  for (i = 0; i < 4 * rsize; i++) printf(" %d", buf[i]);
  printf("\n");
  double dsend[8], drecv[8];
  MPI_Datatype stypes[8], rtypes[8];
  for (i = 0; i < rsize; i++) {
    dsend[i] = rank + i / 4.0;
    scounts[i] = 1; sdispls[i] = i * (int)sizeof(double); stypes[i] = MPI_DOUBLE;
    rcounts[i] = 1; rdispls[i] = (rsize - 1 - i) * (int)sizeof(double); rtypes[i] = MPI_DOUBLE;
    drecv[i] = 0;
  }
  MPI_Alltoallw(dsend, scounts, sdispls, stypes, drecv, rcounts, rdispls, rtypes, inter);
  printf("rank %d alltoallw", rank);
  for (i = 0; i < rsize; i++) printf(" %.2f", drecv[i]);
  printf("\n");

  /* Reduce_scatter: both groups' counts sum to 6; rank i of a group gets its block of the other
     group's sums. */
  int vals[6], part[6] = {0};
  for (i = 0; i < 6; i++) vals[i] = rank * (i + 1);
  int rs2[2] = {2, 4}, rs4[4] = {2, 0, 3, 1};
  MPI_Reduce_scatter(vals, part, left ? rs2 : rs4, MPI_INT, MPI_SUM, inter);
  int n = left ? rs2[lrank] : rs4[lrank];
  printf("rank %d reduce_scatter", rank);
  for (i = 0; i < n; i++) printf(" %d", part[i]);
  printf("\n");
  /* Reduce_scatter_block: 12 elements in each group (2 ranks x 6, 4 ranks x 3). */
  int blockvals[12], blk[6] = {0, 0, 0, 0, 0, 0}, per = left ? 6 : 3;
  for (i = 0; i < 12; i++) blockvals[i] = (rank * 5 + i * 3) % 11;
  MPI_Reduce_scatter_block(blockvals, blk, per, MPI_INT, MPI_MAX, inter);
  printf("rank %d reduce_scatter_block", rank);
  for (i = 0; i < per; i++) printf(" %d", blk[i]);
  printf("\n");

  /* Non-blocking: Igather to the right group's rank 3, Ialltoall. */
  MPI_Request req[2];
  root = left ? 3 : (lrank == 3 ? MPI_ROOT : MPI_PROC_NULL);
  for (i = 0; i < 8; i++) got[i] = 0;
  MPI_Igather(&x, 1, MPI_INT, got, 1, MPI_INT, root, inter, &req[0]);
  for (i = 0; i < rsize; i++) send[i] = rank * rsize + i;
  MPI_Ialltoall(send, 1, MPI_INT, all, 1, MPI_INT, inter, &req[1]);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  if (!left && lrank == 3) printf("igather at %d: %d %d %d\n", rank, got[0], got[1], got[2]);
  printf("rank %d ialltoall", rank);
  for (i = 0; i < rsize; i++) printf(" %d", all[i]);
  printf("\n");

  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
