//! One-sided communication as a protocol layer: operations on another rank's memory executed by
//! its NIC without its CPU (puts, gets, atomics), memory words with values ([`words`]: what paper
//! 003's locks are built on, with local spins), and MPI windows on the programs' own memory
//! ([`windows`]).
//!
//! Model. An operation is timed by the machine (`Machine::rdma`): with hardware support it
//! completes when the result (or acknowledgement) is back at the origin; it *takes effect* at the
//! target when the target's engine serves it (`Transfer::arrival`). Where the machine has no
//! hardware for it (FX10 atomics) it becomes a request message to the target, whose software
//! executes such requests one at a time — each a handler on its processor costing
//! `[cpu] handler_us` (the link's `o` if the profile gives none) — and answers with a reply.
//! Simplification: the target's software runs them as soon as they arrive (as if it were always
//! inside MPI progress) and on a timeline of its own, not stealing the rank's compute time.
//!
//! An operation reaching its target (`Apply` on the hardware path, `Software` on the software
//! path) is a *delivery* (`Layer::delivery`): where the user is the network, it may be held back
//! behind another rank's operation to the same target. A held `Apply` delays the completion at
//! the origin too: the result comes back the same return leg after it takes effect.
//!
//! Memory words: `SimConfig::words_per_rank` 64-bit words per rank (a C run sets it to
//! `lang::RMA_WORDS`, the most any lock scheme needs); a spin nobody ends is a deadlock that names
//! the word. Windows: an access to another rank's window is timed like any one-sided operation and
//! applied to the bytes the target's program lends when it takes effect there; the layer keeps the
//! exposed sizes for the origin's bounds checks and a ledger of one-sided collective calls.
//! Records: `RmaRecord` (issued, complete, spinning).

pub mod memory;
pub mod records;
#[cfg(test)]
mod tests;
pub mod windows;
pub mod words;

use std::collections::BTreeMap;
use std::fmt;

pub use memory::{MemOp, Memory, Until, Word};
pub use records::RmaRecord;
pub use windows::{CollectiveMismatch, Combine, Element, PairValue, RemoteAccess, WindowPart};

use crate::engine::slab::IdMap;
use crate::engine::{
    Delivery, EventCodec, Io, Layer, LayerEvent, LayerFailure, OpError, Pending, Rank, RankCtx,
    ReqId,
};
use crate::machine::RdmaOp;
use crate::time::SimTime;

/// What a one-sided request is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RdmaReq {
    /// The rank whose memory is accessed.
    pub target: Rank,
    /// What is done there.
    pub op: RdmaOp,
    /// The operation on a memory word it carries out, if it has values (else timing only, or a
    /// window access).
    pub mem: Option<MemOp>,
    /// While it is on its way to the target (an `Apply` or `Software` event pending): a
    /// delivery "You are the network" may hold back.
    pub flight: Option<InFlight>,
}

/// Who narrates a memory-word operation when it takes effect (a lock algorithm's steps): it
/// writes its own record then.
pub trait StepNote: fmt::Debug + Sync {
    /// Records that `rank`'s operation `op` took effect with `result`.
    fn record(&self, io: &mut Io<'_>, rank: Rank, op: MemOp, result: u64);
}

/// An operation on its way to its target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InFlight {
    /// The rank that issued it.
    pub origin: Rank,
    /// When the machine model lands it.
    pub lands: SimTime,
    /// From taking effect to its result being back at the origin (hardware path).
    pub back: SimTime,
}

/// The layer's events.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RmaEvent {
    /// The operation's result (or acknowledgement) is back at its origin.
    Done(ReqId),
    /// An operation without hardware support reaches the target's software.
    Software(ReqId),
    /// The target's software finished it and sends the reply.
    Reply(ReqId),
    /// An operation with values takes effect at the target (a word, or a window).
    Apply(ReqId),
}

impl EventCodec for RmaEvent {
    fn encode(self) -> LayerEvent {
        let (code, r) = match self {
            RmaEvent::Done(r) => (0, r),
            RmaEvent::Software(r) => (1, r),
            RmaEvent::Reply(r) => (2, r),
            RmaEvent::Apply(r) => (3, r),
        };
        LayerEvent { code, a: r.0, b: 0 }
    }

    fn decode(e: LayerEvent) -> RmaEvent {
        let r = ReqId(e.a);
        match e.code {
            0 => RmaEvent::Done(r),
            1 => RmaEvent::Software(r),
            2 => RmaEvent::Reply(r),
            3 => RmaEvent::Apply(r),
            other => unreachable!("no one-sided event {other}"),
        }
    }
}

/// The one-sided layer (see the module documentation).
#[derive(Clone, Debug)]
pub struct OneSided {
    pub(crate) kinds: IdMap<RdmaReq>,
    /// When each rank's software is done with the one-sided requests it emulates (only ranks
    /// that were targets of software-emulated operations appear).
    software_busy: BTreeMap<Rank, SimTime>,
    /// Each rank's words of one-sided memory.
    pub(crate) memory: Memory,
    /// Memory-word operations in flight whose steps a lock algorithm narrates.
    pub(crate) notes: BTreeMap<ReqId, &'static dyn StepNote>,
    /// Ranks spinning on a word of their own memory, with the word and the condition.
    pub(crate) spinners: BTreeMap<Rank, (u32, Until)>,
    pub(crate) windows: windows::WindowTable,
    /// Completions that fell due while their operation was still held back on the way to the
    /// target (only where the user is the network): they follow the `Apply`.
    done_after_apply: Vec<ReqId>,
}

impl OneSided {
    /// The layer for `ranks` ranks with `words` words of one-sided memory each.
    pub fn new(ranks: u32, words: u32) -> OneSided {
        OneSided {
            kinds: IdMap::default(),
            software_busy: BTreeMap::new(),
            memory: Memory::new(ranks, words),
            notes: BTreeMap::new(),
            spinners: BTreeMap::new(),
            windows: windows::WindowTable::default(),
            done_after_apply: Vec::new(),
        }
    }

    /// Words of one-sided memory each rank has.
    pub fn words_per_rank(&self) -> u32 {
        self.memory.words()
    }

    /// A word of a rank's one-sided memory (`None` if it does not exist).
    pub fn word(&self, word: Word) -> Option<u64> {
        (word.index < self.memory.words() && word.rank < self.memory.ranks())
            .then(|| self.memory.get(word))
    }

    /// The word and condition `rank` spins on, if it spins.
    pub fn spinning(&self, rank: Rank) -> Option<(u32, Until)> {
        self.spinners.get(&rank).copied()
    }

    /// What a live one-sided request is.
    pub fn kind(&self, req: ReqId) -> Option<&RdmaReq> {
        self.kinds.get(req.0)
    }

    /// `origin` starts one-sided operation `op` on `target`'s memory (timing only, or with
    /// `mem`, that word operation carried out at the target when it takes effect there).
    pub fn rdma(
        &mut self,
        io: &mut Io<'_>,
        origin: Rank,
        target: Rank,
        op: RdmaOp,
        mem: Option<MemOp>,
    ) -> ReqId {
        let req = self.new_request(
            io,
            origin,
            RdmaReq {
                target,
                op,
                mem,
                flight: None,
            },
        );
        self.issue(io, req, origin, target, op, false);
        req
    }

    /// A one-sided request of `origin`, known to the engine and to this layer.
    pub(crate) fn new_request(&mut self, io: &mut Io<'_>, origin: Rank, kind: RdmaReq) -> ReqId {
        let req = io.new_request(origin);
        self.kinds.insert(req.0, kind);
        req
    }

    /// Times the one-sided request `req` on the machine (or, with `software`, as a request to
    /// the target's software whatever the hardware) and schedules its events.
    pub(crate) fn issue(
        &mut self,
        io: &mut Io<'_>,
        req: ReqId,
        origin: Rank,
        target: Rank,
        op: RdmaOp,
        software: bool,
    ) {
        let now = io.now();
        let transfer = if software {
            None
        } else {
            Some(io.machine().rdma(now, origin, target, op))
        };
        let (event, at) = match &transfer {
            Some(t) if !t.software => {
                if self.carries_values(req) {
                    io.schedule(t.arrival, RmaEvent::Apply(req));
                    self.set_flight(
                        req,
                        InFlight {
                            origin,
                            lands: t.arrival,
                            back: t.origin_complete.saturating_sub(t.arrival),
                        },
                    );
                }
                (RmaEvent::Done(req), t.origin_complete)
            }
            _ => {
                let t = io
                    .machine()
                    .message(now, origin, target, op.request_bytes());
                let lands = t.arrival + t.target_cpu;
                self.set_flight(
                    req,
                    InFlight {
                        origin,
                        lands,
                        back: SimTime::ZERO,
                    },
                );
                (RmaEvent::Software(req), lands)
            }
        };
        io.record(RmaRecord::Issued {
            rank: origin,
            target,
            op,
            req,
            software: transfer.as_ref().is_none_or(|t| t.software),
            completes: at,
        });
        for note in transfer.map(|t| t.notes).unwrap_or_default() {
            io.hardware(origin, None, note.to_string());
        }
        io.schedule(at, event);
    }

    /// Notes that `req` is on its way to its target.
    fn set_flight(&mut self, req: ReqId, flight: InFlight) {
        if let Some(k) = self.kinds.get_mut(req.0) {
            k.flight = Some(flight);
        }
    }

    /// `req` reached its target: what its flight was.
    fn land(&mut self, req: ReqId) -> Option<InFlight> {
        self.kinds.get_mut(req.0).and_then(|k| k.flight.take())
    }

    /// Whether the one-sided request `req` changes values at its target (a memory word or a
    /// window), so it needs an `Apply` event.
    fn carries_values(&self, req: ReqId) -> bool {
        self.kinds.get(req.0).is_some_and(|k| k.mem.is_some()) || self.is_window_access(req)
    }

    fn parts(&self, io: &Io<'_>, req: ReqId) -> (Rank, Rank, RdmaOp) {
        let k = self.kinds.get(req.0).expect("rdma request is live");
        let owner = io.owner(req).expect("rdma request is live");
        (owner, k.target, k.op)
    }

    /// A software-emulated one-sided operation reached its target: the target's software executes
    /// it after the ones before it, then replies.
    fn software(&mut self, io: &mut Io<'_>, req: ReqId) {
        let (origin, target, op) = self.parts(io, req);
        let now = io.now();
        let busy = self.software_busy.get(&target).copied().unwrap_or_default();
        let start = now.max(busy);
        let finish = start + io.machine_ref().handler_cost();
        self.software_busy.insert(target, finish);
        if self.carries_values(req) {
            io.schedule(finish, RmaEvent::Apply(req));
        }
        let queued = start.saturating_sub(now);
        let why = match self.window_software_reason(req) {
            Some(reason) => reason.to_string(),
            None => format!("no hardware for {op}"),
        };
        io.hardware(
            target,
            None,
            format!(
                "{why}: rank {target}'s software executes it for rank {origin} after waiting {queued} behind earlier requests, then replies"
            ),
        );
        io.schedule(finish, RmaEvent::Reply(req));
    }

    /// The target's software sends the result of a one-sided operation back.
    fn reply(&mut self, io: &mut Io<'_>, req: ReqId) {
        let (origin, target, op) = self.parts(io, req);
        let now = io.now();
        let reply = io
            .machine()
            .message(now, target, origin, op.response_bytes());
        io.schedule(reply.arrival + reply.target_cpu, RmaEvent::Done(req));
    }

    /// `req` took effect at its target: its flight ends, and a completion that fell due
    /// meanwhile follows (the return leg after it).
    fn applied_then_done(&mut self, io: &mut Io<'_>, req: ReqId) {
        let back = self.land(req).map(|f| f.back);
        if let Some(i) = self.done_after_apply.iter().position(|r| *r == req) {
            self.done_after_apply.swap_remove(i);
            let at = io.now() + back.unwrap_or(SimTime::ZERO);
            io.schedule(at, RmaEvent::Done(req));
        }
    }

    /// A one-sided operation completed at its origin.
    fn done(&mut self, io: &mut Io<'_>, req: ReqId) {
        let owner = io.complete(req);
        io.record(RmaRecord::Complete { rank: owner, req });
        io.wake(owner);
    }
}

impl Layer for OneSided {
    type Event = RmaEvent;

    fn on_event(&mut self, event: RmaEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match event {
            RmaEvent::Done(req) => {
                // The model lands the operation before (or when) its result is back; if the
                // network held it back, the result waits for it.
                let held = self
                    .kinds
                    .get(req.0)
                    .and_then(|k| k.flight)
                    .is_some_and(|f| f.lands <= io.now())
                    || self.is_waiting(req);
                if held {
                    self.done_after_apply.push(req);
                } else {
                    self.done(io, req);
                }
            }
            RmaEvent::Software(req) => {
                self.land(req);
                self.software(io, req);
            }
            RmaEvent::Reply(req) => self.reply(io, req),
            RmaEvent::Apply(req) => {
                if !self.is_window_access(req) {
                    self.mem_apply(io, req);
                    self.applied_then_done(io, req);
                } else if !self.must_wait(req) {
                    // An accumulate waits for the earlier ones of its origin to the same target
                    // (MPI orders them); applying one lets the next waiting one go.
                    let mut next = Some(req);
                    while let Some(r) = next {
                        next = self.applied(r);
                        self.apply_window_access(io, r)?;
                        self.applied_then_done(io, r);
                    }
                }
            }
        }
        Ok(())
    }

    /// An operation reaching its target's memory (hardware) or software: where the user is the
    /// network, it may be held behind another rank's.
    fn delivery(&self, event: RmaEvent) -> Option<Delivery> {
        match event {
            RmaEvent::Apply(req) | RmaEvent::Software(req) => {
                let k = self.kinds.get(req.0)?;
                Some(Delivery {
                    from: k.flight?.origin,
                    to: k.target,
                })
            }
            _ => None,
        }
    }

    fn describe_delivery(&self, event: RmaEvent) -> String {
        match event {
            RmaEvent::Apply(req) | RmaEvent::Software(req) => {
                self.kinds
                    .get(req.0)
                    .map_or_else(String::new, |k| match k.mem {
                        Some(m) => format!("{} on word {}", k.op, m.word().index),
                        None => k.op.to_string(),
                    })
            }
            _ => String::new(),
        }
    }

    fn on_taken(&mut self, req: ReqId) {
        self.kinds.remove(req.0);
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        let k = self.kinds.get(req.0)?;
        Some(Pending {
            what: format!("{req}: {} on rank {}", k.op, k.target),
            on: None,
        })
    }

    fn parked(&self, rank: Rank) -> Option<(String, String)> {
        let (word, until) = self.spinners.get(&rank)?;
        Some((
            format!("spinning until its word {word} {}", until.describe()),
            format!(
                "its word {word} (now {}) to become a value that {}; no operation in flight will write it",
                self.memory.get(Word { rank, index: *word }),
                until.describe()
            ),
        ))
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <RmaRecord as crate::trace::RecordCodec>::KINDS
    }

    fn heap_bytes(&self) -> usize {
        self.windows.heap_bytes()
            + self.kinds.heap_bytes()
            + self.done_after_apply.capacity() * std::mem::size_of::<ReqId>()
    }
}

/// One-sided operations of a running rank (an extension of `RankCtx`).
pub trait OneSidedOps {
    /// Starts a one-sided operation `op` on `target`'s memory (put, get or an atomic), executed
    /// by the target's RDMA engines without its CPU where the machine has the hardware.
    fn rdma(&mut self, target: i64, op: RdmaOp) -> Result<ReqId, OpError>;
    /// Starts an operation with values on a word of any rank's one-sided memory (timed as the
    /// matching one-sided operation; on this rank's own memory it is done at once). Its result
    /// (a read's value, an atomic's old value) is the completion's data, 8 bytes little-endian.
    fn mem_op(&mut self, op: MemOp) -> Result<ReqId, OpError>;
    /// [`OneSidedOps::mem_op`], narrated by `note` when it takes effect (a lock step).
    fn noted_mem_op(&mut self, op: MemOp, note: &'static dyn StepNote) -> Result<ReqId, OpError>;
    /// Words of one-sided memory each rank has.
    fn words_per_rank(&self) -> u32;
    /// The current value of this rank's own word `index` (a local read; 0 if it does not exist).
    fn own_word(&self, index: u32) -> u64;
    /// Spins until this rank's own word `word` satisfies `until`: the step to return — parked
    /// (costing no events; the write that satisfies it wakes the rank) or, if it already holds,
    /// a zero-length step that continues at once.
    fn spin(&mut self, word: u32, until: Until) -> crate::engine::Step;
    /// Exposes this rank's part of window `window` to the others' checks.
    fn expose_window(&mut self, window: u32, part: WindowPart);
    /// Withdraws this rank's part of `window` (the window is freed).
    fn withdraw_window(&mut self, window: u32);
    /// `rank`'s part of `window`, if it exposed one.
    fn window_part(&self, rank: u32, window: u32) -> Option<WindowPart>;
    /// Attaches `bytes` bytes at `address` of this rank's memory to dynamic window `window`.
    fn attach_memory(&mut self, window: u32, address: u64, bytes: u64);
    /// Detaches what this rank attached at `address` to `window`; whether it had.
    fn detach_memory(&mut self, window: u32, address: u64) -> bool;
    /// Whether `bytes` bytes at `address` lie in memory `rank` attached to `window`.
    fn attached_covers(&self, rank: u32, window: u32, address: u64, bytes: u64) -> bool;
    /// Records that this rank makes its `seq`-th one-sided collective call among `group` (world
    /// ranks): `call` on `window`, or (`None`) a window's creation. The window's number (for a
    /// creation, the same on every member), or an error naming the rank that made a different
    /// call at that point.
    fn one_sided_collective(
        &mut self,
        group: &[u32],
        seq: u64,
        call: &'static str,
        window: Option<u32>,
    ) -> Result<u32, CollectiveMismatch>;
    /// Starts `access` at byte `offset` of `target`'s part of `window` (another rank), timed as
    /// the one-sided operation `op`; with `software` (the reason, in words) the target's software
    /// executes it whatever the hardware. The target's program lends the bytes when it takes
    /// effect there (`Program::with_window`); its result is the completion's data.
    fn window_access(
        &mut self,
        target: i64,
        window: u32,
        offset: u64,
        access: RemoteAccess,
        op: RdmaOp,
        software: Option<String>,
    ) -> Result<ReqId, OpError>;
}

impl OneSidedOps for RankCtx<'_> {
    fn rdma(&mut self, target: i64, op: RdmaOp) -> Result<ReqId, OpError> {
        self.call::<OneSided, _>(|l, io, rank| {
            let target = io.check_rank(target)?;
            Ok(l.rdma(io, rank, target, op, None))
        })
    }

    fn mem_op(&mut self, op: MemOp) -> Result<ReqId, OpError> {
        self.call::<OneSided, _>(|l, io, rank| l.mem_op(io, rank, op, None))
    }

    fn noted_mem_op(&mut self, op: MemOp, note: &'static dyn StepNote) -> Result<ReqId, OpError> {
        self.call::<OneSided, _>(|l, io, rank| l.mem_op(io, rank, op, Some(note)))
    }

    fn words_per_rank(&self) -> u32 {
        self.layer::<OneSided>().map_or(0, OneSided::words_per_rank)
    }

    fn own_word(&self, index: u32) -> u64 {
        let rank = self.rank();
        self.layer::<OneSided>()
            .and_then(|l| l.word(Word { rank, index }))
            .unwrap_or(0)
    }

    fn spin(&mut self, word: u32, until: Until) -> crate::engine::Step {
        if self.call::<OneSided, _>(|l, io, rank| l.spin(io, rank, word, until)) {
            crate::engine::Step::Park
        } else {
            crate::engine::Step::Compute(SimTime::ZERO)
        }
    }

    fn expose_window(&mut self, window: u32, part: WindowPart) {
        self.call::<OneSided, _>(|l, _, rank| l.expose_window(rank, window, part));
    }

    fn withdraw_window(&mut self, window: u32) {
        self.call::<OneSided, _>(|l, _, rank| l.withdraw_window(rank, window));
    }

    fn window_part(&self, rank: u32, window: u32) -> Option<WindowPart> {
        self.layer::<OneSided>()?.window_part(rank, window)
    }

    fn attach_memory(&mut self, window: u32, address: u64, bytes: u64) {
        self.call::<OneSided, _>(|l, _, rank| l.attach_memory(rank, window, address, bytes));
    }

    fn detach_memory(&mut self, window: u32, address: u64) -> bool {
        self.call::<OneSided, _>(|l, _, rank| l.detach_memory(rank, window, address))
    }

    fn attached_covers(&self, rank: u32, window: u32, address: u64, bytes: u64) -> bool {
        self.layer::<OneSided>()
            .is_some_and(|l| l.attached_covers(rank, window, address, bytes))
    }

    fn one_sided_collective(
        &mut self,
        group: &[u32],
        seq: u64,
        call: &'static str,
        window: Option<u32>,
    ) -> Result<u32, CollectiveMismatch> {
        self.call::<OneSided, _>(|l, _, rank| {
            l.one_sided_collective(group, rank, seq, call, window)
        })
    }

    fn window_access(
        &mut self,
        target: i64,
        window: u32,
        offset: u64,
        access: RemoteAccess,
        op: RdmaOp,
        software: Option<String>,
    ) -> Result<ReqId, OpError> {
        self.call::<OneSided, _>(|l, io, rank| {
            let target = io.check_rank(target)?;
            Ok(l.window_access(io, rank, target, window, offset, access, op, software))
        })
    }
}
