//! C99 as programs write it, run: variable-length arrays (their storage, bounds and sizes) and
//! variadic functions; each output is what gcc's program prints.

use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// Runs `source` on one rank; its console lines, or the error text.
fn output(source: &str) -> Result<Vec<String>, String> {
    output_with(source, VmLimits::default())
}

/// The same, with these limits.
fn output_with(source: &str, limits: VmLimits) -> Result<Vec<String>, String> {
    let compiled = lang::load(source, "t.c").map_err(|d| {
        d.iter()
            .map(|d| d.render("t.c", source))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, 1).unwrap();
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, 1, limits),
        SimConfig::default(),
    );
    sim.run().map_err(|e| e.to_string())?;
    Ok(sim.console().iter().map(|l| l.text.clone()).collect())
}

#[test]
fn a_variable_length_array_in_a_loop_does_not_grow_the_stack() {
    // 100 passes of 1 MiB each, with 16 MiB allowed: a pass that kept its array would run out
    // of memory by the 17th. `continue` skips the end of the block, so running the declaration
    // again must release the last pass's array too.
    let src = r#"
#include <stdio.h>
int main(void) {
    int n = 131072;
    double total = 0;
    for (int i = 0; i < 100; i++) {
        double w[n];
        w[i * 1000] = i;
        total += w[i * 1000];
        if (i % 2) continue;
    }
    printf("%.0f\n", total);
    return 0;
}
"#;
    let limits = VmLimits {
        max_memory: 16 << 20,
        ..VmLimits::default()
    };
    assert_eq!(output_with(src, limits).unwrap(), ["4950"]);
    // The same arrays kept alive (one per pass, in a recursion) do not fit: the limit is real.
    let kept = r#"
int deeper(int i, int n) {
    double w[n];
    w[0] = i;
    return i == 0 ? 0 : deeper(i - 1, n) + (int)w[0];
}
int main(void) { return deeper(100, 131072); }
"#;
    let err = output_with(kept, limits).unwrap_err();
    assert!(err.contains("out of memory"), "{err}");
}

#[test]
fn a_variable_length_array_index_is_checked_against_its_run_time_length() {
    let src = r#"
#include <stdio.h>
int main(void) {
    int n = 4, m = 3;
    int a[n][m];
    a[3][2] = 1;
    printf("%d\n", a[3][2]);
    a[1][m] = 2;
    return 0;
}
"#;
    let err = output(src).unwrap_err();
    assert!(
        err.contains("index 3 is out of bounds for a variable-length array of 3 elements"),
        "{err}"
    );
    assert!(err.contains("t.c:8"), "{err}");
}

#[test]
fn a_negative_variable_length_is_an_error_not_a_huge_array() {
    let src = "int main(void) { int n = -5; double v[n]; v[0] = 1; return 0; }";
    let err = output(src).unwrap_err();
    assert!(
        err.contains("a variable-length array's size is negative"),
        "{err}"
    );
}

#[test]
fn sizes_strides_and_parameters_of_variable_length_arrays_follow_c() {
    let src = r#"
#include <stdio.h>
double trace(int n, double a[n][n]) {
    double t = 0;
    for (int i = 0; i < n; i++) t += a[i][i];
    return t;
}
long rows(int n, int m, int a[n][m]) {
    return (&a[2] - a) * 100 + (long)sizeof(a[0]) + (a + 1 == &a[1]);
}
int depth(int k) {
    int v[k + 1];
    v[k] = k;
    return k == 0 ? 0 : v[k] + depth(k - 1);
}
int main(void) {
    int n = 3, m = 5;
    double sq[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sq[i][j] = i * 10 + j;
    int g[4][m];
    char s[m + 1];
    printf("%g %ld %zu %zu %zu\n", trace(n, sq), rows(4, m, g), sizeof sq, sizeof g, sizeof s);
    printf("%d %zu\n", depth(10), sizeof(sq[1]) / sizeof(sq[1][0]));
    return 0;
}
"#;
    assert_eq!(output(src).unwrap(), ["33 221 72 80 6", "55 3"]);
}

#[test]
fn variadic_functions_read_promoted_arguments_of_each_type() {
    let src = r#"
#include <stdio.h>
#include <stdarg.h>
double avg(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s / n;
}
void show(const char *kinds, ...) {
    va_list ap;
    va_start(ap, kinds);
    for (const char *k = kinds; *k; k++) {
        switch (*k) {
        case 'i': printf("i%d ", va_arg(ap, int)); break;
        case 'u': printf("u%u ", va_arg(ap, unsigned)); break;
        case 'l': printf("l%ld ", va_arg(ap, long)); break;
        case 'd': printf("d%g ", va_arg(ap, double)); break;
        case 's': printf("s%s ", va_arg(ap, char *)); break;
        case 'p': printf("p%d ", *va_arg(ap, int *)); break;
        }
    }
    va_end(ap);
    printf("\n");
}
int main(void) {
    int x = 42;
    char c = -7;
    short h = 300;
    float f = 0.5f;
    printf("%g\n", avg(3, 1.0, 2.5f, 4.5));
    show("iiuldsp", c, h, 4000000000u, -1L << 40, f, "str", &x);
    return 0;
}
"#;
    assert_eq!(
        output(src).unwrap(),
        [
            "2.66667",
            "i-7 i300 u4000000000 l-1099511627776 d0.5 sstr p42 "
        ]
    );
}
