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
//! turns an MPI call's argument words into a library call. The VM itself: its state and the
//! engine's side here, the dispatch loop in `run`, calls and callbacks in `calls`.

mod calls;
pub mod heap;
pub mod memory;
pub mod mpi_table;
mod run;

use run::{d, w};

use std::rc::Rc;

use crate::engine::{DeadlockReport, Program, RankCtx, Step};
use crate::lang::codegen::bytecode::{
    ArgKind, Builtin, Compiled, DoubleOp, IntMode, IntOp, Op, Pass, PrintTo, Scalar, FN_TAG,
};
use crate::lang::diagnostic::Diagnostic;
use crate::lang::libc::files::{DataFile, Files};
use crate::lang::libc::printf::{self, PrintArg};
use crate::lang::libc::{self, Done, Lib};
use crate::lang::vm::memory::{bytes_in_words, Addr, MemError, Memory};
use crate::libs::mpi::{deadlock_notes, MpiError, Outcome, RankView, Value};
use crate::libs::Libraries;
use crate::machine::hw::OpCosts;
use crate::time::SimTime;

/// Operations a rank may execute by default: a billion, about 4 s of one host core at the VM's
/// speed. Classic teaching programs finish inside it (LLNL's Monte-Carlo pi, 100 rounds of
/// 50,000 darts: 0.3 billion per rank; LLNL's `mpi_array.c`, filling and summing a
/// 16-million-element array: 0.7 billion on rank 0), while an endless loop still stops in
/// seconds. `--max-ops` and the playground's
/// "Protocol and limits" raise it.
pub const DEFAULT_MAX_OPS: u64 = 1_000_000_000;

/// Memory a rank may use by default: 256 MiB. What a rank is charged is what C's `sizeof` says
/// its objects take (plus a 16-byte red zone per `malloc` block), so a tutorial's 64 MB array
/// (`float data[16000000]`) fits with room for a second one and MPI's buffers; the simulator
/// holds every rank's memory at once, so the default stays well below a host's. `--memory` and
/// the playground's "Protocol and limits" change it.
pub const DEFAULT_MEMORY: u32 = 256 << 20;

/// Largest memory a rank may be given: its stack segment ends where the heap starts (2 GiB).
pub const MAX_MEMORY: u32 = memory::HEAP_BASE;

/// A memory size as a person writes it: bytes (`1048576`), or a number with `K`, `M` or `G`
/// (binary: `256M` is 256 MiB; `KiB`, `MiB`, `GiB`, `KB`, `MB`, `GB` read the same).
pub fn parse_memory(text: &str) -> Result<u32, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: f64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KB" | "KIB" => 1024.0,
        "M" | "MB" | "MIB" => 1024.0 * 1024.0,
        "G" | "GB" | "GIB" => 1024.0 * 1024.0 * 1024.0,
        _ => {
            return Err(format!(
            "\"{text}\" is not a memory size: write bytes or a number with K, M or G (e.g. 256M)"
        ))
        }
    };
    let value: f64 = number.parse().map_err(|_| {
        format!(
            "\"{text}\" is not a memory size: write bytes or a number with K, M or G (e.g. 256M)"
        )
    })?;
    let bytes = (value * scale).round();
    if !(1024.0..=f64::from(MAX_MEMORY)).contains(&bytes) {
        return Err(format!(
            "a rank's memory must be between 1K and {} (\"{text}\")",
            memory::bytes_in_words(u64::from(MAX_MEMORY))
        ));
    }
    Ok(bytes as u32)
}

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
    /// Operations after which a computing rank pauses ([`Step::Pause`]) and hands control back
    /// to the page, which shows progress and may stop; the run itself is unchanged. None
    /// (`u64::MAX`) natively.
    pub slice: u64,
}

impl Default for VmLimits {
    /// [`DEFAULT_MAX_OPS`], 100,000 nested calls, [`DEFAULT_MEMORY`]; no bound between calls,
    /// no pause.
    fn default() -> Self {
        VmLimits {
            max_ops: DEFAULT_MAX_OPS,
            max_depth: 100_000,
            max_memory: DEFAULT_MEMORY,
            max_ops_between_calls: u64::MAX,
            slice: u64::MAX,
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

/// Entries in [`Vm`]'s cache of library calls' lines.
const LIB_LINES: usize = 16;

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
    /// The rank's libraries (MPI, ACP, PVM), each with its own state.
    libs: Libraries,
    ops: u64,
    state: State,
    /// The pc of the MPI call or delay the rank is blocked in.
    blocked_pc: u32,
    line: String,
    error: Option<Diagnostic>,
    /// While the library runs a callback (a `qsort` comparator): the frame depth at which its
    /// return hands control back to the library.
    callback_depth: Option<usize>,
    /// The C library's state (`rand`'s generator, `strtok`'s position, `atexit`'s handlers…).
    libc: libc::State,
    /// The line being written to the rank's error stream (`stderr`).
    err_line: String,
    /// The rank's copy of the program's data files and its open streams.
    files: Files,
    /// `argv`: the program's name, then its arguments.
    args: Rc<[String]>,
    /// Where a runtime error is reported when not at the current operation (a frame too large
    /// for memory: at its largest variable's declaration).
    fault_span: Option<std::ops::Range<usize>>,
    /// A last note for the error being reported (how to raise the limit it hit).
    fault_note: Option<String>,
    /// What this rank's processor charges per operation (from the profile, at start).
    costs: OpCosts,
    /// `ops` when the program's time was last charged: the operations since are owed.
    charged_ops: u64,
    /// The expensive operations since then, whose extra time is owed too.
    owed: Expensive,
    /// The operation at `pc` runs again after its owed time was charged: do not charge again.
    recharged: bool,
    /// The simulated node's host name (asked once, at the first library call that may need it).
    host: Rc<str>,
    /// What a library call prints, kept between calls so that a call allocates nothing.
    lib_out: String,
    /// The source lines of the library calls run lately, by pc (a small direct-mapped cache:
    /// a call in a loop finds its line without a search).
    lib_lines: [(u32, u32); LIB_LINES],
    /// The status the program ended with (`main`'s return value or `exit`'s argument), once it
    /// has ended.
    exit_status: Option<i32>,
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

impl Vm {
    /// A rank that will run `prog` from `main`.
    pub fn new(prog: Rc<Compiled>, limits: VmLimits) -> Vm {
        Vm {
            mem: Memory::new(limits.max_memory),
            files: Files::new(&prog.data).with_errno(prog.errno),
            prog,
            limits,
            stack: Vec::new(),
            frames: Vec::new(),
            pc: 0,
            fp: 0,
            libs: Libraries::new(),
            ops: 0,
            state: State::NotStarted,
            exit_status: None,
            blocked_pc: 0,
            line: String::new(),
            error: None,
            callback_depth: None,
            libc: libc::State::default(),
            err_line: String::new(),
            args: Rc::from(Vec::new()),
            fault_span: None,
            fault_note: None,
            costs: OpCosts::FREE,
            charged_ops: 0,
            owed: Expensive::default(),
            recharged: false,
            host: Rc::from(""),
            lib_out: String::new(),
            lib_lines: [(u32::MAX, 0); LIB_LINES],
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

    /// The file of [`Vm::current_line`]: in a program of several files, the one the rank is in
    /// (otherwise the program's file).
    pub fn current_file(&self) -> &str {
        let at = (self.prog.spans.get(self.paused_pc() as usize)).map_or(0, |s| s.start);
        self.prog.file_at(at)
    }

    /// The operation the rank is at: the call it is blocked in (or computing before), else the
    /// last one it ran.
    fn paused_pc(&self) -> u32 {
        match self.state {
            State::InMpi | State::Delayed { .. } => self.blocked_pc,
            _ => self.pc.saturating_sub(1),
        }
    }

    /// The status the rank's process ended with, as its parent (`mpiexec`) sees it: `main`'s
    /// return value or `exit`'s argument, modulo 256 (0 when `main` returns nothing). `None`
    /// while it runs, and when it stopped with an error.
    pub fn exit_status(&self) -> Option<u8> {
        self.exit_status.map(|s| s as u8)
    }

    /// The data files this rank wrote (`fopen(…, "w")`, `"a"`, `"r+"`), with what they hold
    /// now; each rank has its own copy of the program's files.
    pub fn written_files(&self) -> Vec<DataFile> {
        self.files.written()
    }

    /// The name of the program's file (of several: the one with `main`).
    pub fn program_file(&self) -> &str {
        &self.prog.file
    }

    /// The source text the program was compiled from.
    pub fn source(&self) -> &str {
        &self.prog.source
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
                    "in `{name}`, called from `{caller}` at {}",
                    self.prog.place(call_span.start)
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
        if let Some(note) = self.fault_note.take() {
            diag = diag.with_note(note);
        }
        let (text, diag) = if self.prog.files.files.len() > 1 {
            let text = self.prog.files.render(&diag);
            (text, self.prog.files.localize(diag))
        } else {
            let text = diag.render(&self.prog.file, src);
            diag.file = self.prog.file.to_string();
            (text, diag)
        };
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

    /// Appends text to the error stream's line, showing each completed line.
    fn write_err(&mut self, text: &str, ctx: &mut RankCtx<'_>) {
        for ch in text.chars() {
            if ch == '\n' {
                let line = std::mem::take(&mut self.err_line);
                ctx.print_err(line);
            } else {
                self.err_line.push(ch);
            }
        }
    }

    /// The program ended (`main` returned or `exit`): the last console line, a warning when it
    /// called `MPI_Init` but not `MPI_Finalize`, and a warning for heap blocks never freed — as
    /// LeakSanitizer prints one at a process's exit.
    fn finish(&mut self, ctx: &mut RankCtx<'_>) {
        self.state = State::Done;
        self.flush_line(ctx);
        if let Some(warning) = self.libs.missing_finalize() {
            ctx.diagnose(warning);
        }
        let (blocks, bytes, first) = self.mem.leaks();
        if blocks > 0 {
            let s = if blocks == 1 { "" } else { "s" };
            ctx.diagnose(format!(
                "warning: {blocks} block{s} ({bytes} bytes) allocated with malloc were never freed (the first at line {first})"
            ));
        }
    }

    fn flush_line(&mut self, ctx: &mut RankCtx<'_>) {
        if !self.line.is_empty() {
            ctx.print(std::mem::take(&mut self.line));
        }
        if !self.err_line.is_empty() {
            ctx.print_err(std::mem::take(&mut self.err_line));
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
                let outcome = self.libs.resume(&mut self.mem, ctx);
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
            .libs
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
                mpi: vm.libs.mpi(),
            })
            .collect();
        deadlock_notes(&ranks, report)
    }

    fn blocked_at(&self) -> Option<String> {
        let pc = self.blocked_pc as usize;
        let span = self.prog.spans.get(pc)?.clone();
        let place = self.prog.place(span.start);
        let call = self
            .prog
            .source
            .get(span.clone())
            .unwrap_or("")
            .split('(')
            .next()
            .unwrap_or("")
            .trim();
        Some(format!("{call} at {place}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Progress, Sim};
    use crate::machine::{builtin_profiles, Machine};
    use crate::proto::SimConfig;

    const LOOPS: &str = r#"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rank, i, hits = 0;
    double sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srandom(rank + 1);
    for (i = 0; i < 20000; i++) {
        if (random() % 3 == 0) hits++;
        sum += i * 0.5;
    }
    MPI_Allreduce(MPI_IN_PLACE, &hits, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < 5000 * (rank + 1); i++) sum -= 0.25;
    printf("rank %d: %d hits, %.2f\n", rank, hits, sum);
    MPI_Finalize();
    return 0;
}
"#;

    /// Runs [`LOOPS`] on 3 ranks with `slice`; the steps taken, the console, the end time, the
    /// trace hash and each rank's operations.
    fn run(slice: u64) -> (u64, Vec<String>, String, u64, Vec<u64>) {
        let compiled = crate::lang::load(LOOPS, "loops.c").unwrap();
        let profile = builtin_profiles().unwrap().into_iter().next().unwrap();
        let machine = Machine::new(&profile, 3).unwrap();
        let limits = VmLimits {
            slice,
            ..VmLimits::default()
        };
        let mut sim = Sim::new(
            machine,
            crate::lang::ranks(&compiled, 3, limits),
            SimConfig::default(),
        );
        let mut steps = 0;
        while sim.step().unwrap() == Progress::Stepped {
            steps += 1;
        }
        let summary = sim.summary();
        let console = sim.console().iter().map(|l| l.text.clone()).collect();
        let ops = (0..3).map(|r| sim.program(r).unwrap().ops()).collect();
        (
            steps,
            console,
            summary.end_time.to_string(),
            summary.trace_hash,
            ops,
        )
    }

    #[test]
    fn a_rank_paused_every_few_operations_runs_exactly_as_without_pauses() {
        let whole = run(u64::MAX);
        let sliced = run(1_000);
        assert_eq!(sliced.1, whole.1, "console");
        assert_eq!(sliced.2, whole.2, "end time");
        assert_eq!(sliced.3, whole.3, "trace hash");
        assert_eq!(sliced.4, whole.4, "operations");
        // About 100 pauses per rank: each is a step of its own.
        assert!(
            sliced.0 > whole.0 + 200,
            "{} vs {} steps",
            sliced.0,
            whole.0
        );
    }
}
