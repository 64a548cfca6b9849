//! A blocked one-sided synchronization call as a short list of stages run in order: complete
//! this rank's operations (to one target or all), a barrier, an acquire or release of the global
//! lock, and freeing the window at the end of `MPI_Win_free`.
//!
//! | call | stages |
//! |---|---|
//! | `MPI_Win_create`, `MPI_Win_allocate` | barrier |
//! | `MPI_Win_fence` | complete all, barrier |
//! | `MPI_Win_free` | complete all, barrier, free |
//! | `MPI_Win_lock`, `MPI_Win_lock_all` | acquire (none with `MPI_MODE_NOCHECK`) |
//! | `MPI_Win_unlock`, `MPI_Win_unlock_all` | complete (to the target, or all), release |
//! | `MPI_Win_flush`, `MPI_Win_flush_all` | complete (to the target, or all) |
//! | `MPI_Win_flush_local`, `MPI_Win_flush_local_all` | complete those with results (to the target, or all) |

use std::collections::VecDeque;

use super::barrier::Barrier;
use super::buffers::write_int;
use super::comm::Comm;
use super::comm_ctx::CommCtx;
use super::constants::MPI_WIN_NULL;
use super::error::ErrorKind;
use super::passive_lock::PassiveLock;
use super::window::Windows;
use crate::engine::{Rank, RankCtx, Step};
use crate::lang::vm::memory::{Addr, Memory};
use crate::proto::rma::OneSidedOps;

/// One stage of a synchronization call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// Complete the operations of a window to a target (all if `None`).
    Complete {
        /// The window number.
        window: u32,
        /// The target.
        target: Option<Rank>,
        /// Only those whose results come back (`MPI_Win_flush_local`).
        local: bool,
    },
    /// A barrier among the window's communicator.
    Barrier(Barrier, Comm),
    /// An acquire or release of the global lock.
    Lock(PassiveLock),
    /// Free the window and set the handle variable to `MPI_WIN_NULL`.
    Free {
        /// The window number.
        window: u32,
        /// The handle variable.
        handle: Addr,
    },
}

/// A synchronization call in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RmaSync {
    stages: VecDeque<Stage>,
}

impl RmaSync {
    /// A call that runs `stages` in order.
    pub(super) fn new(stages: impl IntoIterator<Item = Stage>) -> RmaSync {
        RmaSync {
            stages: stages.into_iter().collect(),
        }
    }

    /// Advances: `None` once every stage is done, else the step to wait on.
    pub(super) fn step(
        &mut self,
        windows: &mut Windows,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        while let Some(stage) = self.stages.front_mut() {
            let wait = match stage {
                Stage::Complete {
                    window,
                    target,
                    local,
                } => windows.complete(*window, *target, *local, mem, ctx)?,
                Stage::Barrier(b, comm) => b.step(&mut CommCtx::new(ctx, comm))?,
                Stage::Lock(l) => l.step(ctx)?,
                Stage::Free { window, handle } => {
                    ctx.withdraw_window(*window);
                    windows.remove(*window);
                    write_int(mem, *handle, MPI_WIN_NULL, "the window handle")?;
                    None
                }
            };
            if wait.is_some() {
                return Ok(wait);
            }
            self.stages.pop_front();
        }
        Ok(None)
    }
}
