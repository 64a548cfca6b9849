//! `rankscope explore` finds the deadlock a wildcard receive's other match causes, which the
//! machine's timing hides, and `rankscope run --matches` replays its witness.

use std::process::{Command, Output};

const PROGRAM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/programs/wildcard_deadlock.c"
);

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

#[test]
fn exploring_every_match_finds_the_hidden_deadlock_and_its_witness_replays_it() {
    let out = rankscope(&["explore", PROGRAM, "-n", "3", "-p", "cluster"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("2 runs, 2 distinct outcomes, every choice explored"),
        "{text}"
    );
    assert!(
        text.contains(
            "outcome 2 (1 run, WRONG): deadlock (rank 0 waits); printed [0] first from 2"
        ),
        "{text}"
    );
    assert!(text.contains("--matches \"2\""), "{text}");
    // The machine's own order never shows it.
    let net = rankscope(&[
        "explore", PROGRAM, "-n", "3", "-p", "cluster", "--space", "network",
    ]);
    let text = String::from_utf8_lossy(&net.stdout);
    assert!(text.contains("1 run, 1 distinct outcome"), "{text}");
    // The witness replays the deadlock, and lists its choice point.
    let replay = rankscope(&["run", PROGRAM, "-n", "3", "-p", "cluster", "--matches", "2"]);
    assert!(!replay.status.success());
    let (stdout, stderr) = (
        String::from_utf8_lossy(&replay.stdout),
        String::from_utf8_lossy(&replay.stderr),
    );
    assert!(stdout.contains("first from 2"), "{stdout}");
    assert!(
        stdout.contains("match choice 1 at") && stdout.contains("*rank 2"),
        "{stdout}"
    );
    assert!(stderr.contains("deadlock"), "{stderr}");
}

#[test]
fn json_gives_every_outcome_with_its_replay_and_a_bad_choice_is_refused() {
    let out = rankscope(&["explore", PROGRAM, "-n", "3", "-p", "cluster", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["space"], "matches");
    assert_eq!(doc["runs"], 2);
    assert_eq!(doc["complete"], true);
    assert_eq!(doc["outcomes"][1]["outcome"]["ending"]["kind"], "deadlock");
    assert_eq!(doc["outcomes"][1]["witness"], serde_json::json!([2]));
    assert!(doc["replay"][1]
        .as_str()
        .unwrap()
        .ends_with("--matches \"2\""));
    let bad = rankscope(&["run", PROGRAM, "-n", "3", "-p", "cluster", "--matches", "0"]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("match choice 1 names rank 0, but rank 0's receive (MPI_ANY_SOURCE, tag 0) could take a message from ranks 1, 2 only"),
        "{err}"
    );
    // A budget of one run says what is left.
    let short = rankscope(&[
        "explore", PROGRAM, "-n", "3", "-p", "cluster", "--budget", "1",
    ]);
    let text = String::from_utf8_lossy(&short.stdout);
    assert!(
        text.contains("the budget of 1 run ended with 1 list of choices not run"),
        "{text}"
    );
}

#[test]
fn with_no_reduction_the_same_outcomes_come_with_both_lists_of_choices() {
    let out = rankscope(&[
        "explore", PROGRAM, "-n", "3", "-p", "cluster", "--space", "all",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("with no reduction"), "{text}");
    assert!(
        text.contains(
            "outcome 2 (1 run, WRONG): deadlock (rank 0 waits); printed [0] first from 2"
        ),
        "{text}"
    );
    assert!(text.contains("--matches \"2\" --network \"\""), "{text}");
    // The witness, both lists, replays the deadlock.
    let replay = rankscope(&[
        "run",
        PROGRAM,
        "-n",
        "3",
        "-p",
        "cluster",
        "--matches",
        "2",
        "--network",
        "",
    ]);
    assert!(!replay.status.success());
    let text = String::from_utf8_lossy(&replay.stdout).to_string()
        + &String::from_utf8_lossy(&replay.stderr);
    assert!(text.contains("deadlock"), "{text}");
}

#[test]
fn the_reduction_runs_the_gathers_independent_orders_once() {
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/programs/wildcard_deadlock_gather.c"
    );
    let runs = |space: &str| {
        let out = rankscope(&[
            "explore", program, "-n", "5", "-p", "cluster", "--space", space,
        ]);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let reduced = runs("matches");
    assert!(
        reduced.contains("2 runs, 2 distinct outcomes, every choice explored"),
        "{reduced}"
    );
    let all = runs("all");
    assert!(
        all.contains("24 runs, 2 distinct outcomes, every choice explored"),
        "{all}"
    );
    assert!(all.contains("deadlock (rank 0 waits)"), "{all}");
}
