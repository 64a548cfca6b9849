//! The bytecode: a flat list of stack-machine operations with a source span for each, plus the
//! data a program needs at run time (functions, globals, string literals).
//!
//! Values on the evaluation stack are 64-bit words: `int`s (and chars, handles, addresses) as
//! sign-extended integers, `double`s as their IEEE bits. Operations are typed by the compiler, so
//! the VM never inspects a value's type.

use std::rc::Rc;

use super::ast::Span;
use super::memory::Addr;

/// A built-in the VM executes itself (not an MPI call).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `compute(µs)`: stay busy for that long (a double).
    Compute,
    /// `flops(n)`: stay busy for the machine's time for `n` floating-point operations.
    Flops,
    /// `yield()`: let handlers run (an EM-X block boundary).
    Yield,
    /// `usleep(µs)`.
    Usleep,
    /// `nanosleep(ns)`.
    Nanosleep,
    /// `sqrt(x)`.
    Sqrt,
    /// `fabs(x)`.
    Fabs,
    /// `abs(i)`.
    Abs,
}

/// How `printf` should read one argument from the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// An integer (int, char, handle).
    Int,
    /// A double.
    Double,
    /// An address (for `%s` or `%p`).
    Addr,
}

/// One operation.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Op {
    /// Push an integer.
    PushInt(i64),
    /// Push a double.
    PushDouble(f64),
    /// Discard the top value.
    Pop,
    /// Duplicate the top value.
    Dup,
    /// Push frame pointer + offset (the address of a local).
    AddrLocal(u32),
    /// Load the `int` at frame pointer + offset.
    LoadLocalInt(u32),
    /// Load the `double` at frame pointer + offset.
    LoadLocalDouble(u32),
    /// Pop a value and store it as an `int` at frame pointer + offset; push it back.
    StoreLocalInt(u32),
    /// Pop an address, push the `int` there.
    LoadInt,
    /// Pop an address, push the `double` there.
    LoadDouble,
    /// Pop an address, push the `char` there (as an int).
    LoadChar,
    /// Pop a value, pop an address, store the value as `int`, push the value.
    StoreInt,
    /// Same for `double`.
    StoreDouble,
    /// Same for `char` (truncating); pushes the truncated value.
    StoreChar,
    /// Pop `n` bytes' worth: pop a source address then a destination address, copy `n` bytes
    /// (struct assignment), push the destination.
    Copy(u32),
    /// Pop an address, add `delta` to the `int`/`char`/`double`/pointer there; push the new
    /// value (`post = false`) or the old one (`post = true`). `stride` scales pointers.
    IncInt {
        /// Amount.
        delta: i32,
        /// Push the old value.
        post: bool,
    },
    /// Like `IncInt` for a `char`.
    IncChar {
        /// Amount.
        delta: i32,
        /// Push the old value.
        post: bool,
    },
    /// Like `IncInt` for a `double`.
    IncDouble {
        /// Amount.
        delta: i32,
        /// Push the old value.
        post: bool,
    },
    /// Integer arithmetic and comparisons on the two top values (32-bit wrapping).
    Int(IntOp),
    /// Double arithmetic and comparisons on the two top values.
    Double(DoubleOp),
    /// Negate the top int.
    NegInt,
    /// Negate the top double.
    NegDouble,
    /// Logical not of the top int (0 → 1, else 0).
    NotInt,
    /// Bitwise not of the top int.
    BitNotInt,
    /// Top double → 0/1 truth value.
    DoubleTruth,
    /// Convert the top int to a double.
    IntToDouble,
    /// Convert the top double to an int (truncating toward zero; NaN and overflow are errors).
    DoubleToInt,
    /// Truncate the top int to a char's range (casts to `char`).
    IntToChar,
    /// Pop an index, check `0 <= index < len` (an out-of-bounds error names both).
    CheckIndex(u32),
    /// Pop an int `i`, pop an address `a`, push `a + i * stride` (checked for overflow).
    AddrOffset(u32),
    /// Pop two addresses, push `(a - b) / stride`.
    AddrDiff(u32),
    /// Jump to an operation index.
    Jump(u32),
    /// Pop an int; jump if it is zero.
    JumpIfZero(u32),
    /// Pop an int; jump if it is not zero.
    JumpIfNotZero(u32),
    /// Call user function `index` with `args` values on the stack.
    Call {
        /// Index into [`Compiled::functions`].
        function: u32,
        /// Number of argument words.
        args: u32,
    },
    /// Return from the current function; `value` says whether the top of stack is the result.
    Return {
        /// A result is on the stack.
        value: bool,
    },
    /// A VM built-in with `args` values on the stack.
    Builtin(Builtin, u32),
    /// `printf`: the format's address and the arguments (kinds listed at `kinds` in
    /// [`Compiled::printf_kinds`]) are on the stack.
    Printf {
        /// Index of the argument-kind list.
        kinds: u32,
    },
    /// An MPI call: `function` indexes [`super::mpi_table::MPI_FUNCTIONS`] and `args` words are on
    /// the stack.
    Mpi {
        /// Which MPI function.
        function: u16,
        /// Number of arguments.
        args: u16,
    },
    /// The program finished (`main` returned).
    Halt,
}

/// Integer binary operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/` (division by zero is a runtime error).
    Div,
    /// `%` (by zero is a runtime error).
    Rem,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
}

/// Double binary operations (comparisons push ints).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/` (IEEE: by zero gives ±inf, as in C).
    Div,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
}

/// A compiled user function.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionInfo {
    /// Its name.
    pub name: String,
    /// First operation.
    pub entry: u32,
    /// Bytes of its frame (parameters first, then locals).
    pub frame_size: u32,
    /// Offsets and kinds of its parameters in the frame.
    pub params: Vec<(u32, ArgKind, u32)>,
    /// Whether it returns a value.
    pub returns_value: bool,
    /// Whether that value is a double.
    pub returns_double: bool,
    /// Its span (for the call stack).
    pub span: Span,
}

/// A whole compiled program, shared by every rank running it.
#[derive(Clone, Debug, PartialEq)]
pub struct Compiled {
    /// The operations.
    pub code: Vec<Op>,
    /// The source span of each operation (same length as `code`).
    pub spans: Vec<Span>,
    /// User functions; `main` is at `main`.
    pub functions: Vec<FunctionInfo>,
    /// Index of `main` in `functions`.
    pub main: u32,
    /// Initial bytes of the global area (globals and string literals), placed at `globals_base`.
    pub globals: Vec<u8>,
    /// Address of the global area.
    pub globals_base: Addr,
    /// Argument kinds of each `printf` call site.
    pub printf_kinds: Vec<Vec<ArgKind>>,
    /// The source text (for line numbers in runtime errors).
    pub source: Rc<str>,
    /// The file name shown in diagnostics.
    pub file: Rc<str>,
}
