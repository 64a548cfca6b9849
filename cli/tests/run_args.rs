//! `rankscope run FILE -- ARG...`: the arguments after `--` reach every rank's `argv`.

use std::process::{Command, Output};

const PROGRAM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs/print_args.c");

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

/// The program's own lines (after the CLI's `[rank R @ T] ` prefix), in the order printed.
fn console(out: &Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            l.strip_prefix("[rank ")?
                .split_once("] ")
                .map(|(_, t)| t.to_string())
        })
        .collect()
}

#[test]
fn arguments_after_the_double_dash_reach_every_rank() {
    let out = rankscope(&[
        "run",
        PROGRAM,
        "-n",
        "2",
        "-p",
        "emx",
        "--",
        "100",
        "10",
        "two words",
        "-n",
    ]);
    let mut lines = console(&out);
    lines.sort();
    let mut expected = Vec::new();
    for rank in 0..2 {
        expected.extend([
            format!("rank {rank}: argc=5"),
            format!("rank {rank}: argv[0]=print_args"),
            format!("rank {rank}: argv[1]=100"),
            format!("rank {rank}: argv[2]=10"),
            format!("rank {rank}: argv[3]=two words"),
            format!("rank {rank}: argv[4]=-n"),
            format!("rank {rank}: product=1000"),
        ]);
    }
    expected.sort();
    assert_eq!(lines, expected);
}

#[test]
fn without_arguments_argv_holds_only_the_program_name() {
    let out = rankscope(&["run", PROGRAM, "-n", "1"]);
    assert_eq!(
        console(&out),
        ["rank 0: argc=1", "rank 0: argv[0]=print_args"]
    );
}

#[test]
fn json_output_lists_the_arguments() {
    let out = rankscope(&["run", "--json", PROGRAM, "-n", "1", "--", "7", "x y"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["args"], serde_json::json!(["7", "x y"]));
    let texts: Vec<&str> = doc["console"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "rank 0: argc=3",
            "rank 0: argv[0]=print_args",
            "rank 0: argv[1]=7",
            "rank 0: argv[2]=x y",
            "rank 0: product=0"
        ]
    );
}

#[test]
fn a_workload_takes_no_program_arguments() {
    let out = rankscope(&["run", "-w", "ring", "-n", "2", "--", "1"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
