//! Errors of the one-sided calls (`MPI_Win_*`, `MPI_Put`, `MPI_Get`, `MPI_Accumulate`,
//! `MPI_Fetch_and_op`, `MPI_Compare_and_swap`) in plain English: windows, epochs, locks, bounds
//! and datatypes. The VM adds the rank, the call's source span and the call stack.

use std::fmt;

use super::datatype::Datatype;

/// Why a one-sided call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RmaError {
    /// A window handle no window ever had.
    InvalidWindow(i64),
    /// `MPI_WIN_NULL` where a window is needed.
    NullWindow,
    /// A handle of a window that `MPI_Win_free` freed.
    FreedWindow(u32),
    /// A one-sided operation with no access epoch open to its target.
    NoEpoch {
        /// The window.
        window: u32,
        /// The target rank.
        target: u32,
    },
    /// An access beyond the target's part of the window.
    OutOfWindow {
        /// The target rank.
        target: u32,
        /// The displacement given.
        disp: i64,
        /// The target's displacement unit.
        disp_unit: u32,
        /// Bytes accessed.
        bytes: u64,
        /// Bytes the target exposes.
        size: u64,
    },
    /// The target rank has no part in the window (it was freed there).
    NotExposed {
        /// The target rank.
        target: u32,
        /// The window.
        window: u32,
    },
    /// Origin and target describe different data.
    TypeMismatch {
        /// Origin elements.
        origin_count: i64,
        /// Origin datatype.
        origin_type: Datatype,
        /// Target elements.
        target_count: i64,
        /// Target datatype.
        target_type: Datatype,
    },
    /// An accumulate operation on a datatype it is not defined for.
    OpNotForType {
        /// The operation's name.
        op: &'static str,
        /// The datatype.
        dtype: Datatype,
    },
    /// `MPI_NO_OP` in `MPI_Accumulate` (it only reads: use `MPI_Fetch_and_op` or `MPI_Get`).
    NoOpInAccumulate,
    /// An operation handle that is not an accumulate operation.
    UnknownOp(i64),
    /// `MPI_Compare_and_swap` on a datatype other than `MPI_INT`.
    SwapType(Datatype),
    /// `lock_type` is neither `MPI_LOCK_SHARED` nor `MPI_LOCK_EXCLUSIVE`.
    LockType(i64),
    /// Assertion bits a call does not accept.
    Assert {
        /// The value given.
        assert: i64,
        /// The ones it accepts, in words.
        allowed: &'static str,
    },
    /// `MPI_Win_unlock` of a target that is not locked.
    NotLocked {
        /// The target rank.
        target: u32,
        /// The window.
        window: u32,
    },
    /// `MPI_Win_unlock_all` without `MPI_Win_lock_all`.
    NotLockedAll(u32),
    /// A lock on a target (or all) that this rank already holds in this window.
    AlreadyLocked {
        /// The target rank, or `None` for `MPI_Win_lock_all`.
        target: Option<u32>,
        /// The window.
        window: u32,
    },
    /// A lock the one global lock cannot give while this rank holds another.
    LockConflict {
        /// How it is asked for: `exclusively` or `shared`.
        wanted: &'static str,
        /// How it is held: `exclusively` or `shared`.
        held: &'static str,
        /// The run's lock scheme.
        scheme: crate::locks::LockScheme,
        /// The home rank of the lock both would take.
        home: u32,
    },
    /// `MPI_Win_flush`/`MPI_Win_flush_all` outside a passive-target epoch.
    NoPassiveEpoch {
        /// The window.
        window: u32,
        /// The target rank, or `None` for all.
        target: Option<u32>,
    },
    /// `MPI_Win_fence` or `MPI_Win_free` while a passive-target epoch is open.
    PassiveEpochOpen(u32),
    /// A negative window size.
    Size(i64),
    /// A displacement unit of 0 or less.
    DispUnit(i64),
    /// An info handle other than `MPI_INFO_NULL`.
    Info(i64),
    /// A negative target displacement.
    NegativeDisp(i64),
    /// Another rank made a different one-sided collective call at this point.
    Mismatch {
        /// That rank.
        rank: u32,
        /// Its call.
        call: &'static str,
        /// On which window.
        window: u32,
    },
    /// `MPI_Win_attach`/`MPI_Win_detach` on a window not made by `MPI_Win_create_dynamic`.
    NotDynamic(u32),
    /// `MPI_Win_detach` of an address this rank did not attach.
    NotAttached(u64),
    /// An access to a dynamic window outside the memory the target attached.
    Unattached {
        /// The target rank.
        target: u32,
        /// The address (the displacement).
        address: u64,
        /// Bytes accessed.
        bytes: u64,
    },
    /// An active-target synchronization call out of place (post/start/complete/wait/test).
    ActiveTarget {
        /// The window.
        window: u32,
        /// What is wrong, in words.
        problem: &'static str,
    },
    /// A rank of the group given to `MPI_Win_post`/`MPI_Win_start` is not in the window's.
    NotInWindowGroup(u32),
    /// The run has no one-sided memory words for the lock.
    NoLockWords {
        /// Words each rank has.
        have: u32,
        /// Words the lock needs.
        need: u32,
    },
}

impl fmt::Display for RmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RmaError::InvalidWindow(h) => write!(
                f,
                "invalid window handle {h}: no window with this handle was ever created (MPI_Win_create or MPI_Win_allocate)"
            ),
            RmaError::NullWindow => f.write_str("the window is MPI_WIN_NULL"),
            RmaError::FreedWindow(w) => write!(f, "window {w} was already freed by MPI_Win_free"),
            RmaError::NoEpoch { window, target } => write!(
                f,
                "no access epoch is open on window {window} for rank {target}: call MPI_Win_fence, MPI_Win_lock or MPI_Win_lock_all first (a one-sided operation outside an epoch is erroneous in MPI)"
            ),
            RmaError::OutOfWindow {
                target,
                disp,
                disp_unit,
                bytes,
                size,
            } => write!(
                f,
                "the access of {bytes} bytes at displacement {disp} (× disp_unit {disp_unit} = byte {}) is outside rank {target}'s window of {size} bytes",
                i128::from(*disp) * i128::from(*disp_unit)
            ),
            RmaError::NotExposed { target, window } => {
                write!(f, "rank {target} has no part in window {window}")
            }
            RmaError::TypeMismatch {
                origin_count,
                origin_type,
                target_count,
                target_type,
            } => write!(
                f,
                "the origin describes {origin_count} × {origin_type} but the target {target_count} × {target_type}: both sides must describe the same elements"
            ),
            RmaError::OpNotForType { op, dtype } => write!(
                f,
                "{op} is not defined for {dtype}"
            ),
            RmaError::NoOpInAccumulate => f.write_str(
                "MPI_NO_OP changes nothing: it is meant for MPI_Fetch_and_op (an atomic read)",
            ),
            RmaError::UnknownOp(h) => write!(
                f,
                "operation {h} cannot be used in a one-sided accumulate: use a predefined operation (MPI_SUM, MPI_MAX, MPI_BAND, MPI_MAXLOC, …), MPI_REPLACE or MPI_NO_OP (MPI forbids user-defined operations here)"
            ),
            RmaError::SwapType(t) => write!(
                f,
                "compare-and-swap works on C integer, logical and byte datatypes (MPI_INT, MPI_LONG, MPI_AINT, MPI_C_BOOL, MPI_BYTE, …), not {t}"
            ),
            RmaError::LockType(t) => write!(
                f,
                "lock type {t} is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE"
            ),
            RmaError::Assert { assert, allowed } => {
                write!(f, "assert {assert} is not accepted here: use 0 or {allowed}")
            }
            RmaError::NotLocked { target, window } => write!(
                f,
                "rank {target} is not locked in window {window}: MPI_Win_unlock needs a matching MPI_Win_lock"
            ),
            RmaError::NotLockedAll(w) => write!(
                f,
                "window {w} is not locked: MPI_Win_unlock_all needs a matching MPI_Win_lock_all"
            ),
            RmaError::AlreadyLocked {
                target: Some(t),
                window,
            } => write!(
                f,
                "rank {t} is already locked in window {window} (by this rank, or by its MPI_Win_lock_all)"
            ),
            RmaError::AlreadyLocked {
                target: None,
                window,
            } => write!(
                f,
                "window {window} already has a lock of this rank: unlock it before MPI_Win_lock_all"
            ),
            RmaError::LockConflict {
                wanted,
                held,
                scheme,
                home,
            } => {
                let lock = if scheme.per_target() {
                    format!("rank {home}'s lock")
                } else {
                    "the global lock".to_string()
                };
                write!(f, "cannot take {lock} {wanted} while this rank holds it {held}: ")?;
                match scheme {
                    crate::locks::LockScheme::McsRw => f.write_str("under the mcs-rw lock scheme every MPI_Win_lock takes one global readers/writer lock (as paper 003's FX100 MPI), so a rank must release it before taking it exclusively or again after an exclusive hold"),
                    crate::locks::LockScheme::TestAndSet => f.write_str("under the test-and-set lock scheme every MPI_Win_lock takes one lock word with one holder, shared or not, so the rank must release it first"),
                    crate::locks::LockScheme::Fompi => f.write_str("under the fompi lock scheme every MPI_Win_lock takes one global lock that lets writers go first, so a second hold could wait forever behind a writer that waits for the first; release it first"),
                    crate::locks::LockScheme::LiEtAl => f.write_str("under the li lock scheme each target has one lock that lets writers go first, so a second hold could wait forever behind a writer that waits for the first; release it first"),
                }
            }
            RmaError::NoPassiveEpoch {
                window,
                target: Some(t),
            } => write!(
                f,
                "rank {t} is not locked in window {window}: flushing needs a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all)"
            ),
            RmaError::NoPassiveEpoch {
                window,
                target: None,
            } => write!(
                f,
                "window {window} has no passive-target epoch open: flushing needs MPI_Win_lock or MPI_Win_lock_all"
            ),
            RmaError::PassiveEpochOpen(w) => write!(
                f,
                "window {w} still has a passive-target epoch open: call MPI_Win_unlock or MPI_Win_unlock_all first"
            ),
            RmaError::Size(s) => write!(f, "window size {s} is negative"),
            RmaError::DispUnit(u) => write!(f, "displacement unit {u} must be 1 or more"),
            RmaError::Info(h) => write!(f, "invalid info object {h}: use MPI_INFO_NULL or one made by MPI_Info_create"),
            RmaError::NegativeDisp(d) => {
                write!(f, "target displacement {d} is negative")
            }
            RmaError::Mismatch { rank, call, window } => write!(
                f,
                "rank {rank} called {call} on window {window} at this point: every rank must make the same one-sided collective calls (window creation, fence, free) in the same order"
            ),
            RmaError::NotDynamic(w) => write!(
                f,
                "window {w} was not made by MPI_Win_create_dynamic: only a dynamic window has memory attached and detached"
            ),
            RmaError::NotAttached(a) => write!(
                f,
                "no memory was attached at address {a:#x} to this window by this rank (MPI_Win_detach takes the base given to MPI_Win_attach)"
            ),
            RmaError::Unattached {
                target,
                address,
                bytes,
            } => write!(
                f,
                "the access of {bytes} bytes at address {address:#x} is outside the memory rank {target} attached to this dynamic window (MPI_Win_attach)"
            ),
            RmaError::ActiveTarget { window, problem } => write!(f, "window {window}: {problem}"),
            RmaError::NotInWindowGroup(r) => write!(
                f,
                "world rank {r} of the group is not in the window's communicator"
            ),
            RmaError::NoLockWords { have, need } => write!(
                f,
                "passive-target locks need {need} words of one-sided memory per rank but this run has {have} (set SimConfig::words_per_rank to rankscope_core::lang::RMA_WORDS)"
            ),
        }
    }
}
