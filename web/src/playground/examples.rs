//! The playground's example programs: those of `examples/`, embedded at build time, and a few
//! tests of MPICH's own suite (`test/mpi`), embedded by `build.rs` from the suite that
//! `scripts/setup.sh` unpacks (`tests/mpich-suite/playground.txt` names them).
//!
//! A test fails on a file in `examples/` that is not embedded or does not say how to run it, and
//! on a suite test that does not print MPICH's `No Errors` under Rankscope.

use std::sync::OnceLock;

use rankscope_core::lang::{run_hint, RunHint};
use rankscope_core::run_config::RunConfig;

use crate::playground::program_files::{FileShare, ProgramFiles};

/// `(path under examples/, source)`, the paper programs and demos first, then one program per
/// error class.
const SHIPPED: &[(&str, &str)] = &[
    (
        "acp_one_put_all.c",
        include_str!("../../../examples/acp_one_put_all.c"),
    ),
    ("acp_order.c", include_str!("../../../examples/acp_order.c")),
    (
        "acp_remote_copy.c",
        include_str!("../../../examples/acp_remote_copy.c"),
    ),
    (
        "back_substitution.c",
        include_str!("../../../examples/back_substitution.c"),
    ),
    (
        "collectives.c",
        include_str!("../../../examples/collectives.c"),
    ),
    (
        "many_to_many_delay.c",
        include_str!("../../../examples/many_to_many_delay.c"),
    ),
    ("mcs_lock.c", include_str!("../../../examples/mcs_lock.c")),
    (
        "pvm_master_worker.c",
        include_str!("../../../examples/pvm_master_worker.c"),
    ),
    (
        "pvm_ping_pong.c",
        include_str!("../../../examples/pvm_ping_pong.c"),
    ),
    (
        "pingpong_naive.c",
        include_str!("../../../examples/pingpong_naive.c"),
    ),
    (
        "pingpong_preposted.c",
        include_str!("../../../examples/pingpong_preposted.c"),
    ),
    (
        "halo_sweep.c",
        include_str!("../../../examples/halo_sweep.c"),
    ),
    (
        "histogram/main.c",
        include_str!("../../../examples/histogram/main.c"),
    ),
    ("ring.c", include_str!("../../../examples/ring.c")),
    (
        "stencil_fence.c",
        include_str!("../../../examples/stencil_fence.c"),
    ),
    (
        "stencil_lock_all.c",
        include_str!("../../../examples/stencil_lock_all.c"),
    ),
    (
        "throughput_preposted.c",
        include_str!("../../../examples/throughput_preposted.c"),
    ),
    (
        "wildcard_server.c",
        include_str!("../../../examples/wildcard_server.c"),
    ),
    (
        "errors/pvm_no_task.c",
        include_str!("../../../examples/errors/pvm_no_task.c"),
    ),
    (
        "errors/pvm_unpack_past_end.c",
        include_str!("../../../examples/errors/pvm_unpack_past_end.c"),
    ),
    (
        "errors/acp_past_end.c",
        include_str!("../../../examples/errors/acp_past_end.c"),
    ),
    (
        "errors/acp_unregister_in_flight.c",
        include_str!("../../../examples/errors/acp_unregister_in_flight.c"),
    ),
    (
        "errors/acp_unregistered.c",
        include_str!("../../../examples/errors/acp_unregistered.c"),
    ),
    (
        "errors/bcast_root.c",
        include_str!("../../../examples/errors/bcast_root.c"),
    ),
    (
        "errors/deadlock.c",
        include_str!("../../../examples/errors/deadlock.c"),
    ),
    (
        "errors/division_by_zero.c",
        include_str!("../../../examples/errors/division_by_zero.c"),
    ),
    (
        "errors/inactive_request.c",
        include_str!("../../../examples/errors/inactive_request.c"),
    ),
    (
        "errors/invalid_rank.c",
        include_str!("../../../examples/errors/invalid_rank.c"),
    ),
    (
        "errors/out_of_bounds.c",
        include_str!("../../../examples/errors/out_of_bounds.c"),
    ),
    (
        "errors/runaway_loop.c",
        include_str!("../../../examples/errors/runaway_loop.c"),
    ),
    (
        "errors/send_first.c",
        include_str!("../../../examples/errors/send_first.c"),
    ),
    (
        "errors/syntax_errors.c",
        include_str!("../../../examples/errors/syntax_errors.c"),
    ),
    (
        "errors/truncation.c",
        include_str!("../../../examples/errors/truncation.c"),
    ),
    (
        "errors/type_mismatch.c",
        include_str!("../../../examples/errors/type_mismatch.c"),
    ),
    (
        "errors/unknown_identifier.c",
        include_str!("../../../examples/errors/unknown_identifier.c"),
    ),
    (
        "errors/wrong_mpi_arguments.c",
        include_str!("../../../examples/errors/wrong_mpi_arguments.c"),
    ),
];

/// The other files of the examples of several files (a folder of `examples/`), by the path of
/// their `main.c` in [`SHIPPED`]: `(name, text)`.
const EXAMPLE_FILES: &[(&str, &[(&str, &str)])] = &[(
    "histogram/main.c",
    &[
        (
            "histogram.c",
            include_str!("../../../examples/histogram/histogram.c"),
        ),
        (
            "histogram.h",
            include_str!("../../../examples/histogram/histogram.h"),
        ),
        (
            "scores.txt",
            include_str!("../../../examples/histogram/scores.txt"),
        ),
    ],
)];

/// The suite's tests as `scripts/mpich_suite.py --playground` bundles them.
const SUITE_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/mpich_examples.json"));

/// Where suite tests' paths start in the picker.
const SUITE_PREFIX: &str = "mpich/";

/// The machine the suite's tests run on (as `scripts/mpich_suite.py` runs them).
const SUITE_PROFILE: &str = "cluster";

/// One program the picker offers.
#[derive(Debug)]
pub struct Example {
    /// Its path: under `examples/` (`ring.c`, `histogram/main.c`), or `mpich/` and the test's
    /// path under the suite's `test/mpi` (`mpich/coll/exscan.c`).
    pub path: String,
    /// Its first file's text (the file with `main`, or the suite test's own source).
    pub source: String,
    /// Its files as the editor holds them (a one-file example is one `program.c`).
    pub files: ProgramFiles,
    /// What it shows (its opening comment's first line; for a suite test, playground.txt's).
    pub title: String,
    /// The rank count and machine it was written for.
    pub hint: Option<RunHint>,
    /// A test of MPICH's own suite, as it is.
    pub suite: bool,
}

/// The examples and the MPICH version the suite's come from, read once.
struct Catalog {
    examples: Vec<Example>,
    suite_version: String,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let (suite_version, suite) = suite_tests(SUITE_BUNDLE);
        let mut examples: Vec<Example> = SHIPPED.iter().map(|(p, s)| shipped(p, s)).collect();
        examples.extend(suite);
        Catalog {
            examples,
            suite_version,
        }
    })
}

/// Every example: the project's, then the suite's tests.
pub fn all() -> &'static [Example] {
    &catalog().examples
}

/// Example `index`.
pub fn get(index: usize) -> Option<&'static Example> {
    all().get(index)
}

/// The index of the example at `path`.
pub fn position(path: &str) -> Option<usize> {
    all().iter().position(|e| e.path == path)
}

/// The index of the example whose first file is `source` as it came.
pub fn position_of_source(source: &str) -> Option<usize> {
    all().iter().position(|e| e.source == source)
}

/// The MPICH version whose suite the tests come from (empty without them).
pub fn suite_version() -> &'static str {
    &catalog().suite_version
}

/// A program's files: one file alone is the editor's default; several, the first named.
fn program_files(first: &str, others: Vec<FileShare>) -> ProgramFiles {
    if others.is_empty() {
        ProgramFiles::default()
    } else {
        ProgramFiles::new(first, others)
    }
}

fn shipped(path: &str, source: &str) -> Example {
    let others = EXAMPLE_FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, files)| {
            (files.iter())
                .map(|(name, text)| FileShare {
                    name: name.to_string(),
                    text: text.to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    Example {
        path: path.to_string(),
        source: source.to_string(),
        files: program_files(path.rsplit('/').next().unwrap_or(path), others),
        title: title(source),
        hint: run_hint(source),
        suite: false,
    }
}

/// The MPICH version and the suite's tests of a bundle: `{"mpich", "examples": [{"test",
/// "title", "ranks", "files": [names]}], "files": {name: text}}`, the test's own source first. A
/// bundle that does not read gives none (the build embeds what setup wrote; a test checks it
/// reads).
fn suite_tests(bundle: &str) -> (String, Vec<Example>) {
    let Ok(bundle) = serde_json::from_str::<serde_json::Value>(bundle) else {
        return (String::new(), Vec::new());
    };
    let version = bundle["mpich"].as_str().unwrap_or_default().to_string();
    let text = |name: &str| bundle["files"][name].as_str().map(str::to_string);
    let empty = Vec::new();
    let tests = bundle["examples"].as_array().unwrap_or(&empty);
    let examples = (tests.iter())
        .filter_map(|t| {
            let names: Vec<&str> = t["files"]
                .as_array()?
                .iter()
                .filter_map(|n| n.as_str())
                .collect();
            let (first, rest) = names.split_first()?;
            let others = (rest.iter())
                .map(|n| {
                    Some(FileShare {
                        name: n.to_string(),
                        text: text(n)?,
                    })
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Example {
                path: format!("{SUITE_PREFIX}{}.c", t["test"].as_str()?),
                source: text(first)?,
                files: program_files(first, others),
                title: t["title"].as_str()?.to_string(),
                hint: Some(RunHint {
                    ranks: u32::try_from(t["ranks"].as_u64()?).ok()?,
                    profile: SUITE_PROFILE.to_string(),
                    config: Ok(RunConfig::default()),
                }),
                suite: true,
            })
        })
        .collect();
    (version, examples)
}

/// The first line of an example's opening comment (what it shows).
pub fn title(source: &str) -> String {
    let first = source.lines().next().unwrap_or("");
    let text = first.trim_start_matches("/*").trim();
    let text = text.split("  Run:").next().unwrap_or(text);
    text.trim_end_matches("*/").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_file_is_embedded_and_says_how_to_run() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
        let mut on_disk = Vec::new();
        let mut folders = Vec::new();
        for (dir, prefix) in [
            (root.to_string(), ""),
            (format!("{root}/errors"), "errors/"),
        ] {
            for e in std::fs::read_dir(dir).unwrap() {
                let e = e.unwrap();
                let name = e.file_name().into_string().unwrap();
                if name.ends_with(".c") {
                    on_disk.push(format!("{prefix}{name}"));
                } else if e.path().is_dir() && name != "errors" {
                    folders.push(name);
                }
            }
        }
        // A folder is one example of several files: `main.c` in EXAMPLES, the rest beside it.
        for folder in &folders {
            on_disk.push(format!("{folder}/main.c"));
            let mut names: Vec<String> = std::fs::read_dir(format!("{root}/{folder}"))
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .filter(|n| n != "main.c")
                .collect();
            names.sort();
            let path = format!("{folder}/main.c");
            let (_, others) = (EXAMPLE_FILES.iter().find(|(p, _)| *p == path))
                .unwrap_or_else(|| panic!("{folder}/ is not in EXAMPLE_FILES"));
            let mut embedded: Vec<&str> = others.iter().map(|(n, _)| *n).collect();
            embedded.sort();
            assert_eq!(embedded, names, "{folder}/'s files");
        }
        on_disk.sort();
        let mut embedded: Vec<String> = SHIPPED.iter().map(|(p, _)| p.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
        for e in all().iter().filter(|e| !e.suite) {
            assert!(e.hint.is_some(), "{} has no `rankscope run` line", e.path);
            assert!(!e.title.is_empty(), "{} has no title", e.path);
        }
    }
}
