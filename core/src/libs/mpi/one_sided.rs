//! The one-sided calls: window creation and freeing, the synchronization calls (fence, lock,
//! unlock, lock_all, unlock_all, flush, flush_all) and the operations (`MPI_Put`, `MPI_Get`,
//! `MPI_Accumulate`, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`) — their checks, and how each
//! operation is issued to the engine.
//!
//! Model (see `engine::rma` for the engine's side). An operation reads its origin data when it is
//! called and is timed as one RDMA operation: a put or get of its bytes; a single-`int`
//! `MPI_SUM` as the NIC's fetch-and-add, `MPI_REPLACE` of one element as fetch-and-store (an
//! accumulate-replace of many as a put), `MPI_NO_OP` as a get, a compare-and-swap as the NIC's;
//! anything else (many elements, `MPI_PROD`, `MPI_MAX`, `MPI_MIN`, doubles) is done by the
//! target's software. It takes effect in the target's memory when the machine delivers it; an
//! operation on this rank's own window takes effect at once. Results reach the origin's buffer
//! when the operation is completed by a synchronization (fence, unlock, flush, free). Every
//! operation needs an access epoch to its target (fence, lock of that target, or lock_all) and
//! is checked against the target's window (the sizes are exchanged at creation).
//!
//! Simplifications: one communicator; datatypes are the predefined ones (origin and target must
//! name the same datatype and count); `MPI_MODE_NOSTORE`, `MPI_MODE_NOPUT`, `MPI_MODE_NOPRECEDE`
//! are accepted and change nothing; creation costs a barrier (standing in for the exchange of
//! window sizes).

use super::barrier::Barrier;
use super::buffers::{check_bytes, read_bytes, read_int, write_bytes, write_int};
use super::collective::{tag, Kind};
use super::constants::{
    MPI_INFO_NULL, MPI_LOCK_EXCLUSIVE, MPI_LOCK_SHARED, MPI_MAX, MPI_MIN, MPI_MODE_NOCHECK,
    MPI_MODE_NOPRECEDE, MPI_MODE_NOPUT, MPI_MODE_NOSTORE, MPI_MODE_NOSUCCEED, MPI_NO_OP, MPI_PROD,
    MPI_REPLACE, MPI_SUM,
};
use super::datatype::{check_comm, Datatype};
use super::error::{ErrorKind, RankRole};
use super::passive_lock::PassiveLock;
use super::rma_call::{RmaCall, RmaKind, RmaTransfer};
use super::rma_error::RmaError;
use super::rma_sync::{RmaSync, Stage};
use super::transfer::check_rank;
use super::window::{Held, Outstanding, Window, Windows};
use crate::engine::{Rank, RankCtx};
use crate::lang::vm::memory::{Addr, Memory};
use crate::locks::{LockScheme, Mode};
use crate::machine::{AtomicKind, RdmaOp};
use crate::proto::locks::LockOps;
use crate::proto::rma::OneSidedOps;
use crate::proto::rma::{Combine, Element, RemoteAccess, WindowPart};

/// The fence assertions accepted.
const FENCE_ASSERTS: i64 =
    (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED) as i64;

/// Starts a one-sided call: `None` when it is complete, else the synchronization to drive.
/// `collectives` is the rank's collective counter (for the barriers' tags).
pub(super) fn start(
    windows: &mut Windows,
    name: &'static str,
    call: RmaCall,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
    collectives: &mut u32,
) -> Result<Option<RmaSync>, ErrorKind> {
    windows.reap(mem, ctx)?;
    let mut barrier = || {
        let t = tag(Kind::Window, *collectives);
        *collectives = collectives.wrapping_add(1);
        Stage::Barrier(Barrier::new(t))
    };
    let sync = |stages: Vec<Stage>| Ok(Some(RmaSync::new(stages)));
    match call {
        RmaCall::WinCreate {
            base,
            size,
            disp_unit,
            info,
            comm,
            win,
        } => {
            let (size, disp_unit) = check_creation(size, disp_unit, info, comm)?;
            check_bytes(mem, base, size, "the window memory")?;
            create(windows, name, base, size, disp_unit, win, mem, ctx)?;
            sync(vec![barrier()])
        }
        RmaCall::WinAllocate {
            size,
            disp_unit,
            info,
            comm,
            baseptr,
            win,
        } => {
            let (size, disp_unit) = check_creation(size, disp_unit, info, comm)?;
            check_bytes(mem, baseptr, 8, "the base pointer variable")?;
            let base = mem.alloc_heap(size, 8).map_err(|error| ErrorKind::Memory {
                what: "the window memory",
                error,
            })?;
            create(windows, name, base, size, disp_unit, win, mem, ctx)?;
            write_bytes(
                mem,
                baseptr,
                &u64::from(base).to_le_bytes(),
                "the base pointer variable",
            )?;
            sync(vec![barrier()])
        }
        RmaCall::WinFree { win } => {
            let handle = read_int(mem, win, "the window handle")?;
            let number = windows.number(i64::from(handle))?;
            if windows.get(number)?.passive() {
                return Err(RmaError::PassiveEpochOpen(number).into());
            }
            ledger(windows, name, number, ctx)?;
            sync(vec![
                Stage::Complete {
                    window: number,
                    target: None,
                },
                barrier(),
                Stage::Free {
                    window: number,
                    handle: win,
                },
            ])
        }
        RmaCall::WinFence { assert, win } => {
            let number = windows.number(win)?;
            check_assert(
                assert,
                FENCE_ASSERTS,
                "MPI_MODE_NOSTORE, MPI_MODE_NOPUT, MPI_MODE_NOPRECEDE or MPI_MODE_NOSUCCEED",
            )?;
            let window = windows.get_mut(number)?;
            if window.passive() {
                return Err(RmaError::PassiveEpochOpen(number).into());
            }
            window.fence = assert & i64::from(MPI_MODE_NOSUCCEED) == 0;
            ledger(windows, name, number, ctx)?;
            sync(vec![
                Stage::Complete {
                    window: number,
                    target: None,
                },
                barrier(),
            ])
        }
        RmaCall::WinLock {
            lock_type,
            rank,
            assert,
            win,
        } => {
            let number = windows.number(win)?;
            let mode = match i32::try_from(lock_type) {
                Ok(MPI_LOCK_SHARED) => Mode::Shared,
                Ok(MPI_LOCK_EXCLUSIVE) => Mode::Exclusive,
                _ => return Err(RmaError::LockType(lock_type).into()),
            };
            let target = check_rank(rank, ctx, RankRole::Peer)?;
            let nocheck = check_assert(assert, i64::from(MPI_MODE_NOCHECK), "MPI_MODE_NOCHECK")?;
            let window = windows.get(number)?;
            if window.locks.contains_key(&target) || window.lock_all.is_some() {
                return Err(RmaError::AlreadyLocked {
                    target: Some(target),
                    window: number,
                }
                .into());
            }
            let stages = acquire(windows, mode, Some(target), nocheck, ctx)?;
            windows
                .get_mut(number)?
                .locks
                .insert(target, Held { mode, nocheck });
            sync(stages)
        }
        RmaCall::WinUnlock { rank, win } => {
            let number = windows.number(win)?;
            let target = check_rank(rank, ctx, RankRole::Peer)?;
            let held =
                windows
                    .get_mut(number)?
                    .locks
                    .remove(&target)
                    .ok_or(RmaError::NotLocked {
                        target,
                        window: number,
                    })?;
            let mut stages = vec![Stage::Complete {
                window: number,
                target: Some(target),
            }];
            stages.extend(release(windows, held, Some(target), ctx)?);
            sync(stages)
        }
        RmaCall::WinLockAll { assert, win } => {
            let number = windows.number(win)?;
            let nocheck = check_assert(assert, i64::from(MPI_MODE_NOCHECK), "MPI_MODE_NOCHECK")?;
            if windows.get(number)?.passive() {
                return Err(RmaError::AlreadyLocked {
                    target: None,
                    window: number,
                }
                .into());
            }
            let stages = acquire(windows, Mode::Shared, None, nocheck, ctx)?;
            windows.get_mut(number)?.lock_all = Some(nocheck);
            sync(stages)
        }
        RmaCall::WinUnlockAll { win } => {
            let number = windows.number(win)?;
            let nocheck = windows
                .get_mut(number)?
                .lock_all
                .take()
                .ok_or(RmaError::NotLockedAll(number))?;
            let mut stages = vec![Stage::Complete {
                window: number,
                target: None,
            }];
            let held = Held {
                mode: Mode::Shared,
                nocheck,
            };
            stages.extend(release(windows, held, None, ctx)?);
            sync(stages)
        }
        RmaCall::WinFlush { rank, win } => {
            let number = windows.number(win)?;
            let target = check_rank(rank, ctx, RankRole::Peer)?;
            let window = windows.get(number)?;
            if window.lock_all.is_none() && !window.locks.contains_key(&target) {
                return Err(RmaError::NoPassiveEpoch {
                    window: number,
                    target: Some(target),
                }
                .into());
            }
            sync(vec![Stage::Complete {
                window: number,
                target: Some(target),
            }])
        }
        RmaCall::WinFlushAll { win } => {
            let number = windows.number(win)?;
            if !windows.get(number)?.passive() {
                return Err(RmaError::NoPassiveEpoch {
                    window: number,
                    target: None,
                }
                .into());
            }
            sync(vec![Stage::Complete {
                window: number,
                target: None,
            }])
        }
        RmaCall::Rma(t) => {
            transfer(windows, &t, mem, ctx)?;
            Ok(None)
        }
        RmaCall::FetchAndOp {
            origin,
            result,
            dtype,
            target,
            disp,
            op,
            win,
        } => {
            let (combine, op_name) = combine_of(op)?;
            let dtype = Datatype::from_handle(dtype)?;
            let element = element_of(dtype, op_name)?;
            let bytes = dtype.size();
            let at = Target::check(windows, win, target, disp, bytes, ctx)?;
            let operand = if combine == Combine::NoOp {
                vec![0; bytes as usize]
            } else {
                read_bytes(mem, origin, bytes, "the origin buffer")?
            };
            check_bytes(mem, result, bytes, "the result buffer")?;
            let (op, software) = match (combine, element) {
                (Combine::Sum, Element::Int) => (RdmaOp::Atomic(AtomicKind::FetchAndAdd), None),
                (Combine::Replace, _) => (RdmaOp::Atomic(AtomicKind::FetchAndStore), None),
                (Combine::NoOp, _) => (
                    RdmaOp::Get {
                        bytes: u64::from(bytes),
                    },
                    None,
                ),
                _ => (
                    RdmaOp::Atomic(AtomicKind::FetchAndAdd),
                    Some(format!(
                        "no NIC operation for MPI_Fetch_and_op with {op_name} on {dtype}"
                    )),
                ),
            };
            let access = RemoteAccess::Accumulate {
                combine,
                element,
                operand,
                fetch: true,
            };
            at.issue(
                windows,
                access,
                op,
                software,
                Some((result, bytes)),
                mem,
                ctx,
            )
            .map(|()| None)
        }
        RmaCall::CompareAndSwap {
            origin,
            compare,
            result,
            dtype,
            target,
            disp,
            win,
        } => {
            let dtype = Datatype::from_handle(dtype)?;
            if dtype != Datatype::Int {
                return Err(RmaError::SwapType(dtype).into());
            }
            let bytes = dtype.size();
            let at = Target::check(windows, win, target, disp, bytes, ctx)?;
            let swap = read_bytes(mem, origin, bytes, "the origin buffer")?;
            let compare = read_bytes(mem, compare, bytes, "the compare buffer")?;
            check_bytes(mem, result, bytes, "the result buffer")?;
            let access = RemoteAccess::CompareAndSwap {
                element: Element::Int,
                compare,
                swap,
            };
            let op = RdmaOp::Atomic(AtomicKind::CompareAndSwap);
            at.issue(windows, access, op, None, Some((result, bytes)), mem, ctx)
                .map(|()| None)
        }
    }
}

/// Checks the arguments shared by `MPI_Win_create` and `MPI_Win_allocate`.
fn check_creation(
    size: i64,
    disp_unit: i64,
    info: i64,
    comm: i64,
) -> Result<(u32, u32), ErrorKind> {
    check_comm(comm)?;
    if info != i64::from(MPI_INFO_NULL) {
        return Err(RmaError::Info(info).into());
    }
    let size = u32::try_from(size).map_err(|_| {
        if size < 0 {
            ErrorKind::Rma(RmaError::Size(size))
        } else {
            ErrorKind::TooLarge {
                what: "size".to_string(),
                count: size,
                dtype: Datatype::Byte,
            }
        }
    })?;
    let disp_unit = u32::try_from(disp_unit)
        .ok()
        .filter(|u| *u >= 1)
        .ok_or(RmaError::DispUnit(disp_unit))?;
    Ok((size, disp_unit))
}

/// Creates a window over `size` bytes at `base`: records the collective call, exposes the part,
/// writes the handle.
#[allow(clippy::too_many_arguments)]
fn create(
    windows: &mut Windows,
    name: &'static str,
    base: Addr,
    size: u32,
    disp_unit: u32,
    win: Addr,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    check_bytes(mem, win, 4, "the window handle")?;
    let number = windows.next_number();
    ledger(windows, name, number, ctx)?;
    let handle = windows.add(Window::new(base, size));
    ctx.expose_window(
        number,
        WindowPart {
            size: u64::from(size),
            disp_unit,
        },
    );
    write_int(mem, win, handle, "the window handle")
}

/// Records a one-sided collective call in the engine's ledger (an error if another rank made a
/// different one at this point).
fn ledger(
    windows: &mut Windows,
    name: &'static str,
    number: u32,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    ctx.one_sided_collective(windows.collectives, name, number)
        .map_err(|m| RmaError::Mismatch {
            rank: m.rank,
            call: m.call,
            window: m.window,
        })?;
    windows.collectives += 1;
    Ok(())
}

/// Checks assertion bits against `allowed`; returns whether `MPI_MODE_NOCHECK` is among them.
fn check_assert(assert: i64, allowed: i64, words: &'static str) -> Result<bool, ErrorKind> {
    if assert < 0 || assert & !allowed != 0 {
        return Err(RmaError::Assert {
            assert,
            allowed: words,
        }
        .into());
    }
    Ok(assert & i64::from(MPI_MODE_NOCHECK) != 0)
}

/// The homes of the locks a lock of `target` takes (`None`: `MPI_Win_lock_all`) under the
/// run's lock scheme: the one global lock, or the target's own, or every rank's.
fn homes(target: Option<Rank>, ctx: &RankCtx<'_>) -> Vec<Rank> {
    let scheme = ctx.lock_scheme();
    match target {
        Some(t) => vec![scheme.home(t)],
        None => scheme.lock_all_homes(ctx.size()),
    }
}

/// The stages that take the locks of `target` (`None`: lock_all) in `mode` (none with
/// `nocheck`), after checking that this rank may take them; counts the holds.
fn acquire(
    windows: &mut Windows,
    mode: Mode,
    target: Option<Rank>,
    nocheck: bool,
    ctx: &RankCtx<'_>,
) -> Result<Vec<Stage>, ErrorKind> {
    if nocheck {
        return Ok(Vec::new());
    }
    let scheme = ctx.lock_scheme();
    let wanted = match mode {
        Mode::Shared => "shared",
        Mode::Exclusive => "exclusively",
    };
    let homes = homes(target, ctx);
    for &home in &homes {
        let shared = windows.shared_holds.get(&home).copied().unwrap_or(0) > 0;
        let held = if windows.exclusive.contains(&home) {
            Some("exclusively")
        } else if shared && (mode == Mode::Exclusive || scheme != LockScheme::McsRw) {
            // Only the reader-preference MCS-RW lock lets a reader take a second shared hold
            // safely (the others would wait behind a writer that waits for the first).
            Some("shared")
        } else {
            None
        };
        if let Some(held) = held {
            return Err(RmaError::LockConflict {
                wanted,
                held,
                scheme,
                home,
            }
            .into());
        }
    }
    let mut stages = Vec::with_capacity(homes.len());
    for home in homes {
        stages.push(Stage::Lock(PassiveLock::new(true, mode, home, ctx)?));
        match mode {
            Mode::Shared => *windows.shared_holds.entry(home).or_default() += 1,
            Mode::Exclusive => {
                windows.exclusive.insert(home);
            }
        }
    }
    Ok(stages)
}

/// The stages that release the holds a lock of `target` (`None`: lock_all) took (none if it
/// was taken with `nocheck`).
fn release(
    windows: &mut Windows,
    held: Held,
    target: Option<Rank>,
    ctx: &RankCtx<'_>,
) -> Result<Vec<Stage>, ErrorKind> {
    if held.nocheck {
        return Ok(Vec::new());
    }
    let mut stages = Vec::new();
    for home in homes(target, ctx) {
        match held.mode {
            Mode::Shared => {
                if let Some(n) = windows.shared_holds.get_mut(&home) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        windows.shared_holds.remove(&home);
                    }
                }
            }
            Mode::Exclusive => {
                windows.exclusive.remove(&home);
            }
        }
        stages.push(Stage::Lock(PassiveLock::new(false, held.mode, home, ctx)?));
    }
    Ok(stages)
}

/// Decodes an accumulate operation handle, with its name.
fn combine_of(op: i64) -> Result<(Combine, &'static str), RmaError> {
    Ok(match i32::try_from(op) {
        Ok(MPI_SUM) => (Combine::Sum, "MPI_SUM"),
        Ok(MPI_PROD) => (Combine::Prod, "MPI_PROD"),
        Ok(MPI_MAX) => (Combine::Max, "MPI_MAX"),
        Ok(MPI_MIN) => (Combine::Min, "MPI_MIN"),
        Ok(MPI_REPLACE) => (Combine::Replace, "MPI_REPLACE"),
        Ok(MPI_NO_OP) => (Combine::NoOp, "MPI_NO_OP"),
        _ => return Err(RmaError::UnknownOp(op)),
    })
}

/// The element type an accumulate of `dtype` combines.
fn element_of(dtype: Datatype, op: &'static str) -> Result<Element, RmaError> {
    match dtype {
        Datatype::Int => Ok(Element::Int),
        Datatype::Double => Ok(Element::Double),
        _ => Err(RmaError::OpNotForType { op, dtype }),
    }
}

/// `MPI_Put`, `MPI_Get`, `MPI_Accumulate`.
fn transfer(
    windows: &mut Windows,
    t: &RmaTransfer,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    let origin_type = Datatype::from_handle(t.origin_type)?;
    let target_type = Datatype::from_handle(t.target_type)?;
    let bytes = origin_type.bytes(t.origin_count, "origin_count")?;
    target_type.bytes(t.target_count, "target_count")?;
    if origin_type != target_type || t.origin_count != t.target_count {
        return Err(RmaError::TypeMismatch {
            origin_count: t.origin_count,
            origin_type,
            target_count: t.target_count,
            target_type,
        }
        .into());
    }
    let combine = match t.kind {
        RmaKind::Accumulate(op) => {
            let (combine, name) = combine_of(op)?;
            if combine == Combine::NoOp {
                return Err(RmaError::NoOpInAccumulate.into());
            }
            Some((combine, name, element_of(origin_type, name)?))
        }
        RmaKind::Put | RmaKind::Get => None,
    };
    let at = Target::check(windows, t.win, t.target, t.disp, bytes, ctx)?;
    if bytes == 0 {
        return Ok(());
    }
    let wide = u64::from(bytes);
    let (access, op, software, result) = match (t.kind, combine) {
        (RmaKind::Get, _) => {
            check_bytes(mem, t.origin, bytes, "the origin buffer")?;
            let op = RdmaOp::Get { bytes: wide };
            (RemoteAccess::Get(bytes), op, None, Some((t.origin, bytes)))
        }
        (RmaKind::Accumulate(_), Some((combine, name, element))) => {
            let operand = read_bytes(mem, t.origin, bytes, "the origin buffer")?;
            let one = t.origin_count == 1;
            let (op, software) = match (combine, element) {
                (Combine::Replace, _) => (RdmaOp::Put { bytes: wide }, None),
                (Combine::Sum, Element::Int) if one => {
                    (RdmaOp::Atomic(AtomicKind::FetchAndAdd), None)
                }
                _ => (
                    RdmaOp::Put { bytes: wide },
                    Some(format!(
                        "no NIC operation for MPI_Accumulate with {name} on {} × {origin_type}",
                        t.origin_count
                    )),
                ),
            };
            let access = RemoteAccess::Accumulate {
                combine,
                element,
                operand,
                fetch: false,
            };
            (access, op, software, None)
        }
        _ => {
            let data = read_bytes(mem, t.origin, bytes, "the origin buffer")?;
            (
                RemoteAccess::Put(data),
                RdmaOp::Put { bytes: wide },
                None,
                None,
            )
        }
    };
    at.issue(windows, access, op, software, result, mem, ctx)
}

/// A checked place in a target's window.
struct Target {
    window: u32,
    rank: Rank,
    offset: u64,
}

impl Target {
    /// Checks the window, the target rank, the epoch and that `bytes` at displacement `disp`
    /// fit in the target's part.
    fn check(
        windows: &Windows,
        win: i64,
        target: i64,
        disp: i64,
        bytes: u32,
        ctx: &RankCtx<'_>,
    ) -> Result<Target, ErrorKind> {
        let window = windows.number(win)?;
        let rank = check_rank(target, ctx, RankRole::Peer)?;
        if !windows.get(window)?.may_access(rank) {
            return Err(RmaError::NoEpoch {
                window,
                target: rank,
            }
            .into());
        }
        if disp < 0 {
            return Err(RmaError::NegativeDisp(disp).into());
        }
        let part = ctx.window_part(rank, window).ok_or(RmaError::NotExposed {
            target: rank,
            window,
        })?;
        let offset = u128::from(disp.unsigned_abs()) * u128::from(part.disp_unit);
        if offset + u128::from(bytes) > u128::from(part.size) {
            return Err(RmaError::OutOfWindow {
                target: rank,
                disp,
                disp_unit: part.disp_unit,
                bytes: u64::from(bytes),
                size: part.size,
            }
            .into());
        }
        Ok(Target {
            window,
            rank,
            offset: offset as u64,
        })
    }

    /// Issues `access` (timed as `op`; by the target's software with a reason): on this rank's
    /// own window it takes effect at once; otherwise it is outstanding until completed.
    #[allow(clippy::too_many_arguments)]
    fn issue(
        self,
        windows: &mut Windows,
        access: RemoteAccess,
        op: RdmaOp,
        software: Option<String>,
        result: Option<(Addr, u32)>,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        if self.rank == ctx.rank() {
            let (base, _) = windows
                .memory(self.window)
                .ok_or(ErrorKind::Internal("a checked window vanished"))?;
            let at = base + self.offset as Addr;
            let mut bytes = read_bytes(mem, at, access.len(), "the window memory")?;
            let out = access.apply(&mut bytes);
            write_bytes(mem, at, &bytes, "the window memory")?;
            if let Some((addr, len)) = result {
                let n = out.len().min(len as usize);
                write_bytes(mem, addr, &out[..n], "the result buffer")?;
            }
            return Ok(());
        }
        let req = ctx.window_access(
            i64::from(self.rank),
            self.window,
            self.offset,
            access,
            op,
            software,
        )?;
        windows.get_mut(self.window)?.outstanding.push(Outstanding {
            req,
            target: self.rank,
            result,
        });
        Ok(())
    }
}
