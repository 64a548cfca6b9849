//! The C library beyond `printf`: `assert`'s failure (glibc's line on the error stream, then the
//! run ends), the standard streams, `strtok` on empty tokens, `getopt`'s errors, `atexit` with
//! `exit`, and input at its end.

use rankscope_core::engine::{ConsoleLine, Sim, Stream};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// Runs `source` (as `prog.c`) on `ranks` ranks: every console line, and the error if any.
fn run(source: &str, ranks: u32) -> (Vec<ConsoleLine>, Option<String>) {
    let compiled = lang::load(source, "prog.c").unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|d| d.render("prog.c", source))
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, ranks).unwrap();
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, ranks, VmLimits::default()),
        SimConfig::default(),
    );
    let error = sim.run().err().map(|e| e.to_string());
    (sim.console().to_vec(), error)
}

fn texts(lines: &[ConsoleLine], stream: Stream) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.stream == stream)
        .map(|l| l.text.clone())
        .collect()
}

#[test]
fn a_failed_assert_prints_glibcs_line_on_stderr_and_ends_the_run() {
    let src = r#"#include <assert.h>
#include <stdio.h>
static int half(int n) {
    assert(n % 2 ==  0 && "n must be even");
    return n / 2;
}
int main(void) {
    printf("%d\n", half(8));
    printf("%d\n", half(7));
    printf("never\n");
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(texts(&lines, Stream::Stdout), ["4"]);
    assert_eq!(
        texts(&lines, Stream::Stderr),
        ["prog: prog.c:4: half: Assertion `n % 2 == 0 && \"n must be even\"' failed."]
    );
    let error = error.expect("the run stops");
    assert!(
        error.contains("rank 0: assertion `n % 2 == 0 && \"n must be even\"` failed"),
        "{error}"
    );
    assert!(error.contains("abort()"), "{error}");
    assert!(error.contains("prog.c:4"), "{error}");
}

#[test]
fn ndebug_turns_assert_off_and_abort_ends_the_run() {
    let src = "#define NDEBUG\n#include <assert.h>\n#include <stdio.h>\n#include <stdlib.h>\n\
               int main(void) { assert(1 == 2); printf(\"on\\n\"); abort(); printf(\"never\\n\"); return 0; }\n";
    let (lines, error) = run(src, 2);
    assert_eq!(texts(&lines, Stream::Stdout), ["on", "on"]);
    assert!(texts(&lines, Stream::Stderr).is_empty());
    let error = error.expect("abort stops the run");
    assert!(
        error.contains("abort() ended the rank (SIGABRT)"),
        "{error}"
    );
}

#[test]
fn stderr_lines_are_marked_and_stdout_lines_are_not() {
    let src = r#"#include <stdio.h>
int main(void) {
    fprintf(stderr, "to err %d\n", 1);
    fprintf(stdout, "to out\n");
    fputs("half ", stderr);
    fputc('!', stderr);
    puts("puts");
    perror("why");
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(texts(&lines, Stream::Stdout), ["to out", "puts"]);
    assert_eq!(
        texts(&lines, Stream::Stderr),
        ["to err 1", "half !why: Success"]
    );
}

#[test]
fn fprintf_to_something_that_is_not_a_stream_is_an_error() {
    let src =
        "#include <stdio.h>\nint main(void) { FILE *f = stdin; fprintf(f, \"x\\n\"); return 0; }\n";
    let (_, error) = run(src, 1);
    assert!(error
        .unwrap()
        .contains("fprintf to `stdin`, which is for reading"));
}

#[test]
fn strtok_skips_empty_tokens_and_strtok_r_keeps_its_own_place() {
    let src = r#"#include <stdio.h>
#include <string.h>
int main(void) {
    char s[] = ";;a;;b;";
    char *t = strtok(s, ";");
    while (t) { printf("[%s]", t); t = strtok(NULL, ";"); }
    printf(" %s\n", strtok(NULL, ";") == NULL ? "end" : "more");
    char e[] = "";
    printf("%s\n", strtok(e, ";") == NULL ? "empty" : "token");
    char r[] = "x y", *save;
    printf("%s %s %s\n", strtok_r(r, " ", &save), strtok_r(NULL, " ", &save),
           strtok_r(NULL, " ", &save) == NULL ? "NULL" : "?");
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(
        texts(&lines, Stream::Stdout),
        ["[a][b] end", "empty", "x y NULL"]
    );
}

#[test]
fn getopt_reports_errors_as_glibc() {
    let src = r#"#include <stdio.h>
#include <unistd.h>
int main(void) {
    char *v[] = {"./tool", "-x", "-n", NULL};
    int c;
    while ((c = getopt(3, v, "n:")) != -1) printf("%c %c\n", c, optopt);
    optind = 1;
    while ((c = getopt(3, v, ":n:")) != -1) printf("%c %c\n", c, optopt);
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(texts(&lines, Stream::Stdout), ["? x", "? n", "? x", ": n"]);
    assert_eq!(
        texts(&lines, Stream::Stderr),
        [
            "./tool: invalid option -- 'x'",
            "./tool: option requires an argument -- 'n'"
        ]
    );
}

#[test]
fn atexit_handlers_run_at_exit_in_reverse_and_input_is_at_its_end() {
    let src = r#"#include <stdio.h>
#include <stdlib.h>
static void a(void) { printf("a\n"); }
static void b(void) { printf("b\n"); }
int main(void) {
    int x = 5;
    atexit(a);
    atexit(b);
    printf("%d %d %d\n", getchar(), scanf("%d", &x), x);
    exit(3);
    printf("never\n");
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(texts(&lines, Stream::Stdout), ["-1 -1 5", "b", "a"]);
}

#[test]
fn a_failed_fopen_sets_errno_for_perror_and_the_standard_streams_mix_with_data_files() {
    let src = r#"
#include <stdio.h>
#include <errno.h>
#include <string.h>
int main(void) {
    char line[32];
    FILE *f = fopen("nope.txt", "r");
    if (f == NULL) perror("nope.txt");
    printf("errno %d %s\n", errno, errno == ENOENT ? "ENOENT" : "?");
    f = fopen("out.txt", "w");
    fprintf(f, "%d,%s\n", 42, "x");
    fputs("second\n", f);
    fflush(f);
    fprintf(stderr, "wrote\n");
    fclose(f);
    f = fopen("out.txt", "r");
    while (fgets(line, sizeof line, f)) fputs(line, stdout);
    fclose(f);
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(
        texts(&lines, Stream::Stdout),
        ["errno 2 ENOENT", "42,x", "second"]
    );
    assert_eq!(
        texts(&lines, Stream::Stderr),
        ["nope.txt: No such file or directory", "wrote"]
    );
}

#[test]
fn div_ldiv_lldiv_truncate_toward_zero_and_return_their_structs() {
    let src = r#"#include <stdio.h>
#include <stdlib.h>
static ldiv_t halve(long n) { return ldiv(n, 2); }
int main(void) {
    int k = 0;
    div_t a = div(7, -2);
    div_t b = div(-7, 2);
    ldiv_t c = halve(-9);
    lldiv_t d = lldiv(-10000000000LL, 3);
    div_t e = div(k++, 5);
    printf("%d %d|%d %d|%ld %ld|%lld %lld|%d %d %d\n", a.quot, a.rem, b.quot, b.rem,
           c.quot, c.rem, d.quot, d.rem, e.quot, e.rem, k);
    printf("%zu %zu %zu %d\n", sizeof(div_t), sizeof(ldiv_t), sizeof a, div(17, 5).rem);
    div(1, k - 1);
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(
        texts(&lines, Stream::Stdout),
        ["-3 1|-3 -1|-4 -1|-3333333333 -1|0 0 1", "8 16 8 2"]
    );
    let error = error.expect("div by zero stops the run");
    assert!(error.contains("division by zero (in `div`)"), "{error}");
}

#[test]
fn getopt_h_and_a_programs_own_externs_reach_getopts_variables() {
    let src = r#"#include <stdio.h>
#include <getopt.h>
extern char *optarg;
extern int optind, opterr, optopt;
int main(void) {
    extern int optind;
    char *argv[] = {"prog", "-k", "3", "rest", NULL};
    int c;
    while ((c = getopt(4, argv, "k:")) != -1) printf("%c %s\n", c, optarg);
    printf("%d %d %d\n", optind, opterr, optopt);
    return 0;
}
"#;
    let (lines, error) = run(src, 1);
    assert_eq!(error, None);
    assert_eq!(texts(&lines, Stream::Stdout), ["k 3", "3 1 0"]);
    let bad = "#include <getopt.h>\nextern long optind;\nint main(void) { return 0; }\n";
    let Err(diags) = lang::load(bad, "prog.c") else {
        panic!("a conflicting type is refused");
    };
    assert_eq!(
        diags.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
        ["conflicting types for `optind`: <unistd.h> declares it `int optind`"]
    );
}
