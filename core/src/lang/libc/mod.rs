//! The C library a course's programs call — `<stdlib.h>`, `<string.h>`, `<math.h>`, and the
//! parts of `<stdio.h>`, `<time.h>` and `<unistd.h>` that are not `printf` — in one table: each
//! function's C signature and its implementation on the rank's memory. The checker and the
//! compiler read the signatures from [`LIBC`]; the VM runs the implementations. Adding a function
//! is one row here and the function it names.
//!
//! Semantics are C's (glibc's where C leaves a choice); where C's behaviour is undefined — a
//! string without its terminating zero, a negative size — the call fails with a message rather
//! than corrupting memory. Time answers in simulated time: `time`, `clock` and `gettimeofday`
//! read the rank's clock, `sleep` and `usleep` advance it.
//!
//! Beside the table: C's [`printf`] formatting, glibc's [`rand`](mod@rand) and `random`,
//! [`strto`]`l`/`d` with `atoi`/`atof`, and by topic: [`assert`](mod@assert) and `abort`,
//! [`ctype`], the searching and splitting [`string`] functions, the standard streams and
//! `sscanf` ([`stdio`]), the [`math`] functions Rust has no method for, and [`getopt`].
//! The library's own state per rank (the generator, `strtok`'s position, `getopt`'s,
//! `atexit`'s handlers) is one [`State`].

pub mod assert;
pub mod ctype;
pub mod files;
pub mod getopt;
pub mod math;
pub mod printf;
pub mod rand;
pub mod resource;
pub mod stdio;
pub mod string;
pub mod strto;
mod vprintf;

use crate::lang::libc::rand::LibcRandom;
use crate::lang::sema::types::Ty;
use crate::lang::syntax::headers::DIV_RECORD;
use crate::lang::vm::memory::{Addr, MemError, Memory};
use crate::time::SimTime;

/// A C type in a library signature.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum C {
    /// `void` (results only).
    Void,
    /// `int`.
    Int,
    /// `unsigned int`.
    UInt,
    /// `long`.
    Long,
    /// `size_t`.
    SizeT,
    /// `double`.
    Double,
    /// `float`.
    Float,
    /// `void *` (any pointer converts to it).
    VoidPtr,
    /// `char *` / `const char *` (any pointer is accepted, as C does with a warning at most).
    CharPtr,
    /// A pointer to a function (`qsort`'s comparison).
    FnPtr,
    /// `va_list` (`<stdarg.h>`): the address of a variadic function's next further argument.
    VaList,
    /// `long long`.
    LLong,
    /// `unsigned long` / `unsigned long long`.
    ULong,
    /// `int *`.
    IntPtr,
    /// `double *`.
    DoublePtr,
    /// `char **`.
    CharPtrPtr,
    /// `FILE *`.
    File,
    /// A pointer to a function of no arguments (`atexit`'s handler).
    VoidFn,
    /// `div_t` (a result only: the compiler passes the address of the caller's slot first, and
    /// the function returns it).
    DivT,
    /// `ldiv_t` (as `div_t`).
    LDivT,
    /// `lldiv_t` (as `div_t`).
    LLDivT,
}

impl C {
    /// The compiler's type for it.
    pub fn ty(self) -> Ty {
        match self {
            C::Void => Ty::Void,
            C::Int => Ty::INT,
            C::UInt => Ty::Int(crate::lang::sema::types::IntTy::UINT),
            C::Long => Ty::LONG,
            C::SizeT => Ty::ULONG,
            C::Double => Ty::Double,
            C::Float => Ty::Float,
            C::VoidPtr => Ty::Ptr(Box::new(Ty::Void)),
            C::CharPtr => Ty::Ptr(Box::new(Ty::CHAR)),
            C::FnPtr | C::VoidFn | C::File => Ty::Ptr(Box::new(Ty::Void)),
            C::VaList => Ty::Ptr(Box::new(Ty::CHAR)),
            C::LLong => Ty::LONG,
            C::ULong => Ty::ULONG,
            C::IntPtr => Ty::Ptr(Box::new(Ty::INT)),
            C::DoublePtr => Ty::Ptr(Box::new(Ty::Double)),
            C::CharPtrPtr => Ty::Ptr(Box::new(Ty::Ptr(Box::new(Ty::CHAR)))),
            C::DivT => Ty::Record(DIV_RECORD),
            C::LDivT => Ty::Record(DIV_RECORD + 1),
            C::LLDivT => Ty::Record(DIV_RECORD + 2),
        }
    }

    /// A pointer parameter or result.
    pub fn is_pointer(self) -> bool {
        matches!(
            self,
            C::VoidPtr
                | C::CharPtr
                | C::FnPtr
                | C::VaList
                | C::IntPtr
                | C::DoublePtr
                | C::CharPtrPtr
                | C::File
                | C::VoidFn
        )
    }

    /// How it is written in C.
    pub fn text(self) -> &'static str {
        match self {
            C::Void => "void",
            C::Int => "int",
            C::UInt => "unsigned int",
            C::Long => "long",
            C::SizeT => "size_t",
            C::Double => "double",
            C::Float => "float",
            C::VoidPtr => "void *",
            C::CharPtr => "char *",
            C::FnPtr => "int (*)(const void *, const void *)",
            C::VaList => "va_list",
            C::LLong => "long long",
            C::ULong => "unsigned long",
            C::IntPtr => "int *",
            C::DoublePtr => "double *",
            C::CharPtrPtr => "char **",
            C::File => "FILE *",
            C::VoidFn => "void (*)(void)",
            C::DivT => "div_t",
            C::LDivT => "ldiv_t",
            C::LLDivT => "lldiv_t",
        }
    }

    /// A struct result, returned through the caller's slot.
    pub fn is_record(self) -> bool {
        matches!(self, C::DivT | C::LDivT | C::LLDivT)
    }
}

/// What a library call does to the rank besides its result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Done {
    /// Returns this stack word.
    Value(i64),
    /// `exit(status)`: the rank ends.
    Exit(i32),
    /// Stays busy (asleep) for this long, then returns 0.
    Sleep(SimTime),
}

/// The library's state in one rank, kept between calls.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    /// The rank's `rand`/`random` state (glibc's generator, seeded with 1 at start).
    pub rand: LibcRandom,
    /// Where `strtok(NULL, …)` continues (0 before the first call).
    pub strtok: i64,
    /// `getopt`'s position and variables.
    pub getopt: getopt::Getopt,
    /// The functions `atexit` registered, in order (they run in reverse at exit).
    pub atexit: Vec<i64>,
    /// Strings the library hands out for the whole run (`strerror`'s), by text.
    strings: Vec<(String, i64)>,
}

impl State {
    /// The address of `text` as a string of the library, placed in the rank's memory once.
    pub fn library_string(&mut self, mem: &mut Memory, text: &str) -> Result<i64, String> {
        if let Some((_, at)) = self.strings.iter().find(|(t, _)| t == text) {
            return Ok(*at);
        }
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        let at = mem.alloc_heap(bytes.len() as u32, 1).map_err(mem_err)?;
        mem.write(at, &bytes).map_err(mem_err)?;
        self.strings.push((text.to_string(), i64::from(at)));
        Ok(i64::from(at))
    }
}

/// Where a call is, for messages that name it (`assert`'s).
#[derive(Copy, Clone, Debug, Default)]
pub struct Site<'a> {
    /// `argv[0]`.
    pub prog: &'a str,
    /// The source file's name.
    pub file: &'a str,
    /// The function the call is in.
    pub function: &'a str,
    /// The call's source text (for `assert`: its condition).
    pub text: &'a str,
}

/// What an implementation may use: the rank's memory, console line, clock and identity.
pub struct Lib<'a> {
    /// The rank's memory.
    pub mem: &'a mut Memory,
    /// The console line being written (`puts` and `putchar` append; a newline flushes it).
    pub out: &'a mut String,
    /// Text for the rank's error stream (`stderr`); a newline shows a line.
    pub err: &'a mut String,
    /// Source line of the call (for the heap's messages).
    pub line: u32,
    /// The rank's simulated clock.
    pub now: SimTime,
    /// The simulated node's host name.
    pub host: &'a str,
    /// The library's state in this rank.
    pub state: &'a mut State,
    /// Where the call is.
    pub site: Site<'a>,
    /// The rank's data files and open `FILE *` streams.
    pub files: &'a mut files::Files,
    /// Bytes the call read or wrote in bulk (`memcpy`, `memset`, `calloc`, …), which the
    /// processor's per-byte cost charges.
    pub moved: u64,
}

/// An implementation: the argument words in order.
pub type Run = fn(&mut Lib<'_>, &[i64]) -> Result<Done, String>;

/// How a function is carried out.
#[derive(Copy, Clone)]
pub enum Impl {
    /// By its own code.
    Call(Run),
    /// A one-argument `<math.h>` function on `double`s.
    Math1(fn(f64) -> f64),
    /// A two-argument one.
    Math2(fn(f64, f64) -> f64),
    /// `qsort`, which the VM runs itself (its comparisons call back into the program).
    Sort,
    /// `bsearch`, which the VM runs itself (the same).
    Search,
    /// A one-argument `<math.h>` function on `float`s, computed in `double`.
    Math1F(fn(f64) -> f64),
    /// A two-argument one.
    Math2F(fn(f64, f64) -> f64),
    /// A function of its arguments, the rank's memory and the library's state alone (no line,
    /// clock, console, files or bytes charged per byte): the VM runs it in its dispatch loop
    /// without building a [`Lib`] (`random`, `strchr`, `strlen`, …).
    Light(Light),
}

/// A [`Impl::Light`] function: the argument words in order; its result word.
pub type Light = fn(&Memory, &mut State, &[i64]) -> Result<i64, String>;

/// One library function.
pub struct LibFn {
    /// Its C name.
    pub name: &'static str,
    /// Its parameters.
    pub params: &'static [C],
    /// Its result.
    pub ret: C,
    /// Its implementation.
    pub run: Impl,
    /// It reads the clock or shows something (output, sleep, exit): the program's operations
    /// before it are charged first, so it happens at the right simulated time.
    pub clocked: bool,
    /// The header that declares it (`"stdlib.h"`, one of `headers::HEADERS`).
    pub header: &'static str,
    /// How Rankscope carries it out, in one line (the reference shows it).
    pub note: &'static str,
    /// It takes more arguments after its parameters (`sscanf`'s pointers), as `...`.
    pub variadic: bool,
}

const STDLIB: &str = "stdlib.h";
const STRING: &str = "string.h";
const STDIO: &str = "stdio.h";
const MATH: &str = "math.h";
const TIME: &str = "time.h";
const SYS_TIME: &str = "sys/time.h";
const SYS_RESOURCE: &str = "sys/resource.h";
const UNISTD: &str = "unistd.h";
const STRINGS: &str = "strings.h";
const CTYPE: &str = "ctype.h";
const ASSERT: &str = "assert.h";
/// The note of the `<ctype.h>` class tests.
const CTYPE_NOTE: &str =
    "The C locale; glibc's nonzero value (its table's bit for the class), 0 for `EOF`.";
/// The note of the `<math.h>` functions on `float`s.
const MATHF_NOTE: &str = "In `float`: computed in `double`, rounded to single.";
/// The note of the `<math.h>` functions on `double`s.
const MATH_NOTE: &str = "On `double`s, IEEE 754 (Rust's `f64`).";

impl LibFn {
    /// `void *malloc(size_t)`.
    pub fn signature(&self) -> String {
        let params: Vec<&str> = self.params.iter().map(|p| p.text()).collect();
        let ret = self.ret.text();
        let sep = if ret.ends_with('*') { "" } else { " " };
        let dots = if self.variadic { ", ..." } else { "" };
        format!("{ret}{sep}{}({}{dots})", self.name, params.join(", "))
    }
}

/// The functions, in a fixed order (the bytecode refers to them by index).
pub static LIBC: &[LibFn] = &[
    // <stdlib.h>
    f("malloc", STDLIB, "From the checked heap (red zones and a quarantine, as AddressSanitizer): an overrun or a use after `free` is an error naming the lines; `NULL` when the heap is full.", &[C::SizeT], C::VoidPtr, malloc),
    f("calloc", STDLIB, "`malloc`, then zeroed (charged per byte).", &[C::SizeT, C::SizeT], C::VoidPtr, calloc),
    f("realloc", STDLIB, "A new block with the old bytes copied (charged per byte), the old one freed.", &[C::VoidPtr, C::SizeT], C::VoidPtr, realloc),
    f("free", STDLIB, "The block goes to the heap's quarantine; a double or bad `free` is an error naming the lines.", &[C::VoidPtr], C::Void, free),
    clocked(f("exit", STDLIB, "Ends the rank with this status.", &[C::Int], C::Void, |_, a| {
        Ok(Done::Exit(a[0] as i32))
    })),
    light("abs", STDLIB, "C's, wrapping at `INT_MIN`.", &[C::Int], C::Int, |_, _, a| {
        Ok(i64::from((a[0] as i32).wrapping_abs()))
    }),
    light("labs", STDLIB, "C's, wrapping at `LONG_MIN`.", &[C::Long], C::Long, |_, _, a| {
        Ok(a[0].wrapping_abs())
    }),
    f("atoi", STDLIB, "glibc's parsing.", &[C::CharPtr], C::Int, |l, a| {
        Ok(Done::Value(i64::from(strto::atoi(&cbytes(l.mem, a[0])?))))
    }),
    f("atol", STDLIB, "glibc's parsing.", &[C::CharPtr], C::Long, |l, a| {
        Ok(Done::Value(strto::atol(&cbytes(l.mem, a[0])?)))
    }),
    f("atof", STDLIB, "glibc's parsing.", &[C::CharPtr], C::Double, |l, a| {
        Ok(dv(strto::atof(&cbytes(l.mem, a[0])?)))
    }),
    f(
        "strtoul", STDLIB, "glibc's parsing; sets `*endptr`.",
        &[C::CharPtr, C::VoidPtr, C::Int],
        C::SizeT,
        |l, a| {
            let base = check_base(a[2])?;
            let p = strto::strtoul(&cbytes(l.mem, a[0])?, base);
            set_end(l, a[0], a[1], p.end)?;
            Ok(Done::Value(p.value as i64))
        },
    ),
    light("rand", STDLIB, "glibc's generator, seeded with 1 on every rank: the numbers Linux gives.", &[], C::Int, |_, state, _| {
        Ok(i64::from(state.rand.random()))
    }),
    light("random", STDLIB, "glibc's generator, seeded with 1 on every rank: the numbers Linux gives.", &[], C::Long, |_, state, _| {
        Ok(i64::from(state.rand.random()))
    }),
    f("srand", STDLIB, "Seeds the rank's glibc generator.", &[C::UInt], C::Void, |l, a| {
        l.state.rand.seed(a[0] as u32);
        Ok(Done::Value(0))
    }),
    f("srandom", STDLIB, "Seeds the rank's glibc generator.", &[C::UInt], C::Void, |l, a| {
        l.state.rand.seed(a[0] as u32);
        Ok(Done::Value(0))
    }),
    f("strtol", STDLIB, "glibc's parsing; sets `*endptr`.", &[C::CharPtr, C::VoidPtr, C::Int], C::Long, strtol),
    LibFn {
        name: "qsort",
        params: &[C::VoidPtr, C::SizeT, C::SizeT, C::FnPtr],
        ret: C::Void,
        run: Impl::Sort,
        clocked: false,
        variadic: false,
        header: STDLIB,
        note: "A stable merge sort, as glibc's, run by the VM: each comparison calls the program's function (whose operations cost their time).",
    },
    f("strtod", STDLIB, "glibc's parsing; sets `*endptr`.", &[C::CharPtr, C::VoidPtr], C::Double, strtod),
    // <string.h>
    f(
        "memcpy", STRING, "Copies bytes (charged per byte).",
        &[C::VoidPtr, C::VoidPtr, C::SizeT],
        C::VoidPtr,
        memmove,
    ),
    f(
        "memmove", STRING, "Copies bytes, overlap allowed (charged per byte).",
        &[C::VoidPtr, C::VoidPtr, C::SizeT],
        C::VoidPtr,
        memmove,
    ),
    f(
        "memset", STRING, "Fills bytes (charged per byte).",
        &[C::VoidPtr, C::Int, C::SizeT],
        C::VoidPtr,
        |l, a| {
            let n = size(a[2])?;
            l.moved += u64::from(n);
            l.mem
                .write(addr(a[0]), &vec![a[1] as u8; n as usize])
                .map_err(|e| e.to_string())?;
            Ok(Done::Value(a[0]))
        },
    ),
    f(
        "memcmp", STRING, "Compares bytes (both read, charged per byte).",
        &[C::VoidPtr, C::VoidPtr, C::SizeT],
        C::Int,
        |l, a| {
            let n = size(a[2])?;
            l.moved += 2 * u64::from(n);
            let x = l
                .mem
                .read(addr(a[0]), n)
                .map_err(|e| e.to_string())?
                .to_vec();
            let y = l.mem.read(addr(a[1]), n).map_err(|e| e.to_string())?;
            Ok(Done::Value(ordering(x.as_slice().cmp(y))))
        },
    ),
    light("strlen", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr], C::SizeT, |mem, _, a| {
        Ok(cbytes_ref(mem, a[0])?.len() as i64)
    }),
    f("strcpy", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr, C::CharPtr], C::CharPtr, |l, a| {
        let mut s = cbytes(l.mem, a[1])?;
        s.push(0);
        put(l.mem, a[0], &s)?;
        Ok(Done::Value(a[0]))
    }),
    f(
        "strncpy", STRING, "C's; a string without its terminating zero is an error, not a read past it.",
        &[C::CharPtr, C::CharPtr, C::SizeT],
        C::CharPtr,
        |l, a| {
            let n = size(a[2])? as usize;
            let mut s = cbytes_max(l.mem, a[1], n)?;
            s.resize(n, 0);
            put(l.mem, a[0], &s)?;
            Ok(Done::Value(a[0]))
        },
    ),
    f("strcat", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr, C::CharPtr], C::CharPtr, |l, a| {
        let end = cbytes(l.mem, a[0])?.len() as i64;
        let mut s = cbytes(l.mem, a[1])?;
        s.push(0);
        put(l.mem, a[0] + end, &s)?;
        Ok(Done::Value(a[0]))
    }),
    f(
        "strncat", STRING, "C's; a string without its terminating zero is an error, not a read past it.",
        &[C::CharPtr, C::CharPtr, C::SizeT],
        C::CharPtr,
        |l, a| {
            let end = cbytes(l.mem, a[0])?.len() as i64;
            let mut s = cbytes_max(l.mem, a[1], size(a[2])? as usize)?;
            s.push(0);
            put(l.mem, a[0] + end, &s)?;
            Ok(Done::Value(a[0]))
        },
    ),
    light("strcmp", STRING, "C's (glibc's difference of the first differing bytes).", &[C::CharPtr, C::CharPtr], C::Int, |mem, _, a| {
        let (x, y) = (cbytes_ref(mem, a[0])?, cbytes_ref(mem, a[1])?);
        Ok(byte_diff(&x, &y, usize::MAX))
    }),
    f(
        "strncmp", STRING, "C's (glibc's difference of the first differing bytes).",
        &[C::CharPtr, C::CharPtr, C::SizeT],
        C::Int,
        |l, a| {
            let n = size(a[2])? as usize;
            let (x, y) = (cbytes_max(l.mem, a[0], n)?, cbytes_max(l.mem, a[1], n)?);
            Ok(Done::Value(byte_diff(&x, &y, n)))
        },
    ),
    light("strchr", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr, C::Int], C::CharPtr, |mem, _, a| {
        let s = cbytes_ref(mem, a[0])?;
        let c = a[1] as u8;
        Ok(if c == 0 {
            a[0] + s.len() as i64
        } else {
            s.iter()
                .position(|&b| b == c)
                .map_or(0, |i| a[0] + i as i64)
        })
    }),
    f("strrchr", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr, C::Int], C::CharPtr, |l, a| {
        let s = cbytes(l.mem, a[0])?;
        let c = a[1] as u8;
        Ok(Done::Value(if c == 0 {
            a[0] + s.len() as i64
        } else {
            s.iter()
                .rposition(|&b| b == c)
                .map_or(0, |i| a[0] + i as i64)
        }))
    }),
    f("strstr", STRING, "C's; a string without its terminating zero is an error, not a read past it.", &[C::CharPtr, C::CharPtr], C::CharPtr, |l, a| {
        let (h, n) = (cbytes(l.mem, a[0])?, cbytes(l.mem, a[1])?);
        if n.is_empty() {
            return Ok(Done::Value(a[0]));
        }
        Ok(Done::Value(
            h.windows(n.len())
                .position(|w| w == n.as_slice())
                .map_or(0, |i| a[0] + i as i64),
        ))
    }),
    f("strdup", STRING, "A copy in a block of the checked heap.", &[C::CharPtr], C::CharPtr, |l, a| {
        let mut s = cbytes(l.mem, a[0])?;
        s.push(0);
        let p = l
            .mem
            .malloc(s.len() as u32, l.line)
            .map_err(|e| e.to_string())?;
        put(l.mem, i64::from(p), &s)?;
        Ok(Done::Value(i64::from(p)))
    }),
    // <stdio.h> (printf and its relatives are compiled specially)
    clocked(f("puts", STDIO, "Writes the line to the rank's console at its simulated time.", &[C::CharPtr], C::Int, |l, a| {
        let s = cstr(l.mem, a[0])?;
        l.out.push_str(&s);
        l.out.push('\n');
        Ok(Done::Value(1))
    })),
    clocked(f("putchar", STDIO, "Appends to the rank's console line; a newline shows it.", &[C::Int], C::Int, |l, a| {
        l.out.push(char::from(a[0] as u8));
        Ok(Done::Value(a[0] & 0xff))
    })),
    clocked(f("fflush", STDIO, "Nothing to flush: console lines show at their newline.", &[C::File], C::Int, stdio::fflush)),
    // <stdio.h> with <stdarg.h>: printf's formatting of a `va_list`'s arguments (vprintf.rs).
    clocked(f("vprintf", STDIO, "`printf` with a `va_list`: to the rank's console.", &[C::CharPtr, C::VaList], C::Int, vprintf::vprintf)),
    clocked(f("vfprintf", STDIO, "`fprintf` with a `va_list`: `stderr` is the rank's error stream.", &[C::File, C::CharPtr, C::VaList], C::Int, vprintf::vfprintf)),
    f("vsprintf", STDIO, "`sprintf` with a `va_list`.", &[C::CharPtr, C::CharPtr, C::VaList], C::Int, vprintf::vsprintf),
    f("vsnprintf", STDIO, "`snprintf` with a `va_list`: at most `size - 1` bytes and the NUL; returns the whole length.", &[C::CharPtr, C::SizeT, C::CharPtr, C::VaList], C::Int, vprintf::vsnprintf),
    // <math.h>
    math("sqrt", f64::sqrt),
    math2("pow", f64::powf),
    math("fabs", f64::abs),
    math("exp", f64::exp),
    math("log", f64::ln),
    math("log10", f64::log10),
    math("log2", f64::log2),
    math("sin", f64::sin),
    math("cos", f64::cos),
    math("tan", f64::tan),
    math("asin", f64::asin),
    math("acos", f64::acos),
    math("atan", f64::atan),
    math2("atan2", f64::atan2),
    math("sinh", f64::sinh),
    math("cosh", f64::cosh),
    math("tanh", f64::tanh),
    math("floor", f64::floor),
    math("ceil", f64::ceil),
    math("round", f64::round),
    math("trunc", f64::trunc),
    math("cbrt", f64::cbrt),
    math2("fmod", |x, y| x % y),
    math2("fmin", f64::min),
    math2("fmax", f64::max),
    math2("hypot", f64::hypot),
    f("sqrtf", MATH, "In `float`: computed in `double`, rounded to single.", &[C::Float], C::Float, |_, a| {
        Ok(fv(d(a[0]).sqrt()))
    }),
    f("fabsf", MATH, "In `float`.", &[C::Float], C::Float, |_, a| Ok(fv(d(a[0]).abs()))),
    f("powf", MATH, "In `float`: computed in `double`, rounded to single.", &[C::Float, C::Float], C::Float, |_, a| {
        Ok(fv(d(a[0]).powf(d(a[1]))))
    }),
    // <time.h>, <unistd.h>
    clocked(f("time", TIME, "Whole seconds of the rank's simulated clock.", &[C::VoidPtr], C::Long, |l, a| {
        let t = (l.now.as_us_f64() / 1e6).floor() as i64;
        if a[0] != 0 {
            l.mem
                .write(addr(a[0]), &t.to_le_bytes())
                .map_err(|e| e.to_string())?;
        }
        Ok(Done::Value(t))
    })),
    clocked(f("clock", TIME, "The rank's simulated time in microseconds (`CLOCKS_PER_SEC` is 1000000).", &[], C::Long, |l, _| {
        Ok(Done::Value(l.now.as_us_f64().floor() as i64))
    })),
    clocked(f(
        "gettimeofday", SYS_TIME, "The rank's simulated clock as seconds and microseconds.",
        &[C::VoidPtr, C::VoidPtr],
        C::Int,
        |l, a| {
            let us = l.now.as_us_f64().floor() as i64;
            let mut tv = (us / 1_000_000).to_le_bytes().to_vec();
            tv.extend_from_slice(&(us % 1_000_000).to_le_bytes());
            put(l.mem, a[0], &tv)?;
            Ok(Done::Value(0))
        },
    )),
    clocked(f("nanosleep", TIME, "Asleep for the `timespec`'s time on the simulated clock.", &[C::VoidPtr, C::VoidPtr], C::Int, |l, a| {
        let ts = l.mem.read(addr(a[0]), 16).map_err(mem_err)?;
        let sec = i64::from_le_bytes(ts[..8].try_into().unwrap_or_default());
        let nsec = i64::from_le_bytes(ts[8..].try_into().unwrap_or_default());
        if sec < 0 || !(0..1_000_000_000).contains(&nsec) {
            return Err(format!(
                "nanosleep: invalid time {sec} s + {nsec} ns (tv_nsec must be 0 to 999999999)"
            ));
        }
        Ok(Done::Sleep(SimTime::from_us_f64(
            sec as f64 * 1e6 + nsec as f64 / 1e3,
        )))
    })),
    clocked(f("sleep", UNISTD, "Asleep for that many simulated seconds.", &[C::UInt], C::UInt, |_, a| {
        Ok(Done::Sleep(SimTime::from_us_f64(a[0] as f64 * 1e6)))
    })),
    f("gethostname", UNISTD, "The simulated node's host name.", &[C::CharPtr, C::SizeT], C::Int, |l, a| {
        let n = size(a[1])? as usize;
        let mut name = l.host.as_bytes().to_vec();
        name.push(0);
        name.truncate(n);
        put(l.mem, a[0], &name)?;
        Ok(Done::Value(0))
    }),
    // <assert.h>, more of <stdlib.h>
    clocked(f("assert", ASSERT, "A macro: when the condition is 0, glibc's line on the rank's error stream (`prog: file.c:12: main: Assertion `n > 0' failed.`), then `abort()`. Off when `NDEBUG` is defined before the `#include`.", &[C::Int], C::Void, assert::assert_fail)),
    clocked(f("abort", STDLIB, "Ends the whole run with an error at its line, as mpiexec stops every rank when one aborts.", &[], C::Void, assert::abort)),
    f("atexit", STDLIB, "Registers a function that runs when the rank exits (`exit` or returning from `main`), the last registered first; it may print but not call MPI.", &[C::VoidFn], C::Int, |l, a| {
        l.state.atexit.push(a[0]);
        Ok(Done::Value(0))
    }),
    f("getenv", STDLIB, "`NULL`: a rank has no environment variables.", &[C::CharPtr], C::CharPtr, |l, a| {
        cbytes(l.mem, a[0])?;
        Ok(Done::Value(0))
    }),
    f("div", STDLIB, "`quot` and `rem` of `n / d` as C's `/` and `%` (truncation toward zero); `d` 0 or `div(INT_MIN, -1)` is an error.", &[C::Int, C::Int], C::DivT, |l, a| {
        quotient(l, a, |n| i64::from(n as i32), 4)
    }),
    f("ldiv", STDLIB, "`div` in `long`.", &[C::Long, C::Long], C::LDivT, |l, a| {
        quotient(l, a, |n| n, 8)
    }),
    f("lldiv", STDLIB, "`div` in `long long`.", &[C::LLong, C::LLong], C::LLDivT, |l, a| {
        quotient(l, a, |n| n, 8)
    }),
    f("llabs", STDLIB, "C's, wrapping at `LLONG_MIN`.", &[C::LLong], C::LLong, |_, a| {
        Ok(Done::Value(a[0].wrapping_abs()))
    }),
    f("atoll", STDLIB, "glibc's parsing.", &[C::CharPtr], C::LLong, |l, a| {
        Ok(Done::Value(strto::atol(&cbytes(l.mem, a[0])?)))
    }),
    f("strtoll", STDLIB, "glibc's parsing; sets `*endptr`.", &[C::CharPtr, C::CharPtrPtr, C::Int], C::LLong, strtol),
    f(
        "strtoull", STDLIB, "glibc's parsing; sets `*endptr`.",
        &[C::CharPtr, C::CharPtrPtr, C::Int],
        C::ULong,
        |l, a| {
            let base = check_base(a[2])?;
            let p = strto::strtoul(&cbytes(l.mem, a[0])?, base);
            set_end(l, a[0], a[1], p.end)?;
            Ok(Done::Value(p.value as i64))
        },
    ),
    f("strtof", STDLIB, "glibc's parsing (as `strtod`, rounded to `float`); sets `*endptr`.", &[C::CharPtr, C::CharPtrPtr], C::Float, |l, a| {
        let p = strto::strtod(&cbytes(l.mem, a[0])?);
        set_end(l, a[0], a[1], p.end)?;
        Ok(fv(p.value))
    }),
    LibFn {
        name: "bsearch",
        params: &[C::VoidPtr, C::VoidPtr, C::SizeT, C::SizeT, C::FnPtr],
        ret: C::VoidPtr,
        run: Impl::Search,
        clocked: false,
        variadic: false,
        header: STDLIB,
        note: "glibc's binary search, run by the VM: each comparison calls the program's function (whose operations cost their time).",
    },
    // more of <string.h>, <strings.h>
    f("strtok", STRING, "C's: one saved position per rank; empty tokens are skipped.", &[C::CharPtr, C::CharPtr], C::CharPtr, string::strtok),
    f("strtok_r", STRING, "C's, with the position in `*saveptr`.", &[C::CharPtr, C::CharPtr, C::CharPtrPtr], C::CharPtr, string::strtok_r),
    f("strspn", STRING, "C's.", &[C::CharPtr, C::CharPtr], C::SizeT, string::strspn),
    f("strcspn", STRING, "C's.", &[C::CharPtr, C::CharPtr], C::SizeT, string::strcspn),
    f("strpbrk", STRING, "C's.", &[C::CharPtr, C::CharPtr], C::CharPtr, string::strpbrk),
    f("memchr", STRING, "C's (charged per byte read).", &[C::VoidPtr, C::Int, C::SizeT], C::VoidPtr, string::memchr),
    f("strndup", STRING, "A copy of at most `n` bytes in a block of the checked heap.", &[C::CharPtr, C::SizeT], C::CharPtr, string::strndup),
    f("strnlen", STRING, "C's.", &[C::CharPtr, C::SizeT], C::SizeT, string::strnlen),
    f("strcoll", STRING, "`strcmp` (the C locale).", &[C::CharPtr, C::CharPtr], C::Int, |l, a| {
        let (x, y) = (cbytes(l.mem, a[0])?, cbytes(l.mem, a[1])?);
        Ok(Done::Value(byte_diff(&x, &y, usize::MAX)))
    }),
    f("strerror", STRING, "glibc's text for the error number.", &[C::Int], C::CharPtr, string::strerror),
    f("strcasecmp", STRINGS, "glibc's, ASCII letters compared without case.", &[C::CharPtr, C::CharPtr], C::Int, string::strcasecmp),
    f("strncasecmp", STRINGS, "glibc's, ASCII letters compared without case.", &[C::CharPtr, C::CharPtr, C::SizeT], C::Int, string::strncasecmp),
    // <ctype.h>
    f("isalnum", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isalnum),
    f("isalpha", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isalpha),
    f("isblank", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isblank),
    f("iscntrl", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::iscntrl),
    f("isdigit", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isdigit),
    f("isgraph", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isgraph),
    f("islower", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::islower),
    f("isprint", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isprint),
    f("ispunct", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::ispunct),
    f("isspace", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isspace),
    f("isupper", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isupper),
    f("isxdigit", CTYPE, CTYPE_NOTE, &[C::Int], C::Int, ctype::isxdigit),
    f("toupper", CTYPE, "ASCII letters only (the C locale).", &[C::Int], C::Int, ctype::toupper),
    f("tolower", CTYPE, "ASCII letters only (the C locale).", &[C::Int], C::Int, ctype::tolower),
    // more of <stdio.h>: the standard streams
    clocked(f("perror", STDIO, "`s: ` and the error's text on `stderr` (`fopen` and the file functions set `errno`; the rest of the library leaves it).", &[C::CharPtr], C::Void, stdio::perror)),
    clocked(f("getchar", STDIO, "`EOF`: a rank's standard input is empty (pass values as arguments, `argv`, or in the program).", &[], C::Int, stdio::end_of_input)),
    variadic(clocked(f("scanf", STDIO, "`EOF` at once: a rank's standard input is empty (pass values as arguments, `argv`, and read them with `sscanf` or `atoi`).", &[C::CharPtr], C::Int, stdio::end_of_input))),
    variadic(f("sscanf", STDIO, "C's conversions (`%d %i %u %x %o %ld %lf %f %e %g %s %c %[…] %n %p`, widths, `*`), as glibc: the number stored, `EOF` if the string ends before the first.", &[C::CharPtr, C::CharPtr], C::Int, stdio::sscanf)),
    // more of <math.h>
    math("exp2", f64::exp2),
    math("log1p", f64::ln_1p),
    math("expm1", f64::exp_m1),
    math("asinh", f64::asinh),
    math("acosh", f64::acosh),
    math("atanh", f64::atanh),
    math("erf", math::erf),
    math("erfc", math::erfc),
    math("tgamma", math::tgamma),
    math("lgamma", math::lgamma),
    math("rint", f64::round_ties_even),
    math("nearbyint", f64::round_ties_even),
    math("logb", |x| if x == 0.0 { f64::NEG_INFINITY } else if x.is_finite() { math::frexp(x).1 as f64 - 1.0 } else { x.abs() }),
    math2("copysign", f64::copysign),
    math2("fdim", |x, y| if x > y { x - y } else if x.is_nan() || y.is_nan() { f64::NAN } else { 0.0 }),
    math2("remainder", math::remainder),
    math2("nextafter", math::nextafter),
    f("fma", MATH, "x·y + z rounded once.", &[C::Double, C::Double, C::Double], C::Double, |_, a| {
        Ok(dv(d(a[0]).mul_add(d(a[1]), d(a[2]))))
    }),
    f("ldexp", MATH, "x·2ⁿ.", &[C::Double, C::Int], C::Double, |_, a| Ok(dv(math::ldexp(d(a[0]), a[1])))),
    f("scalbn", MATH, "x·2ⁿ.", &[C::Double, C::Int], C::Double, |_, a| Ok(dv(math::ldexp(d(a[0]), a[1])))),
    f("frexp", MATH, "The mantissa in [½, 1); the exponent in `*exp`.", &[C::Double, C::IntPtr], C::Double, |l, a| {
        let (m, e) = math::frexp(d(a[0]));
        put(l.mem, a[1], &(e as i32).to_le_bytes())?;
        Ok(dv(m))
    }),
    f("modf", MATH, "The fraction; the whole part in `*iptr`.", &[C::Double, C::DoublePtr], C::Double, |l, a| {
        let x = d(a[0]);
        let whole = x.trunc();
        put(l.mem, a[1], &whole.to_le_bytes())?;
        Ok(dv(if x.is_infinite() { 0.0f64.copysign(x) } else { x - whole }))
    }),
    f("ilogb", MATH, "The exponent of x (glibc's `FP_ILOGB0` for 0).", &[C::Double], C::Int, |_, a| {
        let x = d(a[0]);
        Ok(Done::Value(if x == 0.0 || x.is_nan() { i64::from(i32::MIN) } else if x.is_infinite() { i64::from(i32::MAX) } else { math::frexp(x).1 - 1 }))
    }),
    f("lround", MATH, "Rounded half away from zero, as a `long`.", &[C::Double], C::Long, |_, a| Ok(Done::Value(to_long(d(a[0]).round())))),
    f("llround", MATH, "Rounded half away from zero, as a `long long`.", &[C::Double], C::LLong, |_, a| Ok(Done::Value(to_long(d(a[0]).round())))),
    f("lrint", MATH, "Rounded to even, as a `long`.", &[C::Double], C::Long, |_, a| Ok(Done::Value(to_long(d(a[0]).round_ties_even())))),
    f("isnan", MATH, "A macro in C: nonzero for a NaN.", &[C::Double], C::Int, |_, a| Ok(Done::Value(i64::from(d(a[0]).is_nan())))),
    f("isinf", MATH, "A macro in C: glibc's 1 for +∞, −1 for −∞.", &[C::Double], C::Int, |_, a| Ok(Done::Value(math::isinf(d(a[0]))))),
    f("isfinite", MATH, "A macro in C: nonzero unless ∞ or NaN.", &[C::Double], C::Int, |_, a| Ok(Done::Value(i64::from(d(a[0]).is_finite())))),
    f("isnormal", MATH, "A macro in C.", &[C::Double], C::Int, |_, a| Ok(Done::Value(i64::from(d(a[0]).is_normal())))),
    f("signbit", MATH, "A macro in C: nonzero when the sign bit is set.", &[C::Double], C::Int, |_, a| Ok(Done::Value(i64::from(d(a[0]).is_sign_negative())))),
    f("fpclassify", MATH, "A macro in C: `FP_NAN` 0, `FP_INFINITE` 1, `FP_ZERO` 2, `FP_SUBNORMAL` 3, `FP_NORMAL` 4 (glibc's).", &[C::Double], C::Int, |_, a| Ok(Done::Value(math::fpclassify(d(a[0]))))),
    mathf("sinf", f64::sin),
    mathf("cosf", f64::cos),
    mathf("tanf", f64::tan),
    mathf("asinf", f64::asin),
    mathf("acosf", f64::acos),
    mathf("atanf", f64::atan),
    mathf("expf", f64::exp),
    mathf("exp2f", f64::exp2),
    mathf("logf", f64::ln),
    mathf("log10f", f64::log10),
    mathf("log2f", f64::log2),
    mathf("floorf", f64::floor),
    mathf("ceilf", f64::ceil),
    mathf("roundf", f64::round),
    mathf("truncf", f64::trunc),
    mathf("cbrtf", f64::cbrt),
    mathf("sinhf", f64::sinh),
    mathf("coshf", f64::cosh),
    mathf("tanhf", f64::tanh),
    mathf("erff", math::erf),
    mathf("tgammaf", math::tgamma),
    mathf2("atan2f", f64::atan2),
    mathf2("fmodf", |x, y| x % y),
    mathf2("fminf", f64::min),
    mathf2("fmaxf", f64::max),
    mathf2("hypotf", f64::hypot),
    mathf2("copysignf", f64::copysign),
    // more of <time.h>
    f("difftime", TIME, "`t1 - t0` in seconds.", &[C::Long, C::Long], C::Double, |_, a| Ok(dv(a[0] as f64 - a[1] as f64))),
    clocked(f(
        "clock_gettime", TIME, "The rank's simulated clock in the `timespec`, for `CLOCK_REALTIME`, `CLOCK_MONOTONIC` and the CPU-time clocks alike.",
        &[C::Int, C::VoidPtr],
        C::Int,
        |l, a| {
            if !(0..=7).contains(&a[0]) {
                return Err(format!("clock_gettime: unknown clock {} (use CLOCK_MONOTONIC or CLOCK_REALTIME)", a[0]));
            }
            let ns = (l.now.as_us_f64() * 1e3).floor() as i64;
            let mut ts = (ns / 1_000_000_000).to_le_bytes().to_vec();
            ts.extend_from_slice(&(ns % 1_000_000_000).to_le_bytes());
            put(l.mem, a[1], &ts)?;
            Ok(Done::Value(0))
        },
    )),
    // What <math.h>'s NAN, INFINITY and HUGE_VAL expand to (GCC's built-ins).
    f("__builtin_nanf", MATH, "`NAN`: a quiet NaN (`float`).", &[C::CharPtr], C::Float, |_, _| Ok(dv(f64::NAN))),
    f("__builtin_inff", MATH, "`INFINITY`: +∞ (`float`).", &[], C::Float, |_, _| Ok(dv(f64::INFINITY))),
    f("__builtin_huge_val", MATH, "`HUGE_VAL`: +∞.", &[], C::Double, |_, _| Ok(dv(f64::INFINITY))),
    f("__builtin_huge_valf", MATH, "`HUGE_VALF`: +∞ (`float`).", &[], C::Float, |_, _| Ok(dv(f64::INFINITY))),
    // <unistd.h>'s getopt
    f("getopt", UNISTD, "glibc's: `optarg`, `optind`, `opterr`, `optopt`; its messages on `stderr`; arguments that are not options move after the options (`+` first in the option string stops at the first).", &[C::Int, C::CharPtrPtr, C::CharPtr], C::Int, getopt::getopt),
    f("__getopt_var", UNISTD, "How `<unistd.h>`'s `optarg` (0), `optind` (1), `opterr` (2) and `optopt` (3) reach the rank's variables (glibc reaches `errno` this way).", &[C::Int], C::VoidPtr, getopt::var),
    // <stdio.h>: the program's data files (`files.rs`).
    f("fopen", STDIO, "Opens a data file of the program's set. Every rank starts with the same files and reads and writes its own copy: ranks never see each other's writes. `\"w\"`/`\"a\"` create a file the run returns (the CLI lists it, `--out` saves it); a missing file gives `NULL` and `errno` = `ENOENT`.", &[C::CharPtr, C::CharPtr], C::File, files::fopen),
    f("fclose", STDIO, "Closes the stream; using it afterwards is an error.", &[C::File], C::Int, files::fclose),
    f("fgets", STDIO, "C's: up to `n - 1` bytes, to and with the newline; `NULL` at the end.", &[C::CharPtr, C::Int, C::File], C::CharPtr, files::fgets),
    f("fgetc", STDIO, "The next byte, or `EOF` at the end.", &[C::File], C::Int, files::fgetc),
    f("getc", STDIO, "`fgetc`.", &[C::File], C::Int, files::fgetc),
    f("fread", STDIO, "Up to `count` items of `size` bytes; fewer at the end (charged per byte).", &[C::VoidPtr, C::SizeT, C::SizeT, C::File], C::SizeT, files::fread),
    variadic(f("fscanf", STDIO, "C's conversions (`%d %ld %u %x %f %lf %s %c %[…]`, widths, `%*`) from the stream; the count assigned, `EOF` at the end.", &[C::File, C::CharPtr], C::Int, files::fscanf)),
    f("feof", STDIO, "Whether a read reached the end.", &[C::File], C::Int, files::feof),
    f("ferror", STDIO, "0: reading and writing a data file cannot fail.", &[C::File], C::Int, files::ferror),
    f("rewind", STDIO, "Back to the start; clears the end-of-file flag.", &[C::File], C::Void, files::rewind),
    clocked(f("fputs", STDIO, "The string to the stream: `stdout`, `stderr` (the rank's error stream, marked on the console) or a data file.", &[C::CharPtr, C::File], C::Int, files::fputs)),
    clocked(f("fputc", STDIO, "The byte to the stream: `stdout`, `stderr` or a data file; a newline shows a console line.", &[C::Int, C::File], C::Int, files::fputc)),
    clocked(f("putc", STDIO, "`fputc`.", &[C::Int, C::File], C::Int, files::fputc)),
    // <sys/resource.h>
    clocked(f("getrusage", SYS_RESOURCE, "`RUSAGE_SELF` (or `_THREAD`): `ru_utime` is the rank's simulated time so far, `ru_maxrss` the memory it uses now (KiB), the rest 0 (one process: no system time, faults, swaps or switches); `RUSAGE_CHILDREN`: all 0; another `who`: -1 with `errno` = `EINVAL`.", &[C::Int, C::VoidPtr], C::Int, resource::getrusage)),
    clocked(f("fwrite", STDIO, "`count` items of `size` bytes to the stream (charged per byte).", &[C::VoidPtr, C::SizeT, C::SizeT, C::File], C::SizeT, files::fwrite)),
];
const fn f(
    name: &'static str,
    header: &'static str,
    note: &'static str,
    params: &'static [C],
    ret: C,
    run: Run,
) -> LibFn {
    LibFn {
        name,
        params,
        ret,
        run: Impl::Call(run),
        clocked: false,
        header,
        note,
        variadic: false,
    }
}

/// A row run by an [`Impl::Light`] function.
const fn light(
    name: &'static str,
    header: &'static str,
    note: &'static str,
    params: &'static [C],
    ret: C,
    run: Light,
) -> LibFn {
    LibFn {
        name,
        params,
        ret,
        run: Impl::Light(run),
        clocked: false,
        header,
        note,
        variadic: false,
    }
}

/// `f` taking more arguments after its parameters.
const fn variadic(f: LibFn) -> LibFn {
    LibFn {
        variadic: true,
        ..f
    }
}

/// A `<math.h>` function on `float`s, computed in `double` and rounded.
const fn mathf(name: &'static str, op: fn(f64) -> f64) -> LibFn {
    LibFn {
        name,
        params: &[C::Float],
        ret: C::Float,
        run: Impl::Math1F(op),
        clocked: false,
        header: MATH,
        note: MATHF_NOTE,
        variadic: false,
    }
}

const fn mathf2(name: &'static str, op: fn(f64, f64) -> f64) -> LibFn {
    LibFn {
        name,
        params: &[C::Float, C::Float],
        ret: C::Float,
        run: Impl::Math2F(op),
        clocked: false,
        header: MATH,
        note: MATHF_NOTE,
        variadic: false,
    }
}

/// `f` marked as reading the clock or showing something.
const fn clocked(f: LibFn) -> LibFn {
    LibFn { clocked: true, ..f }
}

const fn math(name: &'static str, op: fn(f64) -> f64) -> LibFn {
    LibFn {
        name,
        params: &[C::Double],
        ret: C::Double,
        run: Impl::Math1(op),
        clocked: false,
        header: MATH,
        note: MATH_NOTE,
        variadic: false,
    }
}

const fn math2(name: &'static str, op: fn(f64, f64) -> f64) -> LibFn {
    LibFn {
        name,
        params: &[C::Double, C::Double],
        ret: C::Double,
        run: Impl::Math2(op),
        clocked: false,
        header: MATH,
        note: MATH_NOTE,
        variadic: false,
    }
}

/// Runs library function `index` with its argument words.
pub fn call(index: usize, lib: &mut Lib<'_>, args: &[i64]) -> Result<Done, String> {
    let Some(func) = LIBC.get(index) else {
        return Err("internal: unknown library function".into());
    };
    match func.run {
        Impl::Math1(op) => Ok(dv(op(d(args[0])))),
        Impl::Math2(op) => Ok(dv(op(d(args[0]), d(args[1])))),
        Impl::Math1F(op) => Ok(fv(op(d(args[0])))),
        Impl::Math2F(op) => Ok(fv(op(d(args[0]), d(args[1])))),
        Impl::Call(run) => run(lib, args),
        Impl::Light(run) => run(lib.mem, lib.state, args).map(Done::Value),
        Impl::Sort | Impl::Search => Err("internal: qsort and bsearch run in the VM".into()),
    }
}

/// The function called `name`, with its index in [`LIBC`].
pub fn lookup(name: &str) -> Option<(usize, &'static LibFn)> {
    LIBC.iter().enumerate().find(|(_, f)| f.name == name)
}

/// Well-known C functions Rankscope's C does not have, with what to use instead: the message
/// at their call, and the reference's list.
pub static UNSUPPORTED: &[(&[&str], &str)] = &[
    (
        &["gets", "getline"],
        "a rank has no input: pass values as arguments (`argv`), or read a data file with `fopen` and `fgets`",
    ),
    (
        &["remove", "rename", "tmpfile", "fseek", "ftell", "freopen"],
        "a rank's files are the program's data files: open them with `fopen`, read them from the start (`rewind`)",
    ),
    (
        &[
            "fork", "system", "exec", "execvp", "execv", "popen", "wait", "waitpid", "kill",
            "signal", "raise", "getpid",
        ],
        "a rank is one process of the simulated machine",
    ),
    (
        &[
            "pthread_create",
            "pthread_join",
            "pthread_mutex_lock",
            "pthread_mutex_unlock",
            "omp_get_thread_num",
            "omp_get_num_threads",
        ],
        "a rank runs one thread: use more ranks",
    ),
    (
        &[
            "localtime",
            "gmtime",
            "ctime",
            "strftime",
            "mktime",
            "asctime",
        ],
        "simulated time has no calendar: print `time(NULL)` or `MPI_Wtime()` as a number",
    ),
    (&["getopt_long"], "use `getopt` with one-letter options"),
    (
        &["setenv", "putenv", "unsetenv"],
        "a rank has no environment: pass values as arguments (`argv`)",
    ),
    (
        &["wcslen", "mbstowcs", "setlocale"],
        "Rankscope's C has no locales or wide characters: use `char` strings",
    ),
    (
        &["setjmp", "longjmp"],
        "use return values and loops instead",
    ),
    (&["alloca"], "use a local array or `malloc`"),
];

/// Why a well-known C function is not available, for the message at its call.
pub fn unsupported(name: &str) -> Option<&'static str> {
    UNSUPPORTED
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|(_, why)| *why)
}

/// `stdin`, `stdout` and `stderr` as `FILE *` values ([`stdio::Stream`]).
pub fn stream(name: &str) -> Option<i64> {
    stdio::named(name)
}

fn d(v: i64) -> f64 {
    f64::from_bits(v as u64)
}

fn dv(x: f64) -> Done {
    Done::Value(x.to_bits() as i64)
}

fn fv(x: f64) -> Done {
    dv(f64::from(x as f32))
}

/// A rounded `double` as a `long` (C leaves out-of-range values unspecified; glibc gives
/// `LONG_MIN`).
fn to_long(x: f64) -> i64 {
    // 2⁶³: the first double outside `long`.
    let limit = 9_223_372_036_854_775_808.0_f64;
    if !(-limit..limit).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

fn addr(v: i64) -> Addr {
    v as Addr
}

fn size(v: i64) -> Result<u32, String> {
    u32::try_from(v).map_err(|_| format!("the size {} is too large", v as u64))
}

fn ordering(o: std::cmp::Ordering) -> i64 {
    match o {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// `strcmp`'s result: the difference of the first differing bytes (as unsigned chars), as glibc.
fn byte_diff(x: &[u8], y: &[u8], n: usize) -> i64 {
    for i in 0..n {
        let (a, b) = (
            x.get(i).copied().unwrap_or(0),
            y.get(i).copied().unwrap_or(0),
        );
        if a != b || a == 0 {
            return i64::from(a) - i64::from(b);
        }
    }
    0
}

/// `div`, `ldiv`, `lldiv`: `a` is the caller's slot, `n`, `d` (read through `narrow`); the
/// quotient and remainder written there as `bytes`-wide integers; the slot returned.
fn quotient(
    l: &mut Lib<'_>,
    a: &[i64],
    narrow: fn(i64) -> i64,
    bytes: usize,
) -> Result<Done, String> {
    let (n, d) = (narrow(a[1]), narrow(a[2]));
    if d == 0 {
        return Err("division by zero (in `div`)".into());
    }
    let min = if bytes == 4 {
        i64::from(i32::MIN)
    } else {
        i64::MIN
    };
    if n == min && d == -1 {
        return Err(
            "`div` overflows: the quotient of the smallest value by -1 does not fit".into(),
        );
    }
    let (q, r) = (n / d, n % d);
    put(l.mem, a[0], &q.to_le_bytes()[..bytes])?;
    put(l.mem, a[0] + bytes as i64, &r.to_le_bytes()[..bytes])?;
    Ok(Done::Value(a[0]))
}

fn mem_err(e: MemError) -> String {
    e.to_string()
}

fn put(mem: &mut Memory, at: i64, bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Ok(());
    }
    mem.write(addr(at), bytes).map_err(mem_err)
}

/// The bytes of the NUL-terminated string at `at` (without the NUL), at most `max`.
fn cbytes_max(mem: &Memory, at: i64, max: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut a = addr(at);
    while out.len() < max {
        let b = mem
            .read_u8(a)
            .map_err(|e| format!("reading a string: {e} (is it missing its terminating '\\0'?)"))?;
        if b == 0 {
            break;
        }
        out.push(b);
        a = a.wrapping_add(1);
    }
    Ok(out)
}

/// The bytes of the string at `at`, borrowed from memory when the whole string lies in the
/// stack segment (no copy: `strlen` or `strchr` in a loop allocates nothing); else as
/// [`cbytes`] reads them, with its errors.
fn cbytes_ref(mem: &Memory, at: i64) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    match mem.stack_c_string(addr(at)) {
        Some(s) => Ok(std::borrow::Cow::Borrowed(s)),
        None => cbytes(mem, at).map(std::borrow::Cow::Owned),
    }
}

fn cbytes(mem: &Memory, at: i64) -> Result<Vec<u8>, String> {
    cbytes_max(mem, at, usize::MAX)
}

fn cstr(mem: &Memory, at: i64) -> Result<String, String> {
    Ok(String::from_utf8_lossy(&cbytes(mem, at)?).into_owned())
}

fn malloc(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[0])?;
    Ok(Done::Value(match l.mem.malloc(n, l.line) {
        Ok(p) => i64::from(p),
        Err(MemError::OutOfMemory { .. }) => 0,
        Err(e) => return Err(e.to_string()),
    }))
}

fn calloc(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[0])?
        .checked_mul(size(a[1])?)
        .ok_or("calloc: the size overflows")?;
    match l.mem.malloc(n, l.line) {
        Ok(p) => {
            l.moved += u64::from(n);
            put(l.mem, i64::from(p), &vec![0; n as usize])?;
            Ok(Done::Value(i64::from(p)))
        }
        Err(MemError::OutOfMemory { .. }) => Ok(Done::Value(0)),
        Err(e) => Err(e.to_string()),
    }
}

fn realloc(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[1])?;
    if a[0] == 0 {
        return malloc(l, &a[1..]);
    }
    let old = addr(a[0]);
    let Some(old_size) = l.mem.block_size(old) else {
        // Let `free` name what is wrong with the pointer.
        l.mem.free(old, l.line).map_err(mem_err)?;
        return Err("realloc of a pointer malloc did not return".into());
    };
    let p = match l.mem.malloc(n, l.line) {
        Ok(p) => p,
        Err(MemError::OutOfMemory { .. }) => return Ok(Done::Value(0)),
        Err(e) => return Err(e.to_string()),
    };
    let keep = l.mem.read(old, old_size.min(n)).map_err(mem_err)?.to_vec();
    l.moved += keep.len() as u64;
    put(l.mem, i64::from(p), &keep)?;
    l.mem.free(old, l.line).map_err(mem_err)?;
    Ok(Done::Value(i64::from(p)))
}

fn free(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    if a[0] != 0 {
        l.mem.free(addr(a[0]), l.line).map_err(mem_err)?;
    }
    Ok(Done::Value(0))
}

fn memmove(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[2])?;
    l.moved += u64::from(n);
    if n > 0 {
        let bytes = l.mem.read(addr(a[1]), n).map_err(mem_err)?.to_vec();
        put(l.mem, a[0], &bytes)?;
    }
    Ok(Done::Value(a[0]))
}

fn check_base(base: i64) -> Result<u32, String> {
    if base != 0 && !(2..=36).contains(&base) {
        return Err(format!("the base must be 0 or 2 to 36, not {base}"));
    }
    Ok(base as u32)
}

/// Stores `s + used` in `*endptr` when `endptr` is not `NULL`.
fn set_end(l: &mut Lib<'_>, s: i64, endptr: i64, used: usize) -> Result<(), String> {
    if endptr != 0 {
        put(l.mem, endptr, &(s + used as i64).to_le_bytes())?;
    }
    Ok(())
}

fn strtol(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let base = check_base(a[2])?;
    let p = strto::strtol(&cbytes(l.mem, a[0])?, base);
    set_end(l, a[0], a[1], p.end)?;
    Ok(Done::Value(p.value))
}

fn strtod(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let p = strto::strtod(&cbytes(l.mem, a[0])?);
    set_end(l, a[0], a[1], p.end)?;
    Ok(dv(p.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (i, f) in LIBC.iter().enumerate() {
            assert!(LIBC[..i].iter().all(|g| g.name != f.name), "{}", f.name);
        }
        assert_eq!(
            lookup("malloc").map(|(_, f)| f.signature()),
            Some("void *malloc(size_t)".into())
        );
    }
}
