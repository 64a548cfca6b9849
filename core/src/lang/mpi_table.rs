//! The MPI functions and constants a program may use, as the compiler and VM see them: name,
//! number of arguments, and how the VM turns the argument words into an [`MpiCall`].

use super::memory::Addr;
use super::mpi::constants as k;
use super::mpi::MpiCall;

/// One MPI function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MpiFunction {
    /// Its C name.
    pub name: &'static str,
    /// Number of arguments.
    pub arity: u8,
    /// Returns a double (`MPI_Wtime`) rather than an int error code.
    pub returns_double: bool,
}

const fn f(name: &'static str, arity: u8) -> MpiFunction {
    MpiFunction {
        name,
        arity,
        returns_double: false,
    }
}

/// Every MPI function, in a fixed order (the bytecode refers to them by index).
pub const MPI_FUNCTIONS: &[MpiFunction] = &[
    f("MPI_Init", 2),
    f("MPI_Finalize", 0),
    f("MPI_Comm_rank", 2),
    f("MPI_Comm_size", 2),
    MpiFunction {
        name: "MPI_Wtime",
        arity: 0,
        returns_double: true,
    },
    f("MPI_Barrier", 1),
    f("MPI_Send", 6),
    f("MPI_Recv", 7),
    f("MPI_Isend", 7),
    f("MPI_Irecv", 7),
    f("MPI_Wait", 2),
    f("MPI_Waitall", 3),
    f("MPI_Waitany", 4),
    f("MPI_Test", 3),
    f("MPI_Request_free", 1),
    f("MPI_Send_init", 7),
    f("MPI_Recv_init", 7),
    f("MPI_Start", 1),
    f("MPI_Startall", 2),
    f("MPI_Get_count", 3),
    f("MPI_Bcast", 5),
    f("MPI_Reduce", 7),
    f("MPI_Allreduce", 6),
    f("MPI_Gather", 8),
    f("MPI_Scatter", 8),
    f("MPI_Alltoall", 7),
    f("MPI_Alltoallv", 9),
];

/// The index and description of an MPI function by name.
pub fn lookup(name: &str) -> Option<(usize, MpiFunction)> {
    MPI_FUNCTIONS
        .iter()
        .enumerate()
        .find(|(_, f)| f.name == name)
        .map(|(i, f)| (i, *f))
}

/// The value of a built-in constant (`MPI_INT`, `MPI_ANY_SOURCE`, `NULL`, …).
pub fn constant(name: &str) -> Option<i64> {
    Some(i64::from(match name {
        "MPI_COMM_WORLD" => k::MPI_COMM_WORLD,
        "MPI_INT" => k::MPI_INT,
        "MPI_DOUBLE" => k::MPI_DOUBLE,
        "MPI_CHAR" => k::MPI_CHAR,
        "MPI_BYTE" => k::MPI_BYTE,
        "MPI_SUM" => k::MPI_SUM,
        "MPI_PROD" => k::MPI_PROD,
        "MPI_MAX" => k::MPI_MAX,
        "MPI_MIN" => k::MPI_MIN,
        "MPI_ANY_SOURCE" => k::MPI_ANY_SOURCE,
        "MPI_ANY_TAG" => k::MPI_ANY_TAG,
        "MPI_REQUEST_NULL" => k::MPI_REQUEST_NULL,
        "MPI_SUCCESS" => k::MPI_SUCCESS,
        "MPI_UNDEFINED" => k::MPI_UNDEFINED,
        "MPI_STATUS_IGNORE" | "MPI_STATUSES_IGNORE" | "NULL" => 0,
        _ => return None,
    }))
}

/// Builds the call from the argument words (ints sign-extended, addresses as non-negative ints),
/// in source order. `index` is a valid index into [`MPI_FUNCTIONS`] and `a` has its arity.
pub fn build(index: usize, a: &[i64]) -> MpiCall {
    let i = |n: usize| a[n] as i32;
    let p = |n: usize| a[n] as Addr;
    match MPI_FUNCTIONS[index].name {
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
        _ => unreachable!("every MPI function has a builder"),
    }
}
