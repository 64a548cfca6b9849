//! `rankscope` — the command-line face of the Rankscope simulator.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rankscope_core::machine::{builtin_profiles, Basis, Profile};

#[derive(Parser)]
#[command(
    name = "rankscope",
    version,
    about = "Watch MPI ranks talk on machines that shaped parallel computing."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in machine profiles, or check a profile file.
    Profiles {
        /// Print JSON (the same data the web app renders) instead of a table.
        #[arg(long)]
        json: bool,
        /// Load and check this profile file instead of listing the built-in ones.
        #[arg(long, value_name = "FILE")]
        check: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Profiles { json, check } => profiles(json, check),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn profiles(json: bool, check: Option<std::path::PathBuf>) -> Result<(), String> {
    let list = match check {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            vec![Profile::from_toml(&path.display().to_string(), &text)
                .map_err(|e| e.to_string())?]
        }
        None => builtin_profiles().map_err(|e| e.to_string())?,
    };
    if json {
        let doc = serde_json::json!({
            "core_version": rankscope_core::VERSION,
            "profiles": list,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    println!(
        "{:<12} {:<28} {:>6} {:>5}  paper",
        "id", "name", "nodes", "ppn"
    );
    for p in &list {
        let m = &p.machine;
        println!(
            "{:<12} {:<28} {:>6} {:>5}  {}",
            m.id, m.name, m.nodes.value, m.ranks_per_node.value, m.paper
        );
    }
    let assumed = list
        .iter()
        .flat_map(|p| {
            [
                &p.machine.nodes.basis,
                &p.machine.ranks_per_node.basis,
                &p.machine.clock_mhz.basis,
            ]
        })
        .filter(|b| matches!(b, Basis::Assume(_)))
        .count();
    println!(
        "\n{} profiles; {assumed} parameters are assumptions (not from the papers).",
        list.len()
    );
    Ok(())
}
