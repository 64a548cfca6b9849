//! What a rank runs: the [`Program`] trait, the [`Step`]s it returns, and the [`RankCtx`] through
//! which it issues operations.
//!
//! Both interpreted user code (the VM) and native Rust workloads implement [`Program`]. The engine
//! calls [`Program::resume`] when the rank may continue; inside, the program issues non-blocking
//! operations through the context (each returns at once with a request id) and finally returns a
//! [`Step`]: compute for a while, wait for requests, finish, or fail.

use std::fmt;

use super::ids::{Rank, ReqId};
use super::layer::{Core, DynLayer, Io, Layer};
use super::sim::{ConsoleLine, Stream};
use crate::time::SimTime;

/// What a rank does next, returned by [`Program::resume`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Compute (stay busy, communicating nothing) for this long, then resume. On a machine with
    /// atomic blocks (EM-X) consecutive computations are one block: handlers wait until it ends.
    Compute(SimTime),
    /// The rank's processor runs the MPI library inside `call` for this long (a request-based
    /// engine's software time: issuing requests, remote writes and reads), then resumes. Like
    /// compute, it is part of the running block.
    Library {
        /// The MPI function.
        call: &'static str,
        /// How long.
        time: SimTime,
    },
    /// A block boundary (`yield()`): handlers waiting on this rank's processor run, then the
    /// program continues.
    Yield,
    /// Wait, costing no events, until a protocol layer unparks the rank (`Io::unpark`): e.g. a
    /// spin on a word of its own memory that a remote write ends. The layer that parked it says
    /// why (`Layer::parked`).
    Park,
    /// Hand control back to whoever drives the simulation, in the middle of computing: the
    /// program continues at the next step, at the same simulated time, before any other event,
    /// so the run is exactly what it would have been without the pause (a browser sets a slice
    /// of operations so that a long loop never freezes the page).
    Pause,
    /// Block until this request completes, then resume.
    Wait(ReqId),
    /// Block until all of these requests complete.
    WaitAll(Vec<ReqId>),
    /// Block until at least one of these requests completes.
    WaitAny(Vec<ReqId>),
    /// The program finished.
    Done,
    /// The program hit an error; the run stops with it.
    Fail(String),
}

/// A rank's program. `Clone` so the simulator can checkpoint and step backwards.
pub trait Program: Clone + fmt::Debug {
    /// Continues the program at the context's current time until it computes, blocks, finishes or
    /// fails.
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step;

    /// Where the program is blocked, in words with a source location if it has one (used in
    /// deadlock reports), e.g. `"MPI_Recv at line 17"`.
    fn blocked_at(&self) -> Option<String> {
        None
    }

    /// Sentences about a deadlock as a whole, from every rank's program (`programs[r]` is rank
    /// `r`'s) and the engine's `report`: what the ranks' blocked calls mean together (e.g. a
    /// collective some ranks never reach). None by default.
    fn deadlock_notes(programs: &[Self], report: &super::DeadlockReport) -> Vec<String> {
        let _ = (programs, report);
        Vec::new()
    }

    /// Heap bytes the program holds (its memory), so checkpoints can be budgeted.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Lends `len` bytes at byte `offset` of this rank's part of window `window` to `f`, which
    /// may change them: another rank's one-sided access takes effect there (the one-sided
    /// layer applies it). Called at the simulated instant the machine delivers the access,
    /// whatever the program is doing. `Err` in words if there is no such window or the bytes
    /// are outside it.
    fn with_window(
        &mut self,
        window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String> {
        let _ = (offset, len, f);
        Err(format!("this program exposes no window {window}"))
    }
}

/// A completed request taken back by its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The bytes it delivered (a receive's payload, a get's bytes, an atomic's old value; empty
    /// when there are none). What else a protocol reports (a receive's status) its layer keeps.
    pub data: Vec<u8>,
}

/// An operation the engine refused; the program decides how to report it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpError {
    /// A rank number outside `0..size`.
    InvalidRank {
        /// The rank asked for.
        rank: i64,
        /// The number of ranks.
        size: u32,
    },
    /// A request id that is not one of this rank's active requests.
    InactiveRequest(ReqId),
    /// A protocol layer refused the operation (the layer's sentence).
    Refused(String),
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::InvalidRank { rank, size } => write!(
                f,
                "rank {rank} does not exist: valid ranks are 0 to {}",
                size.saturating_sub(1)
            ),
            OpError::Refused(why) => f.write_str(why),
            OpError::InactiveRequest(r) => {
                write!(f, "{r} is not an active request of this rank")
            }
        }
    }
}

impl std::error::Error for OpError {}

/// The view of the simulator a rank has while it runs: its number, the time, its requests and
/// console, and the protocol layers it calls ([`RankCtx::call`]; each layer's module adds its
/// operations as an extension trait on `RankCtx`).
pub struct RankCtx<'a> {
    pub(crate) core: &'a mut Core,
    pub(crate) layers: &'a mut [Box<dyn DynLayer>],
    pub(crate) console: &'a mut Vec<ConsoleLine>,
    pub(crate) rank: Rank,
}

impl RankCtx<'_> {
    /// This rank's number.
    pub fn rank(&self) -> Rank {
        self.rank
    }

    /// Number of ranks in the run.
    pub fn size(&self) -> u32 {
        self.core.size
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.core.now
    }

    /// The host name of this rank's node (`fx100-node12`).
    pub fn host_name(&self) -> String {
        self.core.machine.host_name(self.rank)
    }

    /// The node this rank runs on (the machine's block placement).
    pub fn node(&self) -> u32 {
        self.core.machine.node_of(self.rank)
    }

    /// The machine's time for `flops` floating-point operations on one rank.
    pub fn flops_time(&self, flops: u64) -> SimTime {
        self.core.machine.compute_time(flops)
    }

    /// What the program's own operations cost on this rank's processor (the profile's
    /// `[cpu.ops]`).
    pub fn op_costs(&self) -> crate::machine::hw::OpCosts {
        self.core.machine.op_costs()
    }

    /// Calls the run's layer of type `L` with an [`Io`] at the current time: how a protocol's
    /// operations are started. Panics if the run has no such layer (a setup bug, not a user's).
    pub fn call<L: Layer, R>(&mut self, f: impl FnOnce(&mut L, &mut Io<'_>, Rank) -> R) -> R {
        let (id, layer) = self
            .layers
            .iter_mut()
            .enumerate()
            .find_map(|(i, l)| l.as_any_mut().downcast_mut::<L>().map(|l| (i, l)))
            .unwrap_or_else(|| panic!("this run has no {} layer", std::any::type_name::<L>()));
        let mut io = Io {
            core: self.core,
            layer: u8::try_from(id).expect("fewer than 256 layers"),
            windows: None,
        };
        f(layer, &mut io, self.rank)
    }

    /// The run's layer of type `L`, read-only (`None` if the run has none).
    pub fn layer<L: Layer>(&self) -> Option<&L> {
        self.layers
            .iter()
            .find_map(|l| l.as_any().downcast_ref::<L>())
    }

    /// Takes the processor time the calls since the last take spent issuing their operations
    /// (zero under the eager engine, whose software overhead is in the transfers). A library
    /// charges it to the call that incurred it, so `MPI_Wtime` and the rank's other work see it.
    pub fn take_call_time(&mut self) -> SimTime {
        std::mem::take(&mut self.core.call_time)
    }

    /// Whether `req` (one of this rank's requests) has completed.
    pub fn is_complete(&self, req: ReqId) -> Result<bool, OpError> {
        match self.core.requests.get(req.0) {
            Some(r) if r.owner == self.rank => Ok(r.done),
            _ => Err(OpError::InactiveRequest(req)),
        }
    }

    /// Takes a completed request back, freeing it: the data it delivered. `Ok(None)` if it has
    /// not completed yet (the request stays active). Its layer forgets it too.
    pub fn take(&mut self, req: ReqId) -> Result<Option<Completion>, OpError> {
        if !self.is_complete(req)? {
            return Ok(None);
        }
        let r = self.core.requests.remove(req.0).expect("checked above");
        if let Some(layer) = self.layers.get_mut(r.layer as usize) {
            layer.taken(req);
        }
        Ok(Some(Completion { data: r.data }))
    }

    /// Writes a line to this rank's console (and the trace).
    pub fn print(&mut self, text: String) {
        self.write_line(text, Stream::Stdout);
    }

    /// Writes a line to this rank's error stream (`stderr`): on the console, marked as such.
    pub fn print_err(&mut self, text: String) {
        self.write_line(text, Stream::Stderr);
    }

    /// Writes Rankscope's own diagnostic about this rank's run (a warning at its end): on the
    /// console, marked as such, and never part of the program's output.
    pub fn diagnose(&mut self, text: String) {
        self.write_line(text, Stream::Diagnostic);
    }

    fn write_line(&mut self, text: String, stream: Stream) {
        self.core.record(crate::trace::RecordKind::Console {
            rank: self.rank,
            text: text.clone(),
            stream,
        });
        self.console.push(ConsoleLine {
            time: self.core.now,
            rank: self.rank,
            text,
            stream,
        });
    }
}
