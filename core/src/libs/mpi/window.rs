//! The rank's windows: the handles a program keeps in its `MPI_Win` variables, each window's
//! memory and epochs (fence, locks per target, lock_all), the one-sided operations it issued and
//! not yet completed, and how this rank holds the one global passive-target lock.
//!
//! Windows are numbered across the run by the one-sided layer's ledger at creation — the same
//! number on every member of the window's communicator; on `MPI_COMM_WORLD` alone simply from 0
//! in creation order — and the handle is [`WIN_HANDLE_BASE`] plus the number. A freed window keeps
//! its slot, so a stale handle is recognised. Each window keeps its communicator: target ranks
//! are ranks of it, translated to world ranks here. An operation's results (a get's bytes, a fetch's old
//! value) are written to the origin's buffer when the library sees it complete: at the
//! synchronization that completes it, or at any earlier one-sided call after it completed.

use std::collections::BTreeMap;

use super::buffers::write_bytes;
use super::comm::Comm;
use super::constants::{MPI_WIN_NULL, WIN_HANDLE_BASE};
use super::error::{ErrorKind, RankRole};
use super::rma_error::RmaError;
use crate::engine::{Rank, RankCtx, ReqId, Step};
use crate::lang::vm::memory::{Addr, Memory};
use crate::locks::Mode;

/// A lock this rank holds on one target of a window.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Held {
    /// Shared or exclusive.
    pub mode: Mode,
    /// Taken with `MPI_MODE_NOCHECK` (no lock operations were done).
    pub nocheck: bool,
}

/// A one-sided operation issued and not yet completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Outstanding {
    /// The engine request.
    pub req: ReqId,
    /// Its target.
    pub target: Rank,
    /// Where its result goes (address, bytes), if it returns one.
    pub result: Option<(Addr, u32)>,
}

/// One window as this rank sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Window {
    /// This rank's exposed memory.
    pub base: Addr,
    /// Bytes exposed.
    pub size: u32,
    /// A fence epoch is open (a fence without `MPI_MODE_NOSUCCEED` was called).
    pub fence: bool,
    /// `MPI_Win_lock_all` is held (with `MPI_MODE_NOCHECK`?).
    pub lock_all: Option<bool>,
    /// Locks held per target.
    pub locks: BTreeMap<Rank, Held>,
    /// Operations not yet completed.
    pub outstanding: Vec<Outstanding>,
    /// Its displacement unit on this rank (`MPI_WIN_DISP_UNIT`).
    pub disp_unit: u32,
    /// Made by `MPI_Win_allocate` (`MPI_WIN_CREATE_FLAVOR`), else by `MPI_Win_create`.
    pub allocated: bool,
    /// Made by `MPI_Win_create_dynamic`: no memory of its own, displacements are addresses of
    /// memory attached with `MPI_Win_attach`.
    pub dynamic: bool,
    /// Its communicator (its group; its barriers run on it).
    pub comm: Comm,
    /// The targets (world ranks) of the access epoch `MPI_Win_start` opened.
    pub access: Option<Vec<Rank>>,
    /// The exposure epoch `MPI_Win_post` opened: its messages (the posts sent, and the
    /// receives of each origin's `MPI_Win_complete`).
    pub exposure: Option<super::collective::Round>,
    /// Barriers of its synchronizations so far (their tags' sequence, on a communicator other
    /// than `MPI_COMM_WORLD`, whose barriers count among the world's collectives).
    pub barriers: u32,
}

impl Window {
    /// A window over `size` bytes at `base` on `comm`, no epoch open.
    pub(super) fn new(base: Addr, size: u32, comm: Comm) -> Window {
        Window {
            comm,
            barriers: 0,
            dynamic: false,
            access: None,
            exposure: None,
            base,
            size,
            fence: false,
            lock_all: None,
            locks: BTreeMap::new(),
            outstanding: Vec::new(),
            disp_unit: 1,
            allocated: false,
        }
    }

    /// The world rank of `rank`, a rank of the window's communicator (checked).
    pub(super) fn target(&self, rank: i64) -> Result<Rank, ErrorKind> {
        let r = self.comm.check_rank(rank, RankRole::Peer)?;
        Ok(self.comm.world_rank(r))
    }

    /// Its group's world ranks, in its order.
    pub(super) fn group(&self) -> Vec<Rank> {
        self.comm.members.ranks()
    }

    /// Whether an access epoch to `target` is open.
    pub(super) fn may_access(&self, target: Rank) -> bool {
        self.fence
            || self.lock_all.is_some()
            || self.locks.contains_key(&target)
            || self.access.as_ref().is_some_and(|a| a.contains(&target))
    }

    /// Whether a passive-target epoch (lock or lock_all) is open.
    pub(super) fn passive(&self) -> bool {
        self.lock_all.is_some() || !self.locks.is_empty()
    }
}

/// The rank's window table and its holds of passive-target locks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Windows {
    /// By window number; `None` once freed.
    list: Vec<Option<Window>>,
    /// One-sided collective calls made so far among each group of ranks (the engine's ledger
    /// position).
    pub collectives: BTreeMap<Vec<Rank>, u64>,
    /// Shared holds of each lock (by its home rank: 0 for a global lock) taken with lock
    /// operations.
    pub shared_holds: std::collections::BTreeMap<u32, u32>,
    /// The locks (by home rank) held exclusively.
    pub exclusive: std::collections::BTreeSet<u32>,
}

impl Windows {
    /// Adds window `number` (as the ledger numbered it); returns its handle.
    pub(super) fn add(&mut self, number: u32, window: Window) -> i32 {
        let at = number as usize;
        if self.list.len() <= at {
            self.list.resize(at + 1, None);
        }
        self.list[at] = Some(window);
        handle_of(number)
    }

    /// Frees window `number`.
    pub(super) fn remove(&mut self, number: u32) {
        if let Some(slot) = self.list.get_mut(number as usize) {
            *slot = None;
        }
    }

    /// The window number of a live handle.
    pub(super) fn number(&self, handle: i64) -> Result<u32, RmaError> {
        if handle == i64::from(MPI_WIN_NULL) {
            return Err(RmaError::NullWindow);
        }
        let n = handle - i64::from(WIN_HANDLE_BASE);
        match u32::try_from(n)
            .ok()
            .map(|n| (n, self.list.get(n as usize)))
        {
            Some((n, Some(Some(_)))) => Ok(n),
            Some((n, Some(None))) => Err(RmaError::FreedWindow(n)),
            _ => Err(RmaError::InvalidWindow(handle)),
        }
    }

    /// The live window `number`.
    pub(super) fn get(&self, number: u32) -> Result<&Window, ErrorKind> {
        self.list
            .get(number as usize)
            .and_then(Option::as_ref)
            .ok_or(ErrorKind::Internal("a checked window vanished"))
    }

    /// The live window `number`, to change.
    pub(super) fn get_mut(&mut self, number: u32) -> Result<&mut Window, ErrorKind> {
        self.list
            .get_mut(number as usize)
            .and_then(Option::as_mut)
            .ok_or(ErrorKind::Internal("a checked window vanished"))
    }

    /// The memory of window `number` on this rank (base, bytes), if it is live: a dynamic
    /// window's is the whole address space (the origin checked the access against the memory
    /// attached).
    pub(super) fn memory(&self, number: u32) -> Option<(Addr, u32)> {
        let w = self.list.get(number as usize)?.as_ref()?;
        Some(if w.dynamic {
            (0, u32::MAX)
        } else {
            (w.base, w.size)
        })
    }

    /// Completes the operations of window `number` to `target` (all targets if `None`): `None`
    /// once all of them completed and their results are in the origin's buffers, else the step
    /// that waits for the rest.
    /// With `local`, only the operations whose results come back (gets, fetches) are waited
    /// for: a put or accumulate read its origin buffer when it was issued, so it is complete
    /// locally already (`MPI_Win_flush_local`).
    pub(super) fn complete(
        &mut self,
        number: u32,
        target: Option<Rank>,
        local: bool,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let window = self.get_mut(number)?;
        let mut open = Vec::new();
        for op in &window.outstanding {
            let wanted = target.is_none_or(|t| t == op.target) && (!local || op.result.is_some());
            if wanted && !ctx.is_complete(op.req)? {
                open.push(op.req);
            }
        }
        finish_completed(window, mem, ctx)?;
        Ok(match open.len() {
            0 => None,
            1 => Some(Step::Wait(open[0])),
            _ => Some(Step::WaitAll(open)),
        })
    }

    /// Finishes every operation of every window that completed meanwhile.
    pub(super) fn reap(
        &mut self,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        for window in self.list.iter_mut().flatten() {
            finish_completed(window, mem, ctx)?;
        }
        Ok(())
    }
}

/// The handle of window `number`.
pub(super) fn handle_of(number: u32) -> i32 {
    WIN_HANDLE_BASE.saturating_add(i32::try_from(number).unwrap_or(i32::MAX))
}

/// Takes back the completed operations of `window`, writing their results.
fn finish_completed(
    window: &mut Window,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    let mut kept = Vec::with_capacity(window.outstanding.len());
    for op in std::mem::take(&mut window.outstanding) {
        if !ctx.is_complete(op.req)? {
            kept.push(op);
            continue;
        }
        let done = ctx.take(op.req)?.ok_or(ErrorKind::Internal(
            "a completed one-sided operation vanished",
        ))?;
        if let Some((addr, len)) = op.result {
            let n = done.data.len().min(len as usize);
            write_bytes(mem, addr, &done.data[..n], "the result buffer")?;
        }
    }
    window.outstanding = kept;
    Ok(())
}
