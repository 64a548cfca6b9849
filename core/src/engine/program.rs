//! What a rank runs: the [`Program`] trait, the [`Step`]s it returns, and the [`RankCtx`] through
//! which it issues operations.
//!
//! Both interpreted user code (the VM) and native Rust workloads implement [`Program`]. The engine
//! calls [`Program::resume`] when the rank may continue; inside, the program issues non-blocking
//! operations through the context (each returns at once with a request id) and finally returns a
//! [`Step`]: compute for a while, wait for requests, finish, or fail.

use std::fmt;

use super::ids::{Rank, ReqId, Source, Status, TagSel};
use super::rma::{CollectiveMismatch, RemoteAccess, WindowPart};
use super::world::World;
use crate::locks::{MemOp, Until, Word};
use crate::machine::RdmaOp;
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
    /// Spin until this rank's own one-sided word `word` satisfies `until` (costs no events: a
    /// write that satisfies it wakes the rank).
    Spin {
        /// The word's index.
        word: u32,
        /// The condition.
        until: Until,
    },
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

    /// Heap bytes the program holds (its memory), so checkpoints can be budgeted.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Another rank's one-sided `access` takes effect at byte `offset` of this rank's part of
    /// `window` (see [`super::rma`]): apply it to the program's memory and return its result (a
    /// get's bytes, the old value of a fetching operation, else nothing). Called by the engine
    /// at the simulated instant the machine delivers it, whatever the program is doing.
    fn remote_access(
        &mut self,
        window: u32,
        offset: u64,
        access: &RemoteAccess,
    ) -> Result<Vec<u8>, String> {
        let _ = (offset, access);
        Err(format!("this program exposes no window {window}"))
    }
}

/// A completed request taken back by its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// For receives: who sent, which tag, how many bytes. `None` for sends.
    pub status: Option<Status>,
    /// For receives: the bytes delivered (empty when the sender sent only a size).
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
    /// A word index beyond the ranks' one-sided memory.
    NoSuchWord {
        /// The index asked for.
        index: u32,
        /// Words per rank.
        words: u32,
    },
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::InvalidRank { rank, size } => write!(
                f,
                "rank {rank} does not exist: valid ranks are 0 to {}",
                size.saturating_sub(1)
            ),
            OpError::NoSuchWord { index, words } => write!(
                f,
                "word {index} does not exist: each rank has {words} words of one-sided memory"
            ),
            OpError::InactiveRequest(r) => {
                write!(f, "{r} is not an active request of this rank")
            }
        }
    }
}

impl std::error::Error for OpError {}

/// The view of the simulator a rank has while it runs.
pub struct RankCtx<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) rank: Rank,
}

impl RankCtx<'_> {
    /// This rank's number.
    pub fn rank(&self) -> Rank {
        self.rank
    }

    /// Number of ranks in the run.
    pub fn size(&self) -> u32 {
        self.world.size
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.world.now
    }

    /// The machine's time for `flops` floating-point operations on one rank.
    pub fn flops_time(&self, flops: u64) -> SimTime {
        self.world.machine.compute_time(flops)
    }

    /// Starts sending `bytes` bytes (with optional real `data`) to `dst` under `tag`. Eager: the
    /// request completes when the data has left this rank.
    pub fn isend(
        &mut self,
        dst: i64,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
    ) -> Result<ReqId, OpError> {
        let dst = self.world.check_rank(dst)?;
        Ok(self.world.isend(self.rank, dst, tag, bytes, data))
    }

    /// Starts receiving up to `capacity` bytes from `src` with `tag`.
    pub fn irecv(&mut self, src: Source, tag: TagSel, capacity: u64) -> Result<ReqId, OpError> {
        if let Source::Rank(r) = src {
            self.world.check_rank(i64::from(r))?;
        }
        Ok(self.world.irecv(self.rank, src, tag, capacity))
    }

    /// Starts a one-sided operation `op` on `target`'s memory (put, get or an atomic), executed
    /// by the target's RDMA engines without its CPU where the machine has the hardware.
    pub fn rdma(&mut self, target: i64, op: RdmaOp) -> Result<ReqId, OpError> {
        let target = self.world.check_rank(target)?;
        Ok(self.world.rdma(self.rank, target, op, None))
    }

    /// Starts an operation with values on a word of any rank's one-sided memory (timed as the
    /// matching one-sided operation; on this rank's own memory it is done at once). Its result
    /// (a read's value, an atomic's old value) is the completion's data, 8 bytes little-endian.
    pub fn mem_op(&mut self, op: MemOp) -> Result<ReqId, OpError> {
        self.world.mem_op(self.rank, op, None)
    }

    /// [`RankCtx::mem_op`] as a step of lock `algorithm`: when it takes effect, the trace says
    /// what it did in the algorithm's words (`RecordKind::LockStep`).
    pub fn lock_op(
        &mut self,
        algorithm: crate::locks::Algorithm,
        op: MemOp,
    ) -> Result<ReqId, OpError> {
        self.world.mem_op(self.rank, op, Some(algorithm))
    }

    /// Records that this rank now holds (`held`) or leaves the lock whose words live on rank
    /// `home`, in `mode` (lock algorithms driven on the engine: the lock view and the exclusion
    /// checks read these).
    pub fn record_lock(&mut self, home: Rank, mode: crate::locks::Mode, held: bool) {
        self.world.record(crate::trace::RecordKind::Lock {
            rank: self.rank,
            home,
            mode,
            held,
        });
    }

    /// How the MPI library takes passive-target locks in this run (`SimConfig::lock_scheme`).
    pub fn lock_scheme(&self) -> crate::locks::LockScheme {
        self.world.lock_scheme
    }

    /// Words of one-sided memory each rank has (`SimConfig::words_per_rank`).
    pub fn words_per_rank(&self) -> u32 {
        self.world.memory.words()
    }

    /// Exposes this rank's part of window `window` to the others' checks
    /// ([`RankCtx::window_part`]).
    pub fn expose_window(&mut self, window: u32, part: WindowPart) {
        self.world.expose_window(self.rank, window, part);
    }

    /// Withdraws this rank's part of `window` (the window is freed).
    pub fn withdraw_window(&mut self, window: u32) {
        self.world.withdraw_window(self.rank, window);
    }

    /// `rank`'s part of `window`, if it exposed one.
    pub fn window_part(&self, rank: u32, window: u32) -> Option<WindowPart> {
        self.world.window_part(rank, window)
    }

    /// Records that this rank makes its `seq`-th one-sided collective call (`call` on `window`);
    /// an error naming the rank that made a different call at that point.
    pub fn one_sided_collective(
        &mut self,
        seq: u64,
        call: &'static str,
        window: u32,
    ) -> Result<(), CollectiveMismatch> {
        self.world
            .one_sided_collective(self.rank, seq, call, window)
    }

    /// Starts `access` at byte `offset` of `target`'s part of `window` (another rank), timed as
    /// the one-sided operation `op`; with `software` (the reason, in words) the target's software
    /// executes it whatever the hardware. The target's program applies it when it takes effect
    /// there ([`Program::remote_access`]); its result is the completion's data.
    pub fn window_access(
        &mut self,
        target: i64,
        window: u32,
        offset: u64,
        access: RemoteAccess,
        op: RdmaOp,
        software: Option<String>,
    ) -> Result<ReqId, OpError> {
        let target = self.world.check_rank(target)?;
        Ok(self
            .world
            .window_access(self.rank, target, window, offset, access, op, software))
    }

    /// The current value of this rank's own word `index` (a local read; 0 if it does not exist).
    pub fn own_word(&self, index: u32) -> u64 {
        if index < self.world.memory.words() {
            self.world.memory.get(Word {
                rank: self.rank,
                index,
            })
        } else {
            0
        }
    }

    /// Takes the processor time the calls since the last take spent issuing their operations
    /// (zero under the eager engine, whose software overhead is in the transfers). A library
    /// charges it to the call that incurred it, so `MPI_Wtime` and the rank's other work see it.
    pub fn take_call_time(&mut self) -> SimTime {
        std::mem::take(&mut self.world.call_time)
    }

    /// Whether `req` (one of this rank's requests) has completed.
    pub fn is_complete(&self, req: ReqId) -> Result<bool, OpError> {
        self.world.request_done(self.rank, req)
    }

    /// Takes a completed request back, freeing it: its status and data. `Ok(None)` if it has not
    /// completed yet (the request stays active).
    pub fn take(&mut self, req: ReqId) -> Result<Option<Completion>, OpError> {
        self.world.take_request(self.rank, req)
    }

    /// Writes a line to this rank's console (and the trace).
    pub fn print(&mut self, text: String) {
        self.world.print(self.rank, text);
    }
}
