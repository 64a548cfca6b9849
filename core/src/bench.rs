//! Benchmark kernels shared by `rankscope bench` (native) and the web build (WebAssembly), so both
//! time exactly the same code. Timing itself happens outside `core` (no clock here); each kernel
//! returns a checksum so the two builds can be checked to compute the same thing.

use crate::engine::EventQueue;
use crate::proto::SimConfig;
use crate::rng::SplitMix64;
use crate::time::SimTime;

/// The classic hold model: fill the queue with `pending` events, then `ops` times pop the earliest
/// and push a new one at its time plus a random increment (uniform in 0..1 µs). Returns a checksum
/// of the popped times and payloads.
pub fn hold_model(pending: usize, ops: u64, seed: u64) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut q: EventQueue<u32> = EventQueue::with_capacity(pending + 1);
    for i in 0..pending {
        q.push(SimTime(rng.below(1_000_000)), i as u32);
    }
    let mut checksum = 0u64;
    for _ in 0..ops {
        let Some((t, e)) = q.pop() else { break };
        checksum = checksum.rotate_left(5) ^ t.as_ps() ^ u64::from(e);
        q.push(t + SimTime(rng.below(1_000_000)), e);
    }
    checksum
}

/// The VM benchmark program: integer and floating-point arithmetic, array indexing, a function
/// call and a loop — the mix of the papers' compute kernels. `ITERATIONS` is replaced by a count.
pub const VM_BENCH_SOURCE: &str = r#"
int square(int v) { return v * v; }

int main(int argc, char **argv)
{
    int i, s = 0, a[64];
    double x = 0.0;
    for (i = 0; i < ITERATIONS; i++) {
        a[i % 64] = i;
        s = s + a[(i * 7) % 64] % 13 + square(i % 5);
        x = x * 0.5 + 1.0;
    }
    printf("%d %f\n", s, x);
    return 0;
}
"#;

/// Runs [`VM_BENCH_SOURCE`] with `iterations` loop iterations on one rank; returns the number of
/// bytecode operations executed and the line it printed.
pub fn vm_loop(iterations: u32) -> Result<(u64, String), String> {
    let source = VM_BENCH_SOURCE.replace("ITERATIONS", &iterations.to_string());
    let (ops, text) = run_one_rank(&source, "bench.c")?;
    Ok((ops, text.lines().next().unwrap_or_default().to_string()))
}

/// A compute kernel written the way students write it, for the "real programs" part of the
/// benchmark: plain C that `gcc -O0` compiles as it stands (so a caller outside `core` can time
/// the same source natively and compare), printing one checksum line. `SIZE` in the source is
/// replaced by [`Kernel::size`] (or a smaller size for a test).
#[derive(Copy, Clone, Debug)]
pub struct Kernel {
    /// Short name (`darts`, `sieve`, …).
    pub name: &'static str,
    /// What it does, in a few words.
    pub what: &'static str,
    /// The C source, with `SIZE` for its problem size.
    pub source: &'static str,
    /// The benchmark's problem size.
    pub size: u32,
}

impl Kernel {
    /// The source with its problem size filled in.
    pub fn source_with(&self, size: u32) -> String {
        self.source.replace("SIZE", &size.to_string())
    }
}

/// The real-programs kernels: each calls what such programs call (`random()`, `fabs`, `strchr`),
/// so a library call's cost shows, unlike in [`VM_BENCH_SOURCE`].
pub const REAL_PROGRAMS: [Kernel; 5] = [
    Kernel {
        name: "darts",
        what: "Monte-Carlo pi with random() (LLNL's dboard)",
        size: 2_000_000,
        source: r#"#include <stdio.h>
#include <stdlib.h>

double dboard(int darts)
{
    double x_coord, y_coord, pi, r;
    int score, n;
    unsigned int cconst;
    cconst = 2 << (31 - 1);
    score = 0;
    for (n = 1; n <= darts; n++) {
        r = (double)random() / cconst;
        x_coord = (2.0 * r) - 1.0;
        r = (double)random() / cconst;
        y_coord = (2.0 * r) - 1.0;
        if ((x_coord * x_coord + y_coord * y_coord) <= 1.0)
            score++;
    }
    pi = 4.0 * (double)score / (double)darts;
    return pi;
}

int main(void)
{
    srandom(1);
    printf("pi = %10.8f\n", dboard(SIZE));
    return 0;
}
"#,
    },
    Kernel {
        name: "sieve",
        what: "sieve of Eratosthenes, counting primes",
        size: 4_000_000,
        source: r#"#include <stdio.h>

#define N SIZE
char composite[N + 1];

int main(void)
{
    int i, j, count = 0;
    for (i = 2; (long)i * i <= N; i++) {
        if (!composite[i]) {
            for (j = i * i; j <= N; j += i)
                composite[j] = 1;
        }
    }
    for (i = 2; i <= N; i++)
        if (!composite[i])
            count++;
    printf("%d primes up to %d\n", count, N);
    return 0;
}
"#,
    },
    Kernel {
        name: "matmul",
        what: "naive triple-loop matrix multiply, doubles",
        size: 160,
        source: r#"#include <stdio.h>

#define N SIZE
double a[N][N], b[N][N], c[N][N];

int main(void)
{
    int i, j, k;
    double sum, trace = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            a[i][j] = i + j;
            b[i][j] = i - j + 1;
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            sum = 0.0;
            for (k = 0; k < N; k++)
                sum = sum + a[i][k] * b[k][j];
            c[i][j] = sum;
        }
    for (i = 0; i < N; i++)
        trace += c[i][i];
    printf("trace = %.1f\n", trace);
    return 0;
}
"#,
    },
    Kernel {
        name: "jacobi",
        what: "Jacobi sweeps on a grid until fabs(change) is small",
        size: 100,
        source: r#"#include <stdio.h>
#include <math.h>

#define N SIZE
double u[N + 2][N + 2], unew[N + 2][N + 2];

int main(void)
{
    int i, j, iter = 0;
    double diff = 1.0, d;
    for (i = 0; i < N + 2; i++)
        u[i][0] = unew[i][0] = 100.0;
    while (diff > 0.05 && iter < 200) {
        diff = 0.0;
        for (i = 1; i <= N; i++)
            for (j = 1; j <= N; j++) {
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                d = fabs(unew[i][j] - u[i][j]);
                if (d > diff)
                    diff = d;
            }
        for (i = 1; i <= N; i++)
            for (j = 1; j <= N; j++)
                u[i][j] = unew[i][j];
        iter++;
    }
    printf("%d sweeps, last change %.6f, u[1][1] = %.6f\n", iter, diff, u[1][1]);
    return 0;
}
"#,
    },
    Kernel {
        name: "tokens",
        what: "a hand-written tokenizer with strchr over a text",
        size: 40_000,
        source: r#"#include <stdio.h>
#include <string.h>

const char *text = "The quick brown fox, jumps over the lazy dog; then it naps. MPI ranks send, receive and reduce.";
const char *delims = " ,;.";

int main(void)
{
    int round, i, words = 0, letters = 0, longest = 0, len;
    int n = strlen(text);
    for (round = 0; round < SIZE; round++) {
        len = 0;
        for (i = 0; i <= n; i++) {
            char c = text[i];
            if (c == '\0' || strchr(delims, c) != NULL) {
                if (len > 0) {
                    words++;
                    letters += len;
                    if (len > longest)
                        longest = len;
                }
                len = 0;
            } else {
                len++;
            }
        }
    }
    printf("%d words, %d letters, longest %d\n", words, letters, longest);
    return 0;
}
"#,
    },
];

/// Runs a C program on one rank of the first built-in profile with no operation limit; returns
/// the operations executed and what it printed.
pub fn run_one_rank(source: &str, file: &str) -> Result<(u64, String), String> {
    use crate::engine::Sim;
    use crate::lang::{self, VmLimits};
    use crate::machine::{builtin_profiles, Machine};

    let compiled = lang::load(source, file)
        .map_err(|d| d.iter().map(|d| d.render(file, source)).collect::<String>())?;
    let profile = builtin_profiles()
        .map_err(|e| e.to_string())?
        .into_iter()
        .next()
        .ok_or("no profile")?;
    let machine = Machine::new(&profile, 1).map_err(|e| e.to_string())?;
    let limits = VmLimits {
        max_ops: u64::MAX,
        max_memory: 1 << 30,
        ..VmLimits::default()
    };
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, 1, limits),
        SimConfig::default(),
    );
    sim.run().map_err(|e| e.to_string())?;
    let ops = sim.program(0).map_or(0, |vm| vm.ops());
    let text = sim
        .console()
        .iter()
        .map(|l| format!("{}\n", l.text))
        .collect();
    Ok((ops, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_benchmark_program_runs_and_computes() {
        let (ops, line) = vm_loop(100).unwrap();
        assert!(ops > 100 * 20, "{ops} operations");
        // The same computation in Rust.
        let (mut a, mut s) = ([0i32; 64], 0i32);
        for i in 0..100i32 {
            a[(i % 64) as usize] = i;
            s += a[((i * 7) % 64) as usize] % 13 + (i % 5) * (i % 5);
        }
        assert_eq!(line, format!("{s} 2.000000"));
    }

    #[test]
    fn real_program_kernels_compute_what_c_computes() {
        let printed: Vec<String> = REAL_PROGRAMS
            .iter()
            .map(|k| {
                let small = match k.name {
                    "darts" => 1000,
                    "sieve" => 100,
                    "matmul" => 4,
                    "jacobi" => 6,
                    _ => 3,
                };
                run_one_rank(&k.source_with(small), "kernel.c").unwrap().1
            })
            .collect();
        // What gcc -O0's build of the same sources printed (glibc's random() for darts).
        assert_eq!(printed[1], "25 primes up to 100\n");
        // a = i + j, b = i - j + 1, N = 4: trace of a·b.
        let n = 4i64;
        let trace: i64 = (0..n)
            .map(|i| (0..n).map(|k| (i + k) * (k - i + 1)).sum::<i64>())
            .sum();
        assert_eq!(printed[2], format!("trace = {trace}.0\n"));
        assert_eq!(printed[4], "54 words, 219 letters, longest 7\n");
        assert_eq!(printed[0], "pi = 3.08800000\n");
        assert_eq!(
            printed[3],
            "43 sweeps, last change 0.046224, u[1][1] = 47.631202\n"
        );
    }

    #[test]
    fn hold_model_is_deterministic_and_keeps_the_queue_size() {
        assert_eq!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 1));
        assert_ne!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 2));
    }
}
