//! The MPI C language: source text → syntax tree → checked program → bytecode → a resumable VM
//! that runs as a rank's [`Program`](crate::engine::Program).

pub mod ast;
pub mod builtins;
pub mod check;
pub mod diagnostic;
pub mod lexer;
pub mod memory;
pub mod parser;
pub mod token;
pub mod mpi;
