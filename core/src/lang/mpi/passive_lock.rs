//! Passive-target locking as paper 003 maps it onto one global MCS readers/writer lock with
//! reader preference ([`crate::locks::mcs_rw`]): `MPI_Win_lock(MPI_LOCK_SHARED)` and
//! `MPI_Win_lock_all` run ReaderLock, `MPI_Win_lock(MPI_LOCK_EXCLUSIVE)` runs WriterLock, and the
//! unlocks the matching release. The lock record lives in rank 0's one-sided memory words; each
//! rank's queue node in its own. Every step is a memory operation with values through the engine
//! (`RankCtx::mem_op`: an RDMA read, write or atomic on the machine, in software where it has no
//! hardware for it), and every wait is a local spin that a remote write ends (`Step::Spin`).
//!
//! Simplification: one lock for every window and target (the paper's implementation has one
//! global lock too, so writers to different targets serialize).

use super::error::ErrorKind;
use super::rma_error::RmaError;
use crate::engine::{RankCtx, Step};
use crate::lang::RMA_WORDS;
use crate::locks::on_engine::EngineLock;
use crate::locks::{Algorithm, Mode};

/// The algorithm behind `MPI_Win_lock`.
pub(super) const ALGORITHM: Algorithm = Algorithm::McsRw;
/// The rank whose memory holds the lock record.
const HOME: u32 = 0;

/// One acquire or release of the global lock in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PassiveLock(EngineLock);

impl PassiveLock {
    /// Starts this rank's acquire (`acquire`) or release of the lock in `mode`; checks that the
    /// run has the words the lock needs.
    pub(super) fn new(
        acquire: bool,
        mode: Mode,
        ctx: &RankCtx<'_>,
    ) -> Result<PassiveLock, ErrorKind> {
        let have = ctx.words_per_rank();
        if have < RMA_WORDS {
            return Err(RmaError::NoLockWords {
                have,
                need: RMA_WORDS,
            }
            .into());
        }
        Ok(PassiveLock(EngineLock::new(
            ALGORITHM,
            HOME,
            ctx.rank(),
            mode,
            acquire,
        )))
    }

    /// Advances: `None` once the lock is acquired or released, else the step to wait on.
    pub(super) fn step(&mut self, ctx: &mut RankCtx<'_>) -> Result<Option<Step>, ErrorKind> {
        Ok(self.0.step(ctx)?)
    }
}
