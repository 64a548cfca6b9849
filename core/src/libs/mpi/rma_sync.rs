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
//! | `MPI_Win_start` | receive each target's post |
//! | `MPI_Win_complete` | complete all, send each target a done message |
//! | `MPI_Win_wait` | receive each origin's done message (posted by `MPI_Win_post`) |
//! | `MPI_Win_flush_local`, `MPI_Win_flush_local_all` | complete those with results (to the target, or all) |

use std::collections::VecDeque;

use super::barrier::Barrier;
use super::buffers::write_int;
use super::collective::Round;
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
    /// Active-target messages on the window's communicator: empty messages sent to `sends` and
    /// received from `recvs` (its ranks), all tagged `tag`, posted at the first step and
    /// awaited together.
    Messages {
        /// The window's communicator.
        comm: Comm,
        /// Ranks to send to.
        sends: Vec<Rank>,
        /// Ranks to receive from.
        recvs: Vec<Rank>,
        /// The tag.
        tag: i32,
        /// The messages once posted.
        round: Option<Round>,
    },
    /// The end of the window's exposure epoch: every origin's `MPI_Win_complete` message.
    Exposure {
        /// The window number.
        window: u32,
    },
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
                Stage::Messages {
                    comm,
                    sends,
                    recvs,
                    tag,
                    round,
                } => {
                    let mut c = CommCtx::new(ctx, comm);
                    let round = match round {
                        Some(r) => r,
                        None => {
                            let mut r = Round::default();
                            for &to in sends.iter() {
                                r.send(&mut c, to, *tag, Vec::new())?;
                            }
                            for &from in recvs.iter() {
                                r.recv(&mut c, from, *tag, 0)?;
                            }
                            round.insert(r)
                        }
                    };
                    match round.waiting(&c)? {
                        Some(wait) => Some(wait),
                        None => {
                            round.finish(&mut c)?;
                            None
                        }
                    }
                }
                Stage::Exposure { window } => exposure_over(windows, *window, ctx)?,
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

/// Advances the end of window `number`'s exposure epoch: `None` once every origin's done message
/// arrived (the epoch is then closed), else the step to wait on.
pub(super) fn exposure_over(
    windows: &mut Windows,
    number: u32,
    ctx: &mut RankCtx<'_>,
) -> Result<Option<Step>, ErrorKind> {
    let window = windows.get_mut(number)?;
    let comm = window.comm.clone();
    let mut c = CommCtx::new(ctx, &comm);
    let Some(round) = window.exposure.as_mut() else {
        return Ok(None);
    };
    if let Some(wait) = round.waiting(&c)? {
        return Ok(Some(wait));
    }
    round.finish(&mut c)?;
    window.exposure = None;
    Ok(None)
}
