/* Ranks: 1 — attribute copy and delete callbacks run in MPICH's order: the last set first, on MPI_Comm_dup,
   MPI_Comm_free and at MPI_Finalize (MPI_COMM_SELF's before MPI_COMM_WORLD's). */
#include <mpi.h>
#include <stdio.h>
static int del(MPI_Comm comm, int keyval, void *value, void *extra) { printf("delete %ld\n", (long)value); return 0; }
static int cp(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag) { printf("copy %ld\n", (long)in); *(void**)out = in; *flag = 1; return 0; }
int main(int argc, char **argv) {
    int k[3]; MPI_Comm d, e;
    MPI_Init(&argc, &argv);
    for (int i = 0; i < 3; i++) MPI_Comm_create_keyval(cp, del, &k[i], NULL);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_attr(d, k[1], (void*)1L);
    MPI_Comm_set_attr(d, k[0], (void*)0L);
    MPI_Comm_set_attr(d, k[2], (void*)2L);
    printf("dup\n");
    MPI_Comm_dup(d, &e);
    printf("free\n");
    MPI_Comm_free(&d);
    printf("free e\n");
    MPI_Comm_free(&e);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k[1], (void*)11L);
    MPI_Comm_set_attr(MPI_COMM_SELF, k[1], (void*)21L);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k[2], (void*)12L);
    MPI_Comm_set_attr(MPI_COMM_SELF, k[0], (void*)20L);
    printf("finalize\n");
    MPI_Finalize();
    return 0;
}
