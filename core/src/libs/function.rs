//! [`MpiFunction`]: one library function in one place — its C signature (name, parameters and
//! their kinds, result), which the checker and the compiler read, and the code that decodes its
//! argument words and runs it on its own library's state (`Run`: MPI's, ACP's or PVM's) — and
//! [`MpiCall`], one call of it with its arguments evaluated.

use std::fmt;

use crate::engine::RankCtx;
use crate::lang::sema::builtins::{Builtin, Param};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::acp::AcpState;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::{MpiState, Value};
use crate::libs::pvm::PvmState;

/// How a call started: finished with a value, or an operation to drive until it completes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Started {
    /// Complete: the function returns this.
    Return(Value),
    /// Blocked until this completes (then the function returns `MPI_SUCCESS`).
    Wait(Pending),
}

/// `MPI_SUCCESS` as a start.
pub(crate) fn done() -> Result<Started, ErrorKind> {
    Ok(Started::Return(Value::Int(
        crate::libs::mpi::constants::MPI_SUCCESS,
    )))
}

/// The code of a function of the library whose state is `S`: checks and decodes the arguments,
/// reads and writes the rank's memory, issues operations through the engine.
pub(crate) type RunOn<S> =
    fn(&mut S, &Args<'_>, &mut Memory, &mut RankCtx<'_>) -> Result<Started, ErrorKind>;

/// The code of a function and the library whose state it runs on: each library keeps its own
/// state, and a function sees only its own library's.
#[derive(Copy, Clone)]
pub(crate) enum Run {
    /// An MPI function, on the rank's [`MpiState`].
    Mpi(RunOn<MpiState>),
    /// An ACP function, on the rank's [`AcpState`].
    Acp(RunOn<AcpState>),
    /// A PVM function, on the task's [`PvmState`].
    Pvm(RunOn<PvmState>),
}

/// One function of a library (MPI's, ACP's or PVM's): an entry of the binding table.
#[derive(Copy, Clone)]
pub struct MpiFunction {
    /// Its C signature, as the checker validates calls and the compiler evaluates arguments.
    pub sig: Builtin,
    /// Whether it may be called outside `MPI_Init` … `MPI_Finalize` (`MPI_Wtime`,
    /// `MPI_Initialized`, …; `MPI_Init` checks the phase itself).
    pub anytime: bool,
    /// What it does, on which library's state.
    pub(crate) run: Run,
}

impl MpiFunction {
    /// A function of the library whose code `run` is, returning an `int`.
    const fn entry(
        name: &'static str,
        note: &'static str,
        params: &'static [Param],
        run: Run,
        anytime: bool,
    ) -> Self {
        MpiFunction {
            sig: Builtin {
                name,
                params,
                variadic: false,
                result: BaseType::Int,
                result_pointers: 0,
                result_c: "",
                note,
            },
            anytime,
            run,
        }
    }

    /// An MPI function returning an `int` error code, callable between `MPI_Init` and
    /// `MPI_Finalize`; `note` says in one line how Rankscope models it (the reference shows it).
    pub(crate) const fn new(
        name: &'static str,
        note: &'static str,
        params: &'static [Param],
        run: RunOn<MpiState>,
    ) -> Self {
        MpiFunction::entry(name, note, params, Run::Mpi(run), false)
    }

    /// An ACP function on the rank's [`AcpState`] (callable whatever MPI's phase: ACP's life is
    /// its own).
    pub(crate) const fn acp(
        name: &'static str,
        note: &'static str,
        params: &'static [Param],
        run: RunOn<AcpState>,
    ) -> Self {
        MpiFunction::entry(name, note, params, Run::Acp(run), true)
    }

    /// A PVM function on the task's [`PvmState`] (callable whatever MPI's phase).
    pub(crate) const fn pvm(
        name: &'static str,
        note: &'static str,
        params: &'static [Param],
        run: RunOn<PvmState>,
    ) -> Self {
        MpiFunction::entry(name, note, params, Run::Pvm(run), true)
    }

    /// The same function returning a `double` (`MPI_Wtime`).
    pub(crate) const fn double(mut self) -> Self {
        self.sig.result = BaseType::Double;
        self
    }

    /// The same function returning `base` with `pointers` levels, spelt `c` in its header
    /// (ACP's `acp_ga_t`, `acp_handle_t`, `void *`, `void`).
    pub(crate) const fn returns(mut self, base: BaseType, pointers: u8, c: &'static str) -> Self {
        self.sig.result = base;
        self.sig.result_pointers = pointers;
        self.sig.result_c = c;
        self
    }

    /// The same function, callable before `MPI_Init` and after `MPI_Finalize`.
    pub(crate) const fn anytime(mut self) -> Self {
        self.anytime = true;
        self
    }

    /// Its C name.
    pub fn name(&self) -> &'static str {
        self.sig.name
    }
}

impl fmt::Debug for MpiFunction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sig.signature())
    }
}

impl PartialEq for MpiFunction {
    fn eq(&self, other: &Self) -> bool {
        self.sig == other.sig
    }
}

impl Eq for MpiFunction {}

/// The argument words of a call, in C order: integers as the program computed them (counts,
/// ranks, tags, handles; checked by the library, not trusted), pointers as addresses in the
/// rank's memory (0 = `NULL` = `MPI_STATUS_IGNORE`).
#[derive(Copy, Clone, Debug)]
pub struct Args<'a> {
    /// The function's name (for messages).
    pub name: &'static str,
    /// The words.
    pub words: &'a [i64],
}

impl Args<'_> {
    /// Integer argument `n` (0 if missing: the compiler passes exactly the arity).
    pub fn int(&self, n: usize) -> i64 {
        self.words.get(n).copied().unwrap_or(0)
    }

    /// Pointer argument `n`. Addresses in the heap segment come back sign-extended from 4-byte
    /// pointer variables; anything else that is no address becomes one that fails every check.
    pub fn addr(&self, n: usize) -> Addr {
        let word = self.int(n);
        match Addr::try_from(word) {
            Ok(addr) => addr,
            Err(_) if (i64::from(i32::MIN)..0).contains(&word) => word as i32 as Addr,
            Err(_) => Addr::MAX,
        }
    }
}

/// One call of an MPI function with its arguments evaluated (see [`Args`]).
#[derive(Clone, PartialEq, Eq)]
pub struct MpiCall {
    /// The function.
    pub function: &'static MpiFunction,
    /// The function's index in [`super::table::all`] (what messages' notes carry).
    pub index: u16,
    /// Its argument words, in C order.
    pub args: Vec<i64>,
    /// The 1-based source line of the call (0 = unknown), which the library's diagnostics name.
    pub line: u32,
}

impl MpiCall {
    /// A call of the function `name` (`None` if no such MPI function exists or the number of
    /// arguments is not its arity).
    pub fn named(name: &str, args: &[i64]) -> Option<MpiCall> {
        let (index, function) = super::table::find(name)?;
        (function.sig.params.len() == args.len()).then(|| MpiCall {
            function,
            index: u16::try_from(index).unwrap_or(u16::MAX),
            args: args.to_vec(),
            line: 0,
        })
    }

    /// The same call made at source line `line`.
    pub fn at_line(mut self, line: u32) -> MpiCall {
        self.line = line;
        self
    }

    /// The C function's name, e.g. `"MPI_Recv"`.
    pub fn name(&self) -> &'static str {
        self.function.name()
    }
}

impl fmt::Debug for MpiCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", self.name(), self.args)
    }
}
