//! Attribute caching and datatype queries from C: callbacks the VM runs for the library
//! (`libs/mpi/attrs.rs`), calls made inside them, their failures; envelopes and contents.

use super::lang_mpi::c_output;

fn program(before: &str, body: &str) -> String {
    format!(
        "#include <mpi.h>\n#include <stdio.h>\n{before}\nint main(int argc, char **argv) {{\n    int key, flag, rank;\n    void *v;\n    MPI_Comm dup;\n    MPI_Init(&argc, &argv);\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n    {body}\n    MPI_Finalize();\n    return 0;\n}}\n"
    )
}

#[test]
fn delete_callbacks_see_the_communicator_and_may_query_it() {
    let del = "static int key2;\nint del(MPI_Comm c, int k, void *val, void *extra) { void *p; int f; MPI_Comm_get_attr(c, k, &p, &f); printf(\"delete %ld flag %d\\n\", (long)val, f); return 0; }";
    let body = "MPI_Comm_create_keyval(MPI_COMM_DUP_FN, del, &key, NULL); MPI_Comm_dup(MPI_COMM_WORLD, &dup); MPI_Comm_set_attr(dup, key, (void *)(long)(rank + 5)); MPI_Comm_free(&dup); printf(\"freed %d\\n\", dup == MPI_COMM_NULL);";
    let lines = c_output(&program(del, body), 2).unwrap();
    assert_eq!(
        lines,
        ["delete 5 flag 1", "delete 6 flag 1", "freed 1", "freed 1"]
    );
}

#[test]
fn callbacks_that_fail_or_communicate_are_named() {
    let copy = "int copy(MPI_Comm c, int k, void *x, void *in, void *out, int *flag) { return 5; }";
    let body = "MPI_Comm_create_keyval(copy, MPI_COMM_NULL_DELETE_FN, &key, NULL); MPI_Comm_set_attr(MPI_COMM_WORLD, key, NULL); MPI_Comm_dup(MPI_COMM_WORLD, &dup);";
    let e = c_output(&program(copy, body), 2).unwrap_err();
    assert!(
        e.contains("MPI_Comm_dup: the attribute's copy callback returned 5 (MPI_ERR_OTHER)"),
        "{e}"
    );
    let del = "int del(MPI_Comm c, int k, void *val, void *extra) { MPI_Barrier(MPI_COMM_WORLD); return 0; }";
    let body = "MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &key, NULL); MPI_Comm_set_attr(MPI_COMM_WORLD, key, NULL); MPI_Comm_delete_attr(MPI_COMM_WORLD, key);";
    let e = c_output(&program(del, body), 2).unwrap_err();
    assert!(
        e.contains("MPI_Barrier: called inside an attribute copy or delete callback"),
        "{e}"
    );
    let e = c_output(
        &program("", "MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, NULL);"),
        1,
    )
    .unwrap_err();
    assert!(e.contains("is predefined"), "{e}");
}

#[test]
fn types_keep_their_constructors_call_and_dup_copies_attributes() {
    let body = "int sizes[2] = {4, 6}, sub[2] = {2, 3}, st[2] = {1, 2}, ni, na, nd, c, ints[8]; MPI_Aint a[1]; MPI_Datatype t, d, ts[1];\n    MPI_Type_create_subarray(2, sizes, sub, st, MPI_ORDER_C, MPI_INT, &t);\n    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &key, NULL);\n    MPI_Type_set_attr(t, key, (void *)42L); MPI_Type_dup(t, &d);\n    MPI_Type_get_attr(d, key, &v, &flag);\n    MPI_Type_get_envelope(t, &ni, &na, &nd, &c);\n    MPI_Type_get_contents(t, 8, 1, 1, ints, a, ts);\n    printf(\"%d %d %d %d | %d %d %d %d %d %d %d %d | %d | %ld %d\\n\", ni, na, nd, c == MPI_COMBINER_SUBARRAY, ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7], ts[0] == MPI_INT, (long)v, flag);";
    let lines = c_output(&program("", body), 1).unwrap();
    assert_eq!(lines, ["8 0 1 1 | 2 4 6 2 3 1 2 56 | 1 | 42 1"]);
}
