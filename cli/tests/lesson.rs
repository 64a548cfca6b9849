//! `rankscope lesson check`: shipped lessons pass and print their computed answers; broken
//! lessons fail with `FILE:LINE:COL: message`.

use std::process::{Command, Output};

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

#[test]
fn the_shipped_lessons_check_and_print_their_answers() {
    let out = rankscope(&[
        "lesson",
        "check",
        "lessons/first-mpi.toml",
        "lessons/deadlock-hunt.toml",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("\"send\" records at the end of ring.c on folon, 4 ranks, eager): 4"),
        "{stdout}"
    );
    assert!(stdout.contains("FAIL no deadlock"), "{stdout}");
    assert!(stdout.contains("ok: 2 lessons"), "{stdout}");
}

#[test]
fn a_broken_lesson_names_file_line_and_column() {
    let out = rankscope(&[
        "lesson",
        "check",
        "cli/tests/lessons/broken_machine.toml",
        "cli/tests/lessons/broken_syntax.toml",
    ]);
    assert!(!out.status.success());
    insta::assert_snapshot!(String::from_utf8_lossy(&out.stderr));
}

#[test]
fn lesson_list_shows_each_lesson() {
    let out = rankscope(&["lesson", "list", "lessons"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("first-mpi"), "{stdout}");
    assert!(stdout.contains("deadlock-hunt"), "{stdout}");
}

/// The README's command works from inside `lessons/` too: programs named from the repository's
/// root (`lessons/network/race.c`) are found in a folder above.
#[test]
fn lesson_check_works_from_inside_the_lessons_folder() {
    let out = Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons"))
        .args([
            "lesson",
            "check",
            "you-are-the-network.toml",
            "first-mpi.toml",
        ])
        .output()
        .expect("the rankscope binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("ok: 2 lessons"), "{stdout}");
}
