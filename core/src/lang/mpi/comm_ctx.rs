//! [`CommCtx`]: a running rank seen through a communicator, as the collective algorithms use it.
//!
//! It dereferences to the engine's `RankCtx` (requests, time, layers), but its own `rank()` and
//! `size()` are the communicator's, and [`Round`](super::collective::Round) posts its messages
//! through [`CommCtx::isend`] and [`CommCtx::irecv`], which translate communicator ranks to world
//! ranks and put the communicator's context in the envelope. So an algorithm written for
//! `MPI_COMM_WORLD` runs unchanged on any communicator.

use std::ops::{Deref, DerefMut};

use super::comm::Comm;
use super::error::ErrorKind;
use super::transfer::ENGINE_CAPACITY;
use crate::engine::{Rank, RankCtx, ReqId};
use crate::proto::p2p::{PointToPoint, Source, TagSel};

/// A rank's context on one communicator.
pub(super) struct CommCtx<'c, 'r> {
    ctx: &'c mut RankCtx<'r>,
    comm: &'c Comm,
}

impl<'c, 'r> CommCtx<'c, 'r> {
    /// `ctx` on `comm`.
    pub(super) fn new(ctx: &'c mut RankCtx<'r>, comm: &'c Comm) -> Self {
        CommCtx { ctx, comm }
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
        Ok(self
            .ctx
            .isend_on(self.comm.context, world, tag, bytes, data)?)
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
