//! The MPI-C front end (lexer, parser, checker): golden rendered diagnostics, the papers'
//! listings, the shipped examples, and a fuzz harness (proptest) showing that parsing and
//! checking never panic and always terminate.

use proptest::prelude::*;
use rankscope_core::lang::diagnostic::Diagnostic;
use rankscope_core::lang::sema::check::{check, front_end};
use rankscope_core::lang::syntax::parser::{parse, parse_recovering, MAX_ERRORS};

/// Every diagnostic of the front end, rendered as the CLI shows them (file `prog.c`).
fn rendered(source: &str) -> String {
    match front_end(source) {
        Ok(_) => "(no errors)\n".to_string(),
        Err(diags) => render(&diags, source),
    }
}

fn render(diags: &[Diagnostic], source: &str) -> String {
    diags
        .iter()
        .map(|d| d.render("prog.c", source))
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_clean(name: &str, source: &str) {
    if let Err(diags) = front_end(source) {
        panic!(
            "{name} should pass the front end:\n{}",
            render(&diags, source)
        );
    }
}

// ---- golden diagnostics ---------------------------------------------------------------------

#[test]
fn several_syntax_errors_are_reported_at_once() {
    let src = r#"#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 {
        size = rank * (2 + ;
    }
    for (int i = 0; i < 4; i++) printf("%d\n", i) x;
    while (rank > 0) rank--
    MPI_Finalize();
    return 0;
}
"#;
    let (unit, diags) = parse(src);
    assert!(unit.is_none());
    assert_eq!(diags.len(), 5, "every syntax error, one pass");
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn lexical_and_preprocessor_errors() {
    let src = "#include <mpi.h>\n#include \"util.h\"\n#ifdef DEBUG\n#define SQUARE(x) ((x) * (x))\n#endif\n#define N 08\n\
               int main() {\n    char c = 'ab';\n    int x = 1 @ 2;\n    printf(\"unterminated\n);\n    return 0;\n}\n";
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn unclosed_braces_and_stray_tokens() {
    let src = "int helper(int x) {\n    return x;\n}\n}\nmain() {\n    int a[3] = {1, 2, 3};\n    if (a[0]) {\n        a[1] = 2;\n";
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn checked_errors_read_as_plain_english() {
    let src = r#"#include <mpi.h>
#define N 4

int total(int *values, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += values[i];
    return sum;
}

int main(int argc, char **argv)
{
    int rank, size, x = 1, data[N];
    double t;
    MPI_Status status;
    MPI_Request req;
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rnak);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    MPI_Send(&x, 1, MPI_INT, 1, 0);
    MPI_Send(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(data, N, 0, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
    MPI_Isend(data, N, MPI_INT, 0, 0, MPI_COMM_WORLD, req);
    MPI_Reduce(&x, &x, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD, 5);
    MPI_Comm_spawn(&x, 1, MPI_INT, 0, 0, &x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
    MPI_Barier(MPI_COMM_WORLD);
    t = total(data);
    printf("rank %d took %d seconds from %d\n", rank, t, status.MPI_SRC);
    break;
    MPI_Finalize();
    return 0;
}
"#;
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn a_missing_main_and_misdeclared_functions() {
    let src = "int work(int n) { if (n) continue; return; }\nvoid helper(void) { return 1; }\nint work(int n) { return n; }\n";
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn too_deep_nesting_is_one_diagnostic() {
    let src = format!(
        "int main() {{\n    int x = {}1{};\n    return x;\n}}\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let out = rendered(&src);
    assert_eq!(out.matches("error:").count(), 1, "{out}");
    assert!(out.starts_with("error: the program is nested too deeply here\n"));
    assert!(out.contains("= note: at most 128 levels"));
}

// ---- the papers' listings -------------------------------------------------------------------

/// Paper 000, Fig. 8 (naive ping-pong), as printed.
const FIG8: &str = r#"MPI_Comm_rank(MPI_COMM_WORLD, &rank);
MPI_Barrier(MPI_COMM_WORLD);
if (rank == 1) {
    time = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Irecv(rbuf, 1, MPI_INT, 2, 100,
                 MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        MPI_Isend(sbuf, 1, MPI_INT, 2, 100,
                 MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        /* or MPI_Request_free(&req); */
    }
    time = MPI_Wtime() - time;
}
else if (rank == 2) {
    time = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Isend(sbuf, 1, MPI_INT, 1, 100,
                 MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        /* or MPI_Request_free(&req); */
        MPI_Irecv(rbuf, 1, MPI_INT, 1, 100,
                 MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
    }
    time = MPI_Wtime() - time;
}
"#;

/// Paper 000, Fig. 9 (pre-posted receives), as printed — its last `}` closes `main`.
const FIG9: &str = r#"MPI_Comm_rank(MPI_COMM_WORLD, &rank);
MPI_Barrier(MPI_COMM_WORLD);
if (rank == 1) {
    time1 = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Irecv(rbuf, 1, MPI_INT, 2, 100,
                 MPI_COMM_WORLD, &req[i]);
    }
    time1 = MPI_Wtime() - time1;
    MPI_Barrier(MPI_COMM_WORLD);
    time2 = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Isend(sbuf, 1, MPI_INT, 2, 100,
                 MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &s);
        MPI_Wait(&req[i], &st[i]);
    }
    time2 = MPI_Wtime() - time2;
}
else if (rank == 2) {
    time1 = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Irecv(rbuf, 1, MPI_INT, 1, 100,
                 MPI_COMM_WORLD, &req[i]);
    }
    time1 = MPI_Wtime() - time1;
    MPI_Barrier(MPI_COMM_WORLD);
    time2 = MPI_Wtime();
    for (i = 0; i < NUM_ITER; ++i) {
        MPI_Wait(&req[i], &st[i]);
        MPI_Isend(sbuf, 1, MPI_INT, 1, 100,
                 MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &s);
    }
    time2 = MPI_Wtime() - time2;
}
else {
    MPI_Barrier(MPI_COMM_WORLD);
}
}
"#;

fn fig8_program() -> String {
    format!(
        "#include <mpi.h>\n#define NUM_ITER 1000\n\nint main(int argc, char **argv)\n{{\n\
         int rank, i;\nint sbuf[1], rbuf[1];\ndouble time;\nMPI_Request req;\nMPI_Status st;\n\
         MPI_Init(&argc, &argv);\n{FIG8}MPI_Finalize();\nreturn 0;\n}}\n"
    )
}

fn fig9_program() -> String {
    format!(
        "#include <mpi.h>\n#define NUM_ITER 1000\n\nint main(int argc, char **argv)\n{{\n\
         int rank, i;\nint sbuf[1], rbuf[1];\ndouble time1, time2;\n\
         MPI_Request req[NUM_ITER], r;\nMPI_Status st[NUM_ITER], s;\nMPI_Init(&argc, &argv);\n{FIG9}"
    )
}

#[test]
fn paper_000_figures_8_and_9_parse_and_check_cleanly() {
    assert_clean("Fig. 8", &fig8_program());
    assert_clean("Fig. 9", &fig9_program());
}

#[test]
fn a_typo_in_a_paper_listing_is_caught_with_a_suggestion() {
    let src = fig8_program().replacen("&req);", "&rqe);", 1);
    let out = rendered(&src);
    assert!(out.starts_with("error: unknown identifier `rqe`"), "{out}");
    assert!(out.contains("did you mean `req`?"), "{out}");
}

// ---- the shipped examples -------------------------------------------------------------------

/// Examples whose point is a front-end diagnostic; every other example must pass the front end.
const FRONT_END_ERROR_EXAMPLES: [&str; 3] = [
    "syntax_errors.c",
    "unknown_identifier.c",
    "wrong_mpi_arguments.c",
];

#[test]
fn shipped_examples_pass_the_front_end_or_show_their_error() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut seen = 0;
    for dir in [root.clone(), root.join("errors")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        paths.sort();
        for path in paths {
            let source = std::fs::read_to_string(&path).expect("readable example");
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            seen += 1;
            if FRONT_END_ERROR_EXAMPLES.contains(&name) {
                let diags = front_end(&source).expect_err(name);
                assert!(!diags.is_empty());
            } else {
                assert_clean(name, &source);
            }
        }
    }
    assert!(seen >= 5, "examples/ not found next to core/");
}

// ---- fuzz harness ---------------------------------------------------------------------------

/// Runs the whole front end on `source` and checks the invariants that hold for any input: no
/// panic (by getting here), bounded diagnostics, spans inside the text, renderable; the checker
/// also runs on the partial tree recovered from broken input.
fn front_end_survives(source: &str) {
    let (unit, diags) = parse(source);
    assert_eq!(unit.is_some(), diags.is_empty());
    assert!(diags.len() <= MAX_ERRORS + 1, "{} diagnostics", diags.len());
    for d in &diags {
        assert!(
            d.span.start <= d.span.end && d.span.end <= source.len(),
            "{d:?}"
        );
        assert!(!d.message.is_empty());
        let _ = d.render("prog.c", source);
    }
    let (partial, _) = parse_recovering(source);
    for d in check(&partial) {
        assert!(d.span.end <= source.len(), "{d:?}");
        let _ = d.render("prog.c", source);
    }
    let _ = front_end(source);
}

/// Cases per property: modest for CI; `PROPTEST_CASES=100000` for a long fuzzing run.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const VOCABULARY: &[&str] = &[
    "int",
    "double",
    "char",
    "void",
    "MPI_Request",
    "MPI_Status",
    "MPI_Comm",
    "if",
    "else",
    "while",
    "do",
    "for",
    "break",
    "continue",
    "return",
    "sizeof",
    "main",
    "x",
    "y",
    "a",
    "f",
    "rank",
    "MPI_Send",
    "MPI_Recv",
    "MPI_Wait",
    "printf",
    "MPI_INT",
    "MPI_COMM_WORLD",
    "NULL",
    "MPI_STATUS_IGNORE",
    "st",
    "MPI_SOURCE",
    "float",
    "const",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    ".",
    "->",
    "?",
    ":",
    "=",
    "+=",
    "<<=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&",
    "|",
    "^",
    "~",
    "!",
    "&&",
    "||",
    "<",
    "<=",
    "==",
    "!=",
    "++",
    "--",
    "0",
    "1",
    "42",
    "0x1F",
    "017",
    "08",
    "1.5",
    ".5",
    "1e-3",
    "2.f",
    "1e",
    "'a'",
    "'\\n'",
    "''",
    "\"s\\n\"",
    "\"%d %f\\n\"",
    "\"open",
    "'",
    "\"",
    "/*",
    "*/",
    "//",
    "#define N 4\n",
    "#define M M M\n",
    "#include <mpi.h>\n",
    "#if 0\n",
    "#",
    "\\",
    "@",
    "é",
    "\n",
    "\t",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCABULARY), 0..120).prop_map(|words| {
        let mut s = String::new();
        for w in words {
            s.push_str(w);
            s.push(' ');
        }
        s
    })
}

/// A small edit of a valid program: delete, duplicate, or insert a vocabulary word.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, &'static str),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), 1usize..12).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), 1usize..40).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        (any::<usize>(), prop::sample::select(VOCABULARY)).prop_map(|(at, w)| Edit::Insert(at, w)),
    ];
    prop::collection::vec(edit, 1..6)
}

fn apply(source: &str, edits: &[Edit]) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for edit in edits {
        let len = bytes.len().max(1);
        match *edit {
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            Edit::Duplicate(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                let piece: Vec<u8> = bytes[at.min(end)..end].to_vec();
                bytes.splice(end..end, piece);
            }
            Edit::Insert(at, word) => {
                let at = at % len.max(1);
                let at = at.min(bytes.len());
                bytes.splice(at..at, word.bytes().chain([b' ']));
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(source in soup()) {
        front_end_survives(&source);
    }

    #[test]
    fn edited_paper_listings_never_panic(edits in edits(), which in 0..2u8) {
        let base = if which == 0 { fig8_program() } else { fig9_program() };
        front_end_survives(&apply(&base, &edits));
    }

    #[test]
    fn arbitrary_text_never_panics(source in "\\PC{0,300}") {
        front_end_survives(&source);
    }
}

#[test]
fn c_language_mistakes_read_as_plain_english() {
    let src = r#"#include <stdio.h>
#include <stdlib.h>

struct point { double x, y; };
typedef struct point point;
enum color { RED, GREEN };

int apply(int (*f)(int), int v) { return f(v); }

int main(void)
{
    point p = {1.0, 2.0}, *pp = &p;
    struct node *later;
    int n;
    p.z = 3.0;
    pp.x = 1.0;
    n = apply(abs, 1, 2);
    switch (p.x) { case 1: break; }
    later->x = 1;
    goto nowhere;
    scanf("%d", &n);
    continue;
    return 0;
}
"#;
    insta::assert_snapshot!(rendered(src));
}

#[test]
fn unsupported_c_is_named_at_its_line() {
    let src = "struct flags { int ready : 1; };\nint main(void) {\n    long double x;\n    return 0;\n}\n";
    insta::assert_snapshot!(rendered(src));
    let src = "int main(void) {\n    int a[3] = { [1] = 5 };\n    return 0;\n}\n";
    insta::assert_snapshot!(rendered(src));
}
