//! The MPI library that user programs call: point-to-point with real data, requests (including
//! persistent ones), statuses, and collectives built on point-to-point — between the VM, which
//! evaluates a call's arguments, and the engine, which moves the messages.
//!
//! Each MPI function is one [`MpiFunction`] in `functions/` (its signature and its code); ACP's
//! and PVM's C functions are families of the same table, written in [`crate::libs::acp`] and
//! [`crate::libs::pvm`]. The VM
//! turns each MPI call into an [`MpiCall`] (pointers as addresses in the rank's
//! [`Memory`](crate::lang::vm::memory::Memory), integers as passed) and hands it to the rank's
//! [`MpiState`]. The result is either a value ([`Outcome::Return`]) or a [`Step`](crate::engine::Step)
//! to block on ([`Outcome::Block`]); after the engine resumes the rank, [`MpiState::resume`]
//! continues the call. A reduction with a user-defined operation asks the VM to run the
//! program's function ([`Outcome::Call`]), then is resumed the same way. Errors ([`MpiError`]) name the call in plain English; the VM adds the
//! rank, source span and call stack.
//!
//! | file | concept |
//! |---|---|
//! | `constants` | the integer values of `MPI_COMM_WORLD`, `MPI_INT`, `MPI_SUM`, `MPI_ANY_SOURCE`, … |
//! | `function` | [`MpiFunction`] (signature + code) and [`MpiCall`] (one call's argument words) |
//! | `functions/` | every MPI function, one family per file |
//! | `rma_call` | [`rma_call::RmaCall`]: a one-sided call's decoded arguments |
//! | `state` | [`MpiState`]: life cycle, dispatch, blocking and resuming |
//! | `error` | [`MpiError`] and its plain-English messages |
//! | `datatype` | the predefined datatypes: handles, sizes, layouts; the communicator check |
//! | `derived` | derived datatypes: type maps, the rank's table, packing buffers through them |
//! | `op` | predefined reduction operations and their arithmetic per datatype |
//! | `user_op` | `MPI_Op_create`'s operations, and the [`user_op::Combiner`] every reduction uses (a user function runs in the VM: [`Outcome::Call`]) |
//! | `buffers` | memory access for buffers, handles, arrays and statuses |
//! | `bsend` | the attached buffer of buffered sends, accounted |
//! | `transfer` | a checked point-to-point transfer: post, complete, truncation, type matching |
//! | `note` | what a message says about its sending call (function, line, type signature, root) |
//! | `requests` | the request-handle table (non-persistent and persistent requests) |
//! | `pending` | a blocked call and how it finishes (Send/Recv, Wait*, a failed Test, collectives) |
//! | `deadlock` | the library's sentences in a deadlock report: collectives some ranks never reach, ranks that all send first |
//! | `collective` | internal tags, rounds of messages, the collective state machine |
//! | `comm` | communicators: context ids, members, the rank's table of communicators and groups |
//! | `comm_ctx` | a rank seen through a communicator (ranks translated for the algorithms) |
//! | `comm_create` | creating a communicator: an allgather of (color, key, free contexts) |
//! | `group` | groups: ordered world ranks, translation and comparison |
//! | `cart`, `dims` | Cartesian topologies and `MPI_Dims_create`'s factorisation |
//! | `comm_error` | [`CommError`]: communicators', groups' and topologies' errors |
//! | `barrier`, `bcast`, `reduce`, `gather`, `alltoall`, `allgatherv`, `scan`, `reduce_scatter` | one algorithm (family) each |
//! | `one_sided` | the one-sided calls: windows, synchronization, put/get/accumulate/atomics |
//! | `window` | the rank's windows: handles, epochs, outstanding operations, lock holds |
//! | `rma_sync` | a blocked synchronization call as stages (complete, barrier, lock, free) |
//! | `passive_lock` | `MPI_Win_lock`/`lock_all` as paper 003's global MCS readers/writer lock |
//! | `rma_error` | [`RmaError`]: the one-sided calls' errors |

mod allgatherv;
mod alltoall;
mod barrier;
mod bcast;
mod bsend;
mod buffers;
mod cart;
mod collective;
mod comm;
mod comm_create;
mod comm_ctx;
pub mod comm_error;
pub mod constants;
pub mod datatype;
mod deadlock;
pub mod derived;
mod dims;
pub mod error;
pub mod function;
pub mod functions;
mod gather;
mod group;
mod note;
mod one_sided;
pub mod op;
mod passive_lock;
pub mod pending;
mod reduce;
mod reduce_scatter;
mod requests;
pub mod rma_call;
pub mod rma_error;
mod rma_sync;
mod scan;
pub mod state;
mod transfer;
mod unreceived;
pub mod user_op;
mod window;

pub use collective::function_of_tag;
pub use comm_error::CommError;
pub use deadlock::{deadlock_notes, RankView};
pub use error::{ErrorKind, MpiError};
pub use function::{Args, MpiCall, MpiFunction};
pub use rma_error::RmaError;
pub use state::{MpiState, Outcome, RetVal, Value};
pub use user_op::UserCall;
