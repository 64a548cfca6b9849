//! The MPI C language: source text → syntax tree → checked program → bytecode → a resumable VM
//! that runs as a rank's [`Program`](crate::engine::Program).
//!
//! | file | stage |
//! |---|---|
//! | [`token`], [`lexer`] | tokens, each with its span |
//! | [`preprocess`], [`headers`] | the C preprocessor; the standard headers' macros |
//! | [`parser`], [`ast`] | recursive descent with error recovery → spanned syntax tree |
//! | [`builtins`], [`check`] | the built-in functions and constants; checked errors |
//! | [`types`], [`compile`], [`bytecode`] | static types; compilation to stack-machine bytecode |
//! | [`vm`], [`memory`], [`heap`], [`printf`] | the resumable VM, a rank's byte memory and its checked heap, C `printf` |
//! | [`libc`] | the C library: signatures and implementations in one table |
//! | [`libc_rand`], [`libc_strto`] | glibc's `rand`/`random`; `strtol`/`strtod`/`atoi`/`atof` |
//! | [`mpi`], [`mpi_table`] | the MPI library on the engine; the call table the VM uses |
//! | [`diagnostic`] | messages with spans, rendered like a compiler's |
//! | [`highlight`](mod@highlight) | syntax classes for the editor, from the lexer's tokens |
//! | [`load`](mod@load) | source → compiled program → one VM per rank |
//! | [`launch`] | the one setup of a C program's run (compile, machine, VMs with arguments, one-sided words) |
//! | [`run_hint`](mod@run_hint) | an example's `rankscope run … -n N -p P` line |
//! | [`reference`](mod@reference) | the reference of every callable function (signature, how it is modelled), from the checker's tables |

pub mod ast;
pub mod builtins;
pub mod bytecode;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod headers;
pub mod heap;
pub mod highlight;
pub mod launch;
pub mod lexer;
pub mod libc;
pub mod libc_rand;
pub mod libc_strto;
pub mod load;
pub mod memory;
pub mod mpi;
pub mod mpi_table;
pub mod parser;
pub mod peephole;
pub mod preprocess;
pub mod printf;
pub mod reference;
pub mod run_hint;
pub mod token;
pub mod types;
pub mod vm;

pub use check::front_end;
pub use diagnostic::Diagnostic;
pub use launch::{Launch, LaunchError};
pub use load::{load, ranks, ranks_with_args};
pub use run_hint::{run_hint, RunHint};
pub use vm::{Vm, VmLimits};

/// Words of one-sided memory per rank that C programs need (`SimConfig::words_per_rank`): the
/// record and queue nodes of the global lock behind `MPI_Win_lock` and `MPI_Win_lock_all`
/// (any `LockScheme`: paper 003's MCS readers/writer lock needs the most). Every run of a C
/// program sets it.
pub const RMA_WORDS: u32 = crate::locks::LockScheme::MAX_WORDS;
