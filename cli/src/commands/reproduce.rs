//! `rankscope reproduce PAPER`: a paper's tables recomputed on the simulated machines, each cell
//! next to the published value with its relative error.

use rankscope_core::reproduce::{paper000, Table};

use crate::output::out;

/// The papers with a reproduction so far.
pub const PAPERS: [&str; 1] = ["000"];

/// Prints (or, with `json`, emits) the tables of `paper`.
pub fn run(paper: &str, json: bool) -> Result<(), String> {
    let tables: Vec<Table> = match paper {
        "000" => vec![paper000::table1()],
        other => {
            return Err(format!(
                "no reproduction for paper {other:?} yet; available: {}",
                PAPERS.join(", ")
            ))
        }
    };
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&tables).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    for t in &tables {
        out!("{}\n", t.title);
        out!(
            "{:<44} {:>9} {:>10} {:>8}",
            "cell",
            "paper",
            "simulated",
            "error"
        );
        for c in &t.cells {
            let (sim, err) = match (c.simulated, c.relative_error()) {
                (Some(s), Some(e)) => (format!("{s:.2}"), format!("{:+.1} %", e * 100.0)),
                _ => ("—".to_string(), "—".to_string()),
            };
            out!("{:<44} {:>9.1} {:>10} {:>8}", c.label, c.paper, sim, err);
            if !c.note.is_empty() {
                out!("    note: {}", c.note);
            }
        }
        out!("");
    }
    Ok(())
}
