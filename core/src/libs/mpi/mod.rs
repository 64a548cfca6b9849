//! The MPI library that user programs call: point-to-point with real data, requests (including
//! persistent ones), statuses, and collectives built on point-to-point — between the VM, which
//! evaluates a call's arguments, and the engine, which moves the messages.
//!
//! Each MPI function is one [`MpiFunction`] in `functions/` (its signature and its code), a
//! family of the libraries' binding table ([`crate::libs::table`]); ACP's and PVM's functions
//! are families of the same table with their own states. The VM turns each call into an
//! [`MpiCall`] (pointers as addresses in the rank's
//! [`Memory`](crate::lang::vm::memory::Memory), integers as passed) and hands it to the rank's
//! [`Libraries`](crate::libs::Libraries), which runs an MPI function on the rank's
//! [`MpiState`]. The result is either a value ([`Outcome::Return`]) or a
//! [`Step`](crate::engine::Step) to block on ([`Outcome::Block`]); after the engine resumes the
//! rank, [`MpiState::resume`] continues the call. A reduction with a user-defined operation asks
//! the VM to run the program's function ([`Outcome::Call`]), then is resumed the same way.
//! Errors ([`MpiError`]) name the call in plain English; the VM adds the rank, source span and
//! call stack.
//!
//! # Adding an MPI function
//!
//! A function is one entry; the checker, the compiler, the VM and the reference read it from the
//! table, so nothing else changes (its index is its position, which the bytecode stores).
//!
//! 1. **The entry.** Add `MpiFunction::new(name, note, params, run)` to the `FUNCTIONS` of its
//!    family in `functions/` (environment, point-to-point, completion, collectives, one-sided,
//!    datatypes, communicators, groups, topologies, errhandlers, info, memory). `params` are its C parameters
//!    (`params::p(name, kind)`: `K::Int`, `K::Buffer`, `K::Handle(HandleKind::COMM)` for an
//!    `MPI_Comm`, `INTP` for `int *`, …; shared lists such as `SEND` in `functions/params.rs`).
//!    `note` says in one line how Rankscope models it (the reference shows it). `run` is the
//!    whole call: a closure on the rank's [`MpiState`], its [`Args`] (`a.int(n)`, `a.addr(n)`),
//!    the rank's memory and the engine's `RankCtx`; it checks its arguments (errors are
//!    [`ErrorKind`]s, in plain English) and returns `done()` (`MPI_SUCCESS`),
//!    `Started::Return(value)`, or `Started::Wait(pending)` to block until a `pending::Pending`
//!    completes. `.anytime()` lets it run before `MPI_Init` and after `MPI_Finalize`;
//!    `.double()` makes it return a `double`.
//! 2. **A one-sided call** builds its call in its entry from `one_sided`'s parts:
//!    `one_sided::open` (the rank's windows), `Target::check` and `Target::issue` for an
//!    operation, `check_assert`, `acquire`/`release` and `ledger` for a synchronization, and
//!    `one_sided::sync(stages)` to block on `rma_sync::Stage`s (`Rma::barrier` for a collective
//!    one). There is no central match.
//! 3. **A collective** is its entry and its algorithm's file (plus its `mod` line below): the
//!    algorithm implements `collective::Collective` (`advance`: post `collective::Round`s of
//!    messages with the tag it was given and return what to wait for until it is done; a
//!    round-based one implements `Steps` and is driven by a `Stepper`), and the entry starts it
//!    with `s.comm(..)`, `s.next_tag(&comm, Kind::..)` and `collective(comm, algorithm)`.
//!    Messages are told apart by their tag's `collective::Kind`: a collective of a new kind adds
//!    one (and its name in `proto::p2p::internal_tags::COLLECTIVE_KINDS`; 16 kinds fit in a
//!    tag, 15 are used).
//! 4. **Constants and macros** it needs: their values in `constants.rs` and their names in
//!    `lang::sema::builtins::CONSTANTS`; a macro of `mpi.h` in `lang::syntax::headers`.
//! 5. **A new handle type** (`MPI_Group` was one) is one entry of
//!    [`crate::libs::handles::HANDLES`] (its C name, how messages describe a value and a
//!    parameter of it) and a [`crate::libs::handles::HandleKind`] constant naming it; the
//!    lexer, the checker and the compiler read it as `BaseType::Handle(kind)`, and a parameter
//!    takes it as `K::Handle(kind)`.
//! 6. **A test**: a C program through the VM in `core/tests/it/` (for example `lang_vm.rs`,
//!    which runs a program and compares rank 0's lines). Add a program to `tests/corpus/` only if
//!    its output is the same under MPICH (the differential test compares them).
//!
//! `MPI_Get_version` (in `functions/environment.rs`, tested in `tests/it/lang_vm.rs`) was added
//! this way: one entry, its test, and the header's `MPI_VERSION` made to agree with it.
//!
//! | file | concept |
//! |---|---|
//! | `constants` | the integer values of `MPI_COMM_WORLD`, `MPI_INT`, `MPI_SUM`, `MPI_ANY_SOURCE`, … |
//! | `functions/` | every MPI function, one family per file |
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
//! | `collective` | internal tags, rounds of messages, the `collective::Collective` trait every algorithm implements |
//! | `comm` | communicators: context ids, members, the rank's table of communicators and groups |
//! | `comm_ctx` | a rank seen through a communicator (ranks translated for the algorithms) |
//! | `comm_create` | creating a communicator: an allgather of (color, key, free contexts); on an intercommunicator over both groups |
//! | `comm_inter` | `MPI_Intercomm_create`: the leaders' exchange over the peer communicator |
//! | `group` | groups: ordered world ranks, translation and comparison |
//! | `cart`, `dims` | Cartesian topologies and `MPI_Dims_create`'s factorisation |
//! | `comm_error` | [`CommError`]: communicators', groups' and topologies' errors |
//! | `inter_coll` | collectives on an intercommunicator, run on views of its groups (barrier, broadcast, allreduce) |
//! | `barrier`, `bcast`, `reduce`, `gather`, `alltoall`, `allgatherv`, `scan`, `reduce_scatter` | one algorithm (family) each |
//! | `one_sided` | what the one-sided calls share: windows, synchronization stages, put/get/accumulate, targets |
//! | `window` | the rank's windows: handles, epochs, outstanding operations, lock holds |
//! | `rma_sync` | a blocked synchronization call as stages (complete, barrier, lock, free) |
//! | `passive_lock` | `MPI_Win_lock`/`lock_all` as paper 003's global MCS readers/writer lock |
//! | `rma_error` | [`RmaError`]: the one-sided calls' errors |
//! | `errhandler` | error handlers (which applies to a failed call; the program's handler run as a [`UserCall`]), added error classes and codes, MPICH's class strings, the class of each [`ErrorKind`] |
//! | `info` | `MPI_Info` objects (ordered keys, MPICH's handles) and the hints communicators and windows report |

mod allgatherv;
mod alltoall;
pub mod attrs;
mod barrier;
mod bcast;
mod bsend;
mod buffers;
mod cart;
mod claimed;
mod collective;
mod comm;
mod comm_create;
mod comm_ctx;
pub mod comm_error;
mod comm_inter;
pub mod constants;
pub mod datatype;
mod deadlock;
pub mod derived;
mod dims;
pub mod errhandler;
pub mod error;
mod graph;

pub mod functions;
mod gather;
mod group;
pub mod info;
mod inter_coll;
mod note;
mod one_sided;
pub mod op;
mod passive_lock;
pub mod pending;
mod reduce;
mod reduce_scatter;
mod requests;
pub mod rma_error;
mod rma_sync;
mod scan;
pub mod state;
mod transfer;
pub mod type_consts;
mod unreceived;
pub mod user_op;
mod window;

pub use crate::libs::function::{Args, MpiCall, MpiFunction};
pub use collective::function_of_tag;
pub use comm_error::CommError;
pub use deadlock::{deadlock_notes, RankView};
pub use error::{ErrorKind, MpiError};
pub use rma_error::RmaError;
pub use state::{MpiState, Outcome, RetVal, Value};
pub use user_op::UserCall;
