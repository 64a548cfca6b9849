//! `rankscope run` passes the program's exit status on as MPICH's `mpiexec` does (the bitwise OR
//! of the ranks' statuses), lists each rank's in `--json`, and takes `-D` definitions.

use std::process::{Command, Output};

const PROGRAM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs/exit_status.c");

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

#[test]
fn the_exit_status_is_the_or_of_the_ranks_as_mpiexec_gives_it() {
    // Measured under Debian's MPICH 4.0.2: `mpiexec -n 3` of this program returns 47 (44 | 7).
    let out = rankscope(&["run", "-n", "3", PROGRAM]);
    assert_eq!(out.status.code(), Some(47));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("exit status: rank 1 with 44, rank 2 with 7"),
        "{err}"
    );
    // Ranks that all end with 0: success.
    assert_eq!(
        rankscope(&["run", "-n", "1", PROGRAM]).status.code(),
        Some(0)
    );
}

#[test]
fn json_lists_each_ranks_status_and_a_define_sets_a_macro() {
    let out = rankscope(&["run", "-n", "3", "--json", "-D", "STATUS=16", PROGRAM]);
    assert_eq!(out.status.code(), Some(44 | 16));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["exit_statuses"], serde_json::json!([0, 44, 16]));
    let bad = rankscope(&["run", "-D", "2X=1", PROGRAM]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("a definition is NAME"));
}
