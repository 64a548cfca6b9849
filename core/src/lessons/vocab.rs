//! The names a lesson may use for things the playground has: levels, languages, views,
//! highlight targets and the kinds of trace records (each protocol layer names its own).

use crate::engine::Setup;
use crate::engine::{ChoiceRecord, MatchRecord};
use crate::proto::SimConfig;
use crate::trace::{RecordCodec, RecordKind};

/// Lesson levels.
pub const LEVELS: &[&str] = &["beginner", "intermediate", "advanced"];

/// Languages narration may be written in.
pub const LANGUAGES: &[&str] = &["en", "ja"];

/// The views beside the timeline, by the ids the playground uses (`tab-queues`…).
pub const VIEWS: &[&str] = &[
    "queues", "lock", "acp", "bus", "ranks", "order", "log", "machine",
];

/// What a step may highlight, and where it is shown.
pub const HIGHLIGHTS: &[(&str, &str)] = &[
    ("rank", "the rank's row in the ranks view (without a rank: every row)"),
    ("line", "the line of code the rank runs"),
    (
        "posted",
        "the rank's queue of posted receives (queues view)",
    ),
    (
        "unexpected",
        "the rank's queue of unexpected messages (queues view)",
    ),
    ("console", "the rank's console (ranks view)"),
    ("lock", "the lock's words and queue (lock view)"),
    (
        "acp",
        "a rank's card in the ACP view (with a rank), or the steps of the latest remote-to-remote command",
    ),
    ("event", "the newest entry of the event log (log view)"),
    (
        "network",
        "the network's choice points under the run bar (with a rank: that sender's buttons)",
    ),
    (
        "explore",
        "the Every match panel under the run bar: its Explore button, or its outcomes once explored",
    ),
];

/// Every name a trace record's kind can have ([`crate::trace::Record::name`]): the engine's
/// own (with the network's choice points) and those of every layer of the standard stack.
pub fn record_kinds() -> Vec<&'static str> {
    let layers = SimConfig::default().layers(1);
    RecordKind::ENGINE_KINDS
        .iter()
        .chain(<ChoiceRecord as RecordCodec>::KINDS)
        .chain(<MatchRecord as RecordCodec>::KINDS)
        .copied()
        .chain(layers.iter().flat_map(|l| l.kinds().iter().copied()))
        .collect()
}

/// `names` quoted and joined for an error message.
pub fn choices(names: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    names
        .into_iter()
        .map(|n| format!("\"{}\"", n.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn record_kinds_include_every_layers_and_are_unique() {
        let kinds = super::record_kinds();
        for k in [
            "start",
            "print",
            "send",
            "match",
            "unexpected",
            "lock",
            "rdma",
        ] {
            assert!(kinds.contains(&k), "{k} missing from {kinds:?}");
        }
        let mut sorted = kinds.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), kinds.len(), "{kinds:?}");
    }
}
