//! What the one-sided calls share — window creation and freeing, the synchronization calls
//! (fence, lock, unlock, lock_all, unlock_all, flush, flush_all) and the operations (`MPI_Put`,
//! `MPI_Get`, `MPI_Accumulate`, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`): their checks, the
//! stages a synchronization blocks on, and how each operation is issued to the engine. Each
//! call is its own entry in `functions::one_sided`, built from these parts ([`open`], [`sync`],
//! [`Target`], …).
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
//! A window lives on any intracommunicator: its target ranks are ranks of it (translated to
//! world ranks), its barriers run on it, and its collective calls are checked among its members.
//!
//! Simplifications: datatypes are the predefined ones (origin and target must
//! name the same datatype and count); `MPI_MODE_NOSTORE`, `MPI_MODE_NOPUT`, `MPI_MODE_NOPRECEDE`
//! are accepted and change nothing; creation costs a barrier (standing in for the exchange of
//! window sizes).

use super::barrier::Barrier;
use super::buffers::{check_bytes, read_bytes, write_bytes, write_int};
use super::collective::{tag, Kind};
use super::comm::Comm;
use super::comm_error::CommError;
use super::constants::MPI_COMM_WORLD;
use super::constants::{
    MPI_BAND, MPI_BOR, MPI_BXOR, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_MAX, MPI_MAXLOC, MPI_MIN,
    MPI_MINLOC, MPI_MODE_NOCHECK, MPI_NO_OP, MPI_PROD, MPI_REPLACE, MPI_SUM,
};
use super::datatype::Datatype;
use super::datatype::{Class, Num};
use super::error::ErrorKind;
use super::op::ReduceOp;
use super::passive_lock::PassiveLock;
use super::pending::Pending;
use super::rma_error::RmaError;
use super::rma_sync::{RmaSync, Stage};
use super::state::MpiState;
use super::window::{Held, Outstanding, Window, Windows};
use crate::engine::{Rank, RankCtx};
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::Started;
use crate::locks::{LockScheme, Mode};
use crate::machine::{AtomicKind, RdmaOp};
use crate::proto::locks::LockOps;
use crate::proto::rma::OneSidedOps;
use crate::proto::rma::{Combine, Element, PairValue, RemoteAccess, WindowPart};

/// A one-sided call on the rank's windows, with its collective counter (for the barriers' tags):
/// what every entry of the family starts from ([`open`]).
pub(super) struct Rma<'s> {
    /// The rank's windows.
    pub(super) windows: &'s mut Windows,
    collectives: &'s mut u32,
}

/// The rank's windows for a one-sided call (made at the first), once the operations completed
/// meanwhile are finished.
pub(super) fn open<'s>(
    s: &'s mut MpiState,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Rma<'s>, ErrorKind> {
    let windows = s.windows.get_or_insert_with(Box::default);
    windows.reap(mem, ctx)?;
    Ok(Rma {
        windows,
        collectives: &mut s.collectives,
    })
}

impl Rma<'_> {
    /// The barrier of a collective one-sided call (creation, fence, free) on window `number`,
    /// among its communicator: on `MPI_COMM_WORLD` tagged as the rank's next collective there,
    /// else as the window's next barrier.
    pub(super) fn barrier(&mut self, number: u32) -> Result<Stage, ErrorKind> {
        let window = self.windows.get_mut(number)?;
        let seq = if window.comm.handle == MPI_COMM_WORLD {
            let seq = *self.collectives;
            *self.collectives = seq.wrapping_add(1);
            seq
        } else {
            let seq = window.barriers;
            window.barriers = seq.wrapping_add(1);
            seq
        };
        let barrier = Barrier::new(tag(Kind::Window, seq));
        Ok(Stage::Barrier(barrier, window.comm.clone()))
    }
}

/// The communicator a window is created on (an intracommunicator).
pub(super) fn window_comm(
    s: &MpiState,
    handle: i64,
    call: &'static str,
    ctx: &RankCtx<'_>,
) -> Result<Comm, ErrorKind> {
    let comm = s.comm(handle, ctx)?;
    if comm.is_inter() {
        return Err(CommError::NeedsIntra(call).into());
    }
    Ok(comm)
}

/// The call blocks until `stages` are done (in order), then returns `MPI_SUCCESS`.
pub(super) fn sync(stages: Vec<Stage>) -> Result<Started, ErrorKind> {
    Ok(Started::Wait(Pending::Rma(RmaSync::new(stages))))
}

/// Checks the arguments shared by `MPI_Win_create` and `MPI_Win_allocate` (the communicator
/// is checked by [`window_comm`]).
pub(super) fn check_creation(
    size: i64,
    disp_unit: i64,
    info: i64,
) -> Result<(u32, u32), ErrorKind> {
    if !super::info::is_info_handle(info) {
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

/// Creates a window over `size` bytes at `base` on `comm`: records the collective call (which
/// numbers the window), exposes the part, writes the handle; returns the window's number.
#[allow(clippy::too_many_arguments)]
pub(super) fn create(
    windows: &mut Windows,
    name: &'static str,
    base: Addr,
    size: u32,
    disp_unit: u32,
    win: Addr,
    comm: Comm,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<u32, ErrorKind> {
    check_bytes(mem, win, 4, "the window handle")?;
    let group = comm.members.ranks();
    let number = ledger_group(windows, name, None, group, ctx)?;
    let mut window = Window::new(base, size, comm);
    window.disp_unit = disp_unit;
    window.allocated = name == "MPI_Win_allocate";
    window.dynamic = name == "MPI_Win_create_dynamic";
    let dynamic = window.dynamic;
    let handle = windows.add(number, window);
    ctx.expose_window(
        number,
        WindowPart {
            size: u64::from(size),
            disp_unit,
            dynamic,
        },
    );
    write_int(mem, win, handle, "the window handle")?;
    Ok(number)
}

/// Records a one-sided collective call on window `number` in the layer's ledger (an error if
/// another member made a different one at this point).
pub(super) fn ledger(
    windows: &mut Windows,
    name: &'static str,
    number: u32,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    let group = windows.get(number)?.group();
    ledger_group(windows, name, Some(number), group, ctx).map(|_| ())
}

/// Records a one-sided collective call among `group` (on `window`, or a creation): the window's
/// number.
fn ledger_group(
    windows: &mut Windows,
    name: &'static str,
    window: Option<u32>,
    group: Vec<Rank>,
    ctx: &mut RankCtx<'_>,
) -> Result<u32, ErrorKind> {
    let seq = windows.collectives.get(&group).copied().unwrap_or(0);
    let number = ctx
        .one_sided_collective(&group, seq, name, window)
        .map_err(|m| RmaError::Mismatch {
            rank: m.rank,
            call: m.call,
            window: m.window,
        })?;
    windows.collectives.insert(group, seq + 1);
    Ok(number)
}

/// Checks assertion bits against `allowed`; returns whether `MPI_MODE_NOCHECK` is among them.
pub(super) fn check_assert(
    assert: i64,
    allowed: i64,
    words: &'static str,
) -> Result<bool, ErrorKind> {
    if assert < 0 || assert & !allowed != 0 {
        return Err(RmaError::Assert {
            assert,
            allowed: words,
        }
        .into());
    }
    Ok(assert & i64::from(MPI_MODE_NOCHECK) != 0)
}

/// The homes of the locks a lock of `target` takes (`None`: `MPI_Win_lock_all` among `group`,
/// world ranks) under the run's lock scheme: the one global lock, or the target's own, or every
/// member's.
fn homes(target: Option<Rank>, group: &[Rank], ctx: &RankCtx<'_>) -> Vec<Rank> {
    let scheme = ctx.lock_scheme();
    match target {
        Some(t) => vec![scheme.home(t)],
        None => scheme
            .lock_all_homes(group.len() as u32)
            .into_iter()
            .map(|r| group.get(r as usize).copied().unwrap_or(r))
            .collect(),
    }
}

/// The stages that take the locks of `target` (`None`: lock_all among `group`) in `mode` (none
/// with `nocheck`), after checking that this rank may take them; counts the holds.
pub(super) fn acquire(
    windows: &mut Windows,
    mode: Mode,
    target: Option<Rank>,
    group: &[Rank],
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
    let homes = homes(target, group, ctx);
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

/// The stages that release the holds a lock of `target` (`None`: lock_all among `group`) took
/// (none if it was taken with `nocheck`).
pub(super) fn release(
    windows: &mut Windows,
    held: Held,
    target: Option<Rank>,
    group: &[Rank],
    ctx: &RankCtx<'_>,
) -> Result<Vec<Stage>, ErrorKind> {
    if held.nocheck {
        return Ok(Vec::new());
    }
    let mut stages = Vec::new();
    for home in homes(target, group, ctx) {
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

/// Decodes an accumulate operation handle, with its name: the predefined reductions,
/// `MPI_REPLACE` and `MPI_NO_OP`.
pub(super) fn combine_of(op: i64) -> Result<(Combine, &'static str), RmaError> {
    Ok(match i32::try_from(op) {
        Ok(MPI_REPLACE) => (Combine::Replace, "MPI_REPLACE"),
        Ok(MPI_NO_OP) => (Combine::NoOp, "MPI_NO_OP"),
        _ => {
            let reduce = ReduceOp::from_handle(op).map_err(|_| RmaError::UnknownOp(op))?;
            let combine = match reduce {
                ReduceOp::Sum => Combine::Sum,
                ReduceOp::Prod => Combine::Prod,
                ReduceOp::Max => Combine::Max,
                ReduceOp::Min => Combine::Min,
                ReduceOp::Land => Combine::Land,
                ReduceOp::Lor => Combine::Lor,
                ReduceOp::Lxor => Combine::Lxor,
                ReduceOp::Band => Combine::Band,
                ReduceOp::Bor => Combine::Bor,
                ReduceOp::Bxor => Combine::Bxor,
                ReduceOp::Maxloc => Combine::Maxloc,
                ReduceOp::Minloc => Combine::Minloc,
            };
            (combine, reduce.name())
        }
    })
}

/// The element type an accumulate of `dtype` with `combine` combines: any
/// predefined datatype with `MPI_REPLACE` and `MPI_NO_OP`, else the datatypes MPI defines the
/// reduction for (as `MPI_Reduce` checks them).
pub(super) fn element_of(dtype: Datatype, combine: Combine) -> Result<Element, ErrorKind> {
    let reduce = ReduceOp::from_handle(i64::from(combine_handle(combine))).ok();
    if let Some(reduce) = reduce {
        reduce.check(dtype)?;
    }
    let scalar = |n: Num| match n {
        Num::Int {
            signed: true,
            bytes: 4,
        } => Ok(Element::Int),
        Num::Int { signed, bytes } => Ok(Element::Integer { signed, bytes }),
        Num::Float => Ok(Element::Float),
        Num::Double => Ok(Element::Double),
        Num::Bool => Ok(Element::Bool),
        Num::Byte => Ok(Element::Byte),
        Num::Opaque { .. } => Err(ErrorKind::OpaqueAccumulate(dtype)),
    };
    Ok(match dtype.class() {
        Class::Num(n) => scalar(n)?,
        Class::Pair { value, index_at } => Element::Pair {
            value: match value {
                Num::Float => PairValue::Float,
                Num::Double => PairValue::Double,
                other => PairValue::Integer(other.size() as u8),
            },
            index_at,
            size: dtype.size() as u8,
        },
    })
}

/// The reduction handle of `combine` (0 for `MPI_REPLACE` and `MPI_NO_OP`, which apply to
/// every datatype).
fn combine_handle(combine: Combine) -> i32 {
    match combine {
        Combine::Sum => MPI_SUM,
        Combine::Prod => MPI_PROD,
        Combine::Max => MPI_MAX,
        Combine::Min => MPI_MIN,
        Combine::Land => MPI_LAND,
        Combine::Lor => MPI_LOR,
        Combine::Lxor => MPI_LXOR,
        Combine::Band => MPI_BAND,
        Combine::Bor => MPI_BOR,
        Combine::Bxor => MPI_BXOR,
        Combine::Maxloc => MPI_MAXLOC,
        Combine::Minloc => MPI_MINLOC,
        Combine::Replace | Combine::NoOp => 0,
    }
}

/// Which one-sided transfer an [`RmaTransfer`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum RmaKind {
    /// `MPI_Put`.
    Put,
    /// `MPI_Get`.
    Get,
    /// `MPI_Accumulate` with this operation handle.
    Accumulate(i64),
}

/// The arguments `MPI_Put`, `MPI_Get` and `MPI_Accumulate` share: `(origin_addr, origin_count,
/// origin_datatype, target_rank, target_disp, target_count, target_datatype, win)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RmaTransfer {
    /// Which call.
    pub kind: RmaKind,
    /// The origin buffer.
    pub origin: Addr,
    /// Elements at the origin.
    pub origin_count: i64,
    /// Origin datatype handle.
    pub origin_type: i64,
    /// The target rank.
    pub target: i64,
    /// Displacement in the target's window, in its displacement units.
    pub disp: i64,
    /// Elements at the target.
    pub target_count: i64,
    /// Target datatype handle.
    pub target_type: i64,
    /// Window handle.
    pub win: i64,
}

/// `MPI_Put`, `MPI_Get`, `MPI_Accumulate`.
pub(super) fn transfer(
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
            Some((combine, name, element_of(origin_type, combine)?))
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
pub(super) struct Target {
    window: u32,
    rank: Rank,
    offset: u64,
}

impl Target {
    /// Checks the window, the target rank, the epoch and that `bytes` at displacement `disp`
    /// fit in the target's part.
    pub(super) fn check(
        windows: &Windows,
        win: i64,
        target: i64,
        disp: i64,
        bytes: u32,
        ctx: &RankCtx<'_>,
    ) -> Result<Target, ErrorKind> {
        let window = windows.number(win)?;
        let rank = windows.get(window)?.target(target)?;
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
        if part.dynamic {
            let address = disp.unsigned_abs();
            if !ctx.attached_covers(rank, window, address, u64::from(bytes)) {
                return Err(RmaError::Unattached {
                    target: rank,
                    address,
                    bytes: u64::from(bytes),
                }
                .into());
            }
        } else if offset + u128::from(bytes) > u128::from(part.size) {
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
    pub(super) fn issue(
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
