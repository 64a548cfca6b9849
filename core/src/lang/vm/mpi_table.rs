//! The MPI functions and constants as the compiler and VM see them: a function's index, arity and
//! result, and how the VM turns the argument words into an [`MpiCall`]. Every function is defined
//! once, in the libraries' binding table `libs::table` (signature and code); constants in [`crate::lang::sema::builtins::CONSTANTS`].

use crate::lang::sema::builtins;
use crate::lang::sema::builtins::Param;
use crate::lang::syntax::ast::Type;
use crate::libs::mpi::MpiCall;
use crate::libs::table as functions;
pub use crate::libs::table::FAMILIES as MPI_FUNCTIONS;

/// One MPI function as the compiler and VM need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MpiFunction {
    /// Its C name.
    pub name: &'static str,
    /// Number of arguments.
    pub arity: u8,
    /// Its parameters (what kind of argument each takes).
    pub params: &'static [Param],
    /// Its result type: an `int` error code, a `double` (`MPI_Wtime`), ACP's 64-bit handles
    /// and addresses, `void`.
    pub result: Type,
}

/// The index and description of an MPI function by name.
pub fn lookup(name: &str) -> Option<(usize, MpiFunction)> {
    let (index, f) = functions::find(name)?;
    Some((
        index,
        MpiFunction {
            name: f.sig.name,
            arity: u8::try_from(f.sig.params.len()).ok()?,
            params: f.sig.params,
            result: f.sig.result_type(),
        },
    ))
}

/// The value of a built-in constant (`MPI_INT`, `MPI_ANY_SOURCE`, `NULL`, …).
pub fn constant(name: &str) -> Option<i64> {
    builtins::constant(name).map(|c| c.value)
}

/// Builds the call from the argument words (ints sign-extended, addresses as non-negative ints),
/// in source order. `index` comes from [`lookup`] and `a` has its arity.
pub fn build(index: usize, a: &[i64]) -> MpiCall {
    let function = functions::get(index).unwrap_or_else(|| unreachable!("MPI function {index}"));
    MpiCall {
        function,
        index: u16::try_from(index).unwrap_or(u16::MAX),
        args: a.to_vec(),
        line: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_builds_and_names_itself() {
        for f in functions::all() {
            let (idx, found) = lookup(f.name()).expect("every MPI function is found");
            let args = vec![16i64; found.arity as usize];
            assert_eq!(build(idx, &args).name(), f.name());
            assert_eq!(builtins::builtin(f.name()), Some(&f.sig));
        }
        assert_eq!(
            constant("MPI_SUM"),
            Some(i64::from(crate::libs::mpi::constants::MPI_SUM))
        );
        assert_eq!(constant("NULL"), Some(0));
        assert_eq!(constant("MPI_NOPE"), None);
    }
}
