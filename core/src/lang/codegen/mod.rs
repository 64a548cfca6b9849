//! From a checked syntax tree to [`bytecode`]: the [`compile`]r (resolution of names, the
//! expressions' types, code for statements and expressions) and the [`peephole`] pass that fuses
//! common pairs of operations.

pub mod bytecode;
pub mod compile;
pub mod peephole;
