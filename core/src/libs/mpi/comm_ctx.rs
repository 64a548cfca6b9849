//! [`CommCtx`]: a running rank seen through a communicator, as the collective algorithms use it.
//!
//! It dereferences to the engine's `RankCtx` (requests, time, layers), but its own `rank()` and
//! `size()` are the communicator's, and [`Round`](super::collective::Round) posts its messages
//! through [`CommCtx::isend`] and [`CommCtx::irecv`], which translate communicator ranks to world
//! ranks and put the communicator's context in the envelope. So an algorithm written for
//! `MPI_COMM_WORLD` runs unchanged on any communicator.
//!
//! A collective's context also carries the collective call's [`Note`] (its function, line,
//! root and signature, see [`super::note`]): every message it sends carries it, and each
//! message received is checked against it ([`super::collective::Round::finish`]).

use std::ops::{Deref, DerefMut};

use super::comm::Comm;
use super::error::ErrorKind;
use super::transfer::ENGINE_CAPACITY;
use crate::engine::{Rank, RankCtx, ReqId};
use crate::proto::p2p::{Note, PointToPoint, Source, TagSel};

/// A rank's context on one communicator.
pub(super) struct CommCtx<'c, 'r> {
    ctx: &'c mut RankCtx<'r>,
    comm: &'c Comm,
    note: Note,
}

impl<'c, 'r> CommCtx<'c, 'r> {
    /// `ctx` on `comm`.
    pub(super) fn new(ctx: &'c mut RankCtx<'r>, comm: &'c Comm) -> Self {
        CommCtx {
            ctx,
            comm,
            note: Note::default(),
        }
    }

    /// The same context for the collective call described by `note`.
    pub(super) fn with_note(mut self, note: Note) -> Self {
        self.note = note;
        self
    }

    /// The collective call's note (all zeros outside a checked collective).
    pub(super) fn note(&self) -> Note {
        self.note
    }

    /// The communicator rank of world rank `world` (for naming a sender).
    pub(super) fn comm_rank_of(&self, world: Rank) -> Rank {
        self.comm.members.rank_of(world).unwrap_or(world)
    }

    /// This rank's rank in the communicator.
    pub(super) fn rank(&self) -> Rank {
        self.comm.rank
    }

    /// The communicator's size.
    pub(super) fn size(&self) -> u32 {
        self.comm.size()
    }

    /// Sends `data` to communicator rank `dst` with `tag`.
    pub(super) fn isend(&mut self, dst: Rank, tag: i32, data: Vec<u8>) -> Result<ReqId, ErrorKind> {
        let world = i64::from(self.comm.world_rank(dst));
        let bytes = data.len() as u64;
        let (context, note) = (self.comm.context, self.note);
        Ok(self
            .ctx
            .isend_noted(context, world, tag, bytes, data, false, note)?)
    }

    /// Receives from communicator rank `src` with `tag` (any length: the caller checks).
    pub(super) fn irecv(&mut self, src: Rank, tag: i32) -> Result<ReqId, ErrorKind> {
        let world = Source::Rank(self.comm.world_rank(src));
        Ok(self
            .ctx
            .irecv_on(self.comm.context, world, TagSel::Tag(tag), ENGINE_CAPACITY)?)
    }
}

impl<'r> Deref for CommCtx<'_, 'r> {
    type Target = RankCtx<'r>;

    fn deref(&self) -> &RankCtx<'r> {
        self.ctx
    }
}

impl DerefMut for CommCtx<'_, '_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.ctx
    }
}
