//! Small identifiers shared by the engine, the protocol layers and the trace.

use std::fmt;

use serde::Serialize;

/// A rank number, `0..size`.
pub type Rank = u32;

/// A request handle, unique within one run (like an `MPI_Request`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct ReqId(pub u32);

/// A message in flight, unique within one run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct MsgId(pub u32);

/// Which sender a receive accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Source {
    /// Only this rank.
    Rank(Rank),
    /// Any rank (`MPI_ANY_SOURCE`).
    Any,
}

/// Which tag a receive accepts. User tags are `>= 0`; negative tags are reserved for the
/// messages of collective operations, which `MPI_ANY_TAG` must never match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TagSel {
    /// Only this tag.
    Tag(i32),
    /// Any user tag (`MPI_ANY_TAG`): any tag `>= 0`.
    Any,
}

impl Source {
    /// Whether a message from `src` is accepted.
    pub fn accepts(self, src: Rank) -> bool {
        match self {
            Source::Rank(r) => r == src,
            Source::Any => true,
        }
    }
}

impl TagSel {
    /// Whether a message with `tag` is accepted.
    pub fn accepts(self, tag: i32) -> bool {
        match self {
            TagSel::Tag(t) => t == tag,
            TagSel::Any => tag >= 0,
        }
    }
}

impl fmt::Display for ReqId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "request {}", self.0)
    }
}

impl fmt::Display for MsgId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "message #{}", self.0)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Rank(r) => write!(f, "rank {r}"),
            Source::Any => write!(f, "any source"),
        }
    }
}

impl fmt::Display for TagSel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagSel::Tag(t) => write!(f, "tag {t}"),
            TagSel::Any => write!(f, "any tag"),
        }
    }
}

/// What a completed receive reports (`MPI_Status`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Status {
    /// The sender.
    pub source: Rank,
    /// The message's tag.
    pub tag: i32,
    /// Bytes delivered (at most the receive buffer's capacity).
    pub bytes: u64,
    /// The message was longer than the receive buffer (`MPI_ERR_TRUNCATE`).
    pub truncated: bool,
}
