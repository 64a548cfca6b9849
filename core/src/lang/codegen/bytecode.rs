//! The bytecode: a flat list of stack-machine operations with a source span for each, plus the
//! data a program needs at run time (functions, globals, string literals).
//!
//! Values on the evaluation stack are 64-bit words: `int`s (and chars, handles, addresses) as
//! sign-extended integers, `double`s as their IEEE bits. Operations are typed by the compiler, so
//! the VM never inspects a value's type.

use std::rc::Rc;

use crate::lang::sources::{FileMap, SourceFile};
use crate::lang::syntax::ast::Span;
use crate::lang::vm::memory::Addr;

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
}

/// A scalar in memory: how many bytes the VM loads or stores, and how it widens the value to a
/// stack word (sign- or zero-extension, `_Bool` normalization, `float` ↔ `double`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `_Bool`: one byte; storing any non-zero value stores 1.
    Bool,
    /// `char`.
    I8,
    /// `unsigned char`.
    U8,
    /// `short`.
    I16,
    /// `unsigned short`.
    U16,
    /// `int`.
    I32,
    /// `unsigned int`.
    U32,
    /// `long`, `unsigned long` and pointers (the stack word's bits as they are).
    I64,
    /// `float` (a `double` on the stack, rounded to single precision when stored).
    F32,
    /// `double`.
    F64,
}

impl Scalar {
    /// Bytes in memory.
    pub fn bytes(self) -> u32 {
        match self {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::F64 => 8,
        }
    }

    /// An integer stack word narrowed to this integer scalar's range as C converts it
    /// (truncation modulo 2^bits, then sign- or zero-extension; non-zero → 1 for `_Bool`).
    pub fn narrow(self, v: i64) -> i64 {
        match self {
            Scalar::Bool => i64::from(v != 0),
            Scalar::I8 => i64::from(v as i8),
            Scalar::U8 => i64::from(v as u8),
            Scalar::I16 => i64::from(v as i16),
            Scalar::U16 => i64::from(v as u16),
            Scalar::I32 => i64::from(v as i32),
            Scalar::U32 => i64::from(v as u32),
            Scalar::I64 | Scalar::F32 | Scalar::F64 => v,
        }
    }
}

/// The width and signedness of integer arithmetic after C's usual conversions, for operations
/// not in `int` (which has its own faster [`Op::Int`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntMode {
    /// `unsigned int`: modulo 2³², unsigned comparisons, logical shifts.
    U32,
    /// `long`: 64-bit two's complement.
    I64,
    /// `unsigned long`: modulo 2⁶⁴.
    U64,
}

/// Where `printf`-like text goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrintTo {
    /// The rank's console (`printf`).
    Console,
    /// The `FILE *` pushed before the format (`fprintf`): `stdout` the console, `stderr` the
    /// rank's error stream, else a data file (`fopen`).
    Stream,
    /// A buffer (`sprintf`).
    Buffer,
    /// A buffer of a given size (`snprintf`).
    BoundedBuffer,
}

/// The tag of a function pointer's value: `FN_TAG | index` names function `index` (data
/// addresses stay below 2³²).
pub const FN_TAG: i64 = 1 << 40;

/// How one argument reaches a callee's frame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pass {
    /// A scalar value, stored as this scalar.
    Scalar(Scalar),
    /// A `struct` or `union` by value: the stack holds its address; this many bytes are copied.
    Copy(u32),
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
    /// Exchange the two top values.
    Swap,
    /// Pop an address and set `n` bytes there to zero (a local's fresh value).
    Zero(u32),
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
    /// Pop an address, push the scalar there widened to a stack word.
    Load(Scalar),
    /// Pop a value, pop an address, store the value as `int`, push the value.
    StoreInt,
    /// Same for `double`.
    StoreDouble,
    /// Pop a value, pop an address, store the value as this scalar (it is already converted to
    /// the scalar's type); push the value.
    Store(Scalar),
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
    /// Like `IncInt` for any integer scalar or pointer (`delta` already scaled by the stride).
    IncScalar {
        /// What is incremented.
        scalar: Scalar,
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
    /// Integer arithmetic and comparisons in `unsigned int`, `long` or `unsigned long`.
    Wide(IntOp, IntMode),
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
    /// Convert the top (signed) integer to a double.
    IntToDouble,
    /// Convert the top `unsigned long` to a double.
    U64ToDouble,
    /// Convert the top double to an integer scalar (truncating toward zero; NaN and values out
    /// of the target's range are errors, where C's behaviour is undefined).
    DoubleTo(Scalar),
    /// Narrow the top integer to an integer scalar's range (a cast or an assignment).
    Narrow(Scalar),
    /// Round the top double to single precision (`float` arithmetic and conversions).
    RoundFloat,
    /// Pop an index, check `0 <= index < len` (an out-of-bounds error names both).
    CheckIndex(u32),
    /// Pop an int `i`, pop an address `a`, push `a + i * stride` (checked for overflow).
    AddrOffset(u32),
    /// Pop a variable-length array's length; check the index under it, `0 <= index < len`.
    CheckIndexLen,
    /// Pop a byte count; allocate that many zeroed bytes on top of the rank's stack (a
    /// variable-length array) and push their address.
    StackAlloc,
    /// Push the address of the top of the rank's stack (where a variable-length array will go).
    StackTop,
    /// Pop an address from [`Op::StackTop`]; when it is not 0, release the stack down to it (the
    /// variable-length arrays allocated since are gone).
    StackRelease,
    /// Pop two addresses, push `(a - b) / stride`.
    AddrDiff(u32),
    /// `PushInt(imm)` then `Int(op)` fused ([`crate::lang::codegen::peephole`]): the top int `op` `imm`.
    /// Counts as the two operations it replaces.
    IntImm(IntOp, i32),
    /// `IntImm(cmp, imm)` then `JumpIfZero(target)` fused (a loop's `i < N`): compare the top
    /// int with `imm`, jump when the comparison is false. Counts as the three operations it
    /// replaces (`PushInt`, `Int`, `JumpIfZero`). Only comparisons, which cannot fail.
    CmpImmJumpIfZero(IntOp, i32, u32),
    /// `Int(cmp)` then `JumpIfZero(target)` fused: counts as those two operations.
    CmpJumpIfZero(IntOp, u32),
    /// `Double(cmp)` then `JumpIfZero(target)` fused: counts as those two operations.
    DoubleCmpJumpIfZero(DoubleOp, u32),
    /// `StoreInt` then `Pop` fused: pop a value and an address, store the value as `int`.
    StoreIntPop,
    /// `StoreDouble` then `Pop` fused.
    StoreDoublePop,
    /// `StoreLocalInt(off)` then `Pop` fused: pop a value, store it at frame pointer + offset.
    StoreLocalIntPop(u32),
    /// `IncInt { delta, .. }` then `Pop` fused: add `delta` to the `int` at the popped address.
    IncIntPop {
        /// Amount.
        delta: i32,
    },
    /// `CheckIndex(len)` then `AddrOffset(stride)` fused: pop an index (checked against `len`)
    /// and an address, push the element's address.
    Index {
        /// The array's length.
        len: u32,
        /// The element size.
        stride: u32,
    },
    /// `LoadLocalInt(off)` then `Index { len, stride }` fused (`a[i]` with a local `i`): the
    /// local `int` at frame pointer + `off` is the index (checked against `len`); pop an address,
    /// push the element's. Counts as the three operations it replaces; its source span is the
    /// index's, where an out-of-bounds error points.
    IndexLocal {
        /// The index's frame offset.
        off: u32,
        /// The array's length.
        len: u32,
        /// The element size.
        stride: u32,
    },
    /// `IndexLocal { off, len, stride }` then a load of the element (`LoadInt`, `LoadDouble`
    /// or `Load(scalar)`) fused (`x = a[i]`): push the element. Counts as the four operations
    /// it replaces.
    IndexLocalLoad {
        /// What the load reads (`I32` for `LoadInt`, `F64` for `LoadDouble`).
        scalar: Scalar,
        /// The index's frame offset.
        off: u32,
        /// The array's length.
        len: u32,
        /// The element size.
        stride: u32,
    },
    /// `AddrLocal(off)` then `Load(scalar)` fused: push the local scalar at frame pointer +
    /// `off`. Counts as two operations.
    LoadLocal(Scalar, u32),
    /// `PushInt(addr)` then `Load(scalar)` fused (a global's value): push the scalar at `addr`.
    /// Counts as two operations.
    LoadAt(Scalar, u32),
    /// `Store(scalar)` then `Pop` fused (an assignment statement). Counts as two operations.
    StorePop(Scalar),
    /// `LoadLocalInt(off)` then `AddrOffset(stride)` fused (`p[i]`, `p + i` with a local
    /// `int` `i`): pop an address, push it plus the local times `stride`. Counts as two
    /// operations; its source span is the offset's.
    AddrOffsetLocal {
        /// The `int`'s frame offset.
        off: u32,
        /// The element size.
        stride: u32,
    },
    /// `AddrLocal(off)` then `Zero(n)` fused (a local's declaration): zero `n` bytes at frame
    /// pointer + `off`. Counts as two operations.
    ZeroLocal {
        /// The local's frame offset.
        off: u32,
        /// Bytes.
        n: u32,
    },
    /// `AddrLocal(off)` then `IncIntPop { delta }` fused (`i++;`): add `delta` to the local
    /// `int` at frame pointer + `off`. Counts as the three operations it replaces.
    IncLocalIntPop {
        /// The `int`'s frame offset.
        off: u32,
        /// Amount.
        delta: i32,
    },
    /// `NotInt` then `JumpIfZero(t)` fused: pop an int; jump if it is not zero. Counts as two
    /// operations.
    NotJumpIfZero(u32),
    /// `Dup` then `JumpIfZero(t)` fused (`&&`): jump if the top of the stack is zero, leaving it
    /// there. Counts as two operations.
    PeekJumpIfZero(u32),
    /// `Dup` then `JumpIfNotZero(t)` fused (`||`): jump if the top of the stack is not zero,
    /// leaving it there. Counts as two operations.
    PeekJumpIfNotZero(u32),
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
    /// Call the function a function pointer names: the pointer was pushed before the `args`
    /// argument words.
    CallIndirect {
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
    /// `printf` and its relatives: the destination (for `sprintf`: the buffer's address, and
    /// for `snprintf` its size), the format's address and the arguments (kinds listed at `kinds`
    /// in [`Compiled::printf_kinds`]) are on the stack; pushes the length of the text.
    Printf {
        /// Index of the argument-kind list.
        kinds: u32,
        /// Where the text goes.
        to: PrintTo,
    },
    /// A C library function ([`crate::lang::libc::LIBC`]`[index]`) with `args` words on the stack.
    Lib {
        /// Which function.
        index: u16,
        /// Number of arguments.
        args: u16,
    },
    /// An MPI call: `function` indexes [`crate::lang::vm::mpi_table::MPI_FUNCTIONS`] and `args` words are on
    /// the stack.
    Mpi {
        /// Which MPI function.
        function: u16,
        /// Number of arguments.
        args: u16,
    },
    /// Push `main`'s `argc` and `argv`: the rank's command-line arguments, placed in memory as
    /// NUL-terminated strings with a `NULL`-ended array of pointers to them.
    Args,
    /// The program finished (`main` returned).
    Halt,
}

// An operation stays two words: the dispatch loop copies one per step.
const _: () = assert!(std::mem::size_of::<Op>() == 16);

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
    /// Offsets of its parameters in the frame and how each argument is passed.
    pub params: Vec<(u32, Pass)>,
    /// Whether it returns a value.
    pub returns_value: bool,
    /// Whether that value is a double.
    pub returns_double: bool,
    /// Its span (for the call stack).
    pub span: Span,
    /// Its largest local variable: name, bytes and declaration (where a frame too large for the
    /// rank's memory is reported).
    pub largest_local: Option<(String, u32, Span)>,
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
    /// Byte offset of the start of each source line after the first (for [`Compiled::line_of`]).
    pub line_starts: Vec<u32>,
    /// The program's `.c` and `.h` files in `source` (one file: `source` itself).
    pub files: Rc<FileMap>,
    /// The data files every rank starts with (`fopen` reads them).
    pub data: Vec<SourceFile>,
    /// Where the rank's `errno` is, when the program names it (`<errno.h>`): the library's
    /// file functions set it there.
    pub errno: Option<Addr>,
}

impl Compiled {
    /// Offsets where the source's lines after the first start (what [`Compiled::line_of`] reads).
    pub fn line_starts(source: &str) -> Vec<u32> {
        source
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'\n')
            .map(|(i, _)| u32::try_from(i + 1).unwrap_or(u32::MAX))
            .collect()
    }

    /// The 1-based source line of operation `pc` (a binary search, cheap enough per MPI call),
    /// in its own file.
    pub fn line_of(&self, pc: usize) -> u32 {
        let at = self.spans.get(pc).map_or(0, |s| s.start);
        self.line_at(at) as u32
    }

    /// The 1-based line of offset `at` of `source`, in its own file (a binary search).
    pub fn line_at(&self, at: usize) -> usize {
        let at32 = u32::try_from(at).unwrap_or(u32::MAX);
        let before = self.line_starts.partition_point(|&start| start <= at32);
        if self.files.files.len() < 2 {
            return before + 1;
        }
        let base = self.files.files[self.files.file_at(at)].base;
        let base32 = u32::try_from(base).unwrap_or(u32::MAX);
        before + 1 - self.line_starts.partition_point(|&start| start <= base32)
    }

    /// The name of the file offset `at` is in.
    pub fn file_at(&self, at: usize) -> &str {
        if self.files.files.len() < 2 {
            &self.file
        } else {
            &self.files.files[self.files.file_at(at)].name
        }
    }

    /// Where offset `at` is, for a person: `line 12`, or `util.c:12` in a program of several
    /// files.
    pub fn place(&self, at: usize) -> String {
        let line = self.line_at(at);
        if self.files.files.len() < 2 {
            format!("line {line}")
        } else {
            let name = &self.files.files[self.files.file_at(at)].name;
            format!("{name}:{line}")
        }
    }
}
