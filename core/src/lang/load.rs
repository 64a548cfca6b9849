//! From source text to runnable ranks: front end (parse + check), compiler, one VM per rank.

use std::rc::Rc;

use crate::lang::codegen::bytecode::Compiled;
use crate::lang::codegen::compile::compile;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::vm::{Vm, VmLimits};

/// Parses, checks and compiles `source` (named `file` in diagnostics). On failure, every
/// diagnostic found, in source order.
pub fn load(source: &str, file: &str) -> Result<Rc<Compiled>, Vec<Diagnostic>> {
    let program = crate::lang::front_end(source)?;
    compile(&program, source, file).map(Rc::new)
}

/// `n` ranks running `compiled`, each with its own memory; `main`'s `argv` holds only the
/// program's name.
pub fn ranks(compiled: &Rc<Compiled>, n: u32, limits: VmLimits) -> Vec<Vm> {
    ranks_with_args(compiled, n, limits, &[])
}

/// `n` ranks running `compiled` with command-line arguments (`argv[1]`…; `argv[0]` is the
/// file's name without its extension, as a program built from it would be called).
pub fn ranks_with_args(
    compiled: &Rc<Compiled>,
    n: u32,
    limits: VmLimits,
    args: &[String],
) -> Vec<Vm> {
    let name = compiled.file.rsplit('/').next().unwrap_or_default();
    let name = name.strip_suffix(".c").unwrap_or(name);
    let argv: Rc<[String]> = std::iter::once(name.to_string())
        .chain(args.iter().cloned())
        .collect();
    (0..n)
        .map(|_| Vm::new(Rc::clone(compiled), limits).with_args(Rc::clone(&argv)))
        .collect()
}
