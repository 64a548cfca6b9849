/* Ranks: 2 — attributes on datatypes and windows: MPI_Type_dup runs the copy callbacks,
   MPI_Type_free and MPI_Win_free the delete callbacks (which may query the object), a keyval
   freed inside its own delete callback, type and window names. */
#include <mpi.h>
#include <stdio.h>

static int rank, tkey, wkey;

static int tcopy(MPI_Datatype t, int key, void *extra, void *in, void *out, int *flag) {
    printf("rank %d: type copy %ld\n", rank, (long)in);
    *(void **)out = (void *)((long)in + 100);
    *flag = 1;
    return MPI_SUCCESS;
}

static int tdel(MPI_Datatype t, int key, void *val, void *extra) {
    int size;
    MPI_Type_size(t, &size);
    printf("rank %d: type delete %ld (size %d)\n", rank, (long)val, size);
    return MPI_SUCCESS;
}

static int wdel(MPI_Win w, int key, void *val, void *extra) {
    char name[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Win_get_name(w, name, &len);
    printf("rank %d: window delete %ld on '%s'\n", rank, (long)val, name);
    MPI_Win_free_keyval(&key);
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Datatype t, d;
    MPI_Win win;
    int buf[4], flag;
    void *v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(3, MPI_INT, &t);
    MPI_Type_create_keyval(tcopy, tdel, &tkey, NULL);
    MPI_Type_set_attr(t, tkey, (void *)(long)(rank + 1));
    MPI_Type_set_attr(MPI_INT, tkey, (void *)7L);
    MPI_Type_dup(t, &d);
    MPI_Type_get_attr(d, tkey, &v, &flag);
    printf("rank %d: dup has %ld (flag %d)\n", rank, (long)v, flag);
    MPI_Type_set_attr(d, tkey, (void *)50L);
    MPI_Type_free(&t);
    MPI_Type_free(&d);
    MPI_Type_delete_attr(MPI_INT, tkey);
    MPI_Type_free_keyval(&tkey);

    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_name(win, "the buffer");
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, wdel, &wkey, NULL);
    MPI_Win_set_attr(win, wkey, (void *)(long)(rank + 10));
    MPI_Win_get_attr(win, wkey, &v, &flag);
    printf("rank %d: window attribute %ld (flag %d)\n", rank, (long)v, flag);
    MPI_Win_free(&win);
    printf("rank %d: window freed %d\n", rank, win == MPI_WIN_NULL);
    MPI_Finalize();
    return 0;
}
