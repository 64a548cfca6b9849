//! `rankscope run`: run a native workload on a machine profile and print what happened.

use std::path::PathBuf;

use rankscope_core::engine::{Limits, Sim, SimConfig};
use rankscope_core::machine::Machine;
use rankscope_core::trace::{chrome::to_chrome_json, TraceMode};
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};

use super::profiles::resolve;

/// Options of `rankscope run`.
pub struct RunOptions {
    /// Which workload.
    pub workload: WorkloadKind,
    /// Number of ranks.
    pub ranks: u32,
    /// Profile id or file.
    pub profile: String,
    /// Workload parameters.
    pub params: WorkloadParams,
    /// Write a Chrome/Perfetto trace here.
    pub trace: Option<PathBuf>,
    /// Keep only the trace hash (for very large runs).
    pub hash_only: bool,
    /// Event limit.
    pub max_events: u64,
    /// Print a JSON summary instead of text.
    pub json: bool,
}

/// Runs and prints the console, the summary and (on failure) the error.
pub fn run(opts: RunOptions) -> Result<(), String> {
    let profile = resolve(&opts.profile)?;
    let machine = Machine::new(&profile, opts.ranks).map_err(|e| e.to_string())?;
    let trace_mode = if opts.hash_only {
        if opts.trace.is_some() {
            return Err("--trace needs the full trace; drop --hash-only".into());
        }
        TraceMode::HashOnly
    } else {
        TraceMode::Full
    };
    let config = SimConfig {
        limits: Limits {
            max_events: opts.max_events,
            ..Limits::default()
        },
        trace: trace_mode,
    };
    let mut sim = Sim::new(
        machine,
        programs(opts.workload, opts.ranks, opts.params),
        config,
    );
    let result = sim.run();
    if opts.json {
        let s = sim.summary();
        let doc = serde_json::json!({
            "workload": opts.workload.name(),
            "profile": profile.machine.id,
            "ranks": s.ranks,
            "bytes": opts.params.bytes,
            "iterations": opts.params.iterations,
            "end_time_ps": s.end_time.as_ps(),
            "events": s.events,
            "records": s.records,
            "trace_hash": format!("{:016x}", s.trace_hash),
            "console": sim.console().iter().map(|l| serde_json::json!({
                "time_ps": l.time.as_ps(), "rank": l.rank, "text": l.text})).collect::<Vec<_>>(),
            "error": result.as_ref().err().map(|e| e.to_string()),
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return result.map(|_| ()).map_err(|e| e.to_string());
    }
    for line in sim.console() {
        println!("[{} rank {}] {}", line.time, line.rank, line.text);
    }
    if let Some(path) = &opts.trace {
        let doc = to_chrome_json(
            sim.trace().records(),
            sim.size(),
            &format!("{} on {}", opts.workload, profile.machine.name),
        );
        let text = serde_json::to_string(&doc).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!(
            "trace: {} ({} records; open it in https://ui.perfetto.dev)",
            path.display(),
            sim.trace().len()
        );
    }
    let s = sim.summary();
    println!(
        "{} on {} with {} ranks: simulated time {}, {} events, {} trace records, trace hash {:016x}",
        opts.workload,
        profile.machine.id,
        s.ranks,
        s.end_time,
        s.events,
        s.records,
        s.trace_hash
    );
    result.map(|_| ()).map_err(|e| e.to_string())
}
