//! Errors of MPI calls, in plain English naming the call: `MPI_Recv: message truncated: 16 bytes
//! arrived for a buffer of 4 bytes (MPI_ERR_TRUNCATE)`. The VM adds the rank, the source span and
//! the call stack.

use std::fmt;

use super::comm_error::CommError;
use super::datatype::{Datatype, ReduceOp};
use super::rma_error::RmaError;
use crate::engine::OpError;
use crate::lang::vm::memory::MemError;

/// An MPI call that failed: which call, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MpiError {
    /// The MPI function, e.g. `"MPI_Recv"`.
    pub call: &'static str,
    /// What went wrong.
    pub kind: ErrorKind,
}

impl MpiError {
    /// An error of `call`.
    pub fn new(call: &'static str, kind: ErrorKind) -> MpiError {
        MpiError { call, kind }
    }
}

impl fmt::Display for MpiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.call, self.kind)
    }
}

impl std::error::Error for MpiError {}

/// Which role a rank number plays in a call (for the wording of an invalid-rank error).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RankRole {
    /// A destination or source of a point-to-point call.
    Peer,
    /// The root of a collective.
    Root,
}

/// Why an MPI call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Any call but `MPI_Wtime` before `MPI_Init`.
    NotInitialized,
    /// `MPI_Init` a second time.
    AlreadyInitialized,
    /// Any call but `MPI_Wtime` after `MPI_Finalize`.
    Finalized,
    /// A rank outside `0..size`.
    InvalidRank {
        /// The rank given.
        rank: i64,
        /// Number of ranks.
        size: u32,
        /// Destination/source or root.
        role: RankRole,
    },
    /// A negative tag (other than `MPI_ANY_TAG` in a receive) or one beyond `i32`.
    InvalidTag {
        /// The tag given.
        tag: i64,
        /// Whether `MPI_ANY_TAG` would have been allowed (receives).
        receive: bool,
    },
    /// A negative element count.
    NegativeCount {
        /// Which argument (`"count"`, `"recvcounts[3]"`, …).
        what: String,
        /// The count given.
        count: i64,
    },
    /// A count whose bytes do not fit a rank's memory.
    TooLarge {
        /// Which argument.
        what: String,
        /// The count given.
        count: i64,
        /// Its datatype.
        dtype: Datatype,
    },
    /// An unknown datatype handle.
    UnknownDatatype(i64),
    /// A one-sided accumulate (even `MPI_REPLACE`) on a type whose values Rankscope moves but
    /// does not compute on (`long double`, the complex types, `wchar_t`).
    OpaqueAccumulate(Datatype),
    /// A reduction MPICH computes on a type whose values Rankscope moves but does not compute
    /// on (`long double`, the complex types).
    NotComputed {
        /// The operation.
        op: ReduceOp,
        /// The datatype.
        dtype: Datatype,
    },
    /// A derived datatype where only predefined ones work.
    DerivedNotSupported(i64),
    /// A derived datatype used in a transfer before `MPI_Type_commit`.
    UncommittedDatatype(i64),
    /// A derived datatype used after `MPI_Type_free`.
    FreedDatatype(i64),
    /// `MPI_Type_free` of a predefined datatype.
    FreePredefined(Datatype),
    /// More derived datatypes live at once than handles exist.
    TooManyTypes,
    /// A buffer of a derived datatype larger than a rank's memory.
    TooLargeDerived,
    /// `MPI_IN_PLACE` where the call does not accept it.
    InPlace {
        /// Which argument.
        what: &'static str,
    },
    /// An unknown reduction-operation handle.
    UnknownOp(i64),
    /// A user-defined operation used after `MPI_Op_free`.
    FreedOp(i64),
    /// `MPI_Op_free` of a predefined operation.
    FreePredefinedOp(ReduceOp),
    /// More user-defined operations live at once than handles exist.
    TooManyOps,
    /// A predefined operation on a derived datatype (defined on predefined ones only).
    OpNotForDerived {
        /// The operation.
        op: ReduceOp,
        /// The datatype's handle.
        handle: i64,
    },
    /// An MPI call inside a user-defined reduction's function.
    MpiInUserOp,
    /// A window on a communicator other than `MPI_COMM_WORLD`.
    UnknownComm(i64),
    /// A reduction on a datatype it is not defined for.
    OpNotForType {
        /// The operation.
        op: ReduceOp,
        /// The datatype.
        dtype: Datatype,
    },
    /// A message longer than the receive buffer (`MPI_ERR_TRUNCATE`).
    Truncated {
        /// Bytes the sender sent.
        arrived: u64,
        /// Bytes the receive buffer holds.
        capacity: u64,
    },
    /// A message longer than the receive buffer, with the sender's side (`MPI_ERR_TRUNCATE`).
    TruncatedFrom {
        /// Bytes the sender sent.
        arrived: u64,
        /// Bytes the receive buffer holds.
        capacity: u64,
        /// The sender's rank in the communicator.
        from: i32,
        /// The sending call, e.g. `"MPI_Send at line 9"`.
        sender: String,
    },
    /// A message whose datatype signature does not match the receive's.
    TypeMismatch {
        /// The sender's rank in the communicator.
        from: i32,
        /// The sending call, e.g. `"MPI_Send at line 9"`.
        sender: String,
        /// What the message carries, e.g. `"MPI_INT"`.
        sent: String,
        /// What the receive expects.
        expected: String,
    },
    /// Ranks called different collectives, or one with different roots or counts (the
    /// sentence names the other rank's call and line).
    CollectiveMismatch(String),
    /// A request handle that no request ever had.
    InvalidRequest {
        /// The handle.
        handle: i32,
    },
    /// Waiting on (or testing, starting, freeing) a handle whose request already completed or
    /// was freed — typically a stale copy of a handle that `MPI_Wait` set to `MPI_REQUEST_NULL`.
    InactiveRequest {
        /// The handle.
        handle: i32,
        /// Whether the call waits (`MPI_Wait*`, `MPI_Test`) rather than starts or frees.
        wait: bool,
    },
    /// The same active request twice in one `MPI_Waitall`/`MPI_Waitany`/`MPI_Startall` array.
    DuplicateRequest {
        /// The handle.
        handle: i32,
    },
    /// `MPI_Start` on a request that `MPI_Isend`/`MPI_Irecv` created.
    NotPersistent {
        /// The handle.
        handle: i32,
    },
    /// `MPI_Start` on a persistent request that is already active.
    AlreadyActive {
        /// The handle.
        handle: i32,
    },
    /// `MPI_Start` or `MPI_Request_free` on `MPI_REQUEST_NULL`.
    NullRequest,
    /// More requests were created than handles exist.
    TooManyRequests,
    /// A non-blocking collective's request passed to a call that does not continue it
    /// (`MPI_Testall`, `MPI_Testany`, `MPI_Testsome`, `MPI_Request_free`).
    CollectiveRequestHere,
    /// A function of the MPI standard that Rankscope declares (as MPICH's `mpi.h` does) but does
    /// not run yet.
    NotRun {
        /// The function.
        function: &'static str,
    },
    /// An `MPI_Message` handle that names no claimed message (`MPI_MESSAGE_NULL`, one already
    /// received, or a number no probe gave).
    InvalidMessage {
        /// The handle.
        handle: i32,
    },
    /// A buffer, status, handle or count array could not be read or written.
    Memory {
        /// Which argument (`"the receive buffer"`, …).
        what: &'static str,
        /// The access error.
        error: MemError,
    },
    /// A one-sided call's own error (windows, epochs, locks, bounds).
    Rma(RmaError),
    /// An attribute call's error (keyvals, callbacks).
    Attr(super::attrs::AttrError),
    /// A datatype constructor's or query's argument that MPI does not allow (`MPI_ERR_ARG`).
    Datatype(String),
    /// A packing call that MPI forbids and MPICH does not detect (data past the end of the pack
    /// buffer, an unknown data representation), or one Rankscope does not run: the rank stops.
    Pack(String),
    /// A communicator's, group's or topology's error.
    Comm(CommError),
    /// The engine refused an operation.
    Engine(OpError),
    /// `MPI_Bsend` with no room left in the attached buffer.
    BsendOverflow {
        /// Bytes the message needs (its data plus `MPI_BSEND_OVERHEAD`).
        need: u64,
        /// Bytes still free.
        free: u64,
        /// The buffer's size.
        size: u32,
    },
    /// `MPI_Bsend` or `MPI_Buffer_detach` with no buffer attached.
    NoBsendBuffer,
    /// `MPI_Buffer_attach` while a buffer is attached.
    BsendBufferAttached,
    /// `MPI_Abort`: the program ended the run on purpose.
    Aborted {
        /// The rank that called it.
        rank: u32,
        /// Its error code.
        code: i64,
    },
    /// A broken contract between the VM and this library (e.g. a call while another is blocked).
    Internal(&'static str),
    /// An ACP call refused (the ACP layer's sentence, or the library's: not initialized…).
    Acp(String),
    /// A PVM call refused (the PVM layer's sentence, or the library's: no send buffer…).
    Pvm(String),
    /// An argument refused with the error class MPICH gives it (error handlers, error codes,
    /// info objects, `MPI_Alloc_mem`: `errhandler::refused`).
    Refused {
        /// The class (`MPI_ERR_ARG`, `MPI_ERR_INFO_KEY`, …).
        class: i32,
        /// Why, in plain English.
        why: String,
    },
    /// `MPI_Comm_call_errhandler` (or `MPI_Win_call_errhandler`) on an object whose handler is
    /// `MPI_ERRORS_ARE_FATAL`: the run stops, as MPICH's does.
    Raised {
        /// The code the program raised.
        code: i64,
        /// Its string (`MPI_Error_string`'s).
        string: String,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::NotInitialized => f.write_str("called before MPI_Init"),
            ErrorKind::AlreadyInitialized => f.write_str("MPI_Init was already called"),
            ErrorKind::Finalized => f.write_str("called after MPI_Finalize"),
            ErrorKind::InvalidRank { rank, size, role } => {
                let what = match role {
                    RankRole::Peer => "rank",
                    RankRole::Root => "root rank",
                };
                write!(
                    f,
                    "{what} {rank} does not exist: valid ranks are 0 to {}",
                    size.saturating_sub(1)
                )
            }
            ErrorKind::InvalidTag { tag, receive } => {
                write!(f, "invalid tag {tag}: tags must be 0 or more")?;
                if *receive {
                    f.write_str(" (or MPI_ANY_TAG)")?;
                }
                Ok(())
            }
            ErrorKind::NegativeCount { what, count } => {
                write!(f, "{what} is {count}: it must be 0 or more")
            }
            ErrorKind::TooLarge { what, count, dtype } => write!(
                f,
                "{what} is {count}: {count} elements of {dtype} do not fit in a rank's memory"
            ),
            ErrorKind::UnknownDatatype(h) => write!(
                f,
                "unknown datatype {h}: use a predefined datatype such as MPI_INT, MPI_DOUBLE, MPI_FLOAT, MPI_LONG, MPI_CHAR or MPI_BYTE"
            ),
            ErrorKind::DerivedNotSupported(h) => write!(
                f,
                "derived datatype {h} is not supported here yet: this call takes predefined datatypes only"
            ),
            ErrorKind::UncommittedDatatype(h) => write!(
                f,
                "derived datatype {h} is not committed: call MPI_Type_commit before using it in communication"
            ),
            ErrorKind::FreedDatatype(h) => write!(
                f,
                "datatype {h} was freed by MPI_Type_free (or never created)"
            ),
            ErrorKind::FreePredefined(d) => write!(f, "{d} is predefined: it cannot be freed"),
            ErrorKind::TooManyTypes => {
                f.write_str("too many derived datatypes: free some with MPI_Type_free")
            }
            ErrorKind::TooLargeDerived => {
                f.write_str("the buffer of this derived datatype does not fit in a rank's memory")
            }
            ErrorKind::OpaqueAccumulate(dtype) => write!(
                f,
                "Rankscope's one-sided accumulates do not take {dtype} yet (MPICH's do); use MPI_Put and MPI_Get for it, or accumulate MPI_DOUBLE values"
            ),
            ErrorKind::NotComputed { op, dtype } => write!(
                f,
                "Rankscope moves {dtype} data but does not compute {} on it (MPICH does); reduce MPI_DOUBLE values instead",
                op.name()
            ),
            ErrorKind::InPlace { what } => write!(
                f,
                "MPI_IN_PLACE is not allowed as {what} here"
            ),
            ErrorKind::UnknownOp(h) => write!(
                f,
                "unknown reduction operation {h}: use a predefined operation such as MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_LAND, MPI_BOR or MPI_MAXLOC, or one made by MPI_Op_create"
            ),
            ErrorKind::FreedOp(h) => write!(
                f,
                "reduction operation {h} was freed by MPI_Op_free"
            ),
            ErrorKind::FreePredefinedOp(op) => {
                write!(f, "{op} is predefined: only operations made by MPI_Op_create can be freed")
            }
            ErrorKind::TooManyOps => {
                f.write_str("too many user-defined operations: free some with MPI_Op_free")
            }
            ErrorKind::OpNotForDerived { op, handle } => write!(
                f,
                "{op} cannot reduce derived datatype {handle}: the predefined operations are defined on predefined datatypes only (the MPI standard; MPICH refuses this too): reduce a count of the predefined type, or define the operation with MPI_Op_create"
            ),
            ErrorKind::MpiInUserOp => f.write_str(
                "called inside a user-defined reduction function (MPI_Op_create's): that function may not call MPI",
            ),
            ErrorKind::UnknownComm(h) => write!(
                f,
                "communicator {h}: windows can be created on MPI_COMM_WORLD only"
            ),
            ErrorKind::OpNotForType { op, dtype } => write!(
                f,
                "{op} is not defined for {dtype}: {op} applies to {}",
                op.applies_to()
            ),
            ErrorKind::Truncated { arrived, capacity } => write!(
                f,
                "message truncated: {arrived} bytes arrived for a buffer of {capacity} bytes (MPI_ERR_TRUNCATE)"
            ),
            ErrorKind::TruncatedFrom {
                arrived,
                capacity,
                from,
                sender,
            } => write!(
                f,
                "message truncated: {arrived} bytes arrived from rank {from} ({sender}) for a buffer of {capacity} bytes (MPI_ERR_TRUNCATE)"
            ),
            ErrorKind::TypeMismatch {
                from,
                sender,
                sent,
                expected,
            } => write!(
                f,
                "the message from rank {from} ({sender}) carries {sent} but this receive expects {expected}: the datatypes of a send and its receive must match"
            ),
            ErrorKind::CollectiveMismatch(what) => f.write_str(what),
            ErrorKind::InvalidRequest { handle } => write!(
                f,
                "invalid request handle {handle}: no request with this handle was ever created"
            ),
            ErrorKind::InactiveRequest { handle, wait } => {
                if *wait {
                    f.write_str("wait on an inactive request: ")?;
                } else {
                    f.write_str("inactive request: ")?;
                }
                write!(
                    f,
                    "request handle {handle} was already completed or freed (is it a stale copy of a handle that was set to MPI_REQUEST_NULL?)"
                )
            }
            ErrorKind::DuplicateRequest { handle } => write!(
                f,
                "request handle {handle} appears more than once in the array"
            ),
            ErrorKind::NotPersistent { handle } => write!(
                f,
                "request handle {handle} is not persistent: only requests made by MPI_Send_init or MPI_Recv_init can be started"
            ),
            ErrorKind::AlreadyActive { handle } => write!(
                f,
                "persistent request handle {handle} is already active: complete it (MPI_Wait) before starting it again"
            ),
            ErrorKind::NullRequest => f.write_str("the request is MPI_REQUEST_NULL"),
            ErrorKind::CollectiveRequestHere => f.write_str(
                "this call does not take a non-blocking collective's request in Rankscope yet: \
                 complete it with `MPI_Test`, `MPI_Wait`, `MPI_Waitall`, `MPI_Waitany` or \
                 `MPI_Waitsome`",
            ),
            ErrorKind::NotRun { function } => write!(
                f,
                "Rankscope does not run `{function}` yet: it is a function of the MPI standard \
                 (MPICH 4.0.2 declares it), so the program compiled, but this rank called it \
                 (the reference lists what Rankscope runs)"
            ),
            ErrorKind::InvalidMessage { handle } => write!(
                f,
                "invalid message handle {handle}: not a message `MPI_Mprobe` or `MPI_Improbe` \
                 gave, or one already received (each is received once)"
            ),
            ErrorKind::TooManyRequests => {
                f.write_str("too many requests: every request handle number is in use")
            }
            ErrorKind::Memory { what, error } => write!(f, "{what}: {error}"),
            ErrorKind::Rma(e) => write!(f, "{e}"),
            ErrorKind::Attr(e) => write!(f, "{e}"),
            ErrorKind::Datatype(what) => write!(f, "{what} (MPI_ERR_ARG)"),
            ErrorKind::Pack(why) => f.write_str(why),
            ErrorKind::Comm(e) => write!(f, "{e}"),
            ErrorKind::Engine(e) => write!(f, "{e}"),
            ErrorKind::Acp(why) | ErrorKind::Pvm(why) => f.write_str(why),
            ErrorKind::BsendOverflow { need, free, size } => write!(
                f,
                "the attached buffer is full: this message needs {need} bytes (its data plus MPI_BSEND_OVERHEAD) but only {free} of its {size} bytes are free (MPI_ERR_BUFFER)"
            ),
            ErrorKind::NoBsendBuffer => f.write_str(
                "no buffer is attached: call MPI_Buffer_attach before buffered sends (MPI_ERR_BUFFER)",
            ),
            ErrorKind::BsendBufferAttached => f.write_str(
                "a buffer is already attached: detach it first (MPI_Buffer_detach)",
            ),
            ErrorKind::Aborted { rank, code } => write!(
                f,
                "rank {rank} aborted the run with error code {code} (every rank stops)"
            ),
            ErrorKind::Internal(what) => write!(f, "internal error: {what}"),
            ErrorKind::Refused { why, .. } => f.write_str(why),
            ErrorKind::Raised { code, string } => {
                write!(f, "error code {code}")?;
                if !string.is_empty() {
                    write!(f, " ({string})")?;
                }
                f.write_str(" raised where the error handler is MPI_ERRORS_ARE_FATAL: the run stops (set MPI_ERRORS_RETURN or a handler of your own with MPI_Comm_set_errhandler to go on)")
            }
        }
    }
}

impl From<RmaError> for ErrorKind {
    fn from(e: RmaError) -> ErrorKind {
        ErrorKind::Rma(e)
    }
}

impl From<CommError> for ErrorKind {
    fn from(e: CommError) -> ErrorKind {
        ErrorKind::Comm(e)
    }
}

impl From<OpError> for ErrorKind {
    fn from(e: OpError) -> ErrorKind {
        match e {
            OpError::InvalidRank { rank, size } => ErrorKind::InvalidRank {
                rank,
                size,
                role: RankRole::Peer,
            },
            other @ (OpError::InactiveRequest(_) | OpError::Refused(_)) => ErrorKind::Engine(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_call_and_both_sizes() {
        let e = MpiError::new(
            "MPI_Recv",
            ErrorKind::Truncated {
                arrived: 16,
                capacity: 4,
            },
        );
        assert_eq!(
            e.to_string(),
            "MPI_Recv: message truncated: 16 bytes arrived for a buffer of 4 bytes (MPI_ERR_TRUNCATE)"
        );
        let e = MpiError::new(
            "MPI_Send",
            ErrorKind::InvalidRank {
                rank: 5,
                size: 4,
                role: RankRole::Peer,
            },
        );
        assert_eq!(
            e.to_string(),
            "MPI_Send: rank 5 does not exist: valid ranks are 0 to 3"
        );
    }
}
