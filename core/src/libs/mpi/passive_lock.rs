//! Passive-target locking: `MPI_Win_lock` and `MPI_Win_lock_all` take locks as the run's
//! [`LockScheme`] says — by default paper 003's mapping onto one global MCS readers/writer lock
//! with reader preference ([`crate::locks::mcs_rw`]): `MPI_Win_lock(MPI_LOCK_SHARED)` and
//! `MPI_Win_lock_all` run ReaderLock, `MPI_Win_lock(MPI_LOCK_EXCLUSIVE)` runs WriterLock, and the
//! unlocks the matching release. A lock's record lives in its home rank's one-sided memory words
//! (rank 0 for a global lock, the target under Li et al.'s scheme); each rank's queue node in its
//! own. Every step is a memory operation with values through the engine (`RankCtx::lock_op`: an
//! RDMA read, write or atomic on the machine, in software where it has no hardware for it), and
//! every wait is a local spin that a remote write ends (`Step::Spin`) or a backoff before the
//! next remote poll.
//!
//! Simplification: a global scheme keeps one lock for every window and target (the paper's
//! implementation has one global lock too, so writers to different targets serialize).

use super::error::ErrorKind;
use super::rma_error::RmaError;
use crate::engine::{RankCtx, Step};
use crate::locks::on_engine::EngineLock;
use crate::locks::{LockScheme, Mode};
use crate::proto::locks::LockOps;
use crate::proto::rma::OneSidedOps;

/// One acquire or release of one lock in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PassiveLock(EngineLock);

impl PassiveLock {
    /// Starts this rank's acquire (`acquire`) or release, in `mode`, of the lock whose words
    /// live on rank `home`; checks that the run has the words the lock needs.
    pub(super) fn new(
        acquire: bool,
        mode: Mode,
        home: u32,
        ctx: &RankCtx<'_>,
    ) -> Result<PassiveLock, ErrorKind> {
        let scheme: LockScheme = ctx.lock_scheme();
        let have = ctx.words_per_rank();
        let need = scheme.words();
        if have < need {
            return Err(RmaError::NoLockWords { have, need }.into());
        }
        Ok(PassiveLock(EngineLock::new(
            scheme.algorithm(),
            home,
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
