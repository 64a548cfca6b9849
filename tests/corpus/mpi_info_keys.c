/* Ranks: 1 — Info objects: keys kept in the order they were first set, values read back whole
 * or cut short, duplicates independent of their original, keys deleted; the hints MPICH reports
 * for a communicator and a window. Info calls work before MPI_Init too. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static void dump(const char *what, MPI_Info info)
{
    int n;
    MPI_Info_get_nkeys(info, &n);
    printf("%s: %d keys\n", what, n);
    for (int i = 0; i < n; i++) {
        char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
        int flag, len;
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get_valuelen(info, key, &len, &flag);
        MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag);
        printf("  %s = %s (%d, flag %d)\n", key, value, len, flag);
    }
}

int main(int argc, char **argv)
{
    MPI_Info info, copy, used;
    char value[MPI_MAX_INFO_VAL];
    int flag, buflen, err, class;
    MPI_Info_create(&info);
    MPI_Info_set(info, "file", "runfile.txt");
    MPI_Init(&argc, &argv);
    MPI_Info_set(info, "soft", "2:1000:4,3:1000:7");
    MPI_Info_set(info, "host", "myhost.myorg.org");
    MPI_Info_set(info, "file", "backfile.txt");
    dump("info", info);
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "soft");
    MPI_Info_set(info, "path", "/a:/b");
    dump("after delete and set", info);
    dump("the copy", copy);
    MPI_Info_get(copy, "path", MPI_MAX_INFO_VAL, value, &flag);
    printf("copy has path: %d\n", flag);
    buflen = 3;
    MPI_Info_get_string(copy, "host", &buflen, value, &flag);
    printf("get_string: \"%s\" buflen %d flag %d\n", value, buflen, flag);
    buflen = 0;
    MPI_Info_get_string(copy, "nokey", &buflen, value, &flag);
    printf("get_string of a missing key: flag %d buflen %d\n", flag, buflen);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Info_delete(info, "nokey");
    MPI_Error_class(err, &class);
    printf("delete a missing key: class %d (MPI_ERR_INFO_NOKEY %d)\n", class, MPI_ERR_INFO_NOKEY);
    err = MPI_Info_get_nthkey(info, 7, value);
    MPI_Error_class(err, &class);
    printf("key number 7: class %d\n", class);
    err = MPI_Info_set(info, "", "v");
    MPI_Error_class(err, &class);
    printf("empty key: class %d\n", class);
    err = MPI_Info_get(info, "file", -1, value, &flag);
    MPI_Error_class(err, &class);
    printf("negative valuelen: class %d\n", class);

    int nenv;
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nenv);
    printf("MPI_INFO_ENV: %d keys\n", nenv);
    MPI_Comm_get_info(MPI_COMM_WORLD, &used);
    dump("MPI_COMM_WORLD's hints", used);
    MPI_Info_free(&used);

    int *base;
    MPI_Win win;
    MPI_Info_create(&used);
    MPI_Info_set(used, "no_locks", "true");
    MPI_Info_set(used, "not_a_hint", "1");
    MPI_Win_allocate(64, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_set_info(win, used);
    MPI_Info_free(&used);
    MPI_Win_get_info(win, &used);
    dump("the window's hints", used);
    MPI_Info_free(&used);
    MPI_Win_free(&win);

    int mine[4];
    MPI_Info_create(&used);
    MPI_Info_set(used, "accumulate_ordering", "none");
    MPI_Info_set(used, "same_size", "true");
    MPI_Win_create(mine, sizeof(mine), sizeof(int), used, MPI_COMM_WORLD, &win);
    MPI_Info_free(&used);
    MPI_Win_get_info(win, &used);
    dump("hints given at creation", used);
    MPI_Info_free(&used);
    MPI_Win_free(&win);

    MPI_Info_free(&copy);
    MPI_Finalize();
    MPI_Info_free(&info);
    printf("freed: %d\n", info == MPI_INFO_NULL);
    return 0;
}
