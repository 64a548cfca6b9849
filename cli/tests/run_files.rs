//! `rankscope run main.c util.c util.h data.txt --out DIR`: a program of several files runs, its
//! errors name their file, and the files its ranks write are listed and saved per rank.

use std::process::{Command, Output};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/files_stats");

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

fn corpus_files() -> Vec<String> {
    ["main.c", "stats.c", "stats.h", "input.txt"]
        .iter()
        .map(|f| format!("{CORPUS}/{f}"))
        .collect()
}

#[test]
fn several_files_run_and_what_rank_0_wrote_is_saved() {
    let out_dir = std::env::temp_dir().join(format!("rankscope-run-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let mut args = vec!["run".to_string()];
    args.extend(corpus_files());
    args.extend(["-n", "4", "--out"].map(String::from));
    args.push(out_dir.display().to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = rankscope(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("rank 0 wrote summary.txt: mean 3.062"),
        "{stdout}"
    );
    assert!(stdout.contains("main.c on ib-qdr with 4 ranks"), "{stdout}");
    assert!(
        stdout.contains("rank 0 wrote summary.txt (55 bytes): saved as"),
        "{stdout}"
    );
    let saved = std::fs::read_to_string(out_dir.join("rank0/summary.txt")).unwrap();
    assert_eq!(
        saved,
        "values 10\nsum 30.625\nmean 3.062\nmax 10.500\nlabel alpha\n"
    );
    assert!(!out_dir.join("rank1").exists(), "rank 1 wrote nothing");
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn without_the_header_the_error_names_each_file_that_includes_it() {
    let files = corpus_files();
    let out = rankscope(&["run", &files[0], &files[1], &files[3], "-n", "2"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: `stats.h` is not one of the program's files"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--> main.c:5:1") && stderr.contains("--> stats.c:2:1"),
        "{stderr}"
    );
}

#[test]
fn json_lists_what_each_rank_wrote_and_the_limits_apply_to_several_files() {
    let files = corpus_files();
    let mut args: Vec<&str> = vec!["run", "--json"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-n", "2"]);
    let out = rankscope(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let written = doc["written"].as_array().unwrap();
    assert_eq!(written.len(), 1, "{written:?}");
    assert_eq!(written[0]["rank"], 0);
    assert_eq!(written[0]["name"], "summary.txt");
    assert_eq!(written[0]["bytes"], 55);
    assert!(written[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("values 10\n"));
    // --max-ops reaches every rank of a program of several files.
    let mut args: Vec<&str> = vec!["run"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-n", "2", "--max-ops", "50"]);
    let out = rankscope(&args);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the limit is 50 operations per rank"),
        "{stderr}"
    );
}
