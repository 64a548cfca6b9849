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
    use crate::engine::Sim;
    use crate::lang::{self, VmLimits};
    use crate::machine::{builtin_profiles, Machine};

    let source = VM_BENCH_SOURCE.replace("ITERATIONS", &iterations.to_string());
    let compiled = lang::load(&source, "bench.c").map_err(|d| {
        d.iter()
            .map(|d| d.render("bench.c", &source))
            .collect::<String>()
    })?;
    let profile = builtin_profiles()
        .map_err(|e| e.to_string())?
        .into_iter()
        .next()
        .ok_or("no profile")?;
    let machine = Machine::new(&profile, 1).map_err(|e| e.to_string())?;
    let limits = VmLimits {
        max_ops: u64::MAX,
        ..VmLimits::default()
    };
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, 1, limits),
        SimConfig::default(),
    );
    sim.run().map_err(|e| e.to_string())?;
    let ops = sim.program(0).map_or(0, |vm| vm.ops());
    let line = sim
        .console()
        .first()
        .map_or(String::new(), |l| l.text.clone());
    Ok((ops, line))
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
    fn hold_model_is_deterministic_and_keeps_the_queue_size() {
        assert_eq!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 1));
        assert_ne!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 2));
    }
}
