//! [`RmaCall`]: one one-sided MPI call with its arguments decoded — addresses in the rank's memory
//! for pointers, and integers exactly as the program passed them for counts, ranks and handles
//! (checked by the library, not trusted).

use crate::lang::vm::memory::Addr;

/// One one-sided MPI call, arguments in C order. Pointer arguments are [`Addr`]s; every integer argument
/// (counts, ranks, tags, datatype/op/communicator handles) is an `i64` as the program computed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RmaCall {
    /// `MPI_Win_create(base, size, disp_unit, info, comm, &win)`: exposes `size` bytes at `base`.
    WinCreate {
        /// The exposed memory.
        base: Addr,
        /// Bytes exposed.
        size: i64,
        /// Bytes per displacement unit.
        disp_unit: i64,
        /// Info handle (`MPI_INFO_NULL`).
        info: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the window handle is written.
        win: Addr,
    },
    /// `MPI_Win_allocate(size, disp_unit, info, comm, &baseptr, &win)`: the library allocates the
    /// memory and writes its address to `baseptr`.
    WinAllocate {
        /// Bytes to allocate and expose.
        size: i64,
        /// Bytes per displacement unit.
        disp_unit: i64,
        /// Info handle (`MPI_INFO_NULL`).
        info: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the block's address is written (a pointer variable).
        baseptr: Addr,
        /// Where the window handle is written.
        win: Addr,
    },
    /// `MPI_Win_free(&win)`.
    WinFree {
        /// The handle's address (set to `MPI_WIN_NULL`).
        win: Addr,
    },
    /// `MPI_Win_fence(assert, win)`.
    WinFence {
        /// Assertion bits (`MPI_MODE_*`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_lock(lock_type, rank, assert, win)`.
    WinLock {
        /// `MPI_LOCK_SHARED` or `MPI_LOCK_EXCLUSIVE`.
        lock_type: i64,
        /// The target rank.
        rank: i64,
        /// Assertion bits (`MPI_MODE_NOCHECK`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_unlock(rank, win)`.
    WinUnlock {
        /// The target rank.
        rank: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_lock_all(assert, win)`.
    WinLockAll {
        /// Assertion bits (`MPI_MODE_NOCHECK`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_unlock_all(win)`.
    WinUnlockAll {
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_flush(rank, win)`.
    WinFlush {
        /// The target rank.
        rank: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_flush_all(win)`.
    WinFlushAll {
        /// Window handle.
        win: i64,
    },
    /// `MPI_Put`, `MPI_Get` and `MPI_Accumulate`: a one-sided transfer.
    Rma(RmaTransfer),
    /// `MPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win)`.
    FetchAndOp {
        /// The operand (one element).
        origin: Addr,
        /// Where the old value is written.
        result: Addr,
        /// Datatype handle.
        dtype: i64,
        /// The target rank.
        target: i64,
        /// Displacement in the target's window, in its displacement units.
        disp: i64,
        /// Operation handle.
        op: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank,
    /// target_disp, win)`.
    CompareAndSwap {
        /// The new value (one element).
        origin: Addr,
        /// The value expected.
        compare: Addr,
        /// Where the old value is written.
        result: Addr,
        /// Datatype handle.
        dtype: i64,
        /// The target rank.
        target: i64,
        /// Displacement in the target's window, in its displacement units.
        disp: i64,
        /// Window handle.
        win: i64,
    },
}

/// Which one-sided transfer an [`RmaTransfer`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RmaKind {
    /// `MPI_Put`.
    Put,
    /// `MPI_Get`.
    Get,
    /// `MPI_Accumulate` with this operation handle.
    Accumulate(i64),
}

/// `MPI_Put`/`MPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
/// target_count, target_datatype, win)` and `MPI_Accumulate` (the same with `op` before `win`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RmaTransfer {
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
