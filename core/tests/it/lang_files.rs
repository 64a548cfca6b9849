//! Programs of several files: linking (`static`, `extern`, one definition), headers from the set,
//! diagnostics naming their file, and data files each rank reads and writes on its own copy.
//! The corpus's multi-file programs (`tests/corpus/NAME/`) print the same lines and write the
//! same files on every machine under every engine (`scripts/differential.py` checks them
//! against MPICH).

use std::path::{Path, PathBuf};

use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, Launch, LaunchError, SourceFile, VmLimits};
use rankscope_core::machine::{builtin_profile, builtin_profiles};
use rankscope_core::proto::p2p::{Matching, ENGINES};
use rankscope_core::proto::SimConfig;

/// Sorted console lines, and the files written: (rank, name, text).
type Outcome = (Vec<String>, Vec<(u32, String, String)>);

fn files(list: &[(&str, &str)]) -> Vec<SourceFile> {
    list.iter().map(|(n, t)| SourceFile::new(*n, *t)).collect()
}

/// Console lines (sorted) and files written (rank, name, text) of `files` on `ranks` ranks.
fn run_on(
    files: &[SourceFile],
    ranks: u32,
    profile_id: &str,
    matching: Matching,
) -> Result<Outcome, String> {
    let profile = builtin_profile(profile_id).unwrap();
    let launch = Launch {
        profile: &profile,
        ranks,
        args: &[],
        config: SimConfig {
            matching,
            ..SimConfig::default()
        },
        limits: VmLimits::default(),
        network: None,
    };
    let mut sim: Sim<lang::Vm> = launch.sim_files(files).map_err(|e| e.render_files(files))?;
    sim.run().map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = sim.console().iter().map(|l| l.text.clone()).collect();
    lines.sort();
    let mut written = Vec::new();
    for r in 0..ranks {
        for f in sim.program(r).unwrap().written_files() {
            written.push((r, f.name, String::from_utf8_lossy(&f.bytes).into_owned()));
        }
    }
    Ok((lines, written))
}

fn run(files: &[SourceFile], ranks: u32) -> Result<Outcome, String> {
    run_on(files, ranks, "ib-qdr", Matching::Eager)
}

fn compile_errors(files: &[SourceFile]) -> String {
    match lang::load_files(files) {
        Ok(_) => panic!("compiles"),
        Err(diags) => LaunchError::Compile(diags).render_files(files),
    }
}

const MAIN: &str = "#include <stdio.h>\n#include \"util.h\"\nstatic int count = 1;\nint main(void) {\n    printf(\"%d %d %d\\n\", twice(count), count, shared);\n    return 0;\n}\n";
const UTIL_H: &str =
    "#ifndef UTIL_H\n#define UTIL_H\nint twice(int x);\nextern int shared;\n#endif\n";
const UTIL: &str = "#include \"util.h\"\nstatic int count = 40;\nint shared = 7;\nint twice(int x) { count++; return 2 * x + count; }\n";

#[test]
fn static_names_are_private_to_their_file_and_externs_link() {
    let set = files(&[("main.c", MAIN), ("util.c", UTIL), ("util.h", UTIL_H)]);
    let (lines, written) = run(&set, 1).unwrap();
    assert_eq!(lines, ["43 1 7"]);
    assert!(written.is_empty());
}

/// `#include <util.h>` finds the program's own header, as gcc does with `-I` on the program's
/// directory (MPICH's test suite includes `<mpitest.h>` so); a header Rankscope's C provides
/// still comes first, and a name that is neither is still an error.
#[test]
fn an_angle_include_finds_the_programs_own_header() {
    let main = MAIN.replace("\"util.h\"", "<util.h>");
    let set = files(&[("main.c", &main), ("util.c", UTIL), ("util.h", UTIL_H)]);
    let (lines, _) = run(&set, 1).unwrap();
    assert_eq!(lines, ["43 1 7"]);
    let missing = main.replace("<util.h>", "<utils.h>");
    let set = files(&[("main.c", &missing), ("util.c", UTIL), ("util.h", UTIL_H)]);
    assert!(compile_errors(&set).contains("`<utils.h>` is not a header Rankscope's C provides"));
}

#[test]
fn a_second_definition_names_both_files() {
    let other = "int twice(int x) { return x + x; }\n";
    let set = files(&[
        ("main.c", MAIN),
        ("util.c", UTIL),
        ("util.h", UTIL_H),
        ("more.c", other),
    ]);
    let text = compile_errors(&set);
    assert!(
        text.contains(
            "multiple definition of `twice`: the function is defined in both util.c and more.c"
        ),
        "{text}"
    );
    assert!(
        text.contains("--> more.c:1:5") && text.contains("first defined at util.c:4:5"),
        "{text}"
    );
    let diags = lang::load_files(&set).unwrap_err();
    assert_eq!(diags[0].file, "more.c");
}

#[test]
fn a_missing_header_or_function_or_private_one_says_so_in_its_file() {
    let set = files(&[("main.c", MAIN), ("util.c", UTIL)]);
    let text = compile_errors(&set);
    assert!(
        text.contains("error: `util.h` is not one of the program's files"),
        "{text}"
    );
    assert!(
        text.contains("--> main.c:2:1") && text.contains("--> util.c:1:1"),
        "{text}"
    );

    let caller = "int helper(void);\nint main(void) { return helper() + missing(); }\n";
    let set = files(&[
        ("main.c", caller),
        ("h.c", "static int helper(void) { return 1; }\n"),
    ]);
    let text = compile_errors(&set);
    assert!(
        text.contains("`helper` is `static` in h.c: only h.c can use it"),
        "{text}"
    );
    assert!(text.contains("undeclared function `missing`"), "{text}");
    assert!(!text.contains('@'), "{text}");
}

#[test]
fn a_runtime_error_in_another_file_names_it_and_the_caller() {
    let main = "int get(int *p, int i);\nint main(void) {\n    int a[2] = {1, 2};\n    return get(a, 5);\n}\n";
    let util = "int get(int *p, int i) {\n    return p[i];\n}\n";
    let set = files(&[("main.c", main), ("util.c", util)]);
    let err = run(&set, 1).unwrap_err();
    assert!(err.contains("--> util.c:2:12"), "{err}");
    assert!(err.contains("called from `main` at main.c:4"), "{err}");
}

#[test]
fn every_rank_reads_the_same_files_and_writes_its_own_copy() {
    let main = r#"#include <stdio.h>
#include <errno.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, n, x, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    FILE *in = fopen("in.txt", "r");
    fscanf(in, "%d", &n);
    for (int i = 0; i < n; i++) { fscanf(in, "%d", &x); sum += x; }
    fclose(in);
    FILE *log = fopen("log.txt", "a");
    fprintf(log, "rank %d sum %d\n", rank, sum);
    fclose(log);
    FILE *none = fopen("none.txt", "r");
    printf("%d %d %d\n", rank, sum, none == NULL && errno == ENOENT);
    MPI_Finalize();
    return 0;
}
"#;
    let set = files(&[
        ("main.c", main),
        ("in.txt", "3 10 20 30\n"),
        ("log.txt", "start\n"),
    ]);
    let (lines, written) = run(&set, 2).unwrap();
    assert_eq!(lines, ["0 60 1", "1 60 1"]);
    assert_eq!(
        written,
        [
            (0, "log.txt".into(), "start\nrank 0 sum 60\n".into()),
            (1, "log.txt".into(), "start\nrank 1 sum 60\n".into()),
        ]
    );
}

#[test]
fn a_closed_stream_is_a_runtime_error_at_its_call() {
    let main = "#include <stdio.h>\nint main(void) {\n    FILE *f = fopen(\"d.txt\", \"r\");\n    fclose(f);\n    return fgetc(f);\n}\n";
    let err = run(&files(&[("main.c", main), ("d.txt", "x")]), 1).unwrap_err();
    assert!(
        err.contains("`fgetc` on a `FILE *` that is not open"),
        "{err}"
    );
    assert!(err.contains("main.c:5:12"), "{err}");
}

#[test]
fn one_file_as_a_set_runs_as_before() {
    let src = "#include <stdio.h>\nint main(void) { printf(\"%s\\n\", __FILE__); return 0; }\n";
    let (lines, _) = run(&files(&[("hello.c", src)]), 1).unwrap();
    assert_eq!(lines, ["hello.c"]);
}

fn corpus_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn corpus_program(dir: &Path) -> (Vec<SourceFile>, u32) {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let set: Vec<SourceFile> = names
        .iter()
        .map(|p| {
            SourceFile::new(
                p.file_name().unwrap().to_string_lossy(),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let main = &set
        .iter()
        .find(|f| f.name == "main.c")
        .expect("a main.c")
        .text;
    let ranks = main
        .split("Ranks:")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("{} says `Ranks: N`", dir.display()));
    (set, ranks)
}

/// Every multi-file corpus program prints the same lines and writes the same files on every
/// machine under every engine.
#[test]
fn multi_file_corpus_programs_agree_on_every_machine_and_engine() {
    let dirs = corpus_dirs();
    assert!(dirs.len() >= 2, "{dirs:?}");
    for dir in dirs {
        let (set, ranks) = corpus_program(&dir);
        let expected = run(&set, ranks).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        assert!(!expected.1.is_empty(), "{} writes a file", dir.display());
        for p in builtin_profiles().unwrap() {
            for engine in ENGINES {
                let got = run_on(&set, ranks, &p.machine.id, engine);
                assert_eq!(
                    got.as_ref(),
                    Ok(&expected),
                    "{} on {} under {engine:?}",
                    dir.display(),
                    p.machine.id
                );
            }
        }
    }
}

#[test]
fn a_link_error_comes_with_the_checkers_errors_each_once_in_source_order() {
    // `twice` defined twice (the link's error) and an undeclared call in each file (the
    // checker's): all three are reported, once each, in the order of the files.
    let main = "#include <stdio.h>\nint twice(int x) { return x + x; }\nint main(void) {\n    printf(\"%d\\n\", twice(2));\n    nosuch(1);\n    return 0;\n}\n";
    let more = "int twice(int x) { return 2 * x; }\nint other(void) { return missing(); }\n";
    let set = files(&[("main.c", main), ("more.c", more)]);
    let diags = lang::load_files(&set).unwrap_err();
    let seen: Vec<(String, String)> = diags
        .iter()
        .map(|d| (d.file.clone(), d.message.clone()))
        .collect();
    assert_eq!(
        seen,
        [
            (
                "main.c".to_string(),
                "undeclared function `nosuch`".to_string()
            ),
            (
                "more.c".to_string(),
                "multiple definition of `twice`: the function is defined in both main.c and more.c"
                    .to_string()
            ),
            (
                "more.c".to_string(),
                "undeclared function `missing`".to_string()
            ),
        ]
    );
}
