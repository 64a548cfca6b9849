//! What a message says about the call that sent it, for the receiver's checks: the sending MPI
//! function and its source line ([`Origin`]), the datatype signature of the data
//! ([`Signature`]) and, for a collective's messages, the collective's root ([`Said`]).
//!
//! It travels as the point-to-point layer's [`Note`]: opaque words beside the envelope, not part
//! of the message's size, so it costs no simulated wire bytes, changes no timing and no trace
//! hash. The receiving library decodes it to report, at the receive, the problems a real MPI
//! misses or reports without the sender's side: a datatype mismatch between a send and its
//! receive ("the message from rank 0 (MPI_Send at line 9) carries MPI_INT but this receive
//! expects MPI_DOUBLE"), truncation with the sender's line, and collectives called with
//! different functions, roots or counts by different ranks.
//!
//! Signatures are compared as MPI's type-matching rule says, by basic types: a predefined
//! datatype is its own basic type (C types of the same representation, as `MPI_INT` and
//! `MPI_INT32_T`, match), a derived datatype made of one predefined type is a sequence of it,
//! and `MPI_BYTE`, the pair types (`MPI_2INT`…) or a derived datatype of mixed types match
//! anything (not checked: no false alarms where the basic-type sequences might agree).

use super::datatype::{Class, Datatype};
use super::derived::Types;
use super::error::ErrorKind;
use crate::libs::table as functions;
use crate::proto::p2p::Note;

/// The call that sent a message (or made a request): the MPI function and its source line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The function's index in [`functions::all`].
    pub call: u16,
    /// Its 1-based source line (0 = unknown).
    pub line: u32,
}

impl Origin {
    /// The function's name.
    pub(super) fn name(self) -> &'static str {
        functions::get(usize::from(self.call)).map_or("MPI", |f| f.name())
    }

    /// "MPI_Send at line 9".
    pub(super) fn describe(self) -> String {
        if self.line == 0 {
            self.name().to_string()
        } else {
            format!("{} at line {}", self.name(), self.line)
        }
    }
}

/// The basic types of a buffer, as far as they are checked: `count` elements of one basic type.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Signature {
    /// The basic type (`None`: not checked — `MPI_BYTE`, mixed derived types, unknown).
    pub basic: Option<Datatype>,
    /// Whether the program named a derived datatype.
    pub derived: bool,
    /// Basic elements.
    pub elements: u32,
}

impl Signature {
    /// The signature of `count` elements of the datatype `handle` (not checked if either is
    /// invalid: the call reports that itself).
    pub(super) fn of(types: &mut Types, handle: i64, count: i64) -> Signature {
        let Ok(count) = u32::try_from(count) else {
            return Signature::default();
        };
        let derived = super::derived::is_derived(handle);
        if !derived {
            // A predefined datatype: no type map to build (this runs on every send).
            return match Datatype::from_handle(handle) {
                Ok(d) if checked(d) => Signature {
                    basic: Some(d),
                    derived,
                    elements: count,
                },
                _ => Signature::default(),
            };
        }
        let Ok(map) = types.map(handle) else {
            return Signature::default();
        };
        let Some(base) = map.base().filter(|b| checked(*b)) else {
            return Signature {
                derived,
                ..Signature::default()
            };
        };
        let per = map.size() / u64::from(base.data_size().max(1));
        Signature {
            basic: Some(base),
            derived,
            elements: u32::try_from(per * u64::from(count)).unwrap_or(u32::MAX),
        }
    }

    /// Whether data of this (a send's) signature may be received as `recv`'s.
    pub(super) fn matches(self, recv: Signature) -> bool {
        match (self.basic, recv.basic) {
            (Some(a), Some(b)) => self.elements == 0 || same_basic(a, b),
            _ => true,
        }
    }

    /// "MPI_INT", or "a derived datatype of MPI_INT".
    pub(super) fn type_name(self) -> String {
        match (self.basic, self.derived) {
            (Some(d), false) => d.name().to_string(),
            (Some(d), true) => format!("a derived datatype of {}", d.name()),
            (None, _) => "its datatype".to_string(),
        }
    }

    /// "4 elements of MPI_INT".
    fn amount(self) -> String {
        let s = if self.elements == 1 { "" } else { "s" };
        match self.basic {
            Some(d) => format!("{} element{s} of {}", self.elements, d.name()),
            None => "its data".to_string(),
        }
    }
}

/// Whether signatures of `d` are checked: not `MPI_BYTE` or `MPI_PACKED` (they match anything) and not the
/// pair types (`MPI_2INT` is legally received as two `MPI_INT`s; not modelled, so not checked).
fn checked(d: Datatype) -> bool {
    !matches!(d, Datatype::Byte | Datatype::Packed) && matches!(d.class(), Class::Num(_))
}

/// Whether two basic types are the same C representation.
fn same_basic(a: Datatype, b: Datatype) -> bool {
    a == b || a.class() == b.class()
}

/// Everything a message's note says.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Said {
    /// The sending call.
    pub origin: Origin,
    /// Its data's signature (for a collective: the call's count and datatype, if it has one).
    pub sig: Signature,
    /// For a collective's messages: the collective's root, if it has one.
    pub root: Option<u32>,
    /// The message belongs to a collective.
    pub collective: bool,
}

const PRESENT: u64 = 1;
const COLLECTIVE: u64 = 2;
const HAS_ROOT: u64 = 4;
const DERIVED: u64 = 8;
const HAS_TYPE: u64 = 16;

impl Said {
    /// As the point-to-point layer carries it.
    pub(super) fn note(self) -> Note {
        let mut flags = PRESENT;
        if self.collective {
            flags |= COLLECTIVE;
        }
        if self.root.is_some() {
            flags |= HAS_ROOT;
        }
        if self.sig.derived {
            flags |= DERIVED;
        }
        let handle = self.sig.basic.map_or(0, |d| {
            flags |= HAS_TYPE;
            u64::from(d.handle() as u32)
        });
        Note([
            flags | u64::from(self.origin.call) << 16 | u64::from(self.origin.line) << 32,
            u64::from(self.sig.elements) | handle << 32,
            u64::from(self.root.unwrap_or(0)),
        ])
    }

    /// What `note` says (`None` if the sender attached none).
    pub(super) fn of(note: Note) -> Option<Said> {
        let [w0, w1, w2] = note.0;
        if w0 & PRESENT == 0 {
            return None;
        }
        let basic = if w0 & HAS_TYPE != 0 {
            Datatype::from_handle(i64::from((w1 >> 32) as u32 as i32)).ok()
        } else {
            None
        };
        Some(Said {
            origin: Origin {
                call: (w0 >> 16) as u16,
                line: (w0 >> 32) as u32,
            },
            sig: Signature {
                basic,
                derived: w0 & DERIVED != 0,
                elements: w1 as u32,
            },
            root: (w0 & HAS_ROOT != 0).then_some(w2 as u32),
            collective: w0 & COLLECTIVE != 0,
        })
    }
}

/// Checks a point-to-point message from communicator rank `from` against the receive's
/// signature `recv`.
pub(super) fn check_receive(note: Note, from: i32, recv: Signature) -> Result<(), ErrorKind> {
    let Some(sent) = Said::of(note) else {
        return Ok(());
    };
    if sent.collective || sent.sig.matches(recv) {
        return Ok(());
    }
    Err(ErrorKind::TypeMismatch {
        from,
        sender: sent.origin.describe(),
        sent: sent.sig.type_name(),
        expected: recv.type_name(),
    })
}

/// The sender's side of a truncated message, for the error: its rank and call.
pub(super) fn sender_of(note: Note) -> Option<String> {
    Said::of(note).map(|s| s.origin.describe())
}

/// Checks the collective call `theirs` of communicator rank `from` (the first to reach this
/// point, or the sender of a message of it) against this rank's own call `mine`: the same
/// function, root and signature.
pub(super) fn check_collective(mine: Note, theirs: Note, from: u32) -> Result<(), ErrorKind> {
    let (Some(mine), Some(theirs)) = (Said::of(mine), Said::of(theirs)) else {
        return Ok(());
    };
    if !mine.collective || !theirs.collective {
        return Ok(());
    }
    let what = if mine.origin.call != theirs.origin.call {
        format!(
            "rank {from} called {} at this point but this rank calls {}: every rank of the communicator must call the same collectives in the same order",
            theirs.origin.describe(),
            mine.origin.name()
        )
    } else if mine.root != theirs.root {
        format!(
            "rank {from} called {} with root {} but this call's root is {}: every rank of the communicator must pass the same root",
            theirs.origin.describe(),
            theirs.root.unwrap_or(0),
            mine.root.unwrap_or(0)
        )
    } else if mine.sig.basic.is_some()
        && theirs.sig.basic.is_some()
        && (mine.sig.elements != theirs.sig.elements
            || !theirs.sig.matches(Signature {
                elements: 1,
                ..mine.sig
            }))
    {
        format!(
            "rank {from} called {} with {} but this call has {}: every rank of the communicator must pass the same count and datatype",
            theirs.origin.describe(),
            theirs.sig.amount(),
            mine.sig.amount()
        )
    } else {
        return Ok(());
    };
    Err(ErrorKind::CollectiveMismatch(what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_said_round_trips_through_a_note() {
        let said = Said {
            origin: Origin { call: 7, line: 42 },
            sig: Signature {
                basic: Some(Datatype::Double),
                derived: true,
                elements: 12,
            },
            root: Some(3),
            collective: true,
        };
        assert_eq!(Said::of(said.note()), Some(said));
        assert_eq!(Said::of(Note::default()), None);
    }

    #[test]
    fn same_representations_match_and_others_do_not() {
        let s = |d| Signature {
            basic: Some(d),
            derived: false,
            elements: 1,
        };
        assert!(s(Datatype::Int).matches(s(Datatype::Int32)));
        assert!(!s(Datatype::Int).matches(s(Datatype::Double)));
        assert!(!s(Datatype::Int).matches(s(Datatype::Float)));
        assert!(s(Datatype::Int).matches(Signature::default()));
    }
}
