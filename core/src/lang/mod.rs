//! The MPI C language: source text → syntax tree → checked program → bytecode → a resumable VM
//! that runs as a rank's [`Program`](crate::engine::Program).
//!
//! One folder per stage, in the order a program goes through them:
//!
//! | module | stage |
//! |---|---|
//! | [`syntax`] | tokens, lexer, preprocessor and the standard headers, parser, syntax tree, the editor's highlighting |
//! | [`sema`] | the checker (names, types, `printf` formats, suggestions) and the typed program it hands the compiler, the built-ins' table, static types and layouts |
//! | [`codegen`] | compilation to stack-machine bytecode, the bytecode, the peephole pass |
//! | [`vm`] | the resumable VM, a rank's byte memory and its checked heap, the MPI call table the VM uses |
//! | [`libc`] | the C library: signatures and implementations in one table; `printf`, `rand`, `strtol`, the data files' `FILE *` (`libc::files`) |
//! | [`diagnostic`] | messages with spans, rendered like a compiler's |
//! | [`sources`] | a program's files: `.c` translation units, `.h` headers, data files; laid out in one text whose spans find their file back |
//! | [`link`] | several translation units linked as C does: `static` private to its file, one definition per external name |
//! | [`load`](mod@load) | source (one file, or several: [`load_files`]) → compiled program → one VM per rank |
//! | [`launch`] | the one setup of a C program's run (compile, machine, VMs with arguments, one-sided words) |
//! | [`run_hint`](mod@run_hint) | an example's `rankscope run … -n N -p P` line |
//! | [`reference`](mod@reference) | the reference of every callable function (signature, how it is modelled), from the checker's tables |
//!
//! The libraries a program links (MPI, ACP, PVM) are [`crate::libs`]; the language reaches them
//! through their function table ([`vm::mpi_table`], [`sema::builtins`]).
//!
//! # The language
//!
//! C99 as MPI courses write it, with C's semantics on an LP64 machine (x86-64 Linux): the integer
//! types signed and unsigned (`char` signed, `long` and pointers 8 bytes), `float` (IEEE single,
//! rounded after every operation), `double`, `_Bool`, `struct`/`union` (nested, arrays of them,
//! `.`/`->`, assignment, by-value arguments, brace initializers with brace elision), `enum`,
//! `typedef`, pointers to anything including functions, arrays of up to 8 dimensions, C99's
//! variable-length arrays (locals and parameters like `int a[n][m]`, `sizeof` at run time),
//! user variadic functions with `<stdarg.h>`, `offsetof`, static locals, `extern`,
//! `switch`/`goto`/comma, and the C library. Checked by a differential test
//! against MPICH (`scripts/differential.py`, `tests/corpus/`) and by property tests against Rust's
//! native arithmetic (`core/tests/it/lang_arith.rs`).
//!
//! The big passes are folders split by concern (parser: decl, declarator, stmt, expr; check: ty,
//! decl, stmt, expr, call, format, suggest; compile: globals, stmt, convert, expr, ops, call). A
//! program goes:
//!
//! A program is one file or a set of files ([`sources`]): each `.c` file is preprocessed as a
//! translation unit of its own (`#include "x.h"` reads headers from the set), the units' tokens
//! are parsed into one tree (tags, `typedef`s and `enum` constants program-wide: a header's
//! identical declarations in several units are the same ones), [`link`] makes `static` names
//! private to their unit and checks one definition per name, then checking and compiling see
//! one program. Spans are offsets in the files laid out one after the other; a diagnostic is
//! given its file and a span in it ([`Diagnostic::file`]). Data files are each rank's own copy
//! (`libc::files`).
//!
//! - **preprocess** — the C preprocessor over the lexer's tokens: object- and function-like macros,
//!   the `#if` family, the standard headers' macros; every expanded token keeps a span in the
//!   user's source.
//! - **parser** — recursive descent that recovers at `;`, `}` and keywords, so every syntax error
//!   is reported in one pass; nesting limits; it resolves declarations: `typedef` names become
//!   types, `struct`/`union` tags index `Unit::records`, `enum` constants become literals,
//!   function-pointer declarators index `Unit::signatures`, literal suffixes become casts to the
//!   literal's C type.
//! - **check** — the one pass that resolves names and types expressions: unknown names with
//!   suggestions, argument counts and kinds of MPI and library calls, `printf` formats, `break`
//!   outside loops, labels…; what it finds is the typed program (`sema::typed`): a binding per
//!   name (keyed by the parser's node ids) and a type per expression, in the one `sema::types::Ty`.
//! - **compile** — reads the checker's bindings and types (it has no scopes of its own, and in
//!   debug builds checks that it emitted code for the checker's type of every expression); emits
//!   C's conversions (a left operand is converted under the right one with `Op::Swap`); record
//!   layouts from `sema::types::Layouts` with gcc's padding, every variable at an address in the
//!   rank's byte memory, bounds-checked array indexing, a span per operation. A variable-length
//!   array (`sema::types::Ty::Vla`) keeps its lengths in hidden frame slots found by the id of
//!   the size expression; its elements go on top of the rank's stack (`Op::StackAlloc`), sizes
//!   and strides are computed at run time, and the stack goes back when its block ends or its
//!   declaration runs again (`Op::StackTop`/`Op::StackRelease`), so a loop does not grow it. A
//!   variadic function gets one hidden last parameter: the address of a block in the caller's
//!   frame holding the further arguments, promoted, 8 bytes each, which `va_arg` (a parser
//!   rewrite to `*(type *)((ap += 8) - 8)`) and `vprintf`'s family (`libc/vprintf.rs`) read.
//! - **peephole** — common pairs (an assignment statement's store + pop, `i++;`, a constant
//!   operand, an index check + address) become one fused operation that counts as the two it
//!   replaces, so step limits and charged time are the unfused code's: the fingerprint is
//!   unchanged, and the VM dispatches about a fifth fewer times.
//! - **vm** — a stack machine of 64-bit words: `int` operations have their own fast `Op::Int`,
//!   other widths `Op::Wide`, loads and stores by `bytecode::Scalar`; a `Program` that suspends
//!   inside blocking MPI calls and modelled delays.
//!
//! The C library is one table, `libc::LIBC`: each function's C signature (which the checker and
//! compiler read) and its implementation on the rank's memory, so adding a library function is one
//! row (its implementation in a file by topic: `libc/string.rs`, `ctype.rs`, `stdio.rs`,
//! `math.rs`, `getopt.rs`, `assert.rs`); `qsort` and `bsearch` are the ones the VM runs itself
//! (`Vm::qsort`, `Vm::bsearch`), since their comparisons call back into the program
//! (`Vm::callback`), and the VM runs `atexit`'s handlers the same way when the rank exits. A
//! library call writes to the rank's console line (`stdout`) or its error stream (`stderr`,
//! `ConsoleLine::stderr`, a `Console` trace record hashed under its own tag so standard output
//! keeps its hashes); `assert` compiles to a test and, when it fails, a call whose source text is
//! the condition for glibc's message. `malloc` and friends allocate from the heap segment through
//! `heap::Blocks`, a block table with red zones and a quarantine (as AddressSanitizer), so an
//! overrun, a use after `free`, a double `free` or a bad `free` is a runtime error naming the lines
//! of the allocation and the `free`. `printf` is glibc's format syntax (`libc/printf.rs`, tested
//! against the host's `snprintf`); `rand` is glibc's generator; `main`'s `argv` comes from
//! `lang::ranks_with_args`. Every failure is a `Diagnostic` rendered with file:line:col, the line,
//! a caret and notes (the call stack for runtime errors); compile and runtime errors stay English,
//! as a C compiler's do.
//!
//! Plain C takes time: each profile's `[cpu.ops]` gives cycles per class of bytecode operation, and
//! the VM owes them until the next operation that communicates, reads the clock, shows something or
//! blocks, where the rank computes that long first (`Vm::charge`; the model and the rules are
//! [`crate::machine::hw::op_costs`]'s).

pub mod codegen;
pub mod diagnostic;
pub mod launch;
pub mod libc;
pub mod link;
pub mod load;
pub mod reference;
pub mod run_hint;
pub mod sema;
pub mod sources;
pub mod syntax;
pub mod vm;

pub use diagnostic::Diagnostic;
pub use launch::{Launch, LaunchError};
pub use load::{define_flag, load, load_files, load_files_defining, ranks, ranks_with_args};
pub use run_hint::{run_hint, RunHint};
pub use sema::check::front_end;
pub use sources::SourceFile;
pub use vm::{parse_memory, Vm, VmLimits, DEFAULT_MAX_OPS, DEFAULT_MEMORY, MAX_MEMORY};

/// Words of one-sided memory per rank that C programs need (`SimConfig::words_per_rank`): the
/// record and queue nodes of the global lock behind `MPI_Win_lock` and `MPI_Win_lock_all`
/// (any `LockScheme`: paper 003's MCS readers/writer lock needs the most). Every run of a C
/// program sets it.
pub const RMA_WORDS: u32 = crate::locks::LockScheme::MAX_WORDS;
