//! Matched probes' messages (`MPI_Message`): a message `MPI_Mprobe`/`MPI_Improbe` found and took
//! out of matching, so that no other receive — of another thread, or the program's next
//! `MPI_ANY_SOURCE` receive — can take it before `MPI_Mrecv`/`MPI_Imrecv` receives it.
//!
//! Claiming posts an engine receive for exactly that message (its sender and tag on its
//! communicator; the first such message waiting is the one the probe found, since messages of
//! one pair never overtake), so the engine's queues show it matched at the probe, as MPICH
//! dequeues it there. The receive's buffer is known only at `MPI_Mrecv`: the engine receive
//! has unlimited capacity and the library checks truncation then, as for every receive.
//! Handles count up from 1, never reused, as requests' do.

use std::collections::BTreeMap;

use super::constants::MPI_MESSAGE_NO_PROC;
use super::error::ErrorKind;
use super::group::Members;
use crate::engine::{Rank, ReqId};
use crate::proto::p2p::Context;

/// A claimed message: the engine receive that matched it, and what a status reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Claimed {
    /// The engine receive that holds it.
    pub req: ReqId,
    /// Its sender (a world rank).
    pub source: Rank,
    /// Its tag.
    pub tag: i32,
    /// Its communicator's context.
    pub context: Context,
    /// The communicator's members (a status names the source by its rank there).
    pub members: Members,
}

/// What an `MPI_Message` handle refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Message {
    /// `MPI_MESSAGE_NO_PROC`: a probe of `MPI_PROC_NULL`; receiving it receives nothing.
    NoProc,
    /// A claimed message.
    Claimed(Claimed),
}

/// The rank's claimed messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Messages {
    table: BTreeMap<i32, Claimed>,
    next: i32,
}

impl Default for Messages {
    fn default() -> Self {
        Messages {
            table: BTreeMap::new(),
            next: 1,
        }
    }
}

impl Messages {
    /// Keeps a claimed message; its new handle.
    pub(super) fn insert(&mut self, claimed: Claimed) -> Result<i32, ErrorKind> {
        let handle = self.next;
        self.next = handle.checked_add(1).ok_or(ErrorKind::TooManyRequests)?;
        self.table.insert(handle, claimed);
        Ok(handle)
    }

    /// Takes the message behind `handle` out (it is received once).
    pub(super) fn take(&mut self, handle: i32) -> Result<Message, ErrorKind> {
        if handle == MPI_MESSAGE_NO_PROC {
            return Ok(Message::NoProc);
        }
        self.table
            .remove(&handle)
            .map(Message::Claimed)
            .ok_or(ErrorKind::InvalidMessage { handle })
    }
}
