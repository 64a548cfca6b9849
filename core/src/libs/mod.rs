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

pub mod acp;
pub mod function;
pub mod handles;
pub mod mpi;
pub mod pvm;
pub mod rank;
pub mod table;

pub use rank::Libraries;
