//! The identifiers of MPI point-to-point matching: which source and tag a receive accepts, and
//! what a completed receive reports.

use std::fmt;

use serde::Serialize;

use crate::engine::Rank;

/// A communicator's context id, carried in every message's envelope: a message matches only
/// receives (and probes) of the same context, so a message sent on one communicator is never
/// received on another, even by `MPI_ANY_SOURCE`/`MPI_ANY_TAG`.
pub type Context = u32;

/// The context of `MPI_COMM_WORLD` (and of everything that knows no communicators).
pub const WORLD: Context = 0;

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

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Rank(r) => write!(f, "rank {r}"),
            Source::Any => write!(f, "any source"),
        }
    }
}

impl Source {
    /// The source in Japanese ("ランク 1", "任意の送信元").
    pub fn ja(&self) -> String {
        match self {
            Source::Rank(r) => format!("ランク {r}"),
            Source::Any => "任意の送信元".to_string(),
        }
    }
}

impl TagSel {
    /// The tag in Japanese ("タグ 0", "MPI_Bcast 用", "任意のタグ").
    pub fn ja(&self) -> String {
        match self {
            TagSel::Tag(t) => super::internal_tags::tag_label_ja(*t),
            TagSel::Any => "任意のタグ".to_string(),
        }
    }
}

impl fmt::Display for TagSel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagSel::Tag(t) => f.write_str(&super::internal_tags::tag_label(*t)),
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
    /// The sender's [`Note`] (all zeros when it attached none).
    #[serde(skip)]
    pub note: Note,
}

/// Diagnostic metadata a sending library attaches to a message for the receiving library's
/// checks (which call and source line sent it, the datatype signature, a collective's
/// parameters). Opaque words to this layer: they travel with the message as its envelope does,
/// but they are not part of its size, so they cost no simulated wire bytes and change no timing,
/// and no record or trace hash includes them. All zeros means no note.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Note(pub [u64; 3]);

/// A message's envelope: on which communicator (its context), from whom, to whom, under which
/// tag — what a send names besides its bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The communicator's context.
    pub context: Context,
    /// Sender.
    pub src: Rank,
    /// Destination.
    pub dst: Rank,
    /// Tag.
    pub tag: i32,
}
