//! The virtual machine: runs [`Compiled`] bytecode as one rank's [`Program`], suspending at every
//! blocking MPI call or modelled delay and resuming where it stopped when the engine says so.
//!
//! State per rank: its byte [`Memory`] (globals, frames), an evaluation stack of 64-bit words, the
//! call frames, the program counter and the MPI library's state — proportional to the program's
//! variables. The bytecode itself is shared by all ranks (`Rc`).
//!
//! Runtime errors (division by zero, an index out of bounds, a bad MPI argument, too many steps…)
//! stop the rank with a [`Diagnostic`] pointing at the source, naming the rank and listing the
//! call stack; the engine then ends the run with that message.
//!
//! Beside the VM: a rank's byte [`memory`], its checked [`heap`], and the [`mpi_table`] that
//! turns an MPI call's argument words into a library call.

pub mod heap;
pub mod memory;
pub mod mpi_table;

use std::rc::Rc;

use crate::engine::{DeadlockReport, Program, RankCtx, Step};
use crate::lang::codegen::bytecode::{
    ArgKind, Builtin, Compiled, DoubleOp, IntMode, IntOp, Op, Pass, PrintTo, Scalar, FN_TAG,
};
use crate::lang::diagnostic::{line_col, Diagnostic};
use crate::lang::libc::printf::{self, PrintArg};
use crate::lang::libc::rand::LibcRandom;
use crate::lang::libc::{self, Done, Lib};
use crate::lang::mpi::{deadlock_notes, MpiError, MpiState, Outcome, RankView, Value};
use crate::lang::vm::memory::{bytes_in_words, Addr, MemError, Memory};
use crate::machine::hw::OpCosts;
use crate::time::SimTime;

/// Bounds on one rank's execution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VmLimits {
    /// Most bytecode operations a rank may execute in the whole run.
    pub max_ops: u64,
    /// Deepest call nesting (recursion).
    pub max_depth: u32,
    /// Most bytes of memory a rank may use.
    pub max_memory: u32,
    /// Most operations between two points where the rank gives the engine control (an MPI call,
    /// `compute()`/`flops()`, `yield()`, a print): a browser sets this so that an endless loop
    /// is stopped before it freezes the page.
    pub max_ops_between_calls: u64,
}

impl Default for VmLimits {
    /// 200 million operations, 100,000 nested calls, 64 MiB; no bound between calls.
    fn default() -> Self {
        VmLimits {
            max_ops: 200_000_000,
            max_depth: 100_000,
            max_memory: 64 << 20,
            max_ops_between_calls: u64::MAX,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Frame {
    /// Where to continue in the caller.
    ret_pc: u32,
    /// The caller's frame pointer.
    fp: Addr,
    /// The function running in this frame.
    function: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    NotStarted,
    Running,
    /// Blocked inside an MPI call; `resume` continues the call.
    InMpi,
    /// A modelled delay (compute, sleep); `push_after` says whether a return value is due.
    Delayed {
        push_zero: bool,
    },
    Done,
    Failed,
}

/// One rank running a compiled program.
#[derive(Clone, Debug)]
pub struct Vm {
    prog: Rc<Compiled>,
    limits: VmLimits,
    mem: Memory,
    stack: Vec<i64>,
    frames: Vec<Frame>,
    pc: u32,
    fp: Addr,
    mpi: MpiState,
    ops: u64,
    state: State,
    /// The pc of the MPI call or delay the rank is blocked in.
    blocked_pc: u32,
    line: String,
    error: Option<Diagnostic>,
    /// While the library runs a callback (a `qsort` comparator): the frame depth at which its
    /// return hands control back to the library.
    callback_depth: Option<usize>,
    /// `rand()`'s state.
    rand: LibcRandom,
    /// `argv`: the program's name, then its arguments.
    args: Rc<[String]>,
    /// Where a runtime error is reported when not at the current operation (a frame too large
    /// for memory: at its largest variable's declaration).
    fault_span: Option<std::ops::Range<usize>>,
    /// What this rank's processor charges per operation (from the profile, at start).
    costs: OpCosts,
    /// `ops` when the program's time was last charged: the operations since are owed.
    charged_ops: u64,
    /// The expensive operations since then, whose extra time is owed too.
    owed: Expensive,
    /// The operation at `pc` runs again after its owed time was charged: do not charge again.
    recharged: bool,
}

/// Counts of the operations whose class costs extra (`[cpu.ops]`), since the last charge.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Expensive {
    divides: u64,
    calls: u64,
    library_calls: u64,
    bytes: u64,
}

/// A runtime failure before it gets its location.
struct Fault(String);

type Run<T> = Result<T, Fault>;

fn d(v: i64) -> f64 {
    f64::from_bits(v as u64)
}
fn w(v: f64) -> i64 {
    v.to_bits() as i64
}

/// An array index must be in `0..len`.
#[inline(always)]
fn check_index(i: i64, len: u32) -> Run<()> {
    if i < 0 || i >= i64::from(len) {
        return Err(Fault(format!(
            "index {i} is out of bounds for an array of {len} elements"
        )));
    }
    Ok(())
}

/// `a + i * stride`, which must stay inside the address space.
#[inline(always)]
fn offset_addr(a: Addr, i: i64, stride: u32) -> Run<i64> {
    let off = i.saturating_mul(i64::from(stride));
    let r = i64::from(a).saturating_add(off);
    if !(0..=i64::from(u32::MAX)).contains(&r) {
        return Err(Fault(format!(
            "pointer arithmetic left memory (address {a} + {off})"
        )));
    }
    Ok(r)
}

/// Integer arithmetic in `unsigned int`, `long` or `unsigned long` (C's wrapping and unsigned
/// semantics; division by zero is an error, as C leaves it undefined).
fn wide(op: IntOp, mode: IntMode, a: i64, b: i64) -> Run<i64> {
    if matches!(op, IntOp::Div | IntOp::Rem) && b == 0 {
        return Err(Fault(if op == IntOp::Div {
            "division by zero".into()
        } else {
            "division by zero (in `%`)".into()
        }));
    }
    Ok(match mode {
        IntMode::U32 => {
            let (a, b) = (a as u32, b as u32);
            i64::from(match op {
                IntOp::Add => a.wrapping_add(b),
                IntOp::Sub => a.wrapping_sub(b),
                IntOp::Mul => a.wrapping_mul(b),
                IntOp::Div => a / b,
                IntOp::Rem => a % b,
                IntOp::Shl => a.wrapping_shl(b),
                IntOp::Shr => a.wrapping_shr(b),
                IntOp::And => a & b,
                IntOp::Or => a | b,
                IntOp::Xor => a ^ b,
                IntOp::Lt => u32::from(a < b),
                IntOp::Le => u32::from(a <= b),
                IntOp::Gt => u32::from(a > b),
                IntOp::Ge => u32::from(a >= b),
                IntOp::Eq => u32::from(a == b),
                IntOp::Ne => u32::from(a != b),
            })
        }
        IntMode::I64 => match op {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::Div => a.wrapping_div(b),
            IntOp::Rem => a.wrapping_rem(b),
            IntOp::Shl => a.wrapping_shl(b as u32),
            IntOp::Shr => a.wrapping_shr(b as u32),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Lt => i64::from(a < b),
            IntOp::Le => i64::from(a <= b),
            IntOp::Gt => i64::from(a > b),
            IntOp::Ge => i64::from(a >= b),
            IntOp::Eq => i64::from(a == b),
            IntOp::Ne => i64::from(a != b),
        },
        IntMode::U64 => {
            let (a, b) = (a as u64, b as u64);
            (match op {
                IntOp::Add => a.wrapping_add(b),
                IntOp::Sub => a.wrapping_sub(b),
                IntOp::Mul => a.wrapping_mul(b),
                IntOp::Div => a / b,
                IntOp::Rem => a % b,
                IntOp::Shl => a.wrapping_shl(b as u32),
                IntOp::Shr => a.wrapping_shr(b as u32),
                IntOp::And => a & b,
                IntOp::Or => a | b,
                IntOp::Xor => a ^ b,
                IntOp::Lt => u64::from(a < b),
                IntOp::Le => u64::from(a <= b),
                IntOp::Gt => u64::from(a > b),
                IntOp::Ge => u64::from(a >= b),
                IntOp::Eq => u64::from(a == b),
                IntOp::Ne => u64::from(a != b),
            }) as i64
        }
    })
}

/// A `double` converted to an integer scalar, truncating toward zero; NaN or a value outside the
/// target's range is an error (undefined behaviour in C).
fn double_to(v: f64, sc: Scalar) -> Run<i64> {
    let (lo, hi, name): (f64, f64, &str) = match sc {
        Scalar::Bool => return Ok(i64::from(v != 0.0)),
        Scalar::I8 => (-129.0, 128.0, "a char"),
        Scalar::U8 => (-1.0, 256.0, "an unsigned char"),
        Scalar::I16 => (-32_769.0, 32_768.0, "a short"),
        Scalar::U16 => (-1.0, 65_536.0, "an unsigned short"),
        Scalar::I32 => (-2_147_483_649.0, 2_147_483_648.0, "an int"),
        Scalar::U32 => (-1.0, 4_294_967_296.0, "an unsigned int"),
        Scalar::I64 => (
            -9.223_372_036_854_778e18,
            9.223_372_036_854_776e18,
            "a long",
        ),
        Scalar::F32 | Scalar::F64 => return Ok(w(v)),
    };
    if v.is_nan() || v <= lo || v >= hi {
        return Err(Fault(format!("the value {v} does not fit in {name}")));
    }
    Ok(v as i64)
}

impl Vm {
    /// A rank that will run `prog` from `main`.
    pub fn new(prog: Rc<Compiled>, limits: VmLimits) -> Vm {
        Vm {
            mem: Memory::new(limits.max_memory),
            prog,
            limits,
            stack: Vec::new(),
            frames: Vec::new(),
            pc: 0,
            fp: 0,
            mpi: MpiState::new(),
            ops: 0,
            state: State::NotStarted,
            blocked_pc: 0,
            line: String::new(),
            error: None,
            callback_depth: None,
            rand: LibcRandom::default(),
            args: Rc::from(Vec::new()),
            fault_span: None,
            costs: OpCosts::FREE,
            charged_ops: 0,
            owed: Expensive::default(),
            recharged: false,
        }
    }

    /// This rank with command-line arguments: `argv[0]` is `name`, then `args`.
    pub fn with_args(mut self, args: Rc<[String]>) -> Vm {
        self.args = args;
        self
    }

    /// Places `argv` in memory; pushes `argc` and `argv`.
    fn push_args(&mut self) -> Run<()> {
        let args = Rc::clone(&self.args);
        let mut pointers = Vec::with_capacity(args.len() + 1);
        for a in args.iter() {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            let at = self
                .mem
                .alloc(bytes.len() as u32, 1)
                .map_err(|e| Fault(format!("placing the arguments: {e}")))?;
            self.mem
                .write(at, &bytes)
                .map_err(|e| Fault(e.to_string()))?;
            pointers.extend_from_slice(&u64::from(at).to_le_bytes());
        }
        pointers.extend_from_slice(&0u64.to_le_bytes());
        let argv = self
            .mem
            .alloc(pointers.len() as u32, 8)
            .map_err(|e| Fault(format!("placing the arguments: {e}")))?;
        self.mem
            .write(argv, &pointers)
            .map_err(|e| Fault(e.to_string()))?;
        self.stack.push(args.len() as i64);
        self.stack.push(i64::from(argv));
        Ok(())
    }

    /// The runtime error that stopped this rank, if any.
    pub fn error(&self) -> Option<&Diagnostic> {
        self.error.as_ref()
    }

    /// Bytecode operations executed so far.
    pub fn ops(&self) -> u64 {
        self.ops
    }

    /// The rank's memory (for views and tests).
    pub fn memory(&self) -> &Memory {
        &self.mem
    }

    /// The 1-based source line of the rank while the run is paused: the call it is blocked in
    /// (or computing before), or where it failed; `None` before it starts and after it finished.
    pub fn current_line(&self) -> Option<u32> {
        match self.state {
            State::NotStarted | State::Done => None,
            _ => Some(self.prog.line_of(self.paused_pc() as usize)),
        }
    }

    /// The operation the rank is at: the call it is blocked in (or computing before), else the
    /// last one it ran.
    fn paused_pc(&self) -> u32 {
        match self.state {
            State::InMpi | State::Delayed { .. } => self.blocked_pc,
            _ => self.pc.saturating_sub(1),
        }
    }

    /// The source text the program was compiled from.
    pub fn source(&self) -> &str {
        &self.prog.source
    }

    /// Where the program currently is, as `function` and 1-based source line.
    pub fn location(&self) -> (String, usize) {
        let span = self
            .prog
            .spans
            .get(self.paused_pc() as usize)
            .cloned()
            .unwrap_or(0..0);
        let func = self
            .frames
            .last()
            .and_then(|f| self.prog.functions.get(f.function as usize))
            .map_or("main".to_string(), |f| f.name.clone());
        (func, line_col(&self.prog.source, span.start).line)
    }

    fn fail(&mut self, rank: u32, message: String) -> Step {
        let pc = self.pc.saturating_sub(1) as usize;
        let span = self
            .fault_span
            .take()
            .unwrap_or_else(|| self.prog.spans.get(pc).cloned().unwrap_or(0..0));
        let mut diag = Diagnostic::error(format!("rank {rank}: {message}"), span);
        // Call stack, innermost first; a run of identical frames (recursion) is one note and a
        // count.
        let src = &self.prog.source;
        let mut notes: Vec<(String, &str, usize)> = Vec::new();
        for (i, frame) in self.frames.iter().enumerate().rev() {
            let name = &self.prog.functions[frame.function as usize].name;
            let note = if i == 0 {
                format!("in `{name}`")
            } else {
                let call_span = self
                    .prog
                    .spans
                    .get(frame.ret_pc.saturating_sub(1) as usize)
                    .cloned()
                    .unwrap_or(0..0);
                let caller = &self.prog.functions[self.frames[i - 1].function as usize].name;
                format!(
                    "in `{name}`, called from `{caller}` at line {}",
                    line_col(src, call_span.start).line
                )
            };
            match notes.last_mut() {
                Some((last, _, repeats)) if *last == note => *repeats += 1,
                _ => notes.push((note, name, 1)),
            }
        }
        for (note, name, repeats) in notes {
            diag = diag.with_note(note);
            if repeats > 1 {
                let more = repeats - 1;
                let calls = if more == 1 { "call" } else { "calls" };
                diag = diag.with_note(format!(
                    "… {more} more {calls} of `{name}` from the same line"
                ));
            }
        }
        let text = diag.render(&self.prog.file, src);
        self.error = Some(diag);
        self.state = State::Failed;
        Step::Fail(text)
    }

    /// Appends text to the console line, printing each completed line.
    fn write_console(&mut self, text: &str, ctx: &mut RankCtx<'_>) {
        for ch in text.chars() {
            if ch == '\n' {
                let line = std::mem::take(&mut self.line);
                ctx.print(line);
            } else {
                self.line.push(ch);
            }
        }
    }

    /// The program ended (`main` returned or `exit`): the last console line, a warning when it
    /// called `MPI_Init` but not `MPI_Finalize`, and a warning for heap blocks never freed — as
    /// LeakSanitizer prints one at a process's exit.
    fn finish(&mut self, ctx: &mut RankCtx<'_>) {
        self.state = State::Done;
        self.flush_line(ctx);
        if let Some(warning) = self.mpi.missing_finalize() {
            ctx.print(warning);
        }
        let (blocks, bytes, first) = self.mem.leaks();
        if blocks > 0 {
            let s = if blocks == 1 { "" } else { "s" };
            ctx.print(format!(
                "warning: {blocks} block{s} ({bytes} bytes) allocated with malloc were never freed (the first at line {first})"
            ));
        }
    }

    fn flush_line(&mut self, ctx: &mut RankCtx<'_>) {
        if !self.line.is_empty() {
            ctx.print(std::mem::take(&mut self.line));
        }
    }

    fn push_value(&mut self, v: Value) {
        self.stack.push(match v {
            Value::Int(i) => i64::from(i),
            Value::Double(x) => w(x),
            Value::Word(v) => v,
        });
    }

    fn pop(&mut self) -> Run<i64> {
        self.stack
            .pop()
            .ok_or_else(|| Fault("internal error: evaluation stack underflow".into()))
    }

    fn read_cstr(&self, addr: Addr) -> Run<String> {
        let mut bytes = Vec::new();
        let mut a = addr;
        loop {
            let b = self
                .mem
                .read_u8(a)
                .map_err(|e| Fault(format!("reading a string: {e}")))?;
            if b == 0 || bytes.len() >= 1 << 16 {
                break;
            }
            bytes.push(b);
            a = a.wrapping_add(1);
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The processor time the operations since the last charge take.
    fn owed(&self) -> SimTime {
        let c = &self.costs;
        let e = &self.owed;
        let fs = [
            (c.op, self.ops - self.charged_ops),
            (c.divide, e.divides),
            (c.call, e.calls),
            (c.library, e.library_calls),
            (c.byte, e.bytes),
        ]
        .iter()
        .map(|&(per, n)| u128::from(per.as_fs()) * u128::from(n))
        .sum::<u128>();
        SimTime::from_ps(u64::try_from((fs + 500) / 1_000).unwrap_or(u64::MAX))
    }

    /// Forgets what is owed: `compute()`/`flops()` model the code before them explicitly.
    fn forgive(&mut self) {
        self.charged_ops = self.ops;
        self.owed = Expensive::default();
    }

    /// Before an operation that reads the clock, shows something or communicates (the one just
    /// fetched): if the program owes processor time, spend it first — the operation is put back
    /// and runs again once the rank has computed for that long. Never inside a callback (the
    /// library is waiting for its result), where the time stays owed.
    #[inline(never)]
    fn charge(&mut self) -> Option<Step> {
        if self.callback_depth.is_some() {
            return None;
        }
        if std::mem::take(&mut self.recharged) {
            return None;
        }
        // The operation itself runs (and is counted) again after the charge.
        self.ops -= 1;
        let owed = self.owed();
        self.forgive();
        if owed == SimTime::ZERO {
            self.ops += 1;
            return None;
        }
        self.pc -= 1;
        self.blocked_pc = self.pc;
        self.state = State::Delayed { push_zero: false };
        self.recharged = true;
        Some(Step::Compute(owed))
    }

    /// Pops a value and an address and stores the value there as an `int`; returns it.
    #[inline(always)]
    fn store_int(&mut self) -> Run<i64> {
        let v = self.pop()?;
        let a = self.pop()? as Addr;
        self.mem
            .write_i32(a, v as i32)
            .map_err(|e| Fault(e.to_string()))?;
        Ok(i64::from(v as i32))
    }

    /// Pops a value and an address and stores the value there as a `double`; returns it.
    #[inline(always)]
    fn store_double(&mut self) -> Run<i64> {
        let v = self.pop()?;
        let a = self.pop()? as Addr;
        self.mem
            .write_f64(a, d(v))
            .map_err(|e| Fault(e.to_string()))?;
        Ok(v)
    }

    /// Stores `v` as the `int` at frame pointer + `off`.
    #[inline(always)]
    fn store_local_int(&mut self, off: u32, v: i64) -> Run<()> {
        self.mem
            .write_i32(self.fp + off, v as i32)
            .map_err(|e| Fault(e.to_string()))
    }

    /// Pops an address and adds `delta` to the `int` there: its old and new values.
    #[inline(always)]
    fn inc_int(&mut self, delta: i32) -> Run<(i32, i32)> {
        let a = self.pop()? as Addr;
        let old = self.mem.read_i32(a).map_err(|e| Fault(e.to_string()))?;
        let new = old.wrapping_add(delta);
        self.mem
            .write_i32(a, new)
            .map_err(|e| Fault(e.to_string()))?;
        Ok((old, new))
    }

    /// `a op b` in `int` (C's 32-bit wrapping arithmetic; division by zero is an error).
    #[inline(always)]
    fn int_op(&mut self, iop: IntOp, a: i32, b: i32) -> Run<i32> {
        Ok(match iop {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::Div => {
                if b == 0 {
                    return Err(Fault("division by zero".into()));
                }
                self.owed.divides += 1;
                a.wrapping_div(b)
            }
            IntOp::Rem => {
                if b == 0 {
                    return Err(Fault("division by zero (in `%`)".into()));
                }
                self.owed.divides += 1;
                a.wrapping_rem(b)
            }
            IntOp::Shl => a.wrapping_shl(b as u32),
            IntOp::Shr => a.wrapping_shr(b as u32),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Lt => i32::from(a < b),
            IntOp::Le => i32::from(a <= b),
            IntOp::Gt => i32::from(a > b),
            IntOp::Ge => i32::from(a >= b),
            IntOp::Eq => i32::from(a == b),
            IntOp::Ne => i32::from(a != b),
        })
    }

    fn start(&mut self) -> Run<()> {
        let size = u32::try_from(self.prog.globals.len())
            .map_err(|_| Fault("the global variables are too large".into()))?;
        let base = self.mem.alloc(size, 8).map_err(|e| Fault(e.to_string()))?;
        debug_assert_eq!(base, self.prog.globals_base);
        self.mem
            .write(base, &self.prog.globals)
            .map_err(|e| Fault(e.to_string()))?;
        self.pc = 0;
        self.state = State::Running;
        Ok(())
    }

    /// Runs until the rank blocks, finishes or fails.
    fn run(&mut self, ctx: &mut RankCtx<'_>) -> Run<Option<Step>> {
        let prog = Rc::clone(&self.prog);
        let code = &prog.code[..];
        // One comparison per operation: the nearer of the two operation limits.
        let between = self.ops.saturating_add(self.limits.max_ops_between_calls);
        let stop_at = self.limits.max_ops.min(between);
        loop {
            let Some(&op) = code.get(self.pc as usize) else {
                return Err(Fault(
                    "internal error: ran past the end of the program".into(),
                ));
            };
            self.pc += 1;
            self.ops += 1;
            if self.ops > stop_at {
                return Err(Fault(if self.ops > self.limits.max_ops {
                    format!(
                        "step limit exceeded: {} operations without finishing (an endless loop?); this is where it was spinning",
                        self.limits.max_ops
                    )
                } else {
                    format!(
                        "step limit exceeded: {} operations without an MPI call, compute() or yield() (an endless loop?); this is where it was spinning",
                        self.limits.max_ops_between_calls
                    )
                }));
            }
            match op {
                Op::PushInt(v) => self.stack.push(v),
                Op::PushDouble(v) => self.stack.push(w(v)),
                Op::Pop => {
                    self.pop()?;
                }
                Op::Dup => {
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    self.stack.push(v);
                }
                Op::Swap => {
                    let n = self.stack.len();
                    if n < 2 {
                        return Err(Fault("internal error: empty stack".into()));
                    }
                    self.stack.swap(n - 1, n - 2);
                }
                Op::Zero(n) => {
                    let a = self.pop()? as Addr;
                    self.mem
                        .write(a, &vec![0u8; n as usize])
                        .map_err(|e| Fault(e.to_string()))?;
                }
                Op::AddrLocal(off) => self.stack.push(i64::from(self.fp + off)),
                Op::LoadLocalInt(off) => {
                    let v = self
                        .mem
                        .read_i32(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(v));
                }
                Op::LoadLocalDouble(off) => {
                    let v = self
                        .mem
                        .read_f64(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(v));
                }
                Op::StoreLocalInt(off) => {
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    self.store_local_int(off, v)?;
                }
                Op::LoadInt => {
                    let a = self.pop()? as Addr;
                    let v = self.mem.read_i32(a).map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(v));
                }
                Op::LoadDouble => {
                    let a = self.pop()? as Addr;
                    let v = self.mem.read_f64(a).map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(v));
                }
                Op::Load(sc) => {
                    let a = self.pop()? as Addr;
                    let v = self
                        .mem
                        .read_scalar(a, sc)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::StoreInt => {
                    let v = self.store_int()?;
                    self.stack.push(v);
                }
                // The fused operations ([`crate::lang::codegen::peephole`]) count as the two they replace.
                Op::StoreIntPop => {
                    self.ops += 1;
                    self.store_int()?;
                }
                Op::StoreDoublePop => {
                    self.ops += 1;
                    self.store_double()?;
                }
                Op::StoreLocalIntPop(off) => {
                    self.ops += 1;
                    let v = self.pop()?;
                    self.store_local_int(off, v)?;
                }
                Op::IncIntPop { delta } => {
                    self.ops += 1;
                    self.inc_int(delta)?;
                }
                Op::Index { len, stride } => {
                    self.ops += 1;
                    let i = self.pop()?;
                    check_index(i, len)?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i, stride)?);
                }
                Op::StoreDouble => {
                    let v = self.store_double()?;
                    self.stack.push(v);
                }
                Op::Store(sc) => {
                    let v = self.pop()?;
                    let a = self.pop()? as Addr;
                    self.mem
                        .write_scalar(a, sc, v)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::Copy(n) => {
                    let src = self.pop()? as Addr;
                    let dst = self.pop()? as Addr;
                    let bytes = self
                        .mem
                        .read(src, n)
                        .map_err(|e| Fault(e.to_string()))?
                        .to_vec();
                    self.mem
                        .write(dst, &bytes)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(dst));
                }
                Op::IncInt { delta, post } => {
                    let (old, new) = self.inc_int(delta)?;
                    self.stack.push(i64::from(if post { old } else { new }));
                }
                Op::IncScalar {
                    scalar,
                    delta,
                    post,
                } => {
                    let a = self.pop()? as Addr;
                    let old = self
                        .mem
                        .read_scalar(a, scalar)
                        .map_err(|e| Fault(e.to_string()))?;
                    let new = if scalar == Scalar::F32 {
                        w(f64::from((d(old) + f64::from(delta)) as f32))
                    } else {
                        scalar.narrow(old.wrapping_add(i64::from(delta)))
                    };
                    self.mem
                        .write_scalar(a, scalar, new)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(if post { old } else { new });
                }
                Op::IncDouble { delta, post } => {
                    let a = self.pop()? as Addr;
                    let old = self.mem.read_f64(a).map_err(|e| Fault(e.to_string()))?;
                    let new = old + f64::from(delta);
                    self.mem
                        .write_f64(a, new)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(if post { old } else { new }));
                }
                Op::Int(iop) => {
                    let b = self.pop()? as i32;
                    let a = self.pop()? as i32;
                    let r = self.int_op(iop, a, b)?;
                    self.stack.push(i64::from(r));
                }
                Op::IntImm(iop, b) => {
                    self.ops += 1;
                    let a = self.pop()? as i32;
                    let r = self.int_op(iop, a, b)?;
                    self.stack.push(i64::from(r));
                }
                Op::Wide(iop, mode) => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    if matches!(iop, IntOp::Div | IntOp::Rem) {
                        self.owed.divides += 1;
                    }
                    self.stack.push(wide(iop, mode, a, b)?);
                }
                Op::Double(dop) => {
                    let b = d(self.pop()?);
                    let a = d(self.pop()?);
                    let r = match dop {
                        DoubleOp::Add => w(a + b),
                        DoubleOp::Sub => w(a - b),
                        DoubleOp::Mul => w(a * b),
                        DoubleOp::Div => {
                            self.owed.divides += 1;
                            w(a / b)
                        }
                        DoubleOp::Lt => i64::from(a < b),
                        DoubleOp::Le => i64::from(a <= b),
                        DoubleOp::Gt => i64::from(a > b),
                        DoubleOp::Ge => i64::from(a >= b),
                        DoubleOp::Eq => i64::from(a == b),
                        DoubleOp::Ne => i64::from(a != b),
                    };
                    self.stack.push(r);
                }
                Op::NegInt => {
                    let v = self.pop()? as i32;
                    self.stack.push(i64::from(v.wrapping_neg()));
                }
                Op::NegDouble => {
                    let v = d(self.pop()?);
                    self.stack.push(w(-v));
                }
                Op::NotInt => {
                    let v = self.pop()?;
                    self.stack.push(i64::from(v == 0));
                }
                Op::BitNotInt => {
                    let v = self.pop()? as i32;
                    self.stack.push(i64::from(!v));
                }
                Op::DoubleTruth => {
                    let v = d(self.pop()?);
                    self.stack.push(i64::from(v != 0.0));
                }
                Op::IntToDouble => {
                    let v = self.pop()?;
                    self.stack.push(w(v as f64));
                }
                Op::U64ToDouble => {
                    let v = self.pop()?;
                    self.stack.push(w(v as u64 as f64));
                }
                Op::DoubleTo(sc) => {
                    let v = d(self.pop()?);
                    self.stack.push(double_to(v, sc)?);
                }
                Op::Narrow(sc) => {
                    let v = self.pop()?;
                    self.stack.push(sc.narrow(v));
                }
                Op::RoundFloat => {
                    let v = d(self.pop()?);
                    self.stack.push(w(f64::from(v as f32)));
                }
                Op::CheckIndex(len) => {
                    let i = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    check_index(i, len)?;
                }
                Op::AddrOffset(stride) => {
                    let i = self.pop()?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i, stride)?);
                }
                Op::AddrDiff(stride) => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    self.stack.push((a - b) / i64::from(stride.max(1)));
                }
                Op::Jump(t) => self.pc = t,
                Op::JumpIfZero(t) => {
                    if self.pop()? == 0 {
                        self.pc = t;
                    }
                }
                Op::JumpIfNotZero(t) => {
                    if self.pop()? != 0 {
                        self.pc = t;
                    }
                }
                Op::Call { function, args } => {
                    self.owed.calls += 1;
                    self.call(function, args)?
                }
                Op::CallIndirect { args } => {
                    let at = self
                        .stack
                        .len()
                        .checked_sub(args as usize + 1)
                        .ok_or_else(|| Fault("internal error: missing arguments".into()))?;
                    let f = self.stack.remove(at);
                    let function = self.function_of(f)?;
                    self.owed.calls += 1;
                    let want = prog.functions[function as usize].params.len();
                    if want != args as usize {
                        return Err(Fault(format!(
                            "`{}` takes {want} arguments but was called through a pointer with {args}",
                            prog.functions[function as usize].name
                        )));
                    }
                    self.call(function, args)?;
                }
                Op::Return { value } => {
                    let v = if value { Some(self.pop()?) } else { None };
                    let frame = self
                        .frames
                        .pop()
                        .ok_or_else(|| Fault("internal error: return without a frame".into()))?;
                    self.mem.release_to(self.fp);
                    self.fp = frame.fp;
                    self.pc = frame.ret_pc;
                    let returns = self.prog.functions[frame.function as usize].returns_value;
                    if returns {
                        self.stack.push(v.unwrap_or(0));
                    }
                    if self.callback_depth == Some(self.frames.len()) {
                        return Ok(None);
                    }
                }
                Op::Builtin(b, n) => {
                    if matches!(b, Builtin::Compute | Builtin::Flops) {
                        // An explicit model of the code before it: that code's operations are
                        // not charged again.
                        self.forgive();
                    } else if let Some(step) = self.charge() {
                        return Ok(Some(step));
                    }
                    let args: Vec<i64> = (0..n).map(|_| self.pop()).collect::<Run<Vec<_>>>()?;
                    match b {
                        Builtin::Yield => {
                            self.blocked_pc = self.pc - 1;
                            self.state = State::Delayed { push_zero: false };
                            return Ok(Some(Step::Yield));
                        }
                        Builtin::Compute
                        | Builtin::Flops
                        | Builtin::Usleep
                        | Builtin::Nanosleep => {
                            let x = d(args[0]);
                            if x.is_nan() || x < 0.0 || !x.is_finite() {
                                return Err(Fault(format!(
                                    "a delay must be a non-negative number, not {x}"
                                )));
                            }
                            let t = match b {
                                Builtin::Compute | Builtin::Usleep => SimTime::from_us_f64(x),
                                Builtin::Nanosleep => SimTime::from_us_f64(x / 1e3),
                                _ => ctx.flops_time(x as u64),
                            };
                            self.blocked_pc = self.pc - 1;
                            self.state = State::Delayed {
                                push_zero: matches!(b, Builtin::Usleep | Builtin::Nanosleep),
                            };
                            return Ok(Some(Step::Compute(t)));
                        }
                    }
                }
                Op::Printf { kinds, to } => {
                    if to == PrintTo::Console {
                        if let Some(step) = self.charge() {
                            return Ok(Some(step));
                        }
                    }
                    let kinds = &prog.printf_kinds[kinds as usize];
                    let mut raw = Vec::with_capacity(kinds.len());
                    for _ in 0..kinds.len() {
                        raw.push(self.pop()?);
                    }
                    raw.reverse();
                    let fmt_addr = self.pop()? as Addr;
                    let fmt = self.read_cstr(fmt_addr)?;
                    // Which arguments `%s` reads as strings (the others print as pointers).
                    let classes = printf::conversions(&fmt).unwrap_or_default();
                    let mut args = Vec::with_capacity(kinds.len());
                    for (i, (k, v)) in kinds.iter().zip(raw).enumerate() {
                        args.push(match k {
                            ArgKind::Int => PrintArg::Int(v),
                            ArgKind::Double => PrintArg::Double(d(v)),
                            ArgKind::Addr
                                if v != 0 && classes.get(i) == Some(&printf::ArgClass::Str) =>
                            {
                                PrintArg::Str(self.read_cstr(v as Addr)?)
                            }
                            ArgKind::Addr => PrintArg::Ptr(v as u64),
                        });
                    }
                    let text = printf::format_bytes(fmt.as_bytes(), &args);
                    let n = text.len();
                    match to {
                        PrintTo::Console => {
                            self.write_console(&String::from_utf8_lossy(&text), ctx)
                        }
                        PrintTo::Buffer | PrintTo::BoundedBuffer => {
                            let cap = if to == PrintTo::BoundedBuffer {
                                Some(self.pop()?)
                            } else {
                                None
                            };
                            let dest = self.pop()? as Addr;
                            let mut bytes = text;
                            if let Some(cap) = cap {
                                if cap <= 0 {
                                    bytes.clear();
                                } else {
                                    bytes.truncate(cap as usize - 1);
                                }
                            }
                            if cap != Some(0) {
                                bytes.push(0);
                                self.mem
                                    .write(dest, &bytes)
                                    .map_err(|e| Fault(format!("writing the text: {e}")))?;
                            }
                        }
                    }
                    self.stack.push(n as i64);
                }
                Op::Lib { index, args } => {
                    if libc::LIBC[index as usize].clocked {
                        if let Some(step) = self.charge() {
                            return Ok(Some(step));
                        }
                    }
                    self.owed.library_calls += 1;
                    let mut a = vec![0i64; args as usize];
                    for slot in a.iter_mut().rev() {
                        *slot = self.pop()?;
                    }
                    if let libc::Impl::Sort = libc::LIBC[index as usize].run {
                        self.qsort(&a, ctx)?;
                        continue;
                    }
                    let span = prog
                        .spans
                        .get(self.pc as usize - 1)
                        .cloned()
                        .unwrap_or(0..0);
                    let line = line_col(&prog.source, span.start).line as u32;
                    let host = ctx.host_name();
                    let mut out = std::mem::take(&mut self.line);
                    let mut lib = Lib {
                        mem: &mut self.mem,
                        out: &mut out,
                        line,
                        now: ctx.now(),
                        host: &host,
                        rand: &mut self.rand,
                        moved: 0,
                    };
                    let done = libc::call(index as usize, &mut lib, &a);
                    self.owed.bytes += lib.moved;
                    self.line = String::new();
                    self.write_console(&out, ctx);
                    match done.map_err(Fault)? {
                        Done::Value(v) => {
                            if libc::LIBC[index as usize].ret != libc::C::Void {
                                self.stack.push(v);
                            }
                        }
                        Done::Exit(_) => {
                            self.finish(ctx);
                            return Ok(None);
                        }
                        Done::Sleep(t) => {
                            self.blocked_pc = self.pc - 1;
                            self.state = State::Delayed { push_zero: true };
                            return Ok(Some(Step::Compute(t)));
                        }
                    }
                }
                Op::Mpi { function, args } => {
                    if let Some(step) = self.charge() {
                        return Ok(Some(step));
                    }
                    let mut a = vec![0i64; args as usize];
                    for slot in a.iter_mut().rev() {
                        *slot = self.pop()?;
                    }
                    let call = mpi_table::build(function as usize, &a)
                        .at_line(self.prog.line_of(self.pc as usize - 1));
                    self.blocked_pc = self.pc - 1;
                    let outcome = self.mpi.call(call, &mut self.mem, ctx);
                    match self.user_calls(outcome, ctx) {
                        Ok(Outcome::Return(v)) => self.push_value(v),
                        Ok(Outcome::Block(step)) => {
                            self.state = State::InMpi;
                            return Ok(Some(step));
                        }
                        Ok(Outcome::Call(_)) => unreachable!("user_calls runs every call"),
                        Err(e) => return Err(Fault(e)),
                    }
                }
                Op::Args => self.push_args()?,
                Op::Halt => {
                    if let Some(step) = self.charge() {
                        return Ok(Some(step));
                    }
                    self.finish(ctx);
                    return Ok(None);
                }
            }
        }
    }

    /// Runs the program's functions the MPI library asks for (a user-defined reduction's, with
    /// `Outcome::Call`), resuming the library after each, until it returns or blocks.
    fn user_calls(
        &mut self,
        mut outcome: Result<Outcome, MpiError>,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Outcome, String> {
        while let Ok(Outcome::Call(c)) = outcome {
            let what = "a reduction function (MPI_Op_create)";
            self.callback(c.function, &c.args, what, ctx)
                .map_err(|Fault(m)| m)?;
            outcome = self.mpi.resume(&mut self.mem, ctx);
        }
        outcome.map_err(|e| e.to_string())
    }

    /// Runs the function `f` (a function pointer's value) with `args` to its return, for the
    /// library (`qsort`'s comparator, `what`); it may not block. A `void` function returns 0.
    fn callback(&mut self, f: i64, args: &[i64], what: &str, ctx: &mut RankCtx<'_>) -> Run<i64> {
        let function = self.function_of(f)?;
        if self.prog.functions[function as usize].params.len() != args.len() {
            return Err(Fault(format!(
                "`{}` must take {} arguments to be used here",
                self.prog.functions[function as usize].name,
                args.len()
            )));
        }
        self.stack.extend_from_slice(args);
        let (pc, outer) = (self.pc, self.callback_depth);
        self.call(function, args.len() as u32)?;
        self.callback_depth = Some(self.frames.len() - 1);
        let step = self.run(ctx)?;
        self.callback_depth = outer;
        self.pc = pc;
        if step.is_some() {
            return Err(Fault(format!("{what} may not call MPI, sleep or compute")));
        }
        if !self.prog.functions[function as usize].returns_value {
            return Ok(0);
        }
        self.pop()
    }

    /// `qsort(base, n, size, compare)`: a stable merge sort (as glibc's) whose comparisons run
    /// the program's function on the elements where they are; the sorted bytes are written back.
    fn qsort(&mut self, a: &[i64], ctx: &mut RankCtx<'_>) -> Run<()> {
        let (base, n, size, cmp) = (a[0] as Addr, a[1], a[2], a[3]);
        if n <= 1 || size <= 0 {
            return Ok(());
        }
        let total = n.checked_mul(size).filter(|t| *t <= i64::from(u32::MAX));
        let Some(total) = total else {
            return Err(Fault(format!(
                "qsort of {n} elements of {size} bytes is too large"
            )));
        };
        let bytes = self
            .mem
            .read(base, total as u32)
            .map_err(|e| Fault(format!("qsort: {e}")))?
            .to_vec();
        let mut order: Vec<i64> = (0..n).collect();
        let mut buf = order.clone();
        let mut width = 1usize;
        let len = order.len();
        while width < len {
            let mut lo = 0;
            while lo < len {
                let mid = (lo + width).min(len);
                let hi = (lo + 2 * width).min(len);
                let (mut i, mut j, mut k) = (lo, mid, lo);
                while i < mid && j < hi {
                    let pa = i64::from(base) + order[i] * size;
                    let pb = i64::from(base) + order[j] * size;
                    let c = self.callback(cmp, &[pa, pb], "a comparison function", ctx)? as i32;
                    if c <= 0 {
                        buf[k] = order[i];
                        i += 1;
                    } else {
                        buf[k] = order[j];
                        j += 1;
                    }
                    k += 1;
                }
                buf[k..k + (mid - i)].copy_from_slice(&order[i..mid]);
                k += mid - i;
                buf[k..k + (hi - j)].copy_from_slice(&order[j..hi]);
                lo = hi;
            }
            std::mem::swap(&mut order, &mut buf);
            width *= 2;
        }
        let size = size as usize;
        let mut sorted = Vec::with_capacity(bytes.len());
        for &i in &order {
            sorted.extend_from_slice(&bytes[i as usize * size..(i as usize + 1) * size]);
        }
        self.mem
            .write(base, &sorted)
            .map_err(|e| Fault(format!("qsort: {e}")))
    }

    /// The function a function pointer's value names.
    fn function_of(&self, v: i64) -> Run<u32> {
        if v == 0 {
            return Err(Fault("call through a null function pointer".into()));
        }
        let index = v ^ FN_TAG;
        if v & FN_TAG == 0 || !(0..self.prog.functions.len() as i64).contains(&index) {
            return Err(Fault(format!(
                "call through a pointer that does not point to a function (value {v})"
            )));
        }
        Ok(index as u32)
    }

    /// A call of `function` whose frame does not fit in the rank's `limit` bytes: reported at
    /// its largest variable when that variable alone is the problem, else at the call.
    fn frame_too_large(&mut self, function: u32, limit: u32) -> Fault {
        let f = &self.prog.functions[function as usize];
        let used = self.mem.heap_bytes() as u64;
        let limit_words = bytes_in_words(u64::from(limit));
        match &f.largest_local {
            Some((name, bytes, span)) if u64::from(*bytes) * 2 > u64::from(limit) => {
                self.fault_span = Some(span.clone());
                Fault(format!(
                    "out of memory: `{name}` ({}) does not fit in the rank's memory ({limit_words}); make it smaller, or allocate it with malloc and check for NULL",
                    bytes_in_words(u64::from(*bytes))
                ))
            }
            _ => Fault(format!(
                "out of memory: calling `{}` needs {} more for its variables, but the rank already uses {} of its {limit_words} (deep recursion?)",
                f.name,
                bytes_in_words(u64::from(f.frame_size)),
                bytes_in_words(used)
            )),
        }
    }

    fn call(&mut self, function: u32, args: u32) -> Run<()> {
        if self.frames.len() as u32 >= self.limits.max_depth {
            return Err(Fault(format!(
                "too many nested calls (more than {}): endless recursion?",
                self.limits.max_depth
            )));
        }
        let f = &self.prog.functions[function as usize];
        let base = match self.mem.alloc(f.frame_size, 8) {
            Ok(base) => base,
            Err(MemError::OutOfMemory { limit, .. }) => {
                return Err(self.frame_too_large(function, limit));
            }
            Err(e) => return Err(Fault(e.to_string())),
        };
        let start = self
            .stack
            .len()
            .checked_sub(args as usize)
            .ok_or_else(|| Fault("internal error: missing arguments".into()))?;
        for (i, &(off, pass)) in f.params.iter().enumerate() {
            let v = self.stack.get(start + i).copied().unwrap_or(0);
            let a = base + off;
            match pass {
                Pass::Scalar(Scalar::I32) => self.mem.write_i32(a, v as i32),
                Pass::Scalar(Scalar::F64) => self.mem.write_f64(a, d(v)),
                Pass::Scalar(sc) => self.mem.write_scalar(a, sc, v),
                Pass::Copy(n) => match self.mem.read(v as Addr, n) {
                    Ok(bytes) => {
                        let bytes = bytes.to_vec();
                        self.mem.write(a, &bytes)
                    }
                    Err(e) => Err(e),
                },
            }
            .map_err(|e| Fault(e.to_string()))?;
        }
        self.stack.truncate(start);
        self.frames.push(Frame {
            ret_pc: self.pc,
            fp: self.fp,
            function,
        });
        self.fp = base;
        self.pc = f.entry;
        Ok(())
    }
}

impl Program for Vm {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let rank = ctx.rank();
        let prepared = match self.state {
            State::NotStarted => {
                self.costs = ctx.op_costs();
                self.start()
            }
            State::Running => Ok(()),
            State::InMpi => {
                let outcome = self.mpi.resume(&mut self.mem, ctx);
                match self.user_calls(outcome, ctx) {
                    Ok(Outcome::Return(v)) => {
                        self.push_value(v);
                        self.state = State::Running;
                        Ok(())
                    }
                    Ok(Outcome::Block(step)) => return step,
                    Ok(Outcome::Call(_)) => unreachable!("user_calls runs every call"),
                    Err(e) => Err(Fault(e)),
                }
            }
            State::Delayed { push_zero } => {
                if push_zero {
                    self.stack.push(0);
                }
                self.state = State::Running;
                Ok(())
            }
            State::Done => return Step::Done,
            State::Failed => {
                return Step::Fail(
                    self.error
                        .as_ref()
                        .map_or_else(String::new, |e| e.message.clone()),
                )
            }
        };
        if let Err(Fault(m)) = prepared {
            return self.fail(rank, m);
        }
        match self.run(ctx) {
            Ok(Some(step)) => step,
            Ok(None) => Step::Done,
            Err(Fault(m)) => self.fail(rank, m),
        }
    }

    fn heap_bytes(&self) -> usize {
        self.mem.heap_bytes()
            + self.stack.capacity() * std::mem::size_of::<i64>()
            + self.frames.capacity() * std::mem::size_of::<Frame>()
    }

    fn with_window(
        &mut self,
        window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String> {
        if window == crate::proto::acp::ACP_MEMORY {
            // ACP lends memory by address (its registrations are the program's own bytes).
            let at = Addr::try_from(offset)
                .map_err(|_| format!("address {offset:#x} is outside this rank's memory"))?;
            let mut bytes = self.mem.read(at, len).map_err(|e| e.to_string())?.to_vec();
            f(&mut bytes);
            return self.mem.write(at, &bytes).map_err(|e| e.to_string());
        }
        let (base, size) = self
            .mpi
            .window_memory(window)
            .ok_or_else(|| format!("window {window} is not live on this rank"))?;
        if offset + u64::from(len) > u64::from(size) {
            return Err(format!(
                "the access of {len} bytes at byte {offset} is outside this rank's window of {size} bytes"
            ));
        }
        let at = base + offset as Addr;
        let mut bytes = self.mem.read(at, len).map_err(|e| e.to_string())?.to_vec();
        f(&mut bytes);
        self.mem.write(at, &bytes).map_err(|e| e.to_string())?;
        Ok(())
    }

    fn deadlock_notes(programs: &[Self], report: &DeadlockReport) -> Vec<String> {
        let ranks: Vec<RankView<'_>> = programs
            .iter()
            .map(|vm| RankView {
                finished: vm.state == State::Done,
                at: vm.blocked_at(),
                mpi: &vm.mpi,
            })
            .collect();
        deadlock_notes(&ranks, report)
    }

    fn blocked_at(&self) -> Option<String> {
        let pc = self.blocked_pc as usize;
        let span = self.prog.spans.get(pc)?.clone();
        let line = line_col(&self.prog.source, span.start).line;
        let call = self
            .prog
            .source
            .get(span.clone())
            .unwrap_or("")
            .split('(')
            .next()
            .unwrap_or("")
            .trim();
        Some(format!("{call} at line {line}"))
    }
}
