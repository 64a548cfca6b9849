//! One-sided communication: windows (`MPI_Win_create`, `MPI_Win_allocate`, `MPI_Win_free`), their
//! synchronization (fence, lock, unlock, flush) and the transfers (`MPI_Put`, `MPI_Get`,
//! `MPI_Accumulate`, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`). Each entry decodes its
//! arguments into an [`RmaCall`] for `mpi::one_sided`.

use super::params::{p, K, RMA_TRANSFER, WINP};
use crate::engine::RankCtx;
use crate::lang::vm::memory::Memory;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::function::{done, Args, MpiFunction, Started};
use crate::libs::mpi::one_sided;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::rma_call::{RmaCall, RmaKind, RmaTransfer};
use crate::libs::mpi::state::MpiState;

/// Runs a one-sided call on the rank's windows.
fn run(
    s: &mut MpiState,
    name: &'static str,
    call: RmaCall,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let windows = s.windows.get_or_insert_with(Box::default);
    match one_sided::start(windows, name, call, mem, ctx, &mut s.collectives)? {
        None => done(),
        Some(sync) => Ok(Started::Wait(Pending::Rma(sync))),
    }
}

/// `MPI_Put`/`MPI_Get`/`MPI_Accumulate`'s transfer; the window is the argument after `op_at`
/// (or argument 7).
fn transfer(a: &Args<'_>, kind: RmaKind, op_at: Option<usize>) -> RmaCall {
    RmaCall::Rma(RmaTransfer {
        kind,
        origin: a.addr(0),
        origin_count: a.int(1),
        origin_type: a.int(2),
        target: a.int(3),
        disp: a.int(4),
        target_count: a.int(5),
        target_type: a.int(6),
        win: a.int(op_at.map_or(7, |o| o + 1)),
    })
}

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Win_create", "Collective: exposes the program's own memory; costs a barrier (standing in for the exchange of window sizes).",
        &[
            p("base", K::Buffer),
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Info),
            p("comm", K::Comm),
            p("win", WINP),
        ],
        |s, a, mem, ctx| {
            let call = RmaCall::WinCreate {
                base: a.addr(0),
                size: a.int(1),
                disp_unit: a.int(2),
                info: a.int(3),
                comm: a.int(4),
                win: a.addr(5),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_allocate", "`MPI_Win_create` on a new block of the heap segment, whose address goes to `baseptr`.",
        &[
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Info),
            p("comm", K::Comm),
            p("baseptr", K::BaseOut),
            p("win", WINP),
        ],
        |s, a, mem, ctx| {
            let call = RmaCall::WinAllocate {
                size: a.int(0),
                disp_unit: a.int(1),
                info: a.int(2),
                comm: a.int(3),
                baseptr: a.addr(4),
                win: a.addr(5),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new("MPI_Win_free", "Completes this rank's operations, a barrier, then frees the window.", &[p("win", WINP)], |s, a, mem, ctx| {
        let call = RmaCall::WinFree { win: a.addr(0) };
        run(s, a.name, call, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Win_fence", "Completes every outstanding operation (writing get results to the origin), then a barrier.",
        &[p("assert", K::Int), p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinFence {
                assert: a.int(0),
                win: a.int(1),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_lock", "Takes the lock as the run's lock scheme says (by default paper 003's MCS-RW on rank 0's words): each step a remote memory operation, each wait a spin; `MPI_MODE_NOCHECK` skips it.",
        &[
            p("lock_type", K::Int),
            p("rank", K::Int),
            p("assert", K::Int),
            p("win", K::Win),
        ],
        |s, a, mem, ctx| {
            let call = RmaCall::WinLock {
                lock_type: a.int(0),
                rank: a.int(1),
                assert: a.int(2),
                win: a.int(3),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_unlock", "Completes the operations to that target, then releases the lock.",
        &[p("rank", K::Int), p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinUnlock {
                rank: a.int(0),
                win: a.int(1),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_lock_all", "A shared lock on every target (under the `li` scheme, each rank's lock in turn).",
        &[p("assert", K::Int), p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinLockAll {
                assert: a.int(0),
                win: a.int(1),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_unlock_all", "Completes every outstanding operation, then releases.",
        &[p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinUnlockAll { win: a.int(0) };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_flush", "Completes the operations to one target; the lock stays held.",
        &[p("rank", K::Int), p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinFlush {
                rank: a.int(0),
                win: a.int(1),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Win_flush_all", "Completes every outstanding operation; the locks stay held.",
        &[p("win", K::Win)],
        |s, a, mem, ctx| {
            let call = RmaCall::WinFlushAll { win: a.int(0) };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new("MPI_Put", "Reads the origin data at the call; one RDMA put on the target's NIC, without its processor. Needs an access epoch.", RMA_TRANSFER, |s, a, mem, ctx| {
        run(s, a.name, transfer(a, RmaKind::Put, None), mem, ctx)
    }),
    MpiFunction::new("MPI_Get", "One RDMA get on the target's NIC, without its processor; the bytes reach the origin buffer at the synchronization that completes it.", RMA_TRANSFER, |s, a, mem, ctx| {
        run(s, a.name, transfer(a, RmaKind::Get, None), mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Accumulate", "One `int` with `MPI_SUM` is the NIC's fetch-and-add, `MPI_REPLACE` fetch-and-store (of many elements, a put); anything else is done by the target's software (a handler of `[cpu] handler_us`).",
        &[
            p("origin_addr", K::Buffer),
            p("origin_count", K::Int),
            p("origin_datatype", K::Datatype),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("target_count", K::Int),
            p("target_datatype", K::Datatype),
            p("op", K::Op),
            p("win", K::Win),
        ],
        |s, a, mem, ctx| {
            let call = transfer(a, RmaKind::Accumulate(a.int(7)), Some(7));
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Fetch_and_op", "One `int` `MPI_SUM` is the NIC's fetch-and-add, `MPI_REPLACE` fetch-and-store, `MPI_NO_OP` a get; other operations run in the target's software.",
        &[
            p("origin_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Datatype),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("op", K::Op),
            p("win", K::Win),
        ],
        |s, a, mem, ctx| {
            let call = RmaCall::FetchAndOp {
                origin: a.addr(0),
                result: a.addr(1),
                dtype: a.int(2),
                target: a.int(3),
                disp: a.int(4),
                op: a.int(5),
                win: a.int(6),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Compare_and_swap", "The NIC's compare-and-swap; in the target's software where the machine has no such atomic (FX10).",
        &[
            p("origin_addr", K::Buffer),
            p("compare_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Datatype),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("win", K::Win),
        ],
        |s, a, mem, ctx| {
            let call = RmaCall::CompareAndSwap {
                origin: a.addr(0),
                compare: a.addr(1),
                result: a.addr(2),
                dtype: a.int(3),
                target: a.int(4),
                disp: a.int(5),
                win: a.int(6),
            };
            run(s, a.name, call, mem, ctx)
        },
    ),
];
