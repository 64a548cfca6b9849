//! The MPI C language: source text → syntax tree → checked program → bytecode → a resumable VM
//! that runs as a rank's [`Program`](crate::engine::Program).
//!
//! One folder per stage, in the order a program goes through them:
//!
//! | module | stage |
//! |---|---|
//! | [`syntax`] | tokens, lexer, preprocessor and the standard headers, parser, syntax tree, the editor's highlighting |
//! | [`sema`] | the checker (names, types, `printf` formats, suggestions), the built-ins' table, static types and layouts |
//! | [`codegen`] | compilation to stack-machine bytecode, the bytecode, the peephole pass |
//! | [`vm`] | the resumable VM, a rank's byte memory and its checked heap, the MPI call table the VM uses |
//! | [`libc`] | the C library: signatures and implementations in one table; `printf`, `rand`, `strtol` |
//! | [`diagnostic`] | messages with spans, rendered like a compiler's |
//! | [`load`](mod@load) | source → compiled program → one VM per rank |
//! | [`launch`] | the one setup of a C program's run (compile, machine, VMs with arguments, one-sided words) |
//! | [`run_hint`](mod@run_hint) | an example's `rankscope run … -n N -p P` line |
//! | [`reference`](mod@reference) | the reference of every callable function (signature, how it is modelled), from the checker's tables |
//!
//! The libraries a program links (MPI, ACP, PVM) are [`crate::libs`]; the language reaches them
//! through their function table ([`vm::mpi_table`], [`sema::builtins`]).

pub mod codegen;
pub mod diagnostic;
pub mod launch;
pub mod libc;
pub mod load;
pub mod reference;
pub mod run_hint;
pub mod sema;
pub mod syntax;
pub mod vm;

pub use diagnostic::Diagnostic;
pub use launch::{Launch, LaunchError};
pub use load::{load, ranks, ranks_with_args};
pub use run_hint::{run_hint, RunHint};
pub use sema::check::front_end;
pub use vm::{Vm, VmLimits};

/// Words of one-sided memory per rank that C programs need (`SimConfig::words_per_rank`): the
/// record and queue nodes of the global lock behind `MPI_Win_lock` and `MPI_Win_lock_all`
/// (any `LockScheme`: paper 003's MCS readers/writer lock needs the most). Every run of a C
/// program sets it.
pub const RMA_WORDS: u32 = crate::locks::LockScheme::MAX_WORDS;
