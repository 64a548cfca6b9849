//! A machine profile: the data that describes one real machine, loaded from TOML.
//!
//! Profiles are data, not code: the built-in ones live in `profiles/*.toml`, and users can load
//! their own. Loading never panics: a malformed or incomplete profile yields a [`ProfileError`]
//! naming the line and column of the problem.

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::cited::Cited;

/// One machine profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// What the machine is and where it comes from.
    pub machine: MachineInfo,
}

/// The descriptive part of a profile: identity, the paper it comes from, and its size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineInfo {
    /// Short identifier used on the command line and in share links (`emx`, `fx100`, …).
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// One sentence on what makes this machine interesting.
    pub summary: String,
    /// Number of the paper (in `shared/seeds`) that measured this machine, e.g. `"000"`.
    pub paper: String,
    /// The interconnect, in words.
    pub interconnect: String,
    /// Number of nodes (processing elements).
    pub nodes: Cited<u32>,
    /// Ranks (MPI processes) placed on each node.
    pub ranks_per_node: Cited<u32>,
    /// Processor clock in MHz.
    pub clock_mhz: Cited<u32>,
}

/// Why a profile could not be loaded, with the place in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProfileError {
    /// The file (or label) the text came from.
    pub origin: String,
    /// 1-based line of the problem, if known.
    pub line: Option<usize>,
    /// 1-based column (in characters) of the problem, if known.
    pub column: Option<usize>,
    /// Byte range of the problem in the text, if known.
    pub span: Option<Range<usize>>,
    /// Plain-English description.
    pub message: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.origin, self.message),
            _ => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}

impl std::error::Error for ProfileError {}

impl ProfileError {
    fn at(origin: &str, text: &str, span: Option<Range<usize>>, message: String) -> Self {
        let (line, column) = match &span {
            Some(r) => {
                let (l, c) = line_col(text, r.start);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        ProfileError {
            origin: origin.to_string(),
            line,
            column,
            span,
            message,
        }
    }
}

/// 1-based line and character column of byte offset `at` in `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl Profile {
    /// Parses and validates a profile from TOML text. `origin` names the text in error messages
    /// (a file name, or `"uploaded profile"`).
    pub fn from_toml(origin: &str, text: &str) -> Result<Profile, ProfileError> {
        let profile: Profile = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end().to_string();
            ProfileError::at(origin, text, e.span(), message)
        })?;
        profile.validate(origin, text)?;
        Ok(profile)
    }

    fn validate(&self, origin: &str, text: &str) -> Result<(), ProfileError> {
        let m = &self.machine;
        let fail = |key: &str, message: String| {
            Err(ProfileError::at(origin, text, find_key(text, key), message))
        };
        if m.id.is_empty()
            || !m
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return fail(
                "id",
                format!(
                    "machine id {:?} must be non-empty lowercase letters, digits and '-'",
                    m.id
                ),
            );
        }
        if m.nodes.value == 0 {
            return fail("nodes", "a machine needs at least one node".to_string());
        }
        if m.ranks_per_node.value == 0 {
            return fail(
                "ranks_per_node",
                "each node needs at least one rank".to_string(),
            );
        }
        if m.clock_mhz.value == 0 {
            return fail("clock_mhz", "the clock must be above 0 MHz".to_string());
        }
        Ok(())
    }
}

/// Byte range of the first line assigning `key` (`key = …`), used to point validation errors at
/// the offending parameter.
fn find_key(text: &str, key: &str) -> Option<Range<usize>> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(key) {
            if rest.trim_start().starts_with('=') {
                let start = offset + (line.len() - trimmed.len());
                return Some(start..start + key.len());
            }
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[machine]
id = "toy"
name = "Toy"
summary = "A test machine."
paper = "000"
interconnect = "wire"
nodes = { value = 4, source = "made up for a test" }
ranks_per_node = { value = 1, assume = "one rank per node" }
clock_mhz = { value = 100, assume = "round number" }
"#;

    #[test]
    fn parses_a_complete_profile() {
        let p = Profile::from_toml("toy.toml", GOOD).unwrap();
        assert_eq!(p.machine.nodes.value, 4);
        assert_eq!(
            p.machine.ranks_per_node.basis,
            crate::machine::Basis::Assume("one rank per node".into())
        );
    }

    #[test]
    fn missing_citation_is_an_error_with_line_and_column() {
        let text = GOOD.replace(", source = \"made up for a test\"", "");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(8), "{e}");
        assert!(e.message.contains("`source`"), "{e}");
    }

    #[test]
    fn both_source_and_assumption_is_an_error() {
        let text = GOOD.replace(
            "source = \"made up for a test\"",
            "source = \"a\", assume = \"b\"",
        );
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("not both"), "{e}");
    }

    #[test]
    fn missing_field_is_reported() {
        let text = GOOD.replace(
            "clock_mhz = { value = 100, assume = \"round number\" }\n",
            "",
        );
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("clock_mhz"), "{e}");
    }

    #[test]
    fn syntax_error_points_at_its_line() {
        let text = GOOD.replace("name = \"Toy\"", "name = \"Toy");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        assert!(e.to_string().starts_with("toy.toml:4:"), "{e}");
    }

    #[test]
    fn zero_nodes_is_rejected_at_the_parameter() {
        let text = GOOD.replace("value = 4,", "value = 0,");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!((e.line, e.column), (Some(8), Some(1)), "{e}");
        assert!(e.message.contains("at least one node"));
    }

    #[test]
    fn wrong_type_is_reported_not_panicked() {
        let text = GOOD.replace("value = 4,", "value = \"four\",");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(8), "{e}");
    }

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncdé\nx", 8), (3, 1));
        assert_eq!(line_col("ab\ncdé", 5), (2, 3));
    }
}
