//! `rankscope reproduce PAPER`: a paper's tables recomputed on the simulated machines, each cell
//! next to the published value with its relative error.

use rankscope_core::reproduce::{paper000, paper003, Figure, Table};

use crate::output::out;

/// The papers with a reproduction so far.
pub const PAPERS: [&str; 2] = ["000", "003"];

/// Lock + unlock rounds per process in paper 003's runs.
const ROUNDS_003: u32 = paper003::ROUNDS;

/// Prints (or, with `json`, emits) the tables of `paper`.
pub fn run(paper: &str, json: bool) -> Result<(), String> {
    let (tables, figures): (Vec<Table>, Vec<Figure>) = match paper {
        "000" => (
            vec![paper000::table1(), paper000::table3(2000)],
            vec![paper000::fig10()],
        ),
        "003" => {
            let (fig10, by_hops) = paper003::fig10(ROUNDS_003);
            (
                vec![paper003::fig9(ROUNDS_003), fig10, paper003::fig11_12()],
                vec![
                    paper003::fig8(ROUNDS_003),
                    by_hops,
                    paper003::algorithms(ROUNDS_003),
                ],
            )
        }
        other => {
            return Err(format!(
                "no reproduction for paper {other:?} yet; available: {}",
                PAPERS.join(", ")
            ))
        }
    };
    if json {
        let doc = serde_json::json!({ "tables": tables, "figures": figures });
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    for t in &tables {
        print_table(t);
    }
    for f in &figures {
        out!("{}\n", f.title);
        let mut head = format!("{:<24}", "x");
        for x in &f.x {
            head.push_str(&format!(" {:>8}", *x as u64));
        }
        out!("{head}");
        for s in &f.series {
            let mut row = format!("{:<24}", s.label);
            for v in &s.values {
                row.push_str(&v.map_or(format!(" {:>8}", "—"), |v| format!(" {v:>8.3}")));
            }
            out!("{row}");
        }
        out!("");
        if !f.points.cells.is_empty() {
            print_table(&f.points);
        }
    }
    Ok(())
}

fn print_table(t: &Table) {
    {
        out!("{}\n", t.title);
        out!(
            "{:<52} {:>9} {:>10} {:>8}",
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
            let paper = if c.paper.is_nan() {
                "—".to_string()
            } else {
                format!("{:.2}", c.paper)
            };
            let err = if c.paper.is_nan() {
                "—".to_string()
            } else {
                err
            };
            out!("{:<52} {:>9} {:>10} {:>8}", c.label, paper, sim, err);
            if !c.note.is_empty() {
                out!("    note: {}", c.note);
            }
        }
        out!("");
    }
}
