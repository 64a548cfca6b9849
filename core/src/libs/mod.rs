//! The libraries a C program links, apart from the language: each is a family (or several) of
//! functions in the binding table ([`table::FAMILIES`]: C signature, note, and the code that
//! runs a call on the engine), which the checker, the compiler and the VM read; each keeps its
//! own per-rank state, and a rank's states together are its [`Libraries`]. The language knows a
//! library only through that table, [`Libraries`] and the handle types' table
//! ([`handles::HANDLES`]).
//!
//! | module | concept |
//! |---|---|
//! | [`table`] | the binding table: every library's families in one fixed order (a function's index) |
//! | [`function`] | one entry of it ([`MpiFunction`](function::MpiFunction): signature + code on its library's state) and one call ([`MpiCall`](function::MpiCall)) |
//! | [`handles`] | the handle types (`MPI_Comm`, `MPI_Win`, …) as data: the language's `BaseType::Handle(kind)` |
//! | [`rank`] | [`Libraries`]: a rank's MPI, ACP and PVM states, and the dispatch of a call to its own |
//! | [`mpi`] | MPI: point-to-point, requests, collectives, communicators and groups, datatypes and reductions, one-sided windows and locks |
//! | [`acp`] | paper 001's ACP basic layer, its C binding on `proto::acp` |
//! | [`pvm`] | paper 004's PVM 3, its C binding on `proto::pvm`, and a task's message buffers |
//!
//! Simplification: the rank's one call in flight is driven by MPI's state whichever library it
//! belongs to (ACP's and PVM's calls wait for engine requests as MPI's do), and they share MPI's
//! error type.
//!
//! # The MPI library
//!
//! Each MPI function is one [`MpiFunction`](function::MpiFunction) entry in
//! `libs/mpi/functions/<family>.rs` — its C signature (which `sema::builtins`, the checker and the
//! compiler read) and the code that builds its call from its argument words; how to add one is
//! [`mpi`]'s module doc, "Adding an MPI function". Requests (persistent too), statuses, truncation, and collectives
//! as resumable state machines over point-to-point with reserved negative tags, each following
//! MPICH's algorithm for its size (cited in its file: linear Gatherv/Scatterv, Allgatherv by
//! recursive doubling, Bruck or ring, Reduce_scatter by recursive halving or pairwise exchange,
//! Scan/Exscan by recursive doubling).
//!
//! - **Communicators** (`comm*.rs`, `group.rs`, `cart.rs`, `dims.rs`): every message carries a
//!   context id in its point-to-point envelope (`proto/p2p/ids.rs`, `MPI_COMM_WORLD` = 0), so
//!   matching separates communicators under every engine; `CommCtx` translates communicator ranks
//!   to world ranks for the machine and back for statuses; creation (`Comm_split`, `dup`, `create`,
//!   `Cart_create`, `Cart_sub`) is one Bruck allgather of (color, key, free contexts), as MPICH's
//!   `MPIR_Comm_split_impl` + `MPIR_Get_contextid_sparse`.
//! - **Datatypes** (`datatype.rs`, `derived.rs`): every predefined type with LP64 sizes and MPICH's
//!   pair layouts, each predefined reduction with C's semantics per type; derived types are type
//!   maps that point-to-point and every collective pack and unpack (messages carry data bytes;
//!   displacements count extents, so `MPI_Type_create_resized` columns scatter).
//! - **Reductions** (`op.rs`, `user_op.rs`): a `Combiner` runs a predefined operation at once (on
//!   predefined datatypes only, as the standard and MPICH say) or an `MPI_Op_create` function: the
//!   sans-IO library unpacks both operands into scratch space on the rank's stack and returns
//!   `Outcome::Call`; the VM runs the function (`Vm::callback`, no MPI inside) and resumes the
//!   library. Non-commutative operations combine in rank order (reduce on a tree rooted at 0, then
//!   to the root; reduce-scatter as reduce + scatter); each combination costs one operation per
//!   element.
//! - **Diagnostics across ranks** (`note.rs`): each MPI call knows its source line
//!   (`Compiled::line_of`); a send attaches a `proto::p2p::Note` (its call, line and datatype
//!   signature: opaque words beside the envelope, no wire bytes, no time, no record) that reaches
//!   the receive's status, so a receive names a datatype mismatch or truncation with the sender's
//!   call and line; each collective call meets the p2p layer's ledger of the first rank's call at
//!   that point (`PointToPoint::meet`, as the one-sided layer's ledger for window calls), so a
//!   different function, root or count is an error naming the other rank's call. `MPI_Finalize`
//!   warns about requests never completed, naming the calls that made them, and about messages
//!   never received (`unreceived.rs`: `PointToPoint::close_receiving` hands over the messages still
//!   in the p2p layer's slab — in flight or unexpected — sent to the finalizing rank, and those it
//!   sent to ranks already finalized, each once; the warning names each message's sending call and
//!   line). A rank whose program ends after `MPI_Init` without `MPI_Finalize` is warned
//!   (`MpiState::missing_finalize`, printed by the VM's `finish`). Warnings are Rankscope's diagnostics
//!   (`RankCtx::diagnose`, console lines of their own stream, never program output), like the
//!   heap's leak warning; a program that triggers none keeps its trace hash; they stay English. Collectives' reserved negative tags never reach a sentence:
//!   `proto/p2p/internal_tags.rs` names the collective of an internal tag ("for MPI_Bcast", checked
//!   against `collective::Kind` by a test) wherever a tag is printed.
//! - **One-sided communication** (`one_sided.rs`, `window.rs`, `rma_sync.rs`, `passive_lock.rs`): a
//!   window is the program's own memory (or a block `MPI_Win_allocate` puts in the memory's heap
//!   segment, which outlives function frames); every operation needs an access epoch (fence, lock
//!   of its target, lock_all) and is checked against the target's part (sizes exchanged at creation
//!   through the engine); it reads its origin data at the call and is issued as one RDMA operation
//!   (a put/get of its bytes, a one-element `MPI_SUM` on an `int` as fetch-and-add, `MPI_REPLACE`
//!   as fetch-and-store, a compare-and-swap as the NIC's; other accumulates go to the target's
//!   software); on its own window it acts at once. Synchronization calls block as stages — complete
//!   the outstanding operations (writing get/fetch results into the origin's buffers), a barrier,
//!   an acquire or release of the global lock — so `MPI_Win_fence` = complete all + barrier,
//!   `MPI_Win_unlock` = complete that target + release, `MPI_Win_flush_all` = complete all.
//! - **Passive-target locks**: `MPI_Win_lock`/`lock_all` take locks as `SimConfig::lock_scheme`
//!   (`proto/locks/scheme.rs`) says: by default paper 003's MCS-RW lock on rank 0's one-sided
//!   words; or foMPI's words or a test-and-set word on rank 0; or (`li`) the target's own lock,
//!   lock_all taking one on every rank in turn. Each step is a `LockOps::lock_op`, each wait a spin
//!   (`OneSidedOps::spin`, the rank parked) or a backoff; `MPI_MODE_NOCHECK` skips it. The window
//!   table counts holds per lock home and refuses, with a scheme-specific message, a hold that
//!   would deadlock on itself. A C run therefore sets `SimConfig::words_per_rank = lang::RMA_WORDS`
//!   (the most any scheme needs): `lang::Launch` does, and so do the web's `RunOptions::sim_config`
//!   and the tests.
//!
//! ACP's and PVM's C bindings ([`acp`], [`pvm`]) are families of the same table: `acp.h`'s
//! signatures with 64-bit `Word` arguments and results (`Pending::Then` for calls that wait and
//! return a value) on `proto::acp`'s `AcpOps`; `pvm_*` on `proto::pvm`'s `PvmOps`, with message
//! buffers in `libs/pvm/buffers.rs` (XDR or raw).

pub mod acp;
pub mod function;
pub mod handles;
pub mod mpi;
pub mod pvm;
pub mod rank;
pub mod table;

pub use rank::Libraries;
