/* Ranks: 2 — the attributes MPICH predefines: MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL, MPI_APPNUM,
   MPI_LASTUSEDCODE on MPI_COMM_WORLD and MPI_COMM_SELF (MPI_UNIVERSE_SIZE not set), keyval handles, and a
   window's MPI_WIN_BASE, _SIZE, _DISP_UNIT, _CREATE_FLAVOR and _MODEL. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, flag, *v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int keys[7] = {MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL, MPI_UNIVERSE_SIZE, MPI_APPNUM, MPI_LASTUSEDCODE};
    const char *names[7] = {"TAG_UB","HOST","IO","WTIME_IS_GLOBAL","UNIVERSE_SIZE","APPNUM","LASTUSEDCODE"};
    for (int i = 0; i < 7; i++) {
        flag = -1;
        MPI_Comm_get_attr(MPI_COMM_WORLD, keys[i], &v, &flag);
        if (flag) printf("%d %s %d flag %d\n", rank, names[i], *v, flag); else printf("%d %s unset\n", rank, names[i]);
        MPI_Comm_get_attr(MPI_COMM_SELF, keys[i], &v, &flag);
        if (flag) printf("%d self %s %d flag %d\n", rank, names[i], *v, flag); else printf("%d self %s unset\n", rank, names[i]);
    }
    int kv = MPI_KEYVAL_INVALID, kv2, kv3;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &kv, NULL);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &kv2, NULL);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &kv3, NULL);
    printf("%d keyvals %x %x %x %x\n", rank, kv, kv2, kv3, MPI_KEYVAL_INVALID);
    MPI_Comm_free_keyval(&kv);
    printf("%d freed %x\n", rank, kv);
    int buf[4];
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    void *base; MPI_Aint *size; int *du, *fl, *mo;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    printf("%d base ok %d flag %d\n", rank, base == (void*)buf, flag);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &size, &flag);
    printf("%d size %ld\n", rank, (long)*size);
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &du, &flag);
    printf("%d disp %d\n", rank, *du);
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &fl, &flag);
    printf("%d flavor %d %d\n", rank, *fl, MPI_WIN_FLAVOR_CREATE);
    MPI_Win_get_attr(win, MPI_WIN_MODEL, &mo, &flag);
    printf("%d model %d %d %d\n", rank, *mo, MPI_WIN_UNIFIED, MPI_WIN_SEPARATE);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
