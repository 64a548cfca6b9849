//! A machine profile: the data that describes one real machine, loaded from TOML.
//!
//! Profiles are data, not code: the built-in ones live in `profiles/*.toml`, and users can load
//! their own. Besides `[machine]` (identity and size) a profile has the hardware sections of
//! [`super::sections`]: `[link]` (LogGP), `[network]` (which model and its parameters), `[cpu]`,
//! and optionally `[shared_memory]` (LogGP inside a node), `[nic]` (RDMA engines, atomics) and
//! `[comm_thread]`, `[ethernet]`, `[kernel]`, `[verbs]`. Loading never panics: a
//! malformed, incomplete or impossible profile yields a [`ProfileError`] naming the line and
//! column of the problem.

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::cited::Cited;
use super::sections::{
    self, CommThreadSection, CpuSection, EthernetSection, KernelSection, LinkSection,
    NetworkSection, NicSection, VerbsSection,
};

/// One machine profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// What the machine is and where it comes from.
    pub machine: MachineInfo,
    /// LogGP parameters of a point-to-point transfer.
    pub link: LinkSection,
    /// LogGP parameters of a message between two ranks of one node, through memory; absent
    /// where such messages take the link (one rank per node, or no shared-memory path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_memory: Option<LinkSection>,
    /// The network model and its parameters.
    pub network: NetworkSection,
    /// RDMA engines and atomics; absent on machines without RDMA.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nic: Option<NicSection>,
    /// Compute speed and execution model.
    pub cpu: CpuSection,
    /// The ACP communication thread's cost; absent where no ACP runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comm_thread: Option<CommThreadSection>,
    /// A shared Ethernet beside the main network; absent on machines without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ethernet: Option<EthernetSection>,
    /// The host kernel's socket path; absent where no program uses sockets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<KernelSection>,
    /// What the InfiniBand driver allocates per verbs object; absent where no memory is counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verbs: Option<VerbsSection>,
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
    /// Number of the paper (in `shared/seeds`) that measured this machine, e.g. `"000"`; empty
    /// for a machine no paper measured (the generic cluster).
    #[serde(default, skip_serializing_if = "String::is_empty")]
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

/// 1-based line and character column of byte offset `at` in `text` (also the lessons' error
/// places).
pub(crate) fn line_col(text: &str, at: usize) -> (usize, usize) {
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
        if u64::from(m.nodes.value) * u64::from(m.ranks_per_node.value) > u64::from(u32::MAX) {
            return fail(
                "ranks_per_node",
                "nodes × ranks_per_node must fit in 32 bits (4,294,967,295 ranks)".to_string(),
            );
        }
        sections::check(self).map_err(|e| {
            ProfileError::at(origin, text, find_key_in(text, e.section, e.key), e.message)
        })
    }
}

/// Byte range of `key = …` inside the table `[section]` (or, failing that, anywhere, or the
/// table's header), so errors in the hardware sections point at the right line.
fn find_key_in(text: &str, section: &str, key: &str) -> Option<Range<usize>> {
    let mut offset = 0;
    let mut current = String::new();
    let mut header = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let start = offset + (line.len() - trimmed.len());
        if let Some(rest) = trimmed.strip_prefix('[') {
            if let Some(end) = rest.find(']') {
                current = rest[..end].trim().to_string();
                if current == section && header.is_none() {
                    header = Some(start..start + end + 2);
                }
            }
        } else if current == section {
            if let Some(rest) = trimmed.strip_prefix(key) {
                if rest.trim_start().starts_with('=') {
                    return Some(start..start + key.len());
                }
            }
        }
        offset += line.len();
    }
    find_key(text, key).or(header)
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

[link]
latency_us = { value = 5.0, assume = "test" }
overhead_us = { value = 2.0, assume = "test" }
gap_us = { value = 1.0, assume = "test" }
bandwidth_mb_s = { value = 125.0, assume = "test" }

[network]
model = "torus"

[network.torus]
dims = { value = [2, 2], assume = "test" }
wrap = { value = [true, false], assume = "test" }
hop_latency_ns = { value = 100.0, assume = "test" }

[cpu]
mflops = { value = 10.0, assume = "test" }
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

    /// Replaces `from` (which must occur) in the GOOD profile and returns the error.
    fn broken(from: &str, to: &str) -> ProfileError {
        assert!(GOOD.contains(from), "{from}");
        Profile::from_toml("toy.toml", &GOOD.replace(from, to)).unwrap_err()
    }

    #[test]
    fn hardware_sections_are_parsed() {
        let p = Profile::from_toml("toy.toml", GOOD).unwrap();
        assert_eq!(p.link.bandwidth_mb_s.value, 125.0);
        assert_eq!(p.network.model, sections::NetworkModel::Torus);
        assert_eq!(p.network.torus.unwrap().dims.value, [2, 2]);
        assert!(p.nic.is_none());
    }

    #[test]
    fn zero_bandwidth_is_rejected_at_its_line() {
        let e = broken(
            "bandwidth_mb_s = { value = 125.0",
            "bandwidth_mb_s = { value = 0.0",
        );
        assert_eq!((e.line, e.column), (Some(16), Some(1)), "{e}");
        assert!(e.message.contains("above zero"), "{e}");
    }

    #[test]
    fn a_torus_smaller_than_the_machine_is_rejected() {
        let e = broken("value = [2, 2]", "value = [1, 2]");
        assert_eq!(e.line, Some(22), "{e}");
        assert!(
            e.message
                .contains("2 positions but the machine has 4 nodes"),
            "{e}"
        );
    }

    #[test]
    fn wrap_of_the_wrong_length_points_at_wrap() {
        let e = broken("value = [true, false]", "value = [true]");
        assert_eq!(e.line, Some(23), "{e}");
    }

    #[test]
    fn the_chosen_model_needs_its_section() {
        let e = broken("model = \"torus\"", "model = \"crossbar\"");
        assert_eq!(e.line, Some(19), "{e}");
        assert!(e.message.contains("[network.crossbar]"), "{e}");
        let e = broken("model = \"torus\"", "model = \"ring\"");
        assert_eq!(e.line, Some(19), "{e}");
    }

    #[test]
    fn same_key_in_two_sections_points_at_the_right_one() {
        let text = GOOD.replace(
            "[cpu]",
            "[network.omega]\nradix = { value = 1, assume = \"t\" }\nstage_latency_ns = { value = 1.0, assume = \"t\" }\nword_bytes = { value = 4, assume = \"t\" }\npacket_words = { value = 2, assume = \"t\" }\n\n[cpu]",
        ).replace("model = \"torus\"", "model = \"omega\"");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(27), "{e}");
        assert!(e.message.contains("radix"), "{e}");
    }

    #[test]
    fn verbs_sizes_are_validated() {
        let verbs = "\n[verbs]\npage_bytes = { value = 4096, assume = \"t\" }\ncqe_bytes = { value = 32, assume = \"t\" }\nqp_number_bits = { value = 17, assume = \"t\" }\n";
        let p = Profile::from_toml("toy.toml", &format!("{GOOD}{verbs}")).unwrap();
        assert_eq!(p.verbs.unwrap().cqe_bytes.value, 32);
        let text = format!("{GOOD}{verbs}").replace("value = 4096", "value = 4000");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("power of two"), "{e}");
        let text = format!("{GOOD}{verbs}").replace("value = 17", "value = 40");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("qp_number_bits"), "{e}");
    }

    #[test]
    fn nic_engines_are_validated() {
        let nic = "\n[nic]\nengines = { value = 0, assume = \"t\" }\nengines_in_use = { value = 1, assume = \"t\" }\nop_ns = { value = 10.0, assume = \"t\" }\natomics = { value = [\"fetch_and_add\"], assume = \"t\" }\n";
        let e = Profile::from_toml("toy.toml", &format!("{GOOD}{nic}")).unwrap_err();
        assert_eq!(e.line, Some(30), "{e}");
        assert!(e.message.contains("1 to 16"), "{e}");
        let text = format!("{GOOD}{nic}").replace("engines = { value = 0", "engines = { value = 4");
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("atomic_ns"), "{e}");
        assert_eq!(e.line, Some(33), "{e}");
        let text = text.replace(
            "engines_in_use = { value = 1",
            "engines_in_use = { value = 5",
        );
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert!(e.message.contains("between 1 and engines (4)"), "{e}");
    }

    #[test]
    fn negative_and_absurd_times_are_rejected() {
        let e = broken("latency_us = { value = 5.0", "latency_us = { value = -5.0");
        assert_eq!(e.line, Some(13), "{e}");
        let e = broken("latency_us = { value = 5.0", "latency_us = { value = 1e300");
        assert!(e.message.contains("not a usable time"), "{e}");
        let e = broken(
            "hop_latency_ns = { value = 100.0",
            "hop_latency_ns = { value = nan",
        );
        assert_eq!(e.line, Some(24), "{e}");
    }

    #[test]
    fn atomic_blocks_need_one_rank_per_node() {
        let text = GOOD
            .replace("ranks_per_node = { value = 1", "ranks_per_node = { value = 2")
            .replace(
                "mflops = { value = 10.0, assume = \"test\" }",
                "mflops = { value = 10.0, assume = \"test\" }\natomic_blocks = { value = true, assume = \"t\" }",
            );
        let e = Profile::from_toml("toy.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(28), "{e}");
        assert!(e.message.contains("ranks_per_node is 2"), "{e}");
    }

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncdé\nx", 8), (3, 1));
        assert_eq!(line_col("ab\ncdé", 5), (2, 3));
    }
}
