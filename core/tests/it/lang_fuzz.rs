//! Fuzzing the compiler, the VM and the MPI library: random programs (generated from a small
//! grammar of statements, MPI calls included) and random edits of the example programs are
//! compiled and run on 1–3 ranks under tight limits. Whatever happens — a result, a diagnostic,
//! a runtime error, a deadlock — nothing may panic or hang.
//!
//! CI runs a few hundred cases; `PROPTEST_CASES=200000 cargo test -p rankscope-core --release
//! --test it lang_fuzz` is the long run.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use rankscope_core::engine::{Limits, Sim};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profiles, Machine};
use rankscope_core::proto::SimConfig;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Compiles and runs `source` on `ranks` ranks; returns a short description of the outcome.
fn survives(source: &str, ranks: u32) -> String {
    let compiled = match lang::load(source, "fuzz.c") {
        Ok(c) => c,
        Err(diags) => {
            for d in &diags {
                let _ = d.render("fuzz.c", source);
            }
            return "rejected".into();
        }
    };
    let profiles = builtin_profiles().unwrap();
    let profile = &profiles[ranks as usize % profiles.len()];
    let machine = Machine::new(profile, ranks).unwrap();
    let vm_limits = VmLimits {
        max_ops: 200_000,
        max_depth: 200,
        max_memory: 1 << 20,
        max_ops_between_calls: 100_000,
        slice: u64::MAX,
    };
    let config = SimConfig {
        limits: Limits {
            max_events: 100_000,
            ..Limits::default()
        },
        words_per_rank: lang::RMA_WORDS,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(machine, lang::ranks(&compiled, ranks, vm_limits), config);
    match sim.run() {
        Ok(_) => "finished".into(),
        Err(e) => {
            let _ = e.to_string();
            "failed".into()
        }
    }
}

fn expr(depth: u32) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        (-3i32..70).prop_map(|v| v.to_string()),
        prop::sample::select(vec![
            "x",
            "y",
            "i",
            "rank",
            "size",
            "a[x % 8]",
            "2147483647",
            "(int)d",
            "N",
            "SQ(x)",
            "MAX(x, i)",
            "CAT(x, )",
            "LINE",
            "u",
            "(int)l",
            "p.x",
            "pp->y",
            "(int)fl",
            "RED",
            "op(x, i)",
            "(int)strlen(s)",
            "(int)sizeof(struct pt)",
            "(x, y)",
        ])
        .prop_map(String::from),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let sub = expr(depth - 1);
    prop_oneof![
        2 => leaf,
        3 => (sub.clone(), prop::sample::select(vec!["+", "-", "*", "/", "%", "<<", ">>", "<", "==", "&&", "||", "&", "^"]), sub.clone())
            .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
        1 => (sub.clone(), sub.clone(), sub.clone()).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
        1 => sub.clone().prop_map(|a| format!("-{a}")),
        1 => sub.prop_map(|a| format!("f({a})")),
    ]
    .boxed()
}

fn stmt(depth: u32) -> BoxedStrategy<String> {
    let e = expr(2);
    let simple = prop_oneof![
        e.clone().prop_map(|v| format!("x = {v};")),
        e.clone().prop_map(|v| format!("y += {v};")),
        (e.clone(), e.clone()).prop_map(|(i, v)| format!("a[{i}] = {v};")),
        e.clone().prop_map(|v| format!("d = d * 0.5 + {v};")),
        e.clone()
            .prop_map(|v| format!("printf(\"%d %f %s\\n\", {v}, d, \"ok\");")),
        e.clone().prop_map(|v| format!("compute({v} % 5);")),
        e.clone()
            .prop_map(|v| format!("u = u * {v} + 7u; l -= {v}; fl = fl / 3 + {v};")),
        e.clone()
            .prop_map(|v| format!("p.x = {v}; q = p; pp->y += q.x;")),
        e.clone()
            .prop_map(|v| format!("op = ({v}) % 2 ? add : sub;")),
        e.clone().prop_map(|v| format!(
            "heap = realloc(heap, (({v}) & 7) * sizeof(int) + 4); heap[0] = {v};"
        )),
        e.clone().prop_map(|v| format!(
            "snprintf(s, sizeof s, \"%u %ld %p\", u, l, (void *)pp); x = (int)strlen(s) + {v};"
        )),
        (e.clone(), 0i32..3).prop_map(|(dst, tag)| format!(
            "MPI_Send(&x, 1, MPI_INT, {dst}, {tag}, MPI_COMM_WORLD);"
        )),
        (e.clone(), 0i32..3).prop_map(|(src, tag)| format!(
            "MPI_Recv(&y, 1, MPI_INT, {src}, {tag}, MPI_COMM_WORLD, &st);"
        )),
        (e.clone(), 0i32..3).prop_map(|(dst, tag)| format!(
            "MPI_Isend(a, 4, MPI_INT, {dst}, {tag}, MPI_COMM_WORLD, &req);"
        )),
        (0i32..3).prop_map(|tag| format!(
            "MPI_Irecv(b, 8, MPI_INT, MPI_ANY_SOURCE, {tag}, MPI_COMM_WORLD, &req);"
        )),
        Just("MPI_Wait(&req, &st);".to_string()),
        Just("MPI_Barrier(MPI_COMM_WORLD);".to_string()),
        Just("MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);".to_string()),
        e.clone()
            .prop_map(|root| format!("MPI_Bcast(a, 2, MPI_INT, {root}, MPI_COMM_WORLD);")),
        Just("MPI_Alltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);".to_string()),
        Just("MPI_Get_count(&st, MPI_INT, &y);".to_string()),
        Just("y = st.MPI_SOURCE + st.MPI_TAG;".to_string()),
    ];
    if depth == 0 {
        return simple.boxed();
    }
    let body = prop::collection::vec(stmt(depth - 1), 0..4).prop_map(|s| s.join("\n"));
    prop_oneof![
        4 => simple,
        1 => (pp_expr(), body.clone(), body.clone()).prop_map(|(c, a, b)| format!("#if {c}\n{a}\n#else\n{b}\n#endif")),
        1 => (e.clone(), body.clone(), body.clone()).prop_map(|(c, a, b)| format!("if ({c}) {{\n{a}\n}} else {{\n{b}\n}}")),
        1 => (0i32..6, body.clone()).prop_map(|(n, b)| format!("for (i = 0; i < {n}; i++) {{\n{b}\n}}")),
        1 => (e.clone(), body.clone()).prop_map(|(c, b)| format!("while ({c}) {{\n{b}\nbreak;\n}}")),
        1 => (e.clone(), body.clone(), body.clone()).prop_map(|(c, a, b)| format!("switch (({c}) % 3) {{\ncase 0:\n{a}\nbreak;\ncase RED + 1: {b}\ndefault: x++;\n}}")),
        1 => (e, body).prop_map(|(c, b)| format!("do {{\n{b}\nif ({c}) goto out;\n}} while (0);\nout: ;")),
    ]
    .boxed()
}

fn program() -> impl Strategy<Value = String> {
    prop::collection::vec(stmt(2), 1..10).prop_map(|stmts| {
        format!(
            "#include <mpi.h>\n#include <stdio.h>\n#define N 4\n#define SQ(v) ((v) * (v))\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define CAT(a, b) a ## b\n#define LINE __LINE__\n#include <stdlib.h>\n#include <string.h>\nint f(int n) {{ if (n > 3) return f(n - 1) + 1; return n; }}\ntypedef struct pt {{ int x; long y; }} pt;\nenum color {{ RED, GREEN }};\nint add(int a, int b) {{ return a + b; }}\nint sub(int a, int b) {{ return a - b; }}\nint main(int argc, char **argv) {{\n  int x = 1, y = 2, i, rank, size, a[8], b[8];\n  double d = 0.5;\n  unsigned u = 3; long l = -4; float fl = 1.5f; char s[32] = \"hi\";\n  pt p = {{1, 2}}, q, *pp = &p;\n  int (*op)(int, int) = add;\n  int *heap = malloc(4);\n  MPI_Request req;\n  MPI_Status st;\n  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  MPI_Comm_size(MPI_COMM_WORLD, &size);\n{}\n  free(heap);\n  MPI_Finalize();\n  return 0;\n}}\n",
            stmts.join("\n")
        )
    })
}

/// A constant expression for `#if`: numbers, macros, `defined`, C's operators.
fn pp_expr() -> BoxedStrategy<String> {
    let leaf = prop::sample::select(vec![
        "0",
        "1",
        "N",
        "defined(N)",
        "defined SQ",
        "!defined(X)",
        "UNKNOWN",
        "SQ(2)",
        "-1",
        "0u",
        "'a'",
        "__LINE__",
        "0x7fffffffffffffff",
        "MAX(1, 2)",
    ])
    .prop_map(String::from);
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec![
                    "+", "-", "*", "/", "%", "<<", ">>", "<", "==", "&&", "||", "&", "|", "^"
                ]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
            inner.prop_map(|a| format!("~{a}")),
        ]
    })
    .boxed()
}

/// Lines of preprocessor soup: directives (balanced or not, well formed or not) and macro
/// uses with any arguments.
fn pp_soup() -> impl Strategy<Value = String> {
    let name = prop::sample::select(vec![
        "A",
        "B",
        "F",
        "G",
        "N",
        "x",
        "__VA_ARGS__",
        "defined",
        "int",
    ]);
    let piece = prop::sample::select(vec![
        "A",
        "B",
        "F",
        "G",
        "x",
        "(",
        ")",
        ",",
        "#",
        "##",
        "# x",
        "x ## y",
        "1",
        "\"s\"",
        "'c'",
        "__VA_ARGS__",
        "...",
        "+",
        "__LINE__",
        "__FILE__",
        "defined",
        "@",
        "/*",
        "*/",
        "\\",
    ]);
    let body = prop::collection::vec(piece, 0..8).prop_map(|v| v.join(" "));
    let line = prop_oneof![
        (name.clone(), body.clone()).prop_map(|(n, b)| format!("#define {n} {b}")),
        (
            name.clone(),
            prop::sample::select(vec!["", "x", "x, y", "x, ...", "...", "x,", "x x"]),
            body.clone()
        )
            .prop_map(|(n, p, b)| format!("#define {n}({p}) {b}")),
        name.clone().prop_map(|n| format!("#undef {n}")),
        pp_expr().prop_map(|e| format!("#if {e}")),
        body.clone().prop_map(|b| format!("#if {b}")),
        pp_expr().prop_map(|e| format!("#elif {e}")),
        name.clone().prop_map(|n| format!("#ifdef {n}")),
        name.prop_map(|n| format!("#ifndef {n}")),
        Just("#else".to_string()),
        Just("#endif".to_string()),
        prop::sample::select(vec![
            "#include <stdio.h>",
            "#include <limits.h>",
            "#include \"x.h\"",
            "#include <nope.h>",
            "#include",
            "#include <stdio.h",
            "#pragma once",
            "#error no",
            "#line 3",
            "#",
            "# 1",
            "#bogus"
        ])
        .prop_map(String::from),
        body.clone(),
        body.prop_map(|b| format!("F({b}) G({b}")),
    ];
    prop::collection::vec(line, 0..14).prop_map(|lines| lines.join("\n"))
}

fn example_sources() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// Deletes or duplicates a few byte ranges (clamped to char boundaries).
fn mutate(source: &str, edits: &[(usize, usize, bool)]) -> String {
    let mut s = source.to_string();
    for &(at, n, dup) in edits {
        let mut at = at % s.len().max(1);
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + n).min(s.len());
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        if dup {
            let piece = s[at..end].to_string();
            s.insert_str(end, &piece);
        } else {
            s.replace_range(at..end, "");
        }
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn generated_programs_never_panic(source in program(), ranks in 1u32..4) {
        survives(&source, ranks);
    }

    #[test]
    fn preprocessor_soup_never_panics(source in pp_soup()) {
        let (tokens, diags) = lang::syntax::lexer::lex(&source);
        prop_assert!(matches!(tokens.last().map(|t| &t.kind), Some(lang::syntax::token::TokenKind::Eof)));
        for t in &tokens {
            prop_assert!(t.span.start <= t.span.end && t.span.end <= source.len(), "{t:?}");
        }
        for d in &diags {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= source.len(), "{d:?}");
            let _ = d.render("fuzz.c", &source);
        }
        let spans = lang::syntax::highlight::highlight(&source);
        prop_assert_eq!(spans.last().map_or(0, |h| h.span.end), source.len());
        survives(&source, 1);
    }

    #[test]
    fn edited_examples_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), 1usize..30, any::<bool>()), 1..4),
        ranks in 1u32..4,
    ) {
        let sources = example_sources();
        let source = which.get(&sources);
        survives(&mutate(source, &edits), ranks);
    }
}

#[test]
fn the_generator_reaches_the_runtime() {
    // A fuzzer that only produces rejected programs tests nothing: check a fixed sample.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut outcomes = std::collections::BTreeMap::new();
    for _ in 0..40 {
        let source = program().new_tree(&mut runner).unwrap().current();
        *outcomes.entry(survives(&source, 2)).or_insert(0) += 1;
    }
    assert!(
        outcomes.get("rejected").copied().unwrap_or(0) < 20,
        "{outcomes:?}"
    );
    assert!(
        outcomes.contains_key("finished") || outcomes.contains_key("failed"),
        "{outcomes:?}"
    );
}

#[test]
fn the_generator_prelude_compiles() {
    // The declarations every generated program starts with (structs, enums, function pointers,
    // the heap) must themselves be valid, or every case would be rejected at the same line.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let source = program().new_tree(&mut runner).unwrap().current();
    let prelude_end = source.find("  MPI_Init").unwrap();
    let program = format!("{}  free(heap);\n  return 0;\n}}\n", &source[..prelude_end]);
    assert_eq!(survives(&program, 1), "finished", "{program}");
}
