//! `rankscope bench`: the engine's speed and memory figures (never asserted in tests; quoted in
//! notes). Wall time here is the host's clock, which is fine outside `core`.

use crate::output::out;
use std::time::Instant;

use rankscope_core::bench::{hold_model, run_one_rank, vm_loop, Kernel, REAL_PROGRAMS};
use rankscope_core::engine::{Limits, Sim};
use rankscope_core::explore::bench_programs::EXPLORE_PROGRAMS;
use rankscope_core::machine::Machine;
use rankscope_core::trace::TraceMode;
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};

use super::profiles::resolve;
use crate::memory::{mib, peak_rss_bytes, rss_bytes};
use rankscope_core::proto::SimConfig;

/// Options of `rankscope bench`.
pub struct BenchOptions {
    /// Events per hold-model run.
    pub hold_ops: u64,
    /// Ranks of the broadcast scale run.
    pub bcast_ranks: u32,
    /// Profile for the scale run.
    pub profile: String,
    /// Loop iterations of the VM benchmark program.
    pub vm_iterations: u32,
    /// Processes in the lock scale run.
    pub lock_ranks: u32,
    /// Processes per node in the lock scale run.
    pub lock_ppn: u32,
    /// Benchmarks to run (empty: all).
    pub only: Vec<String>,
}

/// The benchmarks `--only` may name.
const BENCHMARKS: [&str; 6] = ["hold", "vm", "real", "bcast", "lock", "explore"];

/// Runs the benchmarks and prints one line per figure.
pub fn run(opts: BenchOptions) -> Result<(), String> {
    out!("rankscope bench (core {})", rankscope_core::VERSION);
    if let Some(bad) = opts.only.iter().find(|o| !BENCHMARKS.contains(&o.as_str())) {
        return Err(format!(
            "unknown benchmark {bad:?}; choose from {}",
            BENCHMARKS.join(", ")
        ));
    }
    let wants = |name: &str| opts.only.is_empty() || opts.only.iter().any(|o| o == name);
    if wants("hold") {
        hold(&opts);
    }
    if wants("vm") {
        vm_ops(opts.vm_iterations)?;
    }
    if wants("real") {
        real_programs()?;
    }
    if wants("bcast") {
        broadcast_scale(&opts)?;
    }
    if wants("explore") {
        exploration()?;
    }
    if wants("lock") {
        lock_scale(&opts)?;
    }
    Ok(())
}

fn hold(opts: &BenchOptions) {
    for pending in [1_000usize, 1_000_000] {
        // Warm up once (page faults, caches), then time.
        hold_model(pending, opts.hold_ops / 10, 1);
        let start = Instant::now();
        let checksum = hold_model(pending, opts.hold_ops, 1);
        let secs = start.elapsed().as_secs_f64();
        out!(
            "hold model, {pending:>9} pending: {:>7.2} M events/s ({} pop+push in {secs:.3} s, checksum {checksum:016x})",
            opts.hold_ops as f64 / secs / 1e6,
            opts.hold_ops
        );
    }
}

/// Paper 003's extrapolation, simulated directly: every process of a K-computer-sized job takes
/// and drops the MCS-RW shared lock once (`MPI_Win_lock_all` + unlock) on FX100's Tofu2 RDMA
/// atomics.
fn lock_scale(opts: &BenchOptions) -> Result<(), String> {
    let (ranks, ppn) = (opts.lock_ranks, opts.lock_ppn.max(1));
    let nodes = ranks.div_ceil(ppn);
    let profile = resolve("fx100")?.resized(nodes, ppn, "the lock scale benchmark");
    let rss0 = rss_bytes().unwrap_or(0);
    let start = Instant::now();
    let machine = Machine::new(&profile, ranks).map_err(|e| e.to_string())?;
    let kind = WorkloadKind::SharedLock;
    let config = SimConfig {
        limits: Limits::unbounded(),
        trace: TraceMode::HashOnly,
        words_per_rank: kind.words_per_rank(),
        ..SimConfig::default()
    };
    let params = WorkloadParams {
        bytes: 8,
        iterations: 1,
    };
    let mut sim = Sim::new(machine, programs(kind, ranks, params), config);
    let setup = start.elapsed().as_secs_f64();
    let summary = sim.run().map_err(|e| e.to_string())?;
    let total = start.elapsed().as_secs_f64();
    let rss = rss_bytes().unwrap_or(0);
    out!(
        "MCS-RW shared lock+unlock, {ranks} processes on fx100 ({nodes} nodes × {ppn}): simulated {} (the paper extrapolates ≈ 1 s), {} events, wall {total:.2} s (setup {setup:.2} s), RSS growth {:.0} MiB, peak RSS {:.0} MiB, trace hash {:016x}",
        summary.end_time,
        summary.events,
        mib(rss.saturating_sub(rss0)),
        mib(peak_rss_bytes().unwrap_or(0)),
        summary.trace_hash
    );
    Ok(())
}

fn vm_ops(iterations: u32) -> Result<(), String> {
    vm_loop(iterations / 10)?;
    let start = Instant::now();
    let (ops, line) = vm_loop(iterations)?;
    let secs = start.elapsed().as_secs_f64();
    out!(
        "VM bytecode: {:>7.2} M operations/s ({ops} operations in {secs:.3} s, including compilation; printed {line:?})",
        ops as f64 / secs / 1e6
    );
    Ok(())
}

/// The real-programs kernels: each on one rank of the VM (operations/s, including compilation),
/// then the same source built with `gcc -O0` and run natively (best of three wall times,
/// including the process start), and the ratio of the two times. The outputs must agree.
fn real_programs() -> Result<(), String> {
    out!("real programs (one rank; the same C built with gcc -O0 for the ratio):");
    let dir = std::env::temp_dir().join(format!("rankscope-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let result = REAL_PROGRAMS.iter().try_for_each(|k| real_program(k, &dir));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn real_program(k: &Kernel, dir: &std::path::Path) -> Result<(), String> {
    let source = k.source_with(k.size);
    let file = format!("{}.c", k.name);
    let start = Instant::now();
    let (ops, printed) = run_one_rank(&source, &file)?;
    let vm_secs = start.elapsed().as_secs_f64();
    let native = gcc_o0(&source, &dir.join(&file));
    let (gcc, ratio) = match &native {
        Ok((secs, text)) if *text == printed => (
            format!("gcc -O0 {secs:.4} s"),
            format!("{:>6.1}×", vm_secs / secs),
        ),
        Ok((_, text)) => {
            return Err(format!(
                "{}: the VM printed {printed:?} but gcc's build printed {text:?}",
                k.name
            ))
        }
        Err(why) => (why.clone(), "     -".to_string()),
    };
    out!(
        "  {:<7} {:>7.2} M operations/s ({ops} operations in {vm_secs:.3} s) · {gcc} · VM/gcc {ratio} · {} · printed {:?}",
        k.name,
        ops as f64 / vm_secs / 1e6,
        k.what,
        printed.trim_end()
    );
    Ok(())
}

/// Builds `source` with `gcc -O0` at `path` and runs it three times: the best wall time and what
/// it printed, or why there is no native figure.
fn gcc_o0(source: &str, path: &std::path::Path) -> Result<(f64, String), String> {
    use std::process::Command;
    std::fs::write(path, source).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let exe = path.with_extension("");
    let built = Command::new("gcc")
        .args(["-O0", "-w", "-o"])
        .arg(&exe)
        .arg(path)
        .arg("-lm")
        .output()
        .map_err(|e| format!("no gcc ({e})"))?;
    if !built.status.success() {
        return Err(format!(
            "gcc failed: {}",
            String::from_utf8_lossy(&built.stderr).trim()
        ));
    }
    let mut best = f64::INFINITY;
    let mut text = String::new();
    for _ in 0..3 {
        let start = Instant::now();
        let run = Command::new(&exe)
            .output()
            .map_err(|e| format!("cannot run gcc's build: {e}"))?;
        best = best.min(start.elapsed().as_secs_f64());
        text = String::from_utf8_lossy(&run.stdout).into_owned();
    }
    Ok((best, text))
}

fn broadcast_scale(opts: &BenchOptions) -> Result<(), String> {
    let ranks = opts.bcast_ranks;
    let base = resolve(&opts.profile)?;
    let ppn = base.machine.ranks_per_node.value;
    let nodes = ranks.div_ceil(ppn).max(base.machine.nodes.value);
    let profile = base.resized(nodes, ppn, &format!("the {ranks}-rank benchmark"));
    let rss0 = rss_bytes().unwrap_or(0);
    let start = Instant::now();
    let machine = Machine::new(&profile, ranks).map_err(|e| e.to_string())?;
    let config = SimConfig {
        limits: Limits::unbounded(),
        trace: TraceMode::HashOnly,
        ..SimConfig::default()
    };
    let params = WorkloadParams {
        bytes: 8,
        iterations: 1,
    };
    let mut sim = Sim::new(
        machine,
        programs(WorkloadKind::Broadcast, ranks, params),
        config,
    );
    let setup = start.elapsed().as_secs_f64();
    let rss_idle = rss_bytes().unwrap_or(0);
    let summary = sim.run().map_err(|e| e.to_string())?;
    let total = start.elapsed().as_secs_f64();
    let peak = peak_rss_bytes().unwrap_or(0);
    out!(
        "binomial broadcast, {ranks} ranks on {} ({} nodes): simulated {}, {} events, wall {total:.2} s (setup {setup:.2} s, {:.2} M events/s), peak RSS {:.0} MiB, trace hash {:016x}",
        profile.machine.id,
        nodes,
        summary.end_time,
        summary.events,
        summary.events as f64 / (total - setup) / 1e6,
        mib(peak),
        summary.trace_hash
    );
    out!(
        "bytes per idle rank: {:.1} measured (RSS after setup − before, ÷ ranks; includes each rank's start event), {} structural (program + state + mailbox slot)",
        rss_idle.saturating_sub(rss0) as f64 / f64::from(ranks),
        sim_rank_bytes()
    );
    Ok(())
}

fn sim_rank_bytes() -> usize {
    use rankscope_core::engine::RankState;
    use rankscope_core::proto::p2p::Mailbox;
    std::mem::size_of::<rankscope_core::workloads::Native>()
        + std::mem::size_of::<RankState>()
        + std::mem::size_of::<Option<Box<Mailbox>>>()
}

/// Runs the exploration programs over every match MPI allows, over every delivery race of the
/// machine, and over both with no reduction (a budget of 2,000 runs each): runs, outcomes, runs
/// a second.
fn exploration() -> Result<(), String> {
    use rankscope_core::explore::{explore, Space};
    use rankscope_core::lang::{load, Launch};
    use rankscope_core::run_config::RunConfig;
    const BUDGET: usize = 2000;
    let profile = resolve("cluster")?;
    out!("exploration on the cluster profile (budget {BUDGET} runs each):");
    for p in &EXPLORE_PROGRAMS {
        let compiled = load(p.source, p.name).map_err(|d| format!("{}: {d:?}", p.name))?;
        let config = RunConfig::default();
        let launch = Launch {
            profile: &profile,
            ranks: p.ranks,
            args: &[],
            config: config.sim_config(),
            limits: config.vm_limits(),
            network: None,
        };
        let mut line = Vec::new();
        for space in [Space::Matches, Space::Network, Space::All] {
            let start = Instant::now();
            let e = explore(space, BUDGET, || {
                launch.sim_compiled(&compiled).map_err(|e| format!("{e:?}"))
            })?;
            let secs = start.elapsed().as_secs_f64();
            line.push(format!(
                "{}: {} run{}{}, {} outcome{}, {:.0} runs/s",
                space.id(),
                e.runs,
                if e.runs == 1 { "" } else { "s" },
                if e.complete {
                    " (all)"
                } else {
                    " (budget ended)"
                },
                e.outcomes.len(),
                if e.outcomes.len() == 1 { "" } else { "s" },
                e.runs as f64 / secs
            ));
        }
        out!("  {:14} {} · {}", p.name, line.join(" · "), p.what);
    }
    Ok(())
}
