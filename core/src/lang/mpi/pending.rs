//! A blocked MPI call: what it waits for and how it finishes once the engine resumes the rank.
//!
//! Each variant can be advanced any number of times: it returns the [`Step`] to block on while
//! something is outstanding, and `None` when the call is complete (buffers, statuses and handles
//! written). The library advances it once when the call starts (so a call whose messages are
//! already there returns without blocking) and again on each resume.

use super::buffers::{element, status_at, write_status, StatusFields};
use super::collective::Collective;
use super::error::ErrorKind;
use super::requests::{Entry, Requests};
use super::rma_sync::RmaSync;
use super::transfer::Transfer;
use super::window::Windows;
use crate::engine::{RankCtx, ReqId, Step};
use crate::lang::memory::{Addr, Memory};
use crate::time::SimTime;

/// Floating-point operations' worth of time a failed `MPI_Test` costs (at least
/// [`MIN_POLL_TIME`]), so a program polling in a loop lets simulated time — and its messages —
/// advance.
pub const POLL_FLOPS: u64 = 100;
/// The least time a failed `MPI_Test` costs.
pub const MIN_POLL_TIME: SimTime = SimTime::from_ns(50);

/// A blocked call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Pending {
    /// `MPI_Send` or `MPI_Recv`: one transfer with no handle.
    Transfer {
        /// The engine request.
        req: ReqId,
        /// The transfer.
        transfer: Transfer,
        /// Status address (0 = ignore).
        status: Addr,
    },
    /// `MPI_Wait`, `MPI_Waitall`: every entry must complete.
    All {
        /// The active handles.
        entries: Vec<Entry>,
        /// The handle array (for `MPI_Wait`: the handle's address).
        requests: Addr,
        /// The status array (for `MPI_Wait`: the status address; 0 = ignore).
        statuses: Addr,
    },
    /// `MPI_Waitany`: the first entry (lowest index) that completes.
    Any {
        /// The active handles.
        entries: Vec<Entry>,
        /// The handle array.
        requests: Addr,
        /// Where the index is written.
        index: Addr,
        /// Status address (0 = ignore).
        status: Addr,
    },
    /// A failed `MPI_Test`: spend the polling time, then return.
    Poll {
        /// The time was spent.
        polled: bool,
    },
    /// A collective.
    Collective(Collective),
    /// A one-sided synchronization call (window creation, fence, free, lock, unlock, flush).
    Rma(RmaSync),
}

impl Pending {
    /// Advances the call; `None` once it is complete.
    pub(super) fn step(
        &mut self,
        requests: &mut Requests,
        windows: &mut Option<Box<Windows>>,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        match self {
            Pending::Transfer {
                req,
                transfer,
                status,
            } => {
                if !ctx.is_complete(*req)? {
                    return Ok(Some(Step::Wait(*req)));
                }
                transfer.complete(*req, mem, ctx, *status)?;
                Ok(None)
            }
            Pending::All {
                entries,
                requests: handles,
                statuses,
            } => {
                let mut open = Vec::new();
                for e in entries.iter() {
                    if !ctx.is_complete(e.req)? {
                        open.push(e.req);
                    }
                }
                if !open.is_empty() {
                    return Ok(Some(if open.len() == 1 {
                        Step::Wait(open[0])
                    } else {
                        Step::WaitAll(open)
                    }));
                }
                for e in std::mem::take(entries) {
                    let handle_addr =
                        element(mem, *handles, i64::from(e.index), 4, "the request array")?;
                    let status = status_at(mem, *statuses, e.index)?;
                    requests.finish(e, handle_addr, status, mem, ctx)?;
                }
                Ok(None)
            }
            Pending::Any {
                entries,
                requests: handles,
                index,
                status,
            } => {
                let mut first = None;
                for e in entries.iter() {
                    if ctx.is_complete(e.req)? {
                        first = Some(*e);
                        break;
                    }
                }
                let Some(e) = first else {
                    return Ok(Some(Step::WaitAny(entries.iter().map(|e| e.req).collect())));
                };
                let handle_addr =
                    element(mem, *handles, i64::from(e.index), 4, "the request array")?;
                requests.finish(e, handle_addr, *status, mem, ctx)?;
                let i = i32::try_from(e.index).unwrap_or(i32::MAX);
                mem.write_i32(*index, i)
                    .map_err(|error| ErrorKind::Memory {
                        what: "the index",
                        error,
                    })?;
                Ok(None)
            }
            Pending::Poll { polled } => {
                if *polled {
                    return Ok(None);
                }
                *polled = true;
                Ok(Some(Step::Compute(
                    ctx.flops_time(POLL_FLOPS).max(MIN_POLL_TIME),
                )))
            }
            Pending::Collective(c) => c.step(mem, ctx),
            Pending::Rma(sync) => sync.step(windows.get_or_insert_with(Box::default), mem, ctx),
        }
    }
}

/// Writes the empty status of a null or inactive request.
pub(super) fn empty_status(mem: &mut Memory, status: Addr) -> Result<(), ErrorKind> {
    write_status(mem, status, StatusFields::EMPTY)
}
