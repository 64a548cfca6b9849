//! Every program in `examples/` runs as its header says (`rankscope run FILE -n N -p PROFILE`):
//! the paper programs and demos finish, twice with the same trace hash, and their console output
//! is pinned; each program in `examples/errors/` fails with its diagnostic, pinned as rendered.

use std::path::{Path, PathBuf};

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::p2p::{Matching, ENGINES};
use rankscope_core::proto::SimConfig;

fn examples(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// Runs an example; `Ok(console)` or `Err(what the CLI would print)`.
fn run(path: &Path, limits: VmLimits) -> (Result<String, String>, u64) {
    run_engine(path, limits, Matching::Eager)
}

/// Runs an example with a given point-to-point engine.
fn run_engine(path: &Path, limits: VmLimits, matching: Matching) -> (Result<String, String>, u64) {
    let source = std::fs::read_to_string(path).unwrap();
    let file = format!(
        "examples/{}",
        path.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples"))
            .unwrap()
            .display()
    );
    let hint = lang::run_hint(&source).expect("every example says how to run it");
    if let Err(e) = &hint.config {
        panic!("{file}: its run line's options do not read: {e}");
    }
    let (ranks, profile_id) = (hint.ranks, hint.profile);
    let compiled = match lang::load(&source, &file) {
        Ok(c) => c,
        Err(diags) => {
            let text: Vec<String> = diags.iter().map(|d| d.render(&file, &source)).collect();
            return (Err(text.join("\n")), 0);
        }
    };
    let profile = builtin_profile(&profile_id).unwrap();
    let machine = Machine::new(&profile, ranks).unwrap();
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, ranks, limits),
        SimConfig {
            matching,
            words_per_rank: lang::RMA_WORDS,
            ..SimConfig::default()
        },
    );
    let result = sim.run();
    let console: Vec<String> = sim
        .console()
        .iter()
        .map(|l| format!("[rank {} @ {}] {}", l.rank, l.time, l.text))
        .collect();
    let hash = sim.trace().hash();
    match result {
        Ok(_) => (Ok(console.join("\n")), hash),
        Err(SimError::Program { message, .. }) => (Err(message), hash),
        Err(e) => (Err(e.to_string()), hash),
    }
}

fn name_of(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_example_runs_twice_with_the_same_trace_hash() {
    let files = examples("");
    assert!(files.len() >= 6, "{files:?}");
    for path in files {
        let (a, ha) = run(&path, VmLimits::default());
        let (b, hb) = run(&path, VmLimits::default());
        let console = a.unwrap_or_else(|e| panic!("{} failed:\n{e}", path.display()));
        assert_eq!(Ok(console.clone()), b);
        assert_eq!(ha, hb, "{}", path.display());
        insta::assert_snapshot!(format!("example_{}", name_of(&path)), console);
    }
}

#[test]
fn every_error_example_fails_with_its_diagnostic() {
    let files = examples("errors");
    assert_eq!(files.len(), 18, "{files:?}");
    let limits = VmLimits {
        max_ops: 1_000_000,
        ..VmLimits::default()
    };
    for path in files {
        let (result, _) = run(&path, limits);
        let text = result
            .err()
            .unwrap_or_else(|| panic!("{} should fail", path.display()));
        insta::assert_snapshot!(format!("error_{}", name_of(&path)), text);
    }
}

/// Every example runs under every matching engine of paper 000: the programs finish and print the
/// same lines (only the times differ), and each error example still fails.
#[test]
fn every_example_runs_under_every_engine() {
    let strip_times = |console: &str| -> Vec<String> {
        console
            .lines()
            .map(|l| {
                let text = l.split_once("] ").map_or(l, |(_, t)| t);
                // Measured times in the text differ between engines; keep the words.
                text.split(|c: char| c.is_ascii_digit() || c == '.')
                    .collect::<String>()
            })
            .collect()
    };
    for path in examples("") {
        if ["halo_sweep", "back_substitution"].contains(&name_of(&path).as_str()) {
            // Long runs: covered by the eager run, the browser test and `papers::paper000`.
            continue;
        }
        let (eager, _) = run(&path, VmLimits::default());
        let eager = eager.unwrap();
        for engine in ENGINES {
            let (got, _) = run_engine(&path, VmLimits::default(), engine);
            let got = got.unwrap_or_else(|e| panic!("{} under {engine}:\n{e}", path.display()));
            assert_eq!(
                strip_times(&got),
                strip_times(&eager),
                "{} under {engine}",
                path.display()
            );
        }
    }
    // A small operation budget: the runaway loop fails fast in a debug build.
    let small = VmLimits {
        max_ops: 2_000_000,
        ..VmLimits::default()
    };
    for path in examples("errors") {
        for engine in ENGINES {
            let (got, _) = run_engine(&path, small, engine);
            assert!(
                got.is_err(),
                "{} under {engine} should fail",
                path.display()
            );
        }
    }
}

/// Each folder of `examples/` is one program of several files (its `main.c` says how to run
/// it): it runs twice with the same trace hash, its console is pinned, and the files its ranks
/// wrote are pinned with it.
#[test]
fn every_example_of_several_files_runs_and_writes_its_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.ends_with("errors"))
        .collect();
    folders.sort();
    assert!(!folders.is_empty(), "examples/histogram/ at least");
    for folder in folders {
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        // main.c first (it names the program), then the others in order.
        names.sort_by_key(|n| (n != "main.c", n.clone()));
        let files: Vec<lang::SourceFile> = (names.iter())
            .map(|n| {
                lang::SourceFile::new(n.as_str(), std::fs::read_to_string(folder.join(n)).unwrap())
            })
            .collect();
        let hint = lang::run_hint(&files[0].text).expect("main.c says how to run it");
        let run = || {
            let compiled =
                lang::load_files(&files).unwrap_or_else(|d| panic!("{}: {d:?}", folder.display()));
            let profile = builtin_profile(&hint.profile).unwrap();
            let machine = Machine::new(&profile, hint.ranks).unwrap();
            let config = SimConfig {
                words_per_rank: lang::RMA_WORDS,
                ..SimConfig::default()
            };
            let mut sim = Sim::new(
                machine,
                lang::ranks(&compiled, hint.ranks, VmLimits::default()),
                config,
            );
            sim.run()
                .unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
            let mut out: Vec<String> = (sim.console().iter())
                .map(|l| format!("[rank {} @ {}] {}", l.rank, l.time, l.text))
                .collect();
            for rank in 0..sim.size() {
                for file in sim.program(rank).unwrap().written_files() {
                    out.push(format!("--- rank {rank} wrote {}:", file.name));
                    out.push(String::from_utf8_lossy(&file.bytes).into_owned());
                }
            }
            (out.join("\n"), sim.trace().hash())
        };
        let (a, ha) = run();
        let (b, hb) = run();
        assert_eq!((&a, ha), (&b, hb), "{}", folder.display());
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("example_files_{name}"), a);
    }
}
