//! Error handlers, error codes, info objects and `MPI_Alloc_mem` through C programs: a failed
//! call stops the rank unless `MPI_ERRORS_RETURN` (or a handler of the program's) applies;
//! mistakes MPICH does not detect stop the rank whatever the handler; info keys keep their
//! order; `MPI_Alloc_mem` counts in the rank's memory.

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of `ib-qdr` with `limits`: rank 0's console lines, or the error.
fn run_with(src: &str, n: u32, limits: VmLimits) -> Result<Vec<String>, String> {
    let compiled = lang::load(src, "t.c").map_err(|d| {
        d.iter()
            .map(|d| d.render("t.c", src))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, n).unwrap();
    let config = SimConfig {
        words_per_rank: lang::RMA_WORDS,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(machine, lang::ranks(&compiled, n, limits), config);
    let result = sim.run();
    let console: Vec<String> = sim
        .console()
        .iter()
        .filter(|l| l.rank == 0)
        .map(|l| l.text.clone())
        .collect();
    match result {
        Ok(_) => Ok(console),
        Err(SimError::Program { message, .. }) => Err(message),
        Err(e) => Err(e.to_string()),
    }
}

fn run(src: &str, n: u32) -> Result<Vec<String>, String> {
    run_with(src, n, VmLimits::default())
}

#[test]
fn an_error_stops_the_rank_unless_mpi_errors_return_applies() {
    let fatal = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int x = 1;
    MPI_Init(&argc, &argv);
    MPI_Send(&x, 1, MPI_INT, 9, 0, MPI_COMM_WORLD);
    printf("went on\n");
    MPI_Finalize();
    return 0;
}
"#;
    let err = run(fatal, 2).unwrap_err();
    assert!(err.contains("rank 9 does not exist"), "{err}");
    let returned = fatal.replace(
        "    MPI_Send(",
        "    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);\n    int e = MPI_Send(",
    );
    let returned = returned.replace(
        "printf(\"went on\\n\");",
        "int c; MPI_Error_class(e, &c); printf(\"went on: %d %d\\n\", c, c == MPI_ERR_RANK);",
    );
    assert_eq!(run(&returned, 2).unwrap(), ["went on: 6 1"]);
}

#[test]
fn a_communicator_s_own_handler_wins_and_new_communicators_inherit_it() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
static int calls = 0;
static void handler(MPI_Comm *comm, int *code, ...) {
    int class;
    MPI_Error_class(*code, &class);
    calls++;
    printf("handler %d on world %d\n", class, *comm == MPI_COMM_WORLD);
}
int main(int argc, char **argv) {
    int x = 1, rank;
    MPI_Comm split;
    MPI_Errhandler eh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, 0, &split);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int e = MPI_Send(&x, -3, MPI_INT, 0, 0, split);
    printf("returned %d\n", e);
    e = MPI_Send(&x, 1, MPI_INT, 5, 0, MPI_COMM_SELF);
    printf("returned %d, calls %d\n", e, calls);
    MPI_Errhandler_free(&eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    printf("calls %d\n", calls);
    MPI_Finalize();
    return 0;
}
"#;
    assert_eq!(
        run(src, 2).unwrap(),
        [
            "handler 2 on world 0",
            "returned 2",
            "returned 6, calls 1",
            "handler 15 on world 1",
            "calls 2"
        ]
    );
}

#[test]
fn a_mistake_mpich_does_not_detect_stops_the_rank_whatever_the_handler() {
    let src = r#"
#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    double d = 1;
    int i[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) MPI_Send(&d, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    else MPI_Recv(i, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"#;
    let err = run(src, 2).unwrap_err();
    assert!(err.contains("carries MPI_DOUBLE"), "{err}");
}

#[test]
fn comm_call_errhandler_on_the_default_handler_stops_the_run() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int class, code;
    MPI_Init(&argc, &argv);
    MPI_Add_error_class(&class);
    MPI_Add_error_code(class, &code);
    MPI_Add_error_string(code, "MY ERROR");
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, code);
    printf("went on\n");
    MPI_Finalize();
    return 0;
}
"#;
    let err = run(src, 1).unwrap_err();
    assert!(err.contains("(MY ERROR)"), "{err}");
    assert!(err.contains("MPI_ERRORS_ARE_FATAL"), "{err}");
}

#[test]
fn info_keys_keep_their_order_and_values_are_cut_as_mpich_cuts_them() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    MPI_Info info;
    char key[MPI_MAX_INFO_KEY], value[MPI_MAX_INFO_VAL];
    int n, flag, e, class;
    MPI_Info_create(&info);
    MPI_Info_set(info, "b", "2");
    MPI_Info_set(info, "a", "1");
    MPI_Info_set(info, "b", "three");
    MPI_Init(&argc, &argv);
    MPI_Info_get_nkeys(info, &n);
    MPI_Info_get_nthkey(info, 0, key);
    printf("%d keys, first %s\n", n, key);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    e = MPI_Info_get(info, "b", 2, value, &flag);
    MPI_Error_class(e, &class);
    printf("%s %d %d\n", value, flag, class == MPI_ERR_INFO_VALUE);
    MPI_Finalize();
    MPI_Info_free(&info);
    printf("%d\n", info == MPI_INFO_NULL);
    return 0;
}
"#;
    assert_eq!(run(src, 1).unwrap(), ["2 keys, first b", "th 1 1", "1"]);
}

#[test]
fn alloc_mem_counts_in_the_rank_s_memory() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    char *p;
    int e, class;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    e = MPI_Alloc_mem(1 << 20, MPI_INFO_NULL, &p);
    printf("small %d\n", e);
    p[(1 << 20) - 1] = 'x';
    MPI_Free_mem(p);
    e = MPI_Alloc_mem(200L << 20, MPI_INFO_NULL, &p);
    MPI_Error_class(e, &class);
    printf("large %d\n", class == MPI_ERR_NO_MEM);
    MPI_Finalize();
    return 0;
}
"#;
    let limits = VmLimits {
        max_memory: 64 << 20,
        ..VmLimits::default()
    };
    assert_eq!(run_with(src, 1, limits).unwrap(), ["small 0", "large 1"]);
}

/// An `int` that holds no handle compiles (MPICH's handles are `int`s, and mpicc takes it); the
/// call refuses it at run time: it stops the rank, or returns MPICH's class under
/// `MPI_ERRORS_RETURN`.
#[test]
fn an_int_that_is_no_handle_is_refused_at_the_call() {
    let fatal = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int x = 1, types[2] = {MPI_INT, 7};
    MPI_Init(&argc, &argv);
    int e = MPI_Send(&x, 1, types[1], 0, 0, MPI_COMM_WORLD);
    int c;
    MPI_Error_class(e, &c);
    printf("class %d %d\n", c, c == MPI_ERR_TYPE);
    MPI_Finalize();
    return 0;
}
"#;
    let err = run(fatal, 1).unwrap_err();
    assert!(err.contains("MPI_Send: unknown datatype 7"), "{err}");
    let returned = fatal.replace(
        "    int e = ",
        "    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);\n    int e = ",
    );
    assert_eq!(run(&returned, 1).unwrap(), ["class 3 1"]);
}
