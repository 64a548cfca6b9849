//! `rankscope run`: run an MPI C program (or a native workload) on a machine profile and print
//! what happened: each rank's console, the simulated time, a summary, and any error with its
//! source location.

use crate::output::out;
use std::path::{Path, PathBuf};

use rankscope_core::engine::{Program, Sim, SimError, Stream};
use rankscope_core::lang;
use rankscope_core::machine::{Machine, Profile};
use rankscope_core::trace::{chrome::to_chrome_json, TraceMode};
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};

use super::profiles::resolve;
use rankscope_core::proto::SimConfig;
use rankscope_core::run_config::RunConfig;

/// What to run.
pub enum Target {
    /// The program's files (one `.c` file, or several with headers and data files), the
    /// arguments its `main` gets after `argv[0]`, where to save the files it writes, and the
    /// macros `-D` defines (each `NAME body`).
    File(Vec<PathBuf>, Vec<String>, Option<PathBuf>, Vec<String>),
    /// A native workload.
    Workload(WorkloadKind, WorkloadParams),
}

/// Options of `rankscope run`.
pub struct RunOptions {
    /// The program.
    pub target: Target,
    /// Number of ranks.
    pub ranks: u32,
    /// Profile id or file.
    pub profile: String,
    /// Write a Chrome/Perfetto trace here.
    pub trace: Option<PathBuf>,
    /// Keep only the trace hash (for very large runs).
    pub hash_only: bool,
    /// The run options: engine, lock scheme, eager limit, FCP design, PVM route, limits.
    pub config: RunConfig,
    /// You are the network: the rank chosen at each choice point (a C program's run only).
    pub network: Option<Vec<u32>>,
    /// Every match MPI allows: the sender chosen at each match choice point (a C program's run
    /// only; see `rankscope_core::engine::matches`).
    pub matches: Option<Vec<u32>>,
    /// Print a JSON summary instead of text.
    pub json: bool,
}

/// Runs and prints the console, the summary and (on failure) the error. The program's exit
/// status, as `mpiexec` passes it on: the bitwise OR of the ranks' statuses (0 for a workload).
pub fn run(opts: RunOptions) -> Result<u8, String> {
    let profile = resolve(&opts.profile)?;
    let machine = Machine::new(&profile, opts.ranks).map_err(|e| e.to_string())?;
    if opts.hash_only && opts.trace.is_some() {
        return Err("--trace needs the full trace; drop --hash-only".into());
    }
    let config = SimConfig {
        trace: if opts.hash_only {
            TraceMode::HashOnly
        } else {
            TraceMode::Full
        },
        words_per_rank: match &opts.target {
            Target::Workload(kind, _) => kind.words_per_rank(),
            Target::File(..) => rankscope_core::lang::RMA_WORDS,
        },
        ..opts.config.sim_config()
    };
    match &opts.target {
        Target::File(paths, args, out, defines)
            if paths.len() > 1 || out.is_some() || !defines.is_empty() =>
        {
            let files = read_files(paths)?;
            let launch = lang::Launch {
                profile: &profile,
                ranks: opts.ranks,
                args,
                config,
                limits: opts.config.vm_limits(),
                network: opts.network.as_deref(),
            };
            let sim = launch
                .sim_files_defining(&files, defines)
                .map_err(|e| match e {
                    lang::LaunchError::Compile(ref diags) => {
                        let n = diags.len();
                        format!(
                            "{}\n{n} error{}; nothing was run",
                            e.render_files(&files),
                            if n == 1 { "" } else { "s" }
                        )
                    }
                    lang::LaunchError::Machine(message) => message,
                })?;
            let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
            // Named after the file with `main`, as the compiled program is (its `argv[0]`).
            let name = sim
                .program(0)
                .map_or(String::new(), |vm| vm.program_file().to_string());
            let extra = |sim: &Sim<lang::Vm>| serde_json::json!({ "files": names, "args": args, "written": written_json(sim), "exit_statuses": exit_statuses(sim) });
            let mut sim = with_matches(sim, &opts);
            let result = execute(&mut sim, &opts, &profile, &name, extra);
            let saved = written_files(&sim, out.as_deref(), opts.json);
            result.and(saved).map(|()| exit_status(&sim, opts.json))
        }
        Target::File(paths, args, ..) => {
            let path = &paths[0];
            let source = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let file = path.display().to_string();
            let launch = lang::Launch {
                profile: &profile,
                ranks: opts.ranks,
                args,
                config,
                limits: opts.config.vm_limits(),
                network: opts.network.as_deref(),
            };
            let sim = launch.sim(&source, &file).map_err(|e| match e {
                lang::LaunchError::Compile(ref diags) => {
                    let n = diags.len();
                    format!(
                        "{}\n{n} error{} in {file}; nothing was run",
                        e.render(&file, &source),
                        if n == 1 { "" } else { "s" }
                    )
                }
                lang::LaunchError::Machine(message) => message,
            })?;
            let name = path
                .file_name()
                .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
            let extra = |sim: &Sim<lang::Vm>| serde_json::json!({ "file": file, "args": args, "written": written_json(sim), "exit_statuses": exit_statuses(sim) });
            let mut sim = with_matches(sim, &opts);
            let result = execute(&mut sim, &opts, &profile, &name, extra);
            let saved = written_files(&sim, None, opts.json);
            result.and(saved).map(|()| exit_status(&sim, opts.json))
        }
        Target::Workload(kind, params) => {
            let sim = Sim::new(machine, programs(*kind, opts.ranks, *params), config);
            let extra = serde_json::json!({
                "workload": kind.name(),
                "bytes": params.bytes,
                "iterations": params.iterations,
            });
            let mut sim = sim;
            execute(&mut sim, &opts, &profile, kind.name(), |_| extra).map(|()| 0)
        }
    }
}

/// A program's files from disk, each named by its base name (two files of one name refused).
pub fn read_files(paths: &[PathBuf]) -> Result<Vec<lang::SourceFile>, String> {
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let name = path.file_name().map_or(path.display().to_string(), |n| {
            n.to_string_lossy().into_owned()
        });
        files.push(lang::SourceFile::new(name, text));
    }
    lang::sources::check_names(&files)?;
    Ok(files)
}

/// `sim`, exploring matches with the given choices if `--matches` was given.
fn with_matches(sim: Sim<lang::Vm>, opts: &RunOptions) -> Sim<lang::Vm> {
    match &opts.matches {
        Some(choices) => sim.with_match_choices(choices.clone()),
        None => sim,
    }
}

/// Each rank's exit status, for `--json` (`null` for a rank that did not end).
fn exit_statuses(sim: &Sim<lang::Vm>) -> serde_json::Value {
    (0..sim.size())
        .map(|rank| sim.program(rank).and_then(|vm| vm.exit_status()))
        .collect::<Vec<_>>()
        .into()
}

/// The run's exit status as `mpiexec` (MPICH's Hydra) passes it on: the bitwise OR of every
/// rank's; in text mode, a line on standard error names the ranks that ended with a nonzero one.
fn exit_status(sim: &Sim<lang::Vm>, json: bool) -> u8 {
    let statuses: Vec<(u32, u8)> = (0..sim.size())
        .filter_map(|rank| Some((rank, sim.program(rank)?.exit_status()?)))
        .filter(|&(_, s)| s != 0)
        .collect();
    if !json && !statuses.is_empty() {
        let list: Vec<String> = statuses
            .iter()
            .map(|(rank, s)| format!("rank {rank} with {s}"))
            .collect();
        eprintln!("exit status: {}", list.join(", "));
    }
    statuses.iter().fold(0, |acc, &(_, s)| acc | s)
}

/// The files each rank wrote, for `--json`: rank, name, size and contents (bytes that are not
/// UTF-8 as U+FFFD).
fn written_json(sim: &Sim<lang::Vm>) -> serde_json::Value {
    let mut list = Vec::new();
    for rank in 0..sim.size() {
        for file in sim
            .program(rank)
            .map(|vm| vm.written_files())
            .unwrap_or_default()
        {
            list.push(serde_json::json!({
                "rank": rank,
                "name": file.name,
                "bytes": file.bytes.len(),
                "text": String::from_utf8_lossy(&file.bytes),
            }));
        }
    }
    list.into()
}

/// Lists the files each rank wrote (`fopen(…, "w")`), and saves them under `out/rankN/` when
/// given. Nothing in JSON mode without `out`.
fn written_files(sim: &Sim<lang::Vm>, out: Option<&Path>, json: bool) -> Result<(), String> {
    for rank in 0..sim.size() {
        let Some(vm) = sim.program(rank) else {
            continue;
        };
        for file in vm.written_files() {
            match out {
                Some(dir) => {
                    let dir = dir.join(format!("rank{rank}"));
                    std::fs::create_dir_all(&dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                    let path = dir.join(&file.name);
                    std::fs::write(&path, &file.bytes)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    if !json {
                        out!(
                            "rank {rank} wrote {} ({} bytes): saved as {}",
                            file.name,
                            file.bytes.len(),
                            path.display()
                        );
                    }
                }
                None if !json => out!(
                    "rank {rank} wrote {} ({} bytes; pass --out DIR to save it)",
                    file.name,
                    file.bytes.len()
                ),
                None => {}
            }
        }
    }
    Ok(())
}

fn execute<P: Program>(
    sim: &mut Sim<P>,
    opts: &RunOptions,
    profile: &Profile,
    name: &str,
    extra: impl FnOnce(&Sim<P>) -> serde_json::Value,
) -> Result<(), String> {
    let result = sim.run();
    let extra = extra(sim);
    let s = sim.summary();
    if opts.json {
        let mut doc = serde_json::json!({
            "program": name,
            "profile": profile.machine.id,
            "ranks": s.ranks,
            "end_time_ps": s.end_time.as_ps(),
            "events": s.events,
            "records": s.records,
            "trace_hash": format!("{:016x}", s.trace_hash),
            "console": sim.console().iter().map(|l| serde_json::json!({
                "time_ps": l.time.as_ps(), "rank": l.rank, "text": l.text,
                "stream": l.stream.name()})).collect::<Vec<_>>(),
            "error": result.as_ref().err().map(|e| e.to_string()),
        });
        if sim.network_choices().is_some() {
            doc["choice_points"] = sim.choice_points().iter().map(|p| serde_json::json!({
                "point": p.number, "event": p.event, "time_ps": p.time.as_ps(), "to": p.to,
                "chosen": p.chosen, "model": p.model(),
                "options": p.options.iter().map(|o| serde_json::json!({
                    "from": o.from, "lands_ps": o.lands.as_ps(), "what": o.what})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>().into();
        }
        if opts.matches.is_some() {
            doc["match_points"] = sim
                .match_points()
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "point": p.number, "time_ps": p.time.as_ps(), "rank": p.rank,
                        "receive": p.receive, "chosen": p.chosen,
                        "options": p.options.iter().map(|o| serde_json::json!({
                            "from": o.from, "what": o.what})).collect::<Vec<_>>(),
                    })
                })
                .collect::<Vec<_>>()
                .into();
        }
        if let (Some(doc), serde_json::Value::Object(extra)) = (doc.as_object_mut(), extra) {
            doc.extend(extra);
        }
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return result.map(|_| ()).map_err(|e| e.to_string());
    }
    for line in sim.console() {
        match line.stream {
            Stream::Stdout => out!("[rank {} @ {}] {}", line.rank, line.time, line.text),
            Stream::Stderr => eprintln!("[rank {} @ {}] {}", line.rank, line.time, line.text),
            Stream::Diagnostic => {
                eprintln!(
                    "rankscope: rank {} @ {}: {}",
                    line.rank, line.time, line.text
                )
            }
        }
    }
    if sim.network_choices().is_some() {
        for p in sim.choice_points() {
            let options: Vec<String> = p
                .options
                .iter()
                .map(|o| {
                    let mark = if o.from == p.chosen { "*" } else { "" };
                    format!("{mark}rank {} ({}, lands {})", o.from, o.what, o.lands)
                })
                .collect();
            out!(
                "network choice {} at {} (event {}): to rank {} from {}",
                p.number,
                p.time,
                p.event,
                p.to,
                options.join(" | ")
            );
        }
        let n = sim.choice_points().len();
        out!(
            "{n} choice point{}; * marks what landed first (the first listed is the machine model's order)",
            if n == 1 { "" } else { "s" }
        );
    }
    if opts.matches.is_some() {
        for p in sim.match_points() {
            let options: Vec<String> = p
                .options
                .iter()
                .map(|o| {
                    let mark = if o.from == p.chosen { "*" } else { "" };
                    format!("{mark}rank {} ({})", o.from, o.what)
                })
                .collect();
            out!(
                "match choice {} at {}: rank {}'s receive ({}) from {}",
                p.number,
                p.time,
                p.rank,
                p.receive,
                options.join(" | ")
            );
        }
        let n = sim.match_points().len();
        out!(
            "{n} match choice point{}; * marks the message taken (the first listed is the default)",
            if n == 1 { "" } else { "s" }
        );
    }
    if let Some(path) = &opts.trace {
        let doc = to_chrome_json(
            sim.trace().records(),
            sim.size(),
            &format!("{name} on {}", profile.machine.name),
        );
        let text = serde_json::to_string(&doc).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        out!(
            "trace: {} ({} records; open it in https://ui.perfetto.dev)",
            path.display(),
            sim.trace().len()
        );
    }
    out!(
        "{name} on {} with {} ranks: simulated time {}, {} events, {} trace records, trace hash {:016x}",
        profile.machine.id, s.ranks, s.end_time, s.events, s.records, s.trace_hash
    );
    result.map(|_| ()).map_err(|e| match e {
        // A program's runtime error is already a rendered diagnostic naming the rank.
        SimError::Program { message, time, .. } => {
            format!(
                "{}\n(the run stopped at simulated time {time})",
                message.trim_end()
            )
        }
        other => other.to_string(),
    })
}
