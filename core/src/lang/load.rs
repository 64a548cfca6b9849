//! From source text to runnable ranks: front end (parse + check), compiler, one VM per rank.

use std::rc::Rc;

use super::bytecode::Compiled;
use super::compile::compile;
use super::diagnostic::Diagnostic;
use super::vm::{Vm, VmLimits};

/// Parses, checks and compiles `source` (named `file` in diagnostics). On failure, every
/// diagnostic found, in source order.
pub fn load(source: &str, file: &str) -> Result<Rc<Compiled>, Vec<Diagnostic>> {
    let unit = super::front_end(source)?;
    compile(&unit, source, file).map(Rc::new)
}

/// `n` ranks running `compiled`, each with its own memory.
pub fn ranks(compiled: &Rc<Compiled>, n: u32, limits: VmLimits) -> Vec<Vm> {
    (0..n)
        .map(|_| Vm::new(Rc::clone(compiled), limits))
        .collect()
}
