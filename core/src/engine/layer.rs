//! The protocol seam: how the engine runs protocols it knows nothing about.
//!
//! A *layer* is a sans-IO protocol state machine (point-to-point matching, one-sided memory,
//! paper 000's request-based engines, ACP, PVM…). It never touches the event queue, the rank
//! states or another layer's state. The engine reaches it in two ways:
//!
//! - a rank's program calls it while it runs (`RankCtx::call`), to start an operation;
//! - the engine hands it back one of its own timed events ([`Layer::on_event`]).
//!
//! Either way the layer answers through an [`Io`]: *commands* — schedule one of its events,
//! create or complete a request, wake a rank, write a trace record, charge the running call,
//! run a handler on a rank's processor — and *questions* to the machine (a transfer's timing).
//! Commands take effect at once and in order, so a layer's behaviour is exactly the sequence of
//! its commands. A layer's events are its own type ([`Layer::Event`]) with one codec
//! ([`EventCodec`]) to the engine's opaque [`LayerEvent`] (a code and two words); the engine
//! holds every layer as a [`DynLayer`], whose blanket adapter decodes the event before
//! [`Layer::on_event`] sees it. Its records implement [`crate::trace::LayerRecord`].
//! Because everything goes through `Io`, a layer can be driven on its own with [`Rig`].
//!
//! The commands in detail: schedule one of its events; create a request, set its data, complete it;
//! wake its owner (`wake`, or `wake_on_processor`: the rank takes its processor and continues after
//! `o`); unpark a parked rank; write a record or a hardware note; charge the running MPI call
//! (`charge`, which the library takes with `RankCtx::take_call_time`); run a handler on a rank's
//! processor (`run_handler`, admitted by `Machine::admit_handler`: on EM-X after the running atomic
//! block). While handling an event a layer may borrow a program's window bytes (`Io::with_window` →
//! `Program::with_window`).
//!
//! Requests are the engine's (`Request { owner, layer, done, data }`), so waits stay generic; what
//! a request *is* (a receive's source and tag, a one-sided operation) its layer keeps, and
//! [`Layer::on_taken`] drops it when the owner takes the request back. Deadlock reports ask the
//! layer what a pending request waits for ([`Layer::pending`], with the wait-for edge) and why a
//! rank is parked ([`Layer::parked`]). A run's layers come from a `Setup` (`proto::SimConfig`
//! builds the standard stack). Unit tests drive a layer alone with [`Rig`] and hand it back its
//! events (`proto/{p2p,rma,acp,fcp,pvm,sockets}/tests.rs`, `proto/locks/layer.rs`).

use std::any::Any;
use std::fmt;

use super::ids::{Rank, ReqId};
use super::program::OpError;
use super::queue::EventQueue;
use super::sim::{RankState, Request};
use super::slab::Slab;
use crate::machine::Machine;
use crate::time::SimTime;
use crate::trace::{LayerRecord, Record, RecordKind, Trace, TraceMode};

/// A layer's index in the run's layer table.
pub type LayerId = u8;

/// One of a layer's timed events, opaque to the engine: the layer chooses what `code`, `a` and
/// `b` mean (an event kind and up to two ids).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LayerEvent {
    /// The layer's event kind.
    pub code: u8,
    /// First operand.
    pub a: u32,
    /// Second operand.
    pub b: u32,
}

/// A failure a layer reports while handling its event: the run stops with it as `rank`'s error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerFailure {
    /// The rank whose operation failed.
    pub rank: Rank,
    /// What happened, in words.
    pub message: String,
}

/// What a pending request waits for, in words, for a deadlock report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The sentence (e.g. "request 3: a receive from rank 1, tag 0").
    pub what: String,
    /// The rank it waits on, if one rank alone can complete it (an edge of the wait-for graph).
    pub on: Option<Rank>,
}

/// A layer's events as it names them, and their one codec: how one packs into the engine's
/// opaque [`LayerEvent`] and back. The engine never looks inside; `decode` sees only what
/// `encode` made (an unknown code is the layer's bug, hence a panic).
pub trait EventCodec: Copy + fmt::Debug + 'static {
    /// Packs the event into a code and two words.
    fn encode(self) -> LayerEvent;
    /// Unpacks what [`EventCodec::encode`] packed.
    fn decode(event: LayerEvent) -> Self;
}

/// The packed form is its own codec (an engine embedded in a layer schedules the layer's packed
/// events, e.g. PVM's socket and FCP engines).
impl EventCodec for LayerEvent {
    fn encode(self) -> LayerEvent {
        self
    }
    fn decode(event: LayerEvent) -> Self {
        event
    }
}

/// The events of a layer that schedules none (its work happens in its callers' calls): a type
/// with no values, so such a layer's `on_event` is `match event {}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoEvent {}

impl EventCodec for NoEvent {
    fn encode(self) -> LayerEvent {
        match self {}
    }
    fn decode(event: LayerEvent) -> Self {
        unreachable!("a layer without events was handed {event:?}")
    }
}

/// How an engine embedded in layers (the socket and FCP engines, in their own layers and in PVM's)
/// packs its events as its owner's: by default its own codec (the owner's events are the
/// engine's), or the owner's wrapping (`|e| PvmEvent::Fcp(e).encode()`).
pub struct Lift<E>(pub fn(E) -> LayerEvent);

impl<E> Lift<E> {
    /// Schedules the engine's `event` at `at` as its owner's.
    pub fn schedule(&self, io: &mut Io<'_>, at: SimTime, event: E) {
        io.schedule(at, (self.0)(event));
    }
}

impl<E: EventCodec> Default for Lift<E> {
    fn default() -> Self {
        Lift(E::encode)
    }
}

impl<E> Clone for Lift<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Lift<E> {}

impl<E> fmt::Debug for Lift<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Lift")
    }
}

/// A protocol layer (see the module documentation). A `Clone` type, so a checkpoint copies it
/// exactly; the engine holds it as a [`DynLayer`] (blanket adapter), which decodes its events.
pub trait Layer: Clone + fmt::Debug + 'static {
    /// The layer's events ([`Io::schedule`] encodes them, the adapter decodes them).
    type Event: EventCodec;

    /// One of the layer's events fell due.
    fn on_event(&mut self, event: Self::Event, io: &mut Io<'_>) -> Result<(), LayerFailure>;

    /// The owner took request `req` back (it is gone from the engine): drop what the layer keeps
    /// for it.
    fn on_taken(&mut self, req: ReqId) {
        let _ = req;
    }

    /// What the unfinished request `req` of this layer waits for (deadlock reports).
    fn pending(&self, req: ReqId) -> Option<Pending> {
        let _ = req;
        None
    }

    /// Why `rank` is parked by this layer, if it is: `(status, deadlock)`, a short status
    /// ("spinning until its word 3 equals 0") and what the deadlock report says it waits for.
    fn parked(&self, rank: Rank) -> Option<(String, String)> {
        let _ = rank;
        None
    }

    /// If `event` lands something one rank sent at another over the network, from whom to whom:
    /// a delivery a run where the user is the network may reorder (see [`super::network`]).
    fn delivery(&self, event: Self::Event) -> Option<super::network::Delivery> {
        let _ = event;
        None
    }

    /// What the delivery `event` carries, in words, for the user choosing among deliveries
    /// ("a message with tag 0, 4 bytes").
    fn describe_delivery(&self, event: Self::Event) -> String {
        let _ = event;
        "a delivery".to_string()
    }

    /// Nothing else can happen (the event queue is empty: every rank is finished or waits) in a
    /// run that explores every match MPI allows: resolve one of the matches the layer held
    /// back, if it can, with [`Io::choose_match`]; `true` if it did (see [`super::matches`]).
    fn on_quiet(&mut self, io: &mut Io<'_>) -> Result<bool, LayerFailure> {
        let _ = io;
        Ok(false)
    }

    /// Estimated heap bytes the layer holds.
    fn heap_bytes(&self) -> usize;

    /// The names of the records it writes (its record type's [`RecordCodec::KINDS`]).
    ///
    /// [`RecordCodec::KINDS`]: crate::trace::RecordCodec::KINDS
    fn record_kinds(&self) -> &'static [&'static str] {
        &[]
    }
}

/// A [`Layer`] as the engine holds it (blanket adapter): its events packed, decoded here before
/// the layer sees them; copying and downcasting a boxed layer.
pub trait DynLayer: fmt::Debug {
    /// [`Layer::on_event`] with the event decoded.
    fn on_packed(&mut self, event: LayerEvent, io: &mut Io<'_>) -> Result<(), LayerFailure>;
    /// [`Layer::delivery`] with the event decoded.
    fn delivery_of(&self, event: LayerEvent) -> Option<super::network::Delivery>;
    /// [`Layer::describe_delivery`] with the event decoded.
    fn describe_packed(&self, event: LayerEvent) -> String;
    /// [`Layer::on_taken`].
    fn taken(&mut self, req: ReqId);
    /// [`Layer::pending`].
    fn pending_of(&self, req: ReqId) -> Option<Pending>;
    /// [`Layer::parked`].
    fn parked_of(&self, rank: Rank) -> Option<(String, String)>;
    /// [`Layer::on_quiet`].
    fn quiet(&mut self, io: &mut Io<'_>) -> Result<bool, LayerFailure>;
    /// [`Layer::heap_bytes`].
    fn layer_heap_bytes(&self) -> usize;
    /// [`Layer::record_kinds`].
    fn kinds(&self) -> &'static [&'static str];
    /// An exact copy.
    fn clone_box(&self) -> Box<dyn DynLayer>;
    /// For [`crate::engine::Sim::layer`] and `RankCtx::layer`.
    fn as_any(&self) -> &dyn Any;
    /// For `RankCtx::call`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Layer> DynLayer for T {
    fn on_packed(&mut self, event: LayerEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        self.on_event(T::Event::decode(event), io)
    }
    fn delivery_of(&self, event: LayerEvent) -> Option<super::network::Delivery> {
        self.delivery(T::Event::decode(event))
    }
    fn describe_packed(&self, event: LayerEvent) -> String {
        self.describe_delivery(T::Event::decode(event))
    }
    fn taken(&mut self, req: ReqId) {
        self.on_taken(req);
    }
    fn pending_of(&self, req: ReqId) -> Option<Pending> {
        self.pending(req)
    }
    fn parked_of(&self, rank: Rank) -> Option<(String, String)> {
        self.parked(rank)
    }
    fn quiet(&mut self, io: &mut Io<'_>) -> Result<bool, LayerFailure> {
        self.on_quiet(io)
    }
    fn layer_heap_bytes(&self) -> usize {
        self.heap_bytes()
    }
    fn kinds(&self) -> &'static [&'static str] {
        self.record_kinds()
    }
    fn clone_box(&self) -> Box<dyn DynLayer> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn DynLayer> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The programs' windows of bytes as the engine lends them to a layer while it handles an
/// event (the one-sided layer applies remote accesses to them).
pub trait Windows {
    /// Lends `len` bytes at `offset` of `rank`'s part of window `window` to `f`, which may
    /// change them.
    fn with_window(
        &mut self,
        rank: Rank,
        window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String>;
}

/// The engine's state apart from programs and layers; layers reach it only through [`Io`].
#[derive(Clone, Debug)]
pub(crate) struct Core {
    pub(crate) now: SimTime,
    pub(crate) size: u32,
    pub(crate) queue: EventQueue<super::event::Event>,
    pub(crate) machine: Machine,
    pub(crate) states: Vec<RankState>,
    pub(crate) requests: Slab<Request>,
    pub(crate) trace: Trace,
    /// Processor time the running rank's current call spent issuing its operations; the
    /// program takes it (`RankCtx::take_call_time`).
    pub(crate) call_time: SimTime,
    /// Handlers admitted to a busy processor, waiting for its block to end.
    pub(crate) handlers: Slab<(LayerId, LayerEvent)>,
    /// The match choices, if the run explores every match MPI allows ([`super::matches`]).
    pub(crate) matches: Option<super::matches::MatchChoices>,
}

impl Core {
    pub(crate) fn new(machine: Machine, size: u32, mode: TraceMode) -> Core {
        Core {
            now: SimTime::ZERO,
            size,
            queue: EventQueue::with_capacity((size as usize).min(1 << 20)),
            machine,
            states: vec![RankState::Ready; size as usize],
            requests: Slab::default(),
            trace: Trace::new(mode),
            call_time: SimTime::ZERO,
            handlers: Slab::default(),
            matches: None,
        }
    }

    /// A copy with `trace` instead of this one's (checkpoints keep only a marker).
    pub(crate) fn clone_with_trace(&self, trace: Trace) -> Core {
        Core {
            now: self.now,
            size: self.size,
            queue: self.queue.clone(),
            machine: self.machine.clone(),
            states: self.states.clone(),
            requests: self.requests.clone(),
            trace,
            call_time: self.call_time,
            handlers: self.handlers.clone(),
            matches: self.matches.clone(),
        }
    }

    pub(crate) fn record(&mut self, kind: RecordKind) {
        self.trace.push(Record {
            time: self.now,
            kind,
        });
    }

    pub(crate) fn check_rank(&self, rank: i64) -> Result<Rank, OpError> {
        match u32::try_from(rank) {
            Ok(r) if r < self.size => Ok(r),
            _ => Err(OpError::InvalidRank {
                rank,
                size: self.size,
            }),
        }
    }

    /// Schedules a blocked rank to resume if what it waits for is now satisfied.
    pub(crate) fn wake(&mut self, rank: Rank) {
        if self.unblock(rank) {
            self.queue.push(self.now, super::event::Event::Resume(rank));
        }
    }

    /// Marks a blocked rank ready if what it waits for is now satisfied.
    pub(crate) fn unblock(&mut self, rank: Rank) -> bool {
        let ready =
            matches!(&self.states[rank as usize], RankState::Blocked(w) if self.satisfied(w));
        if ready {
            self.states[rank as usize] = RankState::Ready;
        }
        ready
    }

    pub(crate) fn satisfied(&self, w: &super::sim::Wait) -> bool {
        let done = |r: &ReqId| self.requests.get(r.0).is_some_and(|q| q.done);
        match w {
            super::sim::Wait::One(r) => done(r),
            super::sim::Wait::All(rs) => rs.iter().all(done),
            super::sim::Wait::Any(rs) => rs.iter().any(done),
        }
    }

    /// Schedules the handlers released at a block boundary of `rank`.
    pub(crate) fn run_released_handlers(&mut self, rank: Rank) {
        for run in self.machine.end_block(self.now, rank) {
            if let Some(note) = self.machine.handler_note(rank, &run) {
                self.record(RecordKind::Hardware {
                    rank,
                    msg: None,
                    note: note.to_string(),
                });
            }
            let id = u32::try_from(run.id).expect("handler ids are slab ids");
            let (layer, event) = self
                .handlers
                .remove(id)
                .expect("released handler is queued");
            self.queue
                .push(run.end, super::event::Event::layer(layer, event));
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.queue.heap_bytes()
            + self.states.capacity() * std::mem::size_of::<RankState>()
            + self.requests.heap_bytes()
            + self.handlers.heap_bytes()
            + self.trace.heap_bytes()
    }
}

/// What a layer may do and ask (see the module documentation). Every method is a command that
/// takes effect at once, or a question.
pub struct Io<'a> {
    pub(crate) core: &'a mut Core,
    pub(crate) layer: LayerId,
    pub(crate) windows: Option<&'a mut dyn Windows>,
}

impl Io<'_> {
    /// The current simulated time.
    pub fn now(&self) -> SimTime {
        self.core.now
    }

    /// Whether the run explores every match MPI allows: a layer then holds back a match that
    /// several messages could make until [`Layer::on_quiet`] (see [`super::matches`]).
    pub fn explores_matches(&self) -> bool {
        self.core.matches.is_some()
    }

    /// A match choice point: `rank`'s receive (`receive`, in words) could take any of `options`
    /// (at least two, the layer's default first). Returns the index of the one the run's next
    /// listed choice names (past the list's end, 0), after writing its [`MatchRecord`]; an
    /// error if the listed sender is not among the options.
    ///
    /// [`MatchRecord`]: super::matches::MatchRecord
    pub fn choose_match(
        &mut self,
        rank: Rank,
        receive: String,
        options: Vec<super::matches::MatchOption>,
    ) -> Result<usize, LayerFailure> {
        let now = self.core.now;
        let Some(m) = self.core.matches.as_mut() else {
            return Ok(0);
        };
        let number = u32::try_from(m.points.len() + 1).unwrap_or(u32::MAX);
        let pick = match m.choices.get(m.points.len()) {
            None => 0,
            Some(chosen) => options.iter().position(|o| o.from == *chosen).ok_or_else(|| {
                let senders: Vec<String> = options.iter().map(|o| o.from.to_string()).collect();
                LayerFailure {
                    rank,
                    message: format!(
                        "match choice {number} names rank {chosen}, but rank {rank}'s receive ({receive}) could take a message from ranks {} only",
                        senders.join(", ")
                    ),
                }
            })?,
        };
        let chosen = options[pick].from;
        let senders = u32::try_from(options.len()).unwrap_or(u32::MAX);
        m.points.push(super::matches::MatchPoint {
            number,
            event: 0,
            time: now,
            rank,
            receive,
            options,
            chosen,
        });
        self.core.trace.push_layer(
            now,
            super::matches::MatchRecord {
                point: number,
                rank,
                chosen,
                senders,
            },
        );
        Ok(pick)
    }

    /// Number of ranks.
    pub fn size(&self) -> u32 {
        self.core.size
    }

    /// The machine, to ask for timings (its hardware models keep reservations, hence `mut`).
    pub fn machine(&mut self) -> &mut Machine {
        &mut self.core.machine
    }

    /// The machine, read-only.
    pub fn machine_ref(&self) -> &Machine {
        &self.core.machine
    }

    /// `rank` as a rank of this run, or the error a program reports.
    pub fn check_rank(&self, rank: i64) -> Result<Rank, OpError> {
        self.core.check_rank(rank)
    }

    /// Schedules this layer's `event` at `at` (not before now).
    pub fn schedule(&mut self, at: SimTime, event: impl EventCodec) {
        debug_assert!(at >= self.core.now, "layers never schedule into the past");
        self.core
            .queue
            .push(at, super::event::Event::layer(self.layer, event.encode()));
    }

    /// A new, incomplete request of `owner`, belonging to this layer.
    pub fn new_request(&mut self, owner: Rank) -> ReqId {
        ReqId(self.core.requests.insert(Request {
            owner,
            layer: self.layer,
            done: false,
            data: Vec::new(),
        }))
    }

    /// The owner of a live request.
    pub fn owner(&self, req: ReqId) -> Option<Rank> {
        self.core.requests.get(req.0).map(|r| r.owner)
    }

    /// Whether a live request has completed.
    pub fn is_done(&self, req: ReqId) -> bool {
        self.core.requests.get(req.0).is_some_and(|r| r.done)
    }

    /// Sets the data a request hands back when taken (a receive's payload, a get's bytes, an
    /// atomic's old value).
    pub fn set_data(&mut self, req: ReqId, data: Vec<u8>) {
        if let Some(r) = self.core.requests.get_mut(req.0) {
            r.data = data;
        }
    }

    /// Marks `req` complete and returns its owner (not woken: see [`Io::wake`]).
    pub fn complete(&mut self, req: ReqId) -> Rank {
        let r = self
            .core
            .requests
            .get_mut(req.0)
            .expect("a completed request is live");
        r.done = true;
        r.owner
    }

    /// `rank` resumes now if it is blocked and what it waits for is satisfied.
    pub fn wake(&mut self, rank: Rank) {
        self.core.wake(rank);
    }

    /// Like [`Io::wake`], but the rank takes its processor from now (a handler arriving later
    /// waits behind it) and continues after the receive overhead `o` (paper 000's I-structure
    /// wake-up).
    pub fn wake_on_processor(&mut self, rank: Rank) {
        if self.core.unblock(rank) {
            let start = self.core.machine.begin_block(self.core.now, rank);
            let o = self.core.machine.receive_overhead();
            self.core
                .queue
                .push(start + o, super::event::Event::Resume(rank));
        }
    }

    /// `rank`, parked by this layer (a program's `Step::Park`), resumes now.
    pub fn unpark(&mut self, rank: Rank) {
        if self.core.states[rank as usize] == RankState::Parked {
            self.core.states[rank as usize] = RankState::Ready;
            self.core
                .queue
                .push(self.core.now, super::event::Event::Resume(rank));
        }
    }

    /// Writes one of this layer's records into the trace (stored only in a full trace; hashed
    /// always).
    pub fn record<R: LayerRecord>(&mut self, record: R) {
        let now = self.core.now;
        self.core.trace.push_layer(now, record);
    }

    /// Writes what the hardware model reports about a transfer (`msg`: the message concerned).
    pub fn hardware(&mut self, rank: Rank, msg: Option<super::ids::MsgId>, note: String) {
        self.core.record(RecordKind::Hardware { rank, msg, note });
    }

    /// Charges the running rank's call for its processor time up to `busy_until`.
    pub fn charge_until(&mut self, busy_until: SimTime) {
        self.core.call_time += busy_until.saturating_sub(self.core.now);
    }

    /// Charges the running rank's call `time` of processor time.
    pub fn charge(&mut self, time: SimTime) {
        self.core.call_time += time;
    }

    /// Runs a handler needing `cost` of `rank`'s processor (a remote thread invocation): it
    /// starts when the processor admits it (on EM-X, after the running block) and `event` falls
    /// due when it ends.
    pub fn run_handler(&mut self, rank: Rank, cost: SimTime, event: impl EventCodec) {
        let event = event.encode();
        let id = self.core.handlers.insert((self.layer, event));
        let now = self.core.now;
        match self
            .core
            .machine
            .admit_handler(now, rank, u64::from(id), cost)
        {
            crate::machine::hw::Admission::Runs(run) => {
                self.core.handlers.remove(id);
                self.core
                    .queue
                    .push(run.end, super::event::Event::layer(self.layer, event));
            }
            crate::machine::hw::Admission::Queued => {}
        }
    }

    /// Lends `len` bytes at `offset` of `rank`'s part of `window` to `f` (the program's own
    /// memory; only while the layer handles an event; `Err` when the program has no such window).
    pub fn with_window(
        &mut self,
        rank: Rank,
        window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String> {
        match self.windows.as_deref_mut() {
            Some(w) => w.with_window(rank, window, offset, len, f),
            None => Err("no program memory is reachable here".to_string()),
        }
    }
}

/// A layer driven on its own, without programs or the event loop: the engine's state and an
/// [`Io`] onto it, for a layer's unit tests (call the layer, then pop its events and read its
/// records, completions and wake-ups).
pub struct Rig {
    core: Core,
}

impl Rig {
    /// `ranks` ranks on `machine`, keeping every record.
    pub fn new(machine: Machine, ranks: u32) -> Rig {
        Rig {
            core: Core::new(machine, ranks, TraceMode::Full),
        }
    }

    /// `ranks` ranks on the built-in profile `id` (panics if there is none: for tests).
    pub fn builtin(id: &str, ranks: u32) -> Rig {
        let profile = crate::machine::builtin_profiles()
            .expect("the built-in profiles parse")
            .into_iter()
            .find(|p| p.machine.id == id)
            .unwrap_or_else(|| panic!("no built-in profile {id}"));
        Rig::new(
            Machine::new(&profile, ranks).expect("the profile fits the ranks"),
            ranks,
        )
    }

    /// An `Io` for layer 0 at the current time.
    pub fn io(&mut self) -> Io<'_> {
        Io {
            core: &mut self.core,
            layer: 0,
            windows: None,
        }
    }

    /// An `Io` for layer 0 that lends `windows` as the programs' windows.
    pub fn io_with<'a>(&'a mut self, windows: &'a mut dyn Windows) -> Io<'a> {
        Io {
            core: &mut self.core,
            layer: 0,
            windows: Some(windows),
        }
    }

    /// The next due event (advancing the time to it): a layer event, decoded as `E`, or a rank's
    /// resume.
    pub fn pop<E: EventCodec>(&mut self) -> Option<(SimTime, Result<E, Rank>)> {
        let (time, event) = self.core.queue.pop()?;
        self.core.now = time;
        Some((
            time,
            match event {
                super::event::Event::Start(rank) | super::event::Event::Resume(rank) => Err(rank),
                super::event::Event::Layer { code, a, b, .. } => {
                    Ok(E::decode(LayerEvent { code, a, b }))
                }
            },
        ))
    }

    /// Hands every due event to `layer` in time order until none is left; returns the ranks
    /// woken on the way, with when.
    pub fn drain<L: Layer>(&mut self, layer: &mut L) -> Result<Vec<(SimTime, Rank)>, LayerFailure> {
        let mut woken = Vec::new();
        while let Some((time, event)) = self.pop::<L::Event>() {
            match event {
                Ok(e) => Layer::on_event(layer, e, &mut self.io())?,
                Err(rank) => {
                    self.core.states[rank as usize] = RankState::Ready;
                    woken.push((time, rank));
                }
            }
        }
        Ok(woken)
    }

    /// Marks `rank` parked, as if its program returned `Step::Park`.
    pub fn park(&mut self, rank: Rank) {
        self.core.states[rank as usize] = RankState::Parked;
    }

    /// Marks `rank` blocked on `req`, as if its program waited for it.
    pub fn block(&mut self, rank: Rank, req: ReqId) {
        self.core.states[rank as usize] = RankState::Blocked(super::sim::Wait::One(req));
    }

    /// Whether request `req` has completed, and its data.
    pub fn request(&self, req: ReqId) -> Option<(bool, &[u8])> {
        self.core
            .requests
            .get(req.0)
            .map(|r| (r.done, r.data.as_slice()))
    }

    /// Every record of type `R` so far, with its time.
    pub fn records<R: LayerRecord>(&self) -> Vec<(SimTime, R)> {
        self.core
            .trace
            .records()
            .into_iter()
            .filter_map(|r| Some((r.time, r.layer::<R>()?)))
            .collect()
    }

    /// Every record so far, explained.
    pub fn log(&self) -> Vec<String> {
        self.core
            .trace
            .records()
            .into_iter()
            .map(|r| r.explain())
            .collect()
    }

    /// The current time.
    pub fn now(&self) -> SimTime {
        self.core.now
    }
}
