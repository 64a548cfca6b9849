//! Every cited number of a profile as a flat table — section, parameter, value with unit, and its
//! source or assumption — so the web app and the CLI show a profile without knowing its schema.
//!
//! The table is read off the profile's serialized form: any object with a `value` and a `basis` is
//! a [`Cited`](super::Cited) parameter, wherever it sits, so new sections appear here by themselves.

use serde::Serialize;
use serde_json::Value;

use super::cited::Basis;
use super::profile::Profile;

/// One parameter of a profile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParameterRow {
    /// The TOML section, e.g. `link` or `network.torus`.
    pub section: String,
    /// The key without its unit suffix, in words (`latency`, `ranks per node`).
    pub name: String,
    /// The TOML key as written (`latency_us`).
    pub key: String,
    /// The value with its unit, ready to show (`0.3 µs`, `[2, 2, 3, 2, 3, 2]`).
    pub value: String,
    /// Where the value comes from.
    pub basis: Basis,
}

/// Key suffixes that carry units, longest first.
const UNITS: [(&str, &str); 9] = [
    ("_cycles", "cycles"),
    ("_mb_s", "MB/s"),
    ("_bytes", "B"),
    ("_mflops", "MFlops"),
    ("_mhz", "MHz"),
    ("_us", "µs"),
    ("_ns", "ns"),
    ("_ms", "ms"),
    ("_fraction", ""),
];

/// Sections in the order a reader wants them; any other section follows alphabetically.
const ORDER: [&str; 7] = [
    "machine",
    "link",
    "shared_memory",
    "network",
    "nic",
    "cpu",
    "comm_thread",
];

/// The parameter table of `profile`, section by section.
pub fn parameters(profile: &Profile) -> Vec<ParameterRow> {
    let mut rows = Vec::new();
    let Ok(Value::Object(top)) = serde_json::to_value(profile) else {
        return rows;
    };
    let mut sections: Vec<&String> = top.keys().collect();
    sections.sort_by_key(|k| (ORDER.iter().position(|o| o == k).unwrap_or(ORDER.len()), *k));
    for section in sections {
        walk(section, &top[section], &mut rows);
    }
    rows
}

fn walk(section: &str, value: &Value, rows: &mut Vec<ParameterRow>) {
    let Value::Object(map) = value else { return };
    for (key, v) in map {
        let Value::Object(fields) = v else { continue };
        match (fields.get("value"), fields.get("basis")) {
            (Some(val), Some(basis)) => {
                let basis = match (basis.get("source"), basis.get("assume")) {
                    (Some(Value::String(s)), _) => Basis::Source(s.clone()),
                    (_, Some(Value::String(a))) => Basis::Assume(a.clone()),
                    _ => continue,
                };
                let (name, unit) = split_unit(key);
                let shown = show(val);
                rows.push(ParameterRow {
                    section: section.to_string(),
                    name,
                    key: key.clone(),
                    value: if unit.is_empty() {
                        shown
                    } else {
                        format!("{shown} {unit}")
                    },
                    basis,
                });
            }
            _ => walk(&format!("{section}.{key}"), v, rows),
        }
    }
}

fn split_unit(key: &str) -> (String, &'static str) {
    for (suffix, unit) in UNITS {
        if let Some(stem) = key.strip_suffix(suffix) {
            let unit = if suffix == "_fraction" { "" } else { unit };
            let stem = if suffix == "_fraction" { key } else { stem };
            return (stem.replace('_', " "), unit);
        }
    }
    (key.replace('_', " "), "")
}

fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(show).collect();
            format!("[{}]", parts.join(", "))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::builtin_profiles;

    #[test]
    fn lists_every_cited_parameter_with_units_machine_first() {
        let fx100 = builtin_profiles()
            .unwrap()
            .into_iter()
            .find(|p| p.machine.id == "fx100")
            .unwrap();
        let rows = parameters(&fx100);
        assert_eq!(rows[0].section, "machine");
        let latency = rows.iter().find(|r| r.key == "latency_us").unwrap();
        assert_eq!(
            (latency.section.as_str(), latency.name.as_str()),
            ("link", "latency")
        );
        assert_eq!(latency.value, "0.3 µs");
        let dims = rows.iter().find(|r| r.key == "dims").unwrap();
        assert_eq!(dims.section, "network.torus");
        assert_eq!(dims.value, "[2, 2, 3, 2, 3, 2]");
        let atomics = rows.iter().find(|r| r.key == "atomics").unwrap();
        assert!(atomics.value.contains("fetch_and_add"));
        assert!(matches!(
            rows.iter().find(|r| r.key == "atomic_ns").unwrap().basis,
            Basis::Source(_)
        ));
    }

    #[test]
    fn every_builtin_profile_has_a_row_per_cited_value() {
        for p in builtin_profiles().unwrap() {
            let rows = parameters(&p);
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(
                rows.len(),
                text.matches("\"basis\":").count(),
                "{}",
                p.machine.id
            );
        }
    }
}
