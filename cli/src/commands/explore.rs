//! `rankscope explore`: run an MPI C program over every match MPI allows (or every order the
//! machine's network allows, or both with no reduction), and print its distinct outcomes, each
//! with the command that replays it.

use std::path::PathBuf;

use crate::output::out;
use rankscope_core::explore::{explore, Exploration, Found, Space};
use rankscope_core::lang;
use rankscope_core::run_config::RunConfig;

use super::profiles::resolve;

/// Options of `rankscope explore`.
pub struct ExploreOptions {
    /// The program's files.
    pub files: Vec<PathBuf>,
    /// `-D` macros.
    pub defines: Vec<String>,
    /// `main`'s arguments after `argv[0]`.
    pub args: Vec<String>,
    /// Number of ranks.
    pub ranks: u32,
    /// Profile id or file.
    pub profile: String,
    /// What to branch on.
    pub space: Space,
    /// The most runs.
    pub budget: usize,
    /// The run options.
    pub config: RunConfig,
    /// Print JSON.
    pub json: bool,
}

/// Explores and prints the outcomes.
pub fn run(opts: ExploreOptions) -> Result<(), String> {
    let profile = resolve(&opts.profile)?;
    let files = super::run::read_files(&opts.files)?;
    let compiled = lang::load_files_defining(&files, &opts.defines).map_err(|diags| {
        let n = diags.len();
        format!(
            "{}\n{n} error{}; nothing was run",
            lang::LaunchError::Compile(diags).render_files(&files),
            if n == 1 { "" } else { "s" }
        )
    })?;
    let launch = lang::Launch {
        profile: &profile,
        ranks: opts.ranks,
        args: &opts.args,
        config: opts.config.sim_config(),
        limits: opts.config.vm_limits(),
        network: None,
    };
    let found = explore(opts.space, opts.budget, || {
        launch.sim_compiled(&compiled).map_err(|e| match e {
            lang::LaunchError::Machine(m) => m,
            lang::LaunchError::Compile(_) => unreachable!("compiled above"),
        })
    })?;
    let replay = replay_command(&opts);
    if opts.json {
        let mut doc = serde_json::to_value(&found).map_err(|e| e.to_string())?;
        doc["program"] = opts
            .files
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .into();
        doc["ranks"] = opts.ranks.into();
        doc["profile"] = profile.machine.id.clone().into();
        doc["replay"] = found
            .outcomes
            .iter()
            .map(|f| witness_command(&replay, opts.space, f))
            .collect::<Vec<_>>()
            .into();
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    print_text(&found, &opts, &profile.machine.name, &replay);
    Ok(())
}

fn print_text(found: &Exploration, opts: &ExploreOptions, machine: &str, replay: &str) {
    let names: Vec<String> = opts.files.iter().map(|p| p.display().to_string()).collect();
    out!(
        "Explored {} on {} ranks of {machine}: {}",
        names.join(" "),
        opts.ranks,
        found.space.describe()
    );
    let n = found.outcomes.len();
    out!(
        "{} run{}, {n} distinct outcome{}{}; the most choice points in one run: {}",
        found.runs,
        if found.runs == 1 { "" } else { "s" },
        if n == 1 { "" } else { "s" },
        if found.complete {
            ", every choice explored".to_string()
        } else {
            format!(
                "; the budget of {} run{} ended with {} list{} of choices not run (the outcomes are those of the runs made)",
                opts.budget,
                if opts.budget == 1 { "" } else { "s" },
                found.unexplored,
                if found.unexplored == 1 { "" } else { "s" }
            )
        },
        found.deepest
    );
    for (i, f) in found.outcomes.iter().enumerate() {
        out!(
            "outcome {} ({} run{}{}): {}",
            i + 1,
            f.runs,
            if f.runs == 1 { "" } else { "s" },
            if f.outcome.is_bad() { ", WRONG" } else { "" },
            f.outcome.summary()
        );
        out!(
            "  witness (run {}): {}",
            f.first_run,
            witness_command(replay, found.space, f)
        );
    }
}

/// `rankscope run FILES -n N -p P [options]` without the choices.
fn replay_command(opts: &ExploreOptions) -> String {
    let mut cmd = vec!["rankscope run".to_string()];
    cmd.extend(opts.files.iter().map(|p| p.display().to_string()));
    cmd.extend(opts.defines.iter().map(|d| format!("-D '{d}'")));
    cmd.push(format!("-n {} -p {}", opts.ranks, opts.profile));
    for (key, value) in opts.config.changes_from(&crate::run_flags::base()) {
        cmd.push(format!("--{key} {value}"));
    }
    cmd.join(" ")
}

/// The replay command of one outcome's witness.
fn witness_command(replay: &str, space: Space, found: &Found) -> String {
    let list = |w: &[u32]| w.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    match space {
        Space::All => format!(
            "{replay} --matches \"{}\" --network \"{}\"",
            list(&found.witness),
            list(&found.witness_network)
        ),
        _ => format!("{replay} --{} \"{}\"", space.id(), list(&found.witness)),
    }
}
