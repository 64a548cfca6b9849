//! The built-in functions and constants of the language — `printf`, the MPI calls, the modelled
//! time calls (`compute`, `flops`, `yield`, `usleep`, `nanosleep`), a few math helpers, and the
//! MPI constants — with their parameter kinds and result types. The checker validates calls
//! against this table; the compiler uses it to evaluate arguments (a value or an address) and
//! to pick constant values.

use super::ast::{BaseType, Type};
use super::memory::{DOUBLE_SIZE, INT_SIZE, STATUS_SIZE};

/// What a built-in accepts in one argument position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An arithmetic value converted to `int` (counts, ranks, tags).
    Int,
    /// An arithmetic value converted to `double` (`compute`'s microseconds).
    Double,
    /// An `MPI_Comm` value (`MPI_COMM_WORLD`).
    Comm,
    /// An `MPI_Datatype` value (`MPI_INT`, `MPI_DOUBLE`, `MPI_CHAR`, `MPI_BYTE`).
    Datatype,
    /// An `MPI_Op` value (`MPI_SUM`, …).
    Op,
    /// A data address: `&x`, `&a[i]`, an array, or a pointer; `NULL` is accepted (for an empty
    /// message or a non-root's receive buffer).
    Buffer,
    /// The address of a value of this base type (`&rank`, an `int` array, `&req`, `reqs`), never
    /// `NULL`.
    Ptr(BaseType),
    /// The address of one `MPI_Status`, or `MPI_STATUS_IGNORE` (or `NULL`).
    StatusOut,
    /// The address of an array of `MPI_Status`, or `MPI_STATUSES_IGNORE` (or `NULL`).
    StatusesOut,
    /// `&argc` or `NULL` (`MPI_Init`).
    ArgcPtr,
    /// `&argv` or `NULL` (`MPI_Init`).
    ArgvPtr,
    /// An `MPI_Win` value.
    Win,
    /// An `MPI_Info` value (`MPI_INFO_NULL`).
    Info,
    /// The address of a pointer variable that receives an allocated block (`&buf`,
    /// `MPI_Win_allocate`), never `NULL`.
    BaseOut,
    /// A string literal holding a `printf` format.
    Format,
}

impl ParamKind {
    /// What the argument must be, for messages ("a buffer address (`&x` or an array)").
    pub fn describe(self) -> &'static str {
        match self {
            ParamKind::Int => "an integer",
            ParamKind::Double => "a number",
            ParamKind::Comm => "a communicator such as `MPI_COMM_WORLD`",
            ParamKind::Datatype => "an MPI datatype such as `MPI_INT`",
            ParamKind::Op => "a reduction operation such as `MPI_SUM`",
            ParamKind::Buffer => "a buffer address (`&x` or an array)",
            ParamKind::Ptr(BaseType::Int) => "the address of an `int` (`&x` or an `int` array)",
            ParamKind::Ptr(BaseType::MpiRequest) => {
                "the address of an `MPI_Request` (`&req` or an array of requests)"
            }
            ParamKind::Ptr(BaseType::MpiStatus) => "the address of an `MPI_Status` (`&status`)",
            ParamKind::Ptr(BaseType::MpiWin) => "the address of an `MPI_Win` (`&win`)",
            ParamKind::Ptr(_) => "an address",
            ParamKind::StatusOut => "the address of an `MPI_Status` or `MPI_STATUS_IGNORE`",
            ParamKind::StatusesOut => "an array of `MPI_Status` or `MPI_STATUSES_IGNORE`",
            ParamKind::ArgcPtr => "`&argc` or `NULL`",
            ParamKind::ArgvPtr => "`&argv` or `NULL`",
            ParamKind::Win => "a window (`MPI_Win`)",
            ParamKind::Info => "an info object such as `MPI_INFO_NULL`",
            ParamKind::BaseOut => "the address of a pointer variable (`&buf`)",
            ParamKind::Format => "a format string literal",
        }
    }

    /// Whether the argument is passed as an address (the compiler evaluates an address, not a
    /// value).
    pub fn is_address(self) -> bool {
        matches!(
            self,
            ParamKind::Buffer
                | ParamKind::Ptr(_)
                | ParamKind::StatusOut
                | ParamKind::StatusesOut
                | ParamKind::ArgcPtr
                | ParamKind::ArgvPtr
                | ParamKind::BaseOut
        )
    }
}

/// One parameter of a built-in function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name, as in the MPI standard (`buf`, `count`, `datatype`, …).
    pub name: &'static str,
    /// What it accepts.
    pub kind: ParamKind,
}

/// A built-in function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// Its name.
    pub name: &'static str,
    /// Its fixed parameters.
    pub params: &'static [Param],
    /// Whether more arguments of any kind may follow (`printf`).
    pub variadic: bool,
    /// Its result type: `Int` for MPI calls (an error code, `MPI_SUCCESS`), `Double` for
    /// `MPI_Wtime`, `sqrt` and `fabs`, `Void` for `compute`, `flops` and `yield`.
    pub result: BaseType,
}

impl Builtin {
    /// `MPI_Send(buf, count, datatype, dest, tag, comm)`: the signature for messages.
    pub fn signature(&self) -> String {
        let mut names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        if self.variadic {
            names.push("…");
        }
        format!("{}({})", self.name, names.join(", "))
    }
}

const fn p(name: &'static str, kind: ParamKind) -> Param {
    Param { name, kind }
}

use ParamKind as K;

const REQ: ParamKind = K::Ptr(BaseType::MpiRequest);
const INTP: ParamKind = K::Ptr(BaseType::Int);
const WINP: ParamKind = K::Ptr(BaseType::MpiWin);

/// The parameters of `MPI_Put` and `MPI_Get`.
const RMA_TRANSFER: &[Param] = &[
    p("origin_addr", K::Buffer),
    p("origin_count", K::Int),
    p("origin_datatype", K::Datatype),
    p("target_rank", K::Int),
    p("target_disp", K::Int),
    p("target_count", K::Int),
    p("target_datatype", K::Datatype),
    p("win", K::Win),
];

const fn mpi(name: &'static str, params: &'static [Param]) -> Builtin {
    Builtin {
        name,
        params,
        variadic: false,
        result: BaseType::Int,
    }
}

const fn other(name: &'static str, params: &'static [Param], result: BaseType) -> Builtin {
    Builtin {
        name,
        params,
        variadic: false,
        result,
    }
}

/// Every built-in function, in a fixed order.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "printf",
        params: &[p("format", K::Format)],
        variadic: true,
        result: BaseType::Int,
    },
    mpi("MPI_Init", &[p("argc", K::ArgcPtr), p("argv", K::ArgvPtr)]),
    mpi("MPI_Finalize", &[]),
    mpi("MPI_Comm_rank", &[p("comm", K::Comm), p("rank", INTP)]),
    mpi("MPI_Comm_size", &[p("comm", K::Comm), p("size", INTP)]),
    other("MPI_Wtime", &[], BaseType::Double),
    mpi("MPI_Barrier", &[p("comm", K::Comm)]),
    mpi(
        "MPI_Send",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("dest", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Recv",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("status", K::StatusOut),
        ],
    ),
    mpi(
        "MPI_Isend",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("dest", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("request", REQ),
        ],
    ),
    mpi(
        "MPI_Irecv",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("request", REQ),
        ],
    ),
    mpi("MPI_Wait", &[p("request", REQ), p("status", K::StatusOut)]),
    mpi(
        "MPI_Waitall",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("statuses", K::StatusesOut),
        ],
    ),
    mpi(
        "MPI_Waitany",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("index", INTP),
            p("status", K::StatusOut),
        ],
    ),
    mpi(
        "MPI_Test",
        &[
            p("request", REQ),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
    ),
    mpi("MPI_Request_free", &[p("request", REQ)]),
    mpi(
        "MPI_Send_init",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("dest", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("request", REQ),
        ],
    ),
    mpi(
        "MPI_Recv_init",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("request", REQ),
        ],
    ),
    mpi("MPI_Start", &[p("request", REQ)]),
    mpi("MPI_Startall", &[p("count", K::Int), p("requests", REQ)]),
    mpi(
        "MPI_Get_count",
        &[
            p("status", K::Ptr(BaseType::MpiStatus)),
            p("datatype", K::Datatype),
            p("count", INTP),
        ],
    ),
    mpi(
        "MPI_Bcast",
        &[
            p("buffer", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Reduce",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("op", K::Op),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Allreduce",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("op", K::Op),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Gather",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Scatter",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Alltoall",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Datatype),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Alltoallv",
        &[
            p("sendbuf", K::Buffer),
            p("sendcounts", INTP),
            p("sdispls", INTP),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcounts", INTP),
            p("rdispls", INTP),
            p("recvtype", K::Datatype),
            p("comm", K::Comm),
        ],
    ),
    mpi(
        "MPI_Win_create",
        &[
            p("base", K::Buffer),
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Info),
            p("comm", K::Comm),
            p("win", WINP),
        ],
    ),
    mpi(
        "MPI_Win_allocate",
        &[
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Info),
            p("comm", K::Comm),
            p("baseptr", K::BaseOut),
            p("win", WINP),
        ],
    ),
    mpi("MPI_Win_free", &[p("win", WINP)]),
    mpi("MPI_Win_fence", &[p("assert", K::Int), p("win", K::Win)]),
    mpi(
        "MPI_Win_lock",
        &[
            p("lock_type", K::Int),
            p("rank", K::Int),
            p("assert", K::Int),
            p("win", K::Win),
        ],
    ),
    mpi("MPI_Win_unlock", &[p("rank", K::Int), p("win", K::Win)]),
    mpi("MPI_Win_lock_all", &[p("assert", K::Int), p("win", K::Win)]),
    mpi("MPI_Win_unlock_all", &[p("win", K::Win)]),
    mpi("MPI_Win_flush", &[p("rank", K::Int), p("win", K::Win)]),
    mpi("MPI_Win_flush_all", &[p("win", K::Win)]),
    mpi("MPI_Put", RMA_TRANSFER),
    mpi("MPI_Get", RMA_TRANSFER),
    mpi(
        "MPI_Accumulate",
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
    ),
    mpi(
        "MPI_Fetch_and_op",
        &[
            p("origin_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Datatype),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("op", K::Op),
            p("win", K::Win),
        ],
    ),
    mpi(
        "MPI_Compare_and_swap",
        &[
            p("origin_addr", K::Buffer),
            p("compare_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Datatype),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("win", K::Win),
        ],
    ),
    other("compute", &[p("microseconds", K::Double)], BaseType::Void),
    other("flops", &[p("count", K::Double)], BaseType::Void),
    other("yield", &[], BaseType::Void),
    other("usleep", &[p("microseconds", K::Int)], BaseType::Int),
    other("nanosleep", &[p("nanoseconds", K::Int)], BaseType::Int),
    other("sqrt", &[p("x", K::Double)], BaseType::Double),
    other("fabs", &[p("x", K::Double)], BaseType::Double),
    other("abs", &[p("x", K::Int)], BaseType::Int),
];

/// The built-in function called `name`.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// What a built-in constant is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConstKind {
    /// An `int` (`MPI_ANY_SOURCE`, `MPI_ANY_TAG`, `MPI_SUCCESS`, `MPI_UNDEFINED`,
    /// `MPI_TAG_UB`).
    Int,
    /// A value of an MPI handle type (`MPI_COMM_WORLD`, `MPI_INT`, `MPI_SUM`,
    /// `MPI_REQUEST_NULL`).
    Handle(BaseType),
    /// The null pointer `NULL`.
    Null,
    /// `MPI_STATUS_IGNORE`: a null `MPI_Status *`.
    StatusIgnore,
    /// `MPI_STATUSES_IGNORE`: a null `MPI_Status *` for arrays of statuses.
    StatusesIgnore,
}

/// A built-in constant. Its value is the runtime's business (`lang::mpi::constants`); the
/// checker only needs its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Constant {
    /// Its name.
    pub name: &'static str,
    /// What it is.
    pub kind: ConstKind,
}

const fn c(name: &'static str, kind: ConstKind) -> Constant {
    Constant { name, kind }
}

/// Every built-in constant, in a fixed order.
pub const CONSTANTS: &[Constant] = &[
    c("MPI_COMM_WORLD", ConstKind::Handle(BaseType::MpiComm)),
    c("MPI_CHAR", ConstKind::Handle(BaseType::MpiDatatype)),
    c("MPI_INT", ConstKind::Handle(BaseType::MpiDatatype)),
    c("MPI_DOUBLE", ConstKind::Handle(BaseType::MpiDatatype)),
    c("MPI_BYTE", ConstKind::Handle(BaseType::MpiDatatype)),
    c("MPI_SUM", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_PROD", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_MAX", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_MIN", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_REPLACE", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_NO_OP", ConstKind::Handle(BaseType::MpiOp)),
    c("MPI_WIN_NULL", ConstKind::Handle(BaseType::MpiWin)),
    c("MPI_INFO_NULL", ConstKind::Handle(BaseType::MpiInfo)),
    c("MPI_LOCK_EXCLUSIVE", ConstKind::Int),
    c("MPI_LOCK_SHARED", ConstKind::Int),
    c("MPI_MODE_NOCHECK", ConstKind::Int),
    c("MPI_MODE_NOSTORE", ConstKind::Int),
    c("MPI_MODE_NOPUT", ConstKind::Int),
    c("MPI_MODE_NOPRECEDE", ConstKind::Int),
    c("MPI_MODE_NOSUCCEED", ConstKind::Int),
    c("MPI_ANY_SOURCE", ConstKind::Int),
    c("MPI_ANY_TAG", ConstKind::Int),
    c("MPI_SUCCESS", ConstKind::Int),
    c("MPI_UNDEFINED", ConstKind::Int),
    c("MPI_TAG_UB", ConstKind::Int),
    c("MPI_STATUS_IGNORE", ConstKind::StatusIgnore),
    c("MPI_STATUSES_IGNORE", ConstKind::StatusesIgnore),
    c("MPI_REQUEST_NULL", ConstKind::Handle(BaseType::MpiRequest)),
    c("NULL", ConstKind::Null),
];

/// The built-in constant called `name`.
pub fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

/// Size in bytes of a pointer (LP64; rank memory addresses fit in 32 bits).
pub const POINTER_SIZE: u32 = 8;

/// Size in bytes of a base type as stored in rank memory (`void` has none).
pub fn base_size(base: BaseType) -> u32 {
    match base {
        BaseType::Void | BaseType::Record(_) | BaseType::Func(_) => 0,
        BaseType::Char | BaseType::UChar | BaseType::Bool => 1,
        BaseType::Short | BaseType::UShort => 2,
        BaseType::Long | BaseType::ULong => 8,
        BaseType::Double => DOUBLE_SIZE,
        BaseType::UInt | BaseType::Float => 4,
        BaseType::MpiStatus => STATUS_SIZE,
        BaseType::Int
        | BaseType::MpiRequest
        | BaseType::MpiComm
        | BaseType::MpiDatatype
        | BaseType::MpiOp
        | BaseType::MpiWin
        | BaseType::MpiInfo => INT_SIZE,
    }
}

/// `sizeof(ty)`: pointers are [`POINTER_SIZE`], arrays multiply their dimensions. `None` for
/// `void` or when the size does not fit in a `u32`.
pub fn size_of(ty: &Type) -> Option<u32> {
    let elem = if ty.pointers > 0 {
        POINTER_SIZE
    } else {
        match base_size(ty.base) {
            0 => return None,
            n => n,
        }
    };
    ty.dims.iter().try_fold(elem, |acc, &d| acc.checked_mul(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for (i, b) in BUILTINS.iter().enumerate() {
            assert!(BUILTINS[..i].iter().all(|o| o.name != b.name), "{}", b.name);
            assert_eq!(builtin(b.name), Some(b));
            assert!(constant(b.name).is_none());
        }
        for (i, c) in CONSTANTS.iter().enumerate() {
            assert!(
                CONSTANTS[..i].iter().all(|o| o.name != c.name),
                "{}",
                c.name
            );
        }
        assert_eq!(builtin("MPI_Send").map(|b| b.params.len()), Some(6));
        assert_eq!(
            builtin("MPI_Recv").map(|b| b.signature()).as_deref(),
            Some("MPI_Recv(buf, count, datatype, source, tag, comm, status)")
        );
    }

    #[test]
    fn sizes() {
        let t = |base, pointers, dims: &[u32]| Type {
            base,
            pointers,
            dims: dims.to_vec(),
        };
        assert_eq!(size_of(&t(BaseType::Int, 0, &[])), Some(4));
        assert_eq!(size_of(&t(BaseType::Double, 0, &[4, 8])), Some(256));
        assert_eq!(size_of(&t(BaseType::Char, 2, &[])), Some(8));
        assert_eq!(size_of(&t(BaseType::MpiStatus, 0, &[2])), Some(32));
        assert_eq!(size_of(&t(BaseType::Void, 0, &[])), None);
        assert_eq!(size_of(&t(BaseType::Double, 0, &[1 << 20, 1 << 20])), None);
    }
}
