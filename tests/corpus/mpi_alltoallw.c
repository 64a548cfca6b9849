/* Ranks: 4 — MPI_Alltoallw: each block with its own count, byte displacement and datatype (ints
   to even ranks, a strided vector of doubles to odd ones), with MPI_IN_PLACE, and
   MPI_Ialltoallw overlapped with computation. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, i, j;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  /* A send buffer of doubles; peer p gets p+1 of them, as ints for even p (converted first) or
     as every second double for odd p. */
  double d[64];
  int ints[64];
  for (i = 0; i < 64; i++) { d[i] = rank * 100 + i; ints[i] = rank * 100 + i; }
  MPI_Datatype every2;
  MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &every2);
  MPI_Type_commit(&every2);
  int scounts[4], sdispls[4], rcounts[4], rdispls[4];
  MPI_Datatype stypes[4], rtypes[4];
  char *base = (char *)d;
  for (i = 0; i < size; i++) {
    if (i % 2 == 0) {
      scounts[i] = i + 1; stypes[i] = MPI_INT;
      sdispls[i] = (int)((char *)&ints[4 * i] - base);
    } else {
      scounts[i] = 1; stypes[i] = every2;
      sdispls[i] = (int)((char *)&d[8 * i] - base);
    }
  }
  /* What arrives: from every peer, rank+1 ints if this rank is even, else two doubles. */
  double rd[16];
  int ri[16];
  char *rbase = (char *)rd;
  for (i = 0; i < 16; i++) { rd[i] = -1; ri[i] = -1; }
  for (i = 0; i < size; i++) {
    if (rank % 2 == 0) {
      rcounts[i] = rank + 1; rtypes[i] = MPI_INT;
      rdispls[i] = (int)((char *)&ri[3 * i] - rbase);
    } else {
      rcounts[i] = 2; rtypes[i] = MPI_DOUBLE;
      rdispls[i] = (int)((char *)&rd[2 * (size - 1 - i)] - rbase);
    }
  }
  MPI_Alltoallw(base, scounts, sdispls, stypes, rbase, rcounts, rdispls, rtypes, MPI_COMM_WORLD);
  printf("rank %d:", rank);
  for (i = 0; i < 12; i++) {
    if (rank % 2 == 0) printf(" %d", ri[i]);
    else printf(" %.0f", rd[i]);
  }
  printf("\n");

  /* In place: rank r's block j (one int at byte 4j) is exchanged with rank j's block r. */
  int a[4];
  for (i = 0; i < size; i++) {
    a[i] = 10 * rank + i;
    rcounts[i] = 1; rdispls[i] = 4 * i; rtypes[i] = MPI_INT;
  }
  MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, a, rcounts, rdispls, rtypes, MPI_COMM_WORLD);
  printf("rank %d in place: %d %d %d %d\n", rank, a[0], a[1], a[2], a[3]);

  /* Non-blocking, with work while it runs. */
  int b[4], c[4];
  MPI_Request req;
  for (i = 0; i < size; i++) {
    b[i] = rank * rank + i;
    scounts[i] = 1; sdispls[i] = 4 * i; stypes[i] = MPI_INT;
  }
  MPI_Ialltoallw(b, scounts, sdispls, stypes, c, rcounts, rdispls, rtypes, MPI_COMM_WORLD, &req);
  double work = 0;
  for (j = 0; j < 1000; j++) work += j * 0.5;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  printf("rank %d ialltoallw: %d %d %d %d (work %.1f)\n", rank, c[0], c[1], c[2], c[3], work);

  MPI_Type_free(&every2);
  MPI_Finalize();
  return 0;
}
