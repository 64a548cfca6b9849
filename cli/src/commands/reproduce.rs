//! `rankscope reproduce PAPER [PART]`: a paper's tables and figures recomputed on the simulated
//! machines, each cell next to the published value with its relative error. Walks core's
//! registry of papers (`papers::PAPERS`): `all`, one paper, or one part of it by name.

use rankscope_core::papers::{self, registry, Figure, Paper, Part, Reproduced, Scope, Table};

use crate::output::out;

/// What one paper reports: its tables and figures, in its parts' order.
#[derive(Default)]
struct Report {
    tables: Vec<Table>,
    figures: Vec<Figure>,
}

impl Report {
    /// Adds what `part` reproduced; `named` (the part was asked for by name) lists its table
    /// even when the report would not (e.g. a part whose figure carries its values).
    fn add(&mut self, r: Reproduced, named: bool) {
        let in_report: Vec<Figure> = r
            .plots
            .into_iter()
            .filter(|p| p.in_report)
            .map(|p| p.figure)
            .collect();
        if r.table_in_report || (named && in_report.is_empty()) {
            self.tables.push(r.table);
        }
        self.figures.extend(in_report);
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({ "tables": self.tables, "figures": self.figures })
    }
}

/// The paper called `id`, or an error listing the choices.
fn paper(id: &str) -> Result<Paper, String> {
    papers::find(id).ok_or_else(|| {
        format!(
            "no reproduction for paper {id:?}; available: {} (or all)",
            registry::ids()
        )
    })
}

/// Runs `paper`'s parts (its report's, or only `part`) to the end.
fn report(paper: &Paper, part: Option<&str>) -> Result<Report, String> {
    let parts: Vec<Part> = (paper.parts)();
    let chosen: Vec<&Part> = match part {
        None => parts.iter().filter(|p| p.in_report).collect(),
        Some(name) => {
            let one = parts.iter().find(|p| p.id == name).ok_or_else(|| {
                let names: Vec<&str> = parts.iter().map(|p| p.id).collect();
                format!(
                    "paper {} has no part {name:?}; its parts: {}",
                    paper.id,
                    names.join(", ")
                )
            })?;
            vec![one]
        }
    };
    let mut report = Report::default();
    for p in chosen {
        report.add(p.run(Scope::Report), part.is_some());
    }
    Ok(report)
}

/// Prints (or, with `json`, emits) `paper`'s report (`all`: every paper's), or only `part`'s.
pub fn run(paper_id: &str, part: Option<&str>, json: bool) -> Result<(), String> {
    if paper_id == "all" {
        if let Some(part) = part {
            return Err(format!(
                "name a paper to run its part {part:?} ({})",
                registry::ids()
            ));
        }
        let mut doc = serde_json::Map::new();
        for p in papers::PAPERS {
            let r = report(&p, None)?;
            if json {
                doc.insert(p.id.to_string(), r.json());
            } else {
                out!("== Paper {}: {} ==\n", p.id, p.title);
                print_report(&r);
            }
        }
        if json {
            emit(&serde_json::Value::Object(doc))?;
        }
        return Ok(());
    }
    let r = report(&paper(paper_id)?, part)?;
    if json {
        return emit(&r.json());
    }
    print_report(&r);
    Ok(())
}

fn emit(doc: &serde_json::Value) -> Result<(), String> {
    out!(
        "{}",
        serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?
    );
    Ok(())
}

fn print_report(r: &Report) {
    for t in &r.tables {
        print_table(t);
    }
    for f in &r.figures {
        out!("{}\n", f.title);
        let mut head = format!("{:<24}", "x");
        for x in &f.x {
            if x.fract() == 0.0 {
                head.push_str(&format!(" {:>8}", *x as u64));
            } else {
                head.push_str(&format!(" {x:>8.2}"));
            }
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
}

fn print_table(t: &Table) {
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
            (Some(s), Some(e)) if e.is_finite() => {
                (format!("{s:.2}"), format!("{:+.1} %", e * 100.0))
            }
            (Some(s), _) => (format!("{s:.2}"), "—".to_string()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_papers_and_parts_list_the_choices() {
        let e = run("007", None, true).unwrap_err();
        for p in papers::PAPERS {
            assert!(e.contains(p.id), "{e}");
        }
        let e = run("000", Some("fig99"), true).unwrap_err();
        assert!(e.contains("table1") && e.contains("fig10"), "{e}");
        assert!(run("all", Some("fig8"), true).is_err());
    }
}
