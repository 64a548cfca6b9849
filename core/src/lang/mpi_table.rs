//! The MPI functions and constants a program may use, as the compiler and VM see them: name,
//! number of arguments, and how the VM turns the argument words into an [`MpiCall`].

use super::ast::BaseType;
use super::builtins::builtin;
use super::memory::Addr;
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
    let p = |n: usize| Addr::try_from(a[n]).unwrap_or(Addr::MAX);
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
