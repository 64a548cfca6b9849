//! The MPI functions and constants a program may use, as the compiler and VM see them: name,
//! number of arguments, and how the VM turns the argument words into an [`MpiCall`].

use super::ast::BaseType;
use super::builtins::builtin;
use super::memory::Addr;
use super::mpi::call::{RmaKind, RmaTransfer};
use super::mpi::constants as k;
use super::mpi::MpiCall;

/// One MPI function as the compiler and VM need it; its signature comes from the checker's
/// table ([`super::builtins::BUILTINS`]), so arity and result are written down once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MpiFunction {
    /// Its C name.
    pub name: &'static str,
    /// Number of arguments.
    pub arity: u8,
    /// Returns a double (`MPI_Wtime`) rather than an int error code.
    pub returns_double: bool,
}

/// Every MPI function the VM executes, in a fixed order (the bytecode refers to them by index).
pub const MPI_FUNCTIONS: &[&str] = &[
    "MPI_Init",
    "MPI_Finalize",
    "MPI_Comm_rank",
    "MPI_Comm_size",
    "MPI_Wtime",
    "MPI_Barrier",
    "MPI_Send",
    "MPI_Recv",
    "MPI_Isend",
    "MPI_Irecv",
    "MPI_Wait",
    "MPI_Waitall",
    "MPI_Waitany",
    "MPI_Test",
    "MPI_Request_free",
    "MPI_Send_init",
    "MPI_Recv_init",
    "MPI_Start",
    "MPI_Startall",
    "MPI_Get_count",
    "MPI_Bcast",
    "MPI_Reduce",
    "MPI_Allreduce",
    "MPI_Gather",
    "MPI_Scatter",
    "MPI_Alltoall",
    "MPI_Alltoallv",
    "MPI_Win_create",
    "MPI_Win_allocate",
    "MPI_Win_free",
    "MPI_Win_fence",
    "MPI_Win_lock",
    "MPI_Win_unlock",
    "MPI_Win_lock_all",
    "MPI_Win_unlock_all",
    "MPI_Win_flush",
    "MPI_Win_flush_all",
    "MPI_Put",
    "MPI_Get",
    "MPI_Accumulate",
    "MPI_Fetch_and_op",
    "MPI_Compare_and_swap",
];

/// The index and description of an MPI function by name.
pub fn lookup(name: &str) -> Option<(usize, MpiFunction)> {
    let index = MPI_FUNCTIONS.iter().position(|f| *f == name)?;
    let b = builtin(name)?;
    Some((
        index,
        MpiFunction {
            name: b.name,
            arity: u8::try_from(b.params.len()).ok()?,
            returns_double: b.result == BaseType::Double,
        },
    ))
}

/// The value of a built-in constant (`MPI_INT`, `MPI_ANY_SOURCE`, `NULL`, …).
pub fn constant(name: &str) -> Option<i64> {
    match name {
        "NULL" => Some(0),
        _ => k::constant(name).map(i64::from),
    }
}

/// Builds the call from the argument words (ints sign-extended, addresses as non-negative ints),
/// in source order. `index` is a valid index into [`MPI_FUNCTIONS`] and `a` has its arity.
pub fn build(index: usize, a: &[i64]) -> MpiCall {
    let i = |n: usize| a[n];
    // Addresses in the heap segment come back sign-extended from 4-byte pointer variables.
    let p = |n: usize| match Addr::try_from(a[n]) {
        Ok(addr) => addr,
        Err(_) if (i64::from(i32::MIN)..0).contains(&a[n]) => a[n] as i32 as Addr,
        Err(_) => Addr::MAX,
    };
    let rma = |kind, op_at: Option<usize>| {
        MpiCall::Rma(RmaTransfer {
            kind,
            origin: p(0),
            origin_count: i(1),
            origin_type: i(2),
            target: i(3),
            disp: i(4),
            target_count: i(5),
            target_type: i(6),
            win: i(op_at.map_or(7, |o| o + 1)),
        })
    };
    match MPI_FUNCTIONS[index] {
        "MPI_Init" => MpiCall::Init,
        "MPI_Finalize" => MpiCall::Finalize,
        "MPI_Comm_rank" => MpiCall::CommRank {
            comm: i(0),
            out: p(1),
        },
        "MPI_Comm_size" => MpiCall::CommSize {
            comm: i(0),
            out: p(1),
        },
        "MPI_Wtime" => MpiCall::Wtime,
        "MPI_Barrier" => MpiCall::Barrier { comm: i(0) },
        "MPI_Send" => MpiCall::Send {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            dest: i(3),
            tag: i(4),
            comm: i(5),
        },
        "MPI_Recv" => MpiCall::Recv {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            source: i(3),
            tag: i(4),
            comm: i(5),
            status: p(6),
        },
        "MPI_Isend" => MpiCall::Isend {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            dest: i(3),
            tag: i(4),
            comm: i(5),
            request: p(6),
        },
        "MPI_Irecv" => MpiCall::Irecv {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            source: i(3),
            tag: i(4),
            comm: i(5),
            request: p(6),
        },
        "MPI_Wait" => MpiCall::Wait {
            request: p(0),
            status: p(1),
        },
        "MPI_Waitall" => MpiCall::Waitall {
            count: i(0),
            requests: p(1),
            statuses: p(2),
        },
        "MPI_Waitany" => MpiCall::Waitany {
            count: i(0),
            requests: p(1),
            index: p(2),
            status: p(3),
        },
        "MPI_Test" => MpiCall::Test {
            request: p(0),
            flag: p(1),
            status: p(2),
        },
        "MPI_Request_free" => MpiCall::RequestFree { request: p(0) },
        "MPI_Send_init" => MpiCall::SendInit {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            dest: i(3),
            tag: i(4),
            comm: i(5),
            request: p(6),
        },
        "MPI_Recv_init" => MpiCall::RecvInit {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            source: i(3),
            tag: i(4),
            comm: i(5),
            request: p(6),
        },
        "MPI_Start" => MpiCall::Start { request: p(0) },
        "MPI_Startall" => MpiCall::Startall {
            count: i(0),
            requests: p(1),
        },
        "MPI_Get_count" => MpiCall::GetCount {
            status: p(0),
            dtype: i(1),
            out: p(2),
        },
        "MPI_Bcast" => MpiCall::Bcast {
            buf: p(0),
            count: i(1),
            dtype: i(2),
            root: i(3),
            comm: i(4),
        },
        "MPI_Reduce" => MpiCall::Reduce {
            sendbuf: p(0),
            recvbuf: p(1),
            count: i(2),
            dtype: i(3),
            op: i(4),
            root: i(5),
            comm: i(6),
        },
        "MPI_Allreduce" => MpiCall::Allreduce {
            sendbuf: p(0),
            recvbuf: p(1),
            count: i(2),
            dtype: i(3),
            op: i(4),
            comm: i(5),
        },
        "MPI_Gather" => MpiCall::Gather {
            sendbuf: p(0),
            sendcount: i(1),
            sendtype: i(2),
            recvbuf: p(3),
            recvcount: i(4),
            recvtype: i(5),
            root: i(6),
            comm: i(7),
        },
        "MPI_Scatter" => MpiCall::Scatter {
            sendbuf: p(0),
            sendcount: i(1),
            sendtype: i(2),
            recvbuf: p(3),
            recvcount: i(4),
            recvtype: i(5),
            root: i(6),
            comm: i(7),
        },
        "MPI_Alltoall" => MpiCall::Alltoall {
            sendbuf: p(0),
            sendcount: i(1),
            sendtype: i(2),
            recvbuf: p(3),
            recvcount: i(4),
            recvtype: i(5),
            comm: i(6),
        },
        "MPI_Alltoallv" => MpiCall::Alltoallv {
            sendbuf: p(0),
            sendcounts: p(1),
            sdispls: p(2),
            sendtype: i(3),
            recvbuf: p(4),
            recvcounts: p(5),
            rdispls: p(6),
            recvtype: i(7),
            comm: i(8),
        },
        "MPI_Win_create" => MpiCall::WinCreate {
            base: p(0),
            size: i(1),
            disp_unit: i(2),
            info: i(3),
            comm: i(4),
            win: p(5),
        },
        "MPI_Win_allocate" => MpiCall::WinAllocate {
            size: i(0),
            disp_unit: i(1),
            info: i(2),
            comm: i(3),
            baseptr: p(4),
            win: p(5),
        },
        "MPI_Win_free" => MpiCall::WinFree { win: p(0) },
        "MPI_Win_fence" => MpiCall::WinFence {
            assert: i(0),
            win: i(1),
        },
        "MPI_Win_lock" => MpiCall::WinLock {
            lock_type: i(0),
            rank: i(1),
            assert: i(2),
            win: i(3),
        },
        "MPI_Win_unlock" => MpiCall::WinUnlock {
            rank: i(0),
            win: i(1),
        },
        "MPI_Win_lock_all" => MpiCall::WinLockAll {
            assert: i(0),
            win: i(1),
        },
        "MPI_Win_unlock_all" => MpiCall::WinUnlockAll { win: i(0) },
        "MPI_Win_flush" => MpiCall::WinFlush {
            rank: i(0),
            win: i(1),
        },
        "MPI_Win_flush_all" => MpiCall::WinFlushAll { win: i(0) },
        "MPI_Put" => rma(RmaKind::Put, None),
        "MPI_Get" => rma(RmaKind::Get, None),
        "MPI_Accumulate" => rma(RmaKind::Accumulate(i(7)), Some(7)),
        "MPI_Fetch_and_op" => MpiCall::FetchAndOp {
            origin: p(0),
            result: p(1),
            dtype: i(2),
            target: i(3),
            disp: i(4),
            op: i(5),
            win: i(6),
        },
        "MPI_Compare_and_swap" => MpiCall::CompareAndSwap {
            origin: p(0),
            compare: p(1),
            result: p(2),
            dtype: i(3),
            target: i(4),
            disp: i(5),
            win: i(6),
        },
        other => unreachable!("{other} is in MPI_FUNCTIONS but has no builder"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_builds_and_names_itself() {
        for name in MPI_FUNCTIONS {
            let (idx, f) = lookup(name).expect("every MPI function is a checked built-in");
            let args = vec![16i64; f.arity as usize];
            assert_eq!(build(idx, &args).name(), *name);
        }
    }
}
