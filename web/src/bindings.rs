//! Functions the page exports to JavaScript (`window.wasmBindings`), used by the browser tests and
//! the wasm benchmark to run exactly the core code the native CLI runs.

use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profiles, Machine, Profile};
use rankscope_core::proto::SimConfig;
use rankscope_core::trace::TraceMode;
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};
use wasm_bindgen::prelude::*;

/// Runs a native workload and returns its trace hash as 16 hex digits (the CLI prints the same
/// value for the same input), or an error message.
#[wasm_bindgen]
pub fn workload_trace_hash(
    workload: &str,
    profile: &str,
    ranks: u32,
    bytes: u32,
    iterations: u32,
) -> Result<String, JsError> {
    let kind: WorkloadKind = workload.parse().map_err(|e: String| JsError::new(&e))?;
    let machine = machine(profile, ranks)?;
    let params = WorkloadParams {
        bytes: u64::from(bytes),
        iterations,
    };
    let config = SimConfig {
        trace: TraceMode::HashOnly,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(machine, programs(kind, ranks, params), config);
    let summary = sim.run().map_err(|e| JsError::new(&e.to_string()))?;
    Ok(format!("{:016x}", summary.trace_hash))
}

fn profile(id: &str) -> Result<Profile, JsError> {
    builtin_profiles()
        .map_err(|e| JsError::new(&e.to_string()))?
        .into_iter()
        .find(|p| p.machine.id == id)
        .ok_or_else(|| JsError::new(&format!("unknown profile {id:?}")))
}

fn machine(id: &str, ranks: u32) -> Result<Machine, JsError> {
    Machine::new(&profile(id)?, ranks).map_err(|e| JsError::new(&e.to_string()))
}

/// Compiles and runs an MPI C program and returns its trace hash as 16 hex digits (the CLI's
/// `run FILE --json` prints the same value), or the diagnostics / run error as the message.
#[wasm_bindgen]
pub fn program_trace_hash(source: &str, profile_id: &str, ranks: u32) -> Result<String, JsError> {
    let profile = profile(profile_id)?;
    let launch = lang::Launch {
        profile: &profile,
        ranks,
        args: &[],
        config: SimConfig {
            trace: TraceMode::HashOnly,
            ..SimConfig::default()
        },
        limits: VmLimits::default(),
        network: None,
    };
    let mut sim = launch
        .sim(source, "program.c")
        .map_err(|e| JsError::new(&e.render("program.c", source)))?;
    let summary = sim.run().map_err(|e| JsError::new(&e.to_string()))?;
    Ok(format!("{:016x}", summary.trace_hash))
}

/// The hold-model event-queue benchmark (`rankscope bench` runs the same kernel natively):
/// returns JSON `{"events_per_sec": …, "checksum": "…hex…"}`, timed with `performance.now()`.
#[wasm_bindgen]
pub fn bench_hold_model(pending: u32, ops: u32) -> Result<String, JsError> {
    let perf = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| JsError::new("performance.now() is not available"))?;
    rankscope_core::bench::hold_model(pending as usize, u64::from(ops) / 10, 1);
    let start = perf.now();
    let checksum = rankscope_core::bench::hold_model(pending as usize, u64::from(ops), 1);
    let secs = (perf.now() - start) / 1e3;
    Ok(format!(
        "{{\"events_per_sec\": {}, \"checksum\": \"{checksum:016x}\"}}",
        f64::from(ops) / secs
    ))
}
