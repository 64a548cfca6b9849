//! `rankscope reference`: the reference as Markdown, filtered, and as JSON.

use std::process::{Command, Output};

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn prints_every_part_as_markdown() {
    let text = stdout(&rankscope(&["reference"]));
    assert!(text.starts_with("# Rankscope reference"));
    for heading in [
        "## C library",
        "## Rankscope built-ins",
        "## MPI",
        "### <stdio.h>",
    ] {
        assert!(text.contains(heading), "{heading}");
    }
    assert!(text.contains(
        "`int MPI_Send(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)`"
    ));
    assert!(text.contains("`int printf(const char *format, ...)`"));
}

#[test]
fn a_filter_keeps_the_matching_functions() {
    let text = stdout(&rankscope(&["reference", "sendrecv"]));
    assert!(text.contains("MPI_Sendrecv_replace"));
    assert!(!text.contains("MPI_Bcast"));
    let none = rankscope(&["reference", "no-such-function"]);
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("nothing in the reference matches"));
}

#[test]
fn json_carries_the_same_entries() {
    let text = stdout(&rankscope(&["reference", "--json", "MPI_Wtime"]));
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    // The filter also keeps entries that mention it (the unsupported calendar functions say
    // to print `MPI_Wtime()`): find its own entry.
    let entry = doc["reference"]["parts"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["sections"].as_array().into_iter().flatten())
        .flat_map(|s| s["entries"].as_array().into_iter().flatten())
        .find(|e| e["name"] == "MPI_Wtime")
        .expect("MPI_Wtime's entry");
    assert_eq!(entry["name"], "MPI_Wtime");
    assert_eq!(entry["signature"], "double MPI_Wtime(void)");
    assert!(entry["note"].as_str().is_some_and(|n| n.contains("clock")));
}
