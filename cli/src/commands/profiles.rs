//! `rankscope profiles`: list the built-in machine profiles, or check a profile file.

use crate::output::out;
use std::path::PathBuf;

use rankscope_core::machine::{builtin_profiles, parameters, Basis, Profile};

/// Lists (or, with `check`, validates) profiles; `json` prints the data the web app renders;
/// `show` prints one profile's parameters with their sources.
pub fn run(json: bool, check: Option<PathBuf>, show: Option<String>) -> Result<(), String> {
    if let Some(name) = show {
        let p = resolve(&name)?;
        out!(
            "{} — {}\n{}\n",
            p.machine.name,
            p.machine.interconnect,
            p.machine.summary
        );
        for r in parameters(&p) {
            let (kind, text) = match &r.basis {
                Basis::Source(s) => ("source", s),
                Basis::Assume(a) => ("assume", a),
            };
            out!(
                "[{}] {} = {}\n    {kind}: {text}",
                r.section,
                r.key,
                r.value
            );
        }
        return Ok(());
    }
    let list = match check {
        Some(path) => vec![load_file(&path)?],
        None => builtin_profiles().map_err(|e| e.to_string())?,
    };
    if json {
        let doc = serde_json::json!({
            "core_version": rankscope_core::VERSION,
            "profiles": list,
        });
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    out!(
        "{:<12} {:<28} {:>6} {:>5}  paper",
        "id",
        "name",
        "nodes",
        "ppn"
    );
    for p in &list {
        let m = &p.machine;
        out!(
            "{:<12} {:<28} {:>6} {:>5}  {}",
            m.id,
            m.name,
            m.nodes.value,
            m.ranks_per_node.value,
            m.paper
        );
    }
    let rows: Vec<_> = list.iter().flat_map(parameters).collect();
    let assumed = rows
        .iter()
        .filter(|r| matches!(r.basis, Basis::Assume(_)))
        .count();
    out!(
        "\n{} profiles, {} cited parameters: {} from the papers, {assumed} assumptions (see `profiles --show ID`).",
        list.len(),
        rows.len(),
        rows.len() - assumed
    );
    Ok(())
}

/// Reads and validates a profile file.
pub fn load_file(path: &PathBuf) -> Result<Profile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Profile::from_toml(&path.display().to_string(), &text).map_err(|e| e.to_string())
}

/// A built-in profile by id, or a profile file if `name` ends in `.toml`.
pub fn resolve(name: &str) -> Result<Profile, String> {
    if name.ends_with(".toml") {
        return load_file(&PathBuf::from(name));
    }
    let all = builtin_profiles().map_err(|e| e.to_string())?;
    let ids: Vec<String> = all.iter().map(|p| p.machine.id.clone()).collect();
    all.into_iter()
        .find(|p| p.machine.id == name)
        .ok_or_else(|| {
            format!(
                "unknown profile {name:?}; choose one of: {} (or give a .toml file)",
                ids.join(", ")
            )
        })
}
