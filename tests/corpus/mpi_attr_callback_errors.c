/* Ranks: 2 — attribute callbacks that fail, under MPI_ERRORS_RETURN: a failed delete leaves the
 * attribute as it was (MPI_Comm_set_attr and MPI_Comm_delete_attr return an error), and a failed
 * copy makes MPI_Comm_dup and MPI_Type_dup return an error and the null handle. */
#include <mpi.h>
#include <stdio.h>

static int allow_delete = 0;

static int copy_fails(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    *flag = 1;
    *(void **)out = in;
    return MPI_ERR_OTHER;
}

static int delete_fails(MPI_Comm c, int k, void *value, void *extra)
{
    return allow_delete ? MPI_SUCCESS : MPI_ERR_OTHER;
}

static int type_copy_fails(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
    *flag = 1;
    return MPI_ERR_OTHER;
}

int main(int argc, char **argv)
{
    int rank, key, tkey, flag, err, class;
    void *value;
    MPI_Comm comm, dup = MPI_COMM_WORLD;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(copy_fails, delete_fails, &key, NULL);
    MPI_Comm_set_attr(comm, key, (void *)(MPI_Aint)(10 + rank));

    err = MPI_Comm_set_attr(comm, key, (void *)(MPI_Aint)(20 + rank));
    MPI_Error_class(err, &class);
    MPI_Comm_get_attr(comm, key, &value, &flag);
    printf("rank %d: replace failed: %d (class other %d), value still %ld\n", rank,
           err != MPI_SUCCESS, class == MPI_ERR_OTHER, (long)(MPI_Aint)value);

    err = MPI_Comm_delete_attr(comm, key);
    MPI_Comm_get_attr(comm, key, &value, &flag);
    printf("rank %d: delete failed: %d, still there: %d\n", rank, err != MPI_SUCCESS, flag);

    err = MPI_Comm_dup(comm, &dup);
    printf("rank %d: dup failed: %d, new handle is null: %d\n", rank, err != MPI_SUCCESS,
           dup == MPI_COMM_NULL);

    MPI_Datatype t = MPI_DATATYPE_NULL, tdup = MPI_INT;
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_create_keyval(type_copy_fails, MPI_TYPE_NULL_DELETE_FN, &tkey, NULL);
    MPI_Type_set_attr(t, tkey, (void *)(MPI_Aint)5);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Type_dup(t, &tdup);
    printf("rank %d: type dup failed: %d, new handle is null: %d\n", rank, err != MPI_SUCCESS,
           tdup == MPI_DATATYPE_NULL);

    allow_delete = 1;
    MPI_Type_free(&t);
    MPI_Type_free_keyval(&tkey);
    MPI_Comm_free(&comm);
    MPI_Comm_free_keyval(&key);
    MPI_Finalize();
    return 0;
}
