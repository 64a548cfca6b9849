//! `rankscope schedule`: paper 002's schedules of a many-to-many pattern — the Ring schedule of
//! Thakur et al. or the proposed delay-inserting one — with their conflicts, delays and the
//! LogGP makespan prediction, as a PE × slot table or JSON; `--steps` narrates Algorithm 1;
//! `--c` prints paper 002's Fig. 4 as a C program that runs the schedule.

use std::path::PathBuf;

use rankscope_core::proto::schedules::{
    delay_schedule, fig4_c, makespan, ring_schedule, LogGp, Pattern, Schedule,
};

use super::profiles::resolve;
use crate::output::out;

/// Where the pattern comes from.
pub enum Source {
    /// A named pattern (`gather`, `sf-3`, `random:0.2`…) on `n` PEs.
    Named(String, u32),
    /// An edge list file, on `n` PEs (or as many as its largest rank needs).
    Edges(PathBuf, Option<u32>),
}

/// Options of `rankscope schedule`.
pub struct ScheduleOptions {
    /// The pattern.
    pub source: Source,
    /// `ring` or `delay`.
    pub algo: String,
    /// The machine whose `[link]` gives L, o and G for the makespan.
    pub profile: String,
    /// Bytes per message (`k`).
    pub bytes: u64,
    /// Print every turn of Algorithm 1 (delay only).
    pub steps: bool,
    /// Print JSON.
    pub json: bool,
    /// Print Fig. 4 as a C program running the schedule.
    pub c_program: bool,
    /// The C program's δ in µs.
    pub delta_us: u32,
}

/// Builds and prints the schedule.
pub fn run(opts: ScheduleOptions) -> Result<(), String> {
    let pattern = match &opts.source {
        Source::Named(name, n) => Pattern::named(name, *n).map_err(|e| e.to_string())?,
        Source::Edges(path, n) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let name = path.display().to_string();
            Pattern::from_edges(&name, &text, *n).map_err(|e| format!("{name}: {e}"))?
        }
    };
    let (schedule, turns) = match opts.algo.as_str() {
        "ring" => (ring_schedule(&pattern), Vec::new()),
        "delay" => delay_schedule(&pattern, opts.steps),
        other => {
            return Err(format!(
            "unknown algorithm \"{other}\": ring (Thakur et al.) or delay (paper 002's proposal)"
        ))
        }
    };
    if opts.steps && opts.algo == "ring" {
        return Err("--steps narrates Algorithm 1: use it with --algo delay".into());
    }
    if opts.c_program {
        let what = format!(
            "the {} schedule of {} on {} PEs",
            if schedule.algo == "ring" {
                "Ring"
            } else {
                "proposed"
            },
            pattern.name,
            pattern.n
        );
        out!(
            "{}",
            fig4_c::program(&schedule, opts.bytes, opts.delta_us, &what)
        );
        return Ok(());
    }
    let profile = resolve(&opts.profile)?;
    let params = LogGp::of(&profile, opts.bytes);
    let predicted = makespan(&schedule, &params);
    let conflicts = schedule.conflicts();
    if opts.json {
        let doc = serde_json::json!({
            "pattern": pattern.name,
            "n": pattern.n,
            "sends": pattern.sends(),
            "density": pattern.density(),
            "algo": schedule.algo,
            "slots": schedule.slots,
            "length": schedule.length(),
            "conflicts": schedule.conflicting_pairs(),
            "conflict_slots": conflicts.iter().map(|c| serde_json::json!({
                "slot": c.slot, "target": c.target, "senders": c.senders})).collect::<Vec<_>>(),
            "delays": schedule.delays(),
            "makespan_us": predicted.map(|(t, _)| t.as_us_f64()),
            "model": {
                "profile": profile.machine.id,
                "bytes": params.k,
                "L_us": params.l.as_us_f64(),
                "o_us": params.o.as_us_f64(),
                "G_ns_per_byte": params.g_ps_per_byte / 1000.0,
                "I_us": params.interval().as_us_f64(),
                "receivers_never_busy": predicted.map(|(_, quiet)| quiet),
            },
            "steps": turns.iter().map(|d| serde_json::json!({
                "slot": d.slot, "pe": d.pe, "order": d.order, "free": d.free,
                "taken": d.taken, "choice": d.choice, "why": d.explain()})).collect::<Vec<_>>(),
        });
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    out!(
        "{} on {} PEs: {} sends, density {:.3}{}",
        pattern.name,
        pattern.n,
        pattern.sends(),
        pattern.density(),
        if pattern.is_regular() {
            ", regular"
        } else {
            ", irregular"
        }
    );
    for d in &turns {
        out!("  {}", d.explain());
    }
    print_table(&schedule);
    out!(
        "{} schedule: {}{}",
        schedule.algo,
        schedule.summary().join(", "),
        match conflicts.first() {
            Some(c) => format!(
                " (first: slot {}, PEs {} all into PE {})",
                c.slot,
                c.senders
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                c.target
            ),
            None => String::new(),
        }
    );
    match predicted {
        Some((t, quiet)) => out!(
            "predicted makespan on {} with {}-byte messages: {t} (I(k) = {}, L = {}, o = {}; {})",
            profile.machine.id,
            params.k,
            params.interval(),
            params.l,
            params.o,
            if quiet {
                "every receiver idle when its data arrive: eq. 15"
            } else {
                "some receiver still sending when its data arrive: eq. 16"
            }
        ),
        None => out!("no makespan prediction: the model assumes a schedule without conflicts (Table 1 leaves these blank)"),
    }
    Ok(())
}

/// The PE × slot table, targets by rank and `δ` for a delay (the first 32 PEs and slots).
fn print_table(s: &Schedule) {
    const SHOWN: usize = 32;
    let slots = (s.length() as usize).min(SHOWN);
    let width = (s.n.saturating_sub(1)).to_string().len().max(2);
    let head: Vec<String> = (0..slots).map(|t| format!("{t:>width$}")).collect();
    out!("  PE \\ slot {}", head.join(" "));
    for (p, row) in s.slots.iter().enumerate().take(SHOWN) {
        let cells: Vec<String> = row
            .iter()
            .take(slots)
            .map(|c| match c {
                Some(q) => format!("{q:>width$}"),
                None => format!("{:>width$}", "δ"),
            })
            .collect();
        out!("  {p:>9} {}", cells.join(" "));
    }
    if s.n as usize > SHOWN || s.length() as usize > SHOWN {
        out!("  (the first {SHOWN} PEs and slots; --json has them all)");
    }
}
