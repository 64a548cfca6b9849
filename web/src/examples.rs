//! The example programs of `examples/`, embedded at build time for the playground's picker.
//!
//! A test fails on a file in `examples/` that is not embedded or does not say how to run it.

use rankscope_core::lang::{run_hint, RunHint};

use crate::program_files::{FileShare, ProgramFiles};

/// `(path under examples/, source)`, the paper programs and demos first, then one program per
/// error class.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "acp_one_put_all.c",
        include_str!("../../examples/acp_one_put_all.c"),
    ),
    ("acp_order.c", include_str!("../../examples/acp_order.c")),
    (
        "acp_remote_copy.c",
        include_str!("../../examples/acp_remote_copy.c"),
    ),
    (
        "back_substitution.c",
        include_str!("../../examples/back_substitution.c"),
    ),
    (
        "collectives.c",
        include_str!("../../examples/collectives.c"),
    ),
    (
        "many_to_many_delay.c",
        include_str!("../../examples/many_to_many_delay.c"),
    ),
    ("mcs_lock.c", include_str!("../../examples/mcs_lock.c")),
    (
        "pvm_master_worker.c",
        include_str!("../../examples/pvm_master_worker.c"),
    ),
    (
        "pvm_ping_pong.c",
        include_str!("../../examples/pvm_ping_pong.c"),
    ),
    (
        "pingpong_naive.c",
        include_str!("../../examples/pingpong_naive.c"),
    ),
    (
        "pingpong_preposted.c",
        include_str!("../../examples/pingpong_preposted.c"),
    ),
    ("halo_sweep.c", include_str!("../../examples/halo_sweep.c")),
    (
        "histogram/main.c",
        include_str!("../../examples/histogram/main.c"),
    ),
    ("ring.c", include_str!("../../examples/ring.c")),
    (
        "stencil_fence.c",
        include_str!("../../examples/stencil_fence.c"),
    ),
    (
        "stencil_lock_all.c",
        include_str!("../../examples/stencil_lock_all.c"),
    ),
    (
        "throughput_preposted.c",
        include_str!("../../examples/throughput_preposted.c"),
    ),
    (
        "wildcard_server.c",
        include_str!("../../examples/wildcard_server.c"),
    ),
    (
        "errors/pvm_no_task.c",
        include_str!("../../examples/errors/pvm_no_task.c"),
    ),
    (
        "errors/pvm_unpack_past_end.c",
        include_str!("../../examples/errors/pvm_unpack_past_end.c"),
    ),
    (
        "errors/acp_past_end.c",
        include_str!("../../examples/errors/acp_past_end.c"),
    ),
    (
        "errors/acp_unregister_in_flight.c",
        include_str!("../../examples/errors/acp_unregister_in_flight.c"),
    ),
    (
        "errors/acp_unregistered.c",
        include_str!("../../examples/errors/acp_unregistered.c"),
    ),
    (
        "errors/bcast_root.c",
        include_str!("../../examples/errors/bcast_root.c"),
    ),
    (
        "errors/deadlock.c",
        include_str!("../../examples/errors/deadlock.c"),
    ),
    (
        "errors/division_by_zero.c",
        include_str!("../../examples/errors/division_by_zero.c"),
    ),
    (
        "errors/inactive_request.c",
        include_str!("../../examples/errors/inactive_request.c"),
    ),
    (
        "errors/invalid_rank.c",
        include_str!("../../examples/errors/invalid_rank.c"),
    ),
    (
        "errors/out_of_bounds.c",
        include_str!("../../examples/errors/out_of_bounds.c"),
    ),
    (
        "errors/runaway_loop.c",
        include_str!("../../examples/errors/runaway_loop.c"),
    ),
    (
        "errors/send_first.c",
        include_str!("../../examples/errors/send_first.c"),
    ),
    (
        "errors/syntax_errors.c",
        include_str!("../../examples/errors/syntax_errors.c"),
    ),
    (
        "errors/truncation.c",
        include_str!("../../examples/errors/truncation.c"),
    ),
    (
        "errors/type_mismatch.c",
        include_str!("../../examples/errors/type_mismatch.c"),
    ),
    (
        "errors/unknown_identifier.c",
        include_str!("../../examples/errors/unknown_identifier.c"),
    ),
    (
        "errors/wrong_mpi_arguments.c",
        include_str!("../../examples/errors/wrong_mpi_arguments.c"),
    ),
];

/// The other files of the examples of several files (a folder of `examples/`), by the path of
/// their `main.c` in [`EXAMPLES`]: `(name, text)`.
pub const EXAMPLE_FILES: &[(&str, &[(&str, &str)])] = &[(
    "histogram/main.c",
    &[
        (
            "histogram.c",
            include_str!("../../examples/histogram/histogram.c"),
        ),
        (
            "histogram.h",
            include_str!("../../examples/histogram/histogram.h"),
        ),
        (
            "scores.txt",
            include_str!("../../examples/histogram/scores.txt"),
        ),
    ],
)];

/// The files of example `index`: its first file (named as in its folder) and the others of
/// [`EXAMPLE_FILES`]; a one-file example is one `program.c`.
pub fn files_of(index: usize) -> ProgramFiles {
    let Some((path, _)) = EXAMPLES.get(index) else {
        return ProgramFiles::default();
    };
    match EXAMPLE_FILES.iter().find(|(p, _)| p == path) {
        Some((_, others)) => ProgramFiles::new(
            path.rsplit('/').next().unwrap_or(path),
            (others.iter())
                .map(|(name, text)| FileShare {
                    name: name.to_string(),
                    text: text.to_string(),
                })
                .collect(),
        ),
        None => ProgramFiles::default(),
    }
}

/// The first line of an example's opening comment (what it shows).
pub fn title(source: &str) -> String {
    let first = source.lines().next().unwrap_or("");
    let text = first.trim_start_matches("/*").trim();
    let text = text.split("  Run:").next().unwrap_or(text);
    text.trim_end_matches("*/").trim().to_string()
}

/// The rank count and machine an example was written for.
pub fn hint(source: &str) -> Option<RunHint> {
    run_hint(source)
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
        let mut embedded: Vec<String> = EXAMPLES.iter().map(|(p, _)| p.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
        for (path, source) in EXAMPLES {
            assert!(hint(source).is_some(), "{path} has no `rankscope run` line");
            assert!(!title(source).is_empty(), "{path} has no title");
        }
    }
}
