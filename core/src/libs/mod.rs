//! The libraries a C program links, apart from the language: each is a table of functions (C
//! signature, note, and the code that runs a call on the engine) that the checker, the compiler
//! and the VM read through [`mpi::functions::FAMILIES`]; the language knows a library only
//! through that table and its handle types.
//!
//! | module | library |
//! |---|---|
//! | [`mpi`] | MPI: point-to-point, requests, collectives, communicators and groups, datatypes and reductions, one-sided windows and locks |
//! | [`acp`] | paper 001's ACP basic layer, its C binding on `proto::acp` |
//! | [`pvm`] | paper 004's PVM 3, its C binding on `proto::pvm`, and a task's message buffers |
//!
//! Simplification: a rank's state for all three is one [`mpi::MpiState`] (PVM's buffers are a
//! field of it), and every function is an [`mpi::MpiFunction`] in a family of the one table.

pub mod acp;
pub mod mpi;
pub mod pvm;
