/* Ranks: 2 — keyvals with the program's copy and delete callbacks: MPI_Comm_dup copies (or not),
   MPI_Comm_free, MPI_Comm_delete_attr and a set over a value call the delete callback; MPI-1 names too. */
#include <mpi.h>
#include <stdio.h>

static int rank;

static int copy_double(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag) {
    long v = (long)in;
    printf("rank %d: copy of %ld (extra %d)\n", rank, v, *(int *)extra);
    *(void **)out = (void *)(v * 2);
    *flag = 1;
    return MPI_SUCCESS;
}

static int copy_none(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag) {
    printf("rank %d: not copying %ld\n", rank, (long)in);
    *flag = 0;
    return MPI_SUCCESS;
}

static int del(MPI_Comm comm, int keyval, void *value, void *extra) {
    printf("rank %d: delete %ld (extra %d)\n", rank, (long)value, *(int *)extra);
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    int k1, k2, k3, k4, flag, extra = 7, other = 9;
    void *v;
    MPI_Comm dup, dup2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(copy_double, del, &k1, &extra);
    MPI_Comm_create_keyval(copy_none, del, &k2, &other);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &k3, NULL);
    MPI_Keyval_create(MPI_NULL_COPY_FN, del, &k4, &extra);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k1, (void *)(long)(10 + rank));
    MPI_Comm_set_attr(MPI_COMM_WORLD, k2, (void *)20L);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k3, (void *)30L);
    MPI_Attr_put(MPI_COMM_WORLD, k4, (void *)40L);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int keys[4] = {k1, k2, k3, k4};
    for (int i = 0; i < 4; i++) {
        MPI_Comm_get_attr(dup, keys[i], &v, &flag);
        if (flag) printf("rank %d: dup has key %d = %ld\n", rank, i + 1, (long)v);
        else printf("rank %d: dup lacks key %d\n", rank, i + 1);
    }
    MPI_Comm_dup(dup, &dup2);
    MPI_Comm_get_attr(dup2, k1, &v, &flag);
    printf("rank %d: dup of dup has %ld (flag %d)\n", rank, (long)v, flag);
    MPI_Comm_set_attr(dup, k1, (void *)99L);
    MPI_Comm_delete_attr(dup, k3);
    MPI_Comm_get_attr(dup, k3, &v, &flag);
    printf("rank %d: k3 after delete: flag %d\n", rank, flag);
    MPI_Comm_free_keyval(&k1);
    printf("rank %d: k1 freed: %d\n", rank, k1 == MPI_KEYVAL_INVALID);
    MPI_Comm_free(&dup);
    printf("rank %d: dup freed: %d\n", rank, dup == MPI_COMM_NULL);
    MPI_Comm_free(&dup2);
    MPI_Attr_get(MPI_COMM_WORLD, k4, &v, &flag);
    printf("rank %d: world k4 = %ld flag %d\n", rank, (long)v, flag);
    MPI_Attr_delete(MPI_COMM_WORLD, k4);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, k2);
    MPI_Keyval_free(&k4);
    MPI_Comm_free_keyval(&k2);
    MPI_Comm_free_keyval(&k3);
    MPI_Finalize();
    return 0;
}
