//! The compiler and VM on small programs whose output C defines exactly: each program prints,
//! and the printed lines are compared with what a C compiler's program prints.

use rankscope_core::engine::{Sim, Stream};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// Runs `source` on `ranks` ranks of the InfiniBand profile; returns rank 0's console lines (or
/// the error text).
fn output(source: &str, ranks: u32) -> Result<Vec<String>, String> {
    Ok(lines(source, ranks)?.into_iter().map(|(_, t)| t).collect())
}

/// Rank 0's console lines, each with its stream.
fn lines(source: &str, ranks: u32) -> Result<Vec<(Stream, String)>, String> {
    let compiled = lang::load(source, "t.c").map_err(|d| {
        d.iter()
            .map(|d| d.render("t.c", source))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, ranks).unwrap();
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, ranks, VmLimits::default()),
        SimConfig::default(),
    );
    sim.run().map_err(|e| e.to_string())?;
    Ok(sim
        .console()
        .iter()
        .filter(|l| l.rank == 0)
        .map(|l| (l.stream, l.text.clone()))
        .collect())
}

#[test]
fn arithmetic_conversions_and_operators_follow_c() {
    let src = r#"
#include <stdio.h>
int main() {
    int a = 7, b = -2, c;
    double d = 7 / 2, e = 7 / 2.0;
    char ch = 'A';
    printf("%d %d %d %d\n", a / b, a % b, -a / 2, a << 3 >> 1);
    printf("%g %g %d\n", d, e, (int)(e * 3));
    c = a++;
    c += ++a;  /* 7 + 9 */
    printf("%d %d\n", c, a);
    c = 10; c += 5; c -= 3; c *= 2; c /= 4; c %= 4; c <<= 3; c |= 1; c ^= 3; c &= 14;
    printf("%d\n", c);
    ch = ch + 2;
    printf("%c %d %d\n", ch, ch, (char)300);
    printf("%d %d %d\n", 3 > 2 && 2 > 1, 0 || 0, !5);
    printf("%d %d\n", 5 > 3 ? 10 : 20, sizeof(double) + sizeof(int) + sizeof(char));
    printf("%d\n", 2147483647 + 1);
    return 0;
}
"#;
    assert_eq!(
        output(src, 1).unwrap(),
        [
            "-3 1 -3 28",
            "3 3.5 10",
            "16 9",
            "2",
            "C 67 44",
            "1 0 0",
            "10 13",
            "-2147483648"
        ]
    );
}

#[test]
fn control_flow_functions_recursion_and_arrays() {
    let src = r#"
#include <stdio.h>
#define N 5
int g = 3, table[N] = {1, 2, 3};
double m[2][3];

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
void fill(double *row, int n, double v) { int i; for (i = 0; i < n; i++) row[i] = v * i; }
int sum(int a[], int n) { int s = 0; while (n-- > 0) s += a[n]; return s; }

int main(int argc, char **argv) {
    int i, j, k = 0;
    char name[8] = {'r', 'a', 'n', 'k', 0};
    for (i = 0; i < 10; i++) {
        if (i == 2) continue;
        if (i == 6) break;
        k += i;
    }
    do { k++; } while (k < 20);
    fill(m[1], 3, 1.5);
    for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) m[i][j] += i + j;
    table[4] = fact(g + 2);
    printf("%d %d %s\n", k, sum(table, N), name);
    printf("%.1f %.1f %.1f\n", m[0][2], m[1][1], m[1][2]);
    {
        int *p = &table[1];
        *p = 20;
        p++;
        printf("%d %d %d\n", *p, table[1], p - table);
    }
    return 0;
}
"#;
    assert_eq!(
        output(src, 1).unwrap(),
        ["20 126 rank", "2.0 3.5 6.0", "3 20 2"]
    );
}

#[test]
fn data_really_moves_between_ranks() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, i;
    double v[4], w[4];
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < 4; i++) v[i] = rank * 10 + i * 0.25;
    if (rank == 1) MPI_Send(v, 4, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Recv(w, 4, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &i);
        printf("%g %g from %d tag %d count %d\n", w[0], w[3], st.MPI_SOURCE, st.MPI_TAG, i);
    }
    MPI_Finalize();
    return 0;
}
"#;
    assert_eq!(output(src, 2).unwrap(), ["10 10.75 from 1 tag 9 count 4"]);
}

#[test]
fn recursion_depth_and_memory_are_limited() {
    let src = "int f(int n) { return f(n + 1); }\nint main() { return f(0); }\n";
    let e = output(src, 1).unwrap_err();
    assert!(
        e.contains("too many nested calls (more than 100000)"),
        "{e}"
    );
    // The 100,000 identical frames read as one note and a count, not 100,000 lines.
    assert!(
        e.contains("… 99997 more calls of `f` from the same line"),
        "{e}"
    );
    assert!(e.lines().count() < 12, "{e}");
    // A local array too large for the rank's memory is named at its declaration, in MiB.
    let src =
        "int main() {\n    int i;\n    double big[100000000];\n    big[0] = 1;\n    return 0;\n}\n";
    let e = output(src, 1).unwrap_err();
    assert!(
        e.contains("`big` (762.9 MiB) does not fit in the rank's memory (256.0 MiB)"),
        "{e}"
    );
    // The error says how to raise the limit.
    assert!(
        e.contains("raise it with `--memory` on the command line, or \"Memory per rank\""),
        "{e}"
    );
    assert!(e.contains(":3:12"), "{e}");
}

#[test]
fn a_64_mb_array_fits_the_default_memory_and_is_charged_what_sizeof_says() {
    let src = "#include <stdio.h>\nfloat data[16000000];\nint main(void) {\n    data[15999999] = 2.5f;\n    printf(\"%zu %.1f\\n\", sizeof(data), data[15999999]);\n    return 0;\n}\n";
    assert_eq!(output(src, 1).unwrap(), ["64000000 2.5"]);
    let compiled = rankscope_core::lang::load(src, "big.c").unwrap();
    let bytes = compiled.globals.len();
    assert!((64_000_000..64_000_100).contains(&bytes), "{bytes}");
}

#[test]
fn ordinary_recursion_runs_ten_thousand_calls_deep() {
    let src = "#include <stdio.h>\nint sum(int n) { if (n == 0) return 0; return n + sum(n - 1); }\nint main(void) { printf(\"%d\\n\", sum(10000)); return 0; }\n";
    assert_eq!(output(src, 1).unwrap(), ["50005000"]);
}

#[test]
fn global_initializers_are_constant_expressions() {
    let src = r#"
#include <stdio.h>
#define N 4
int a = sizeof(double) * N, b = N > 3 ? 1 : 2, c = ~0 & 0xff, d = !0 + (1 << 4);
double x = (double)N / 8;
int main() { printf("%d %d %d %d %g\n", a, b, c, d, x); return 0; }
"#;
    assert_eq!(output(src, 1).unwrap(), ["32 1 255 17 0.5"]);
}

#[test]
fn an_endless_loop_between_calls_stops_at_the_between_calls_limit() {
    use rankscope_core::engine::{Sim, SimError};
    use rankscope_core::lang::{self, VmLimits};
    use rankscope_core::machine::{builtin_profiles, Machine};
    let source = "#include <mpi.h>\nint main(int argc, char **argv) {\n    int i = 0;\n    MPI_Init(&argc, &argv);\n    while (1) { i = i + 1; }\n    return 0;\n}\n";
    let compiled = lang::load(source, "loop.c").unwrap();
    let profile = builtin_profiles().unwrap().remove(0);
    let limits = VmLimits {
        max_ops_between_calls: 100_000,
        ..VmLimits::default()
    };
    let mut sim = Sim::new(
        Machine::new(&profile, 1).unwrap(),
        lang::ranks(&compiled, 1, limits),
        SimConfig::default(),
    );
    let Err(SimError::Program { message, .. }) = sim.run() else {
        panic!("the loop must stop");
    };
    assert!(
        message.contains("100000 operations without an MPI call"),
        "{message}"
    );
    assert!(message.contains("loop.c:5:"), "{message}");
    // The limit counts from the last call (MPI_Init, after the few operations before it).
    let ops = sim.program(0).unwrap().ops();
    assert!(ops <= 100_050, "{ops}");
}

/// The checked heap names each classic mistake with the lines of the allocation and the `free`.
#[test]
fn heap_mistakes_name_their_lines() {
    let case = |body: &str| {
        let src = format!(
            "#include <stdlib.h>\nint main() {{\n  int *a = malloc(4 * sizeof(int));\n  int *b;\n{body}\n  return 0;\n}}\n"
        );
        output(&src, 1).expect_err("must fail")
    };
    let overrun = case("  a[4] = 1;");
    assert!(
        overrun
            .contains("heap overrun: 4 bytes past the end of a 16-byte block allocated at line 3"),
        "{overrun}"
    );
    let after = case("  free(a);\n  b = a;\n  b[1] = 2;");
    assert!(
        after.contains(
            "use after free: this 16-byte block was allocated at line 3 and freed at line 5"
        ),
        "{after}"
    );
    let double = case("  free(a);\n  free(a);");
    assert!(
        double
            .contains("double free: this block (allocated at line 3) was already freed at line 5"),
        "{double}"
    );
    let inside = case("  free(a + 1);");
    assert!(
        inside.contains("free of a pointer 4 bytes into a block"),
        "{inside}"
    );
    let foreign = case("  int x;\n  free(&x);");
    assert!(
        foreign.contains("free of a pointer that malloc"),
        "{foreign}"
    );
}

/// malloc/realloc/free, the string functions and a linked list of structs behave as in C.
#[test]
fn the_c_library_on_the_heap() {
    let src = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct cell { int v; struct cell *next; };
int main() {
    struct cell *head = NULL, *c;
    int i, *grow = NULL;
    char s[16];
    for (i = 1; i <= 3; i++) {
        c = malloc(sizeof *c);
        c->v = i;
        c->next = head;
        head = c;
    }
    printf("%d %d %d\n", head->v, head->next->v, head->next->next->v);
    for (i = 0; i < 100; i++) {
        grow = realloc(grow, (i + 1) * sizeof(int));
        grow[i] = i;
    }
    printf("%d %zu\n", grow[99], sizeof(struct cell));
    free(grow);
    strncpy(s, "abcdef", 3);
    s[3] = 0;
    memset(s + 3, 'z', 2);
    s[5] = 0;
    printf("%s %d %d\n", s, strncmp(s, "abd", 2), memcmp("ab", "ac", 2) < 0);
    while (head) { c = head->next; free(head); head = c; }
    return 0;
}
"#;
    assert_eq!(output(src, 1).unwrap(), vec!["3 2 1", "99 16", "abczz 0 1"]);
}

/// `extern` declares a global defined later in the file; one never defined is named.
#[test]
fn extern_globals_are_declared_before_their_definition() {
    let src = "#include <stdio.h>\nextern int counter;\nextern double scale;\nvoid bump(void) { counter += 2; }\nint main() { bump(); bump(); printf(\"%d %.1f\\n\", counter, scale); return 0; }\nint counter = 10;\ndouble scale = 1.5, other;\n";
    assert_eq!(output(src, 1).unwrap(), vec!["14 1.5"]);
    let missing = output("extern int nowhere;\nint main() { return nowhere; }\n", 1).unwrap_err();
    assert!(
        missing.contains("`nowhere` is declared `extern` but never defined"),
        "{missing}"
    );
}

/// Blocks never freed are reported when the program ends, as LeakSanitizer does.
#[test]
fn leaks_are_reported_at_exit() {
    let src = "#include <stdlib.h>\n#include <stdio.h>\nint main() {\n  int *keep = malloc(40);\n  char *also = malloc(8);\n  free(malloc(4));\n  printf(\"done\\n\");\n  return keep != 0 && also != 0 ? 0 : 1;\n}\n";
    // The warning is Rankscope's diagnostic, not the program's output (MPICH's suite and the
    // differential test compare only the program's).
    assert_eq!(
        lines(src, 1).unwrap(),
        vec![
            (Stream::Stdout, "done".to_string()),
            (
                Stream::Diagnostic,
                "warning: 2 blocks (48 bytes) allocated with malloc were never freed (the first at line 4)"
                    .to_string()
            )
        ]
    );
    let clean = "#include <stdlib.h>\nint main() { free(malloc(4)); exit(0); }\n";
    assert_eq!(output(clean, 1).unwrap(), Vec::<String>::new());
}

#[test]
fn mpi_get_version_reports_the_standard_the_library_implements_as_mpi_h_does() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int version = -1, subversion = -1, rank;
    MPI_Get_version(&version, &subversion);
    printf("before MPI_Init: %d.%d\n", version, subversion);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    version = subversion = -1;
    MPI_Get_version(&version, &subversion);
    printf("rank %d: MPI %d.%d, mpi.h %d.%d\n", rank, version, subversion, MPI_VERSION, MPI_SUBVERSION);
#if MPI_VERSION >= 3
    printf("MPI-3's one-sided calls are there\n");
#endif
    MPI_Finalize();
    version = subversion = -1;
    MPI_Get_version(&version, &subversion);
    printf("after MPI_Finalize: %d.%d\n", version, subversion);
    return 0;
}
"#;
    assert_eq!(
        output(src, 2).unwrap(),
        [
            "before MPI_Init: 3.1",
            "rank 0: MPI 3.1, mpi.h 3.1",
            "MPI-3's one-sided calls are there",
            "after MPI_Finalize: 3.1",
        ]
    );
    // NULL compiles, as with mpicc; the call stops the rank naming the argument. The library
    // refuses memory that is not the program's.
    let null = r#"
#include <mpi.h>
int main(int argc, char **argv) {
    int subversion;
    MPI_Get_version(NULL, &subversion);
    return 0;
}
"#;
    let e = output(null, 1).unwrap_err();
    assert!(
        e.contains("the version variable: null pointer dereference"),
        "{e}"
    );
    let freed = r#"
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int subversion, *version = malloc(sizeof(int));
    free(version);
    MPI_Get_version(version, &subversion);
    return 0;
}
"#;
    let e = output(freed, 1).unwrap_err();
    assert!(
        e.contains("MPI_Get_version") && e.contains("the version variable"),
        "{e}"
    );
}
