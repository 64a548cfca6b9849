//! [`Sim`]: ranks running [`Program`]s on a [`Machine`], one deterministic event at a time, with
//! the run's protocol layers behind the seam ([`super::layer`]).
//!
//! Yield and atomic blocks: `Step::Yield`, a wait or the end of the program is a block boundary on
//! EM-X ([`crate::machine::hw::cpu`]); handlers admitted meanwhile run then; a yield costs the
//! thread's re-invocation (`Machine::yield_cost`, recorded as `RecordKind::Yielded`).

use serde::Serialize;

use super::deadlock;
use super::event::Event;
use super::ids::{Rank, ReqId};
use super::layer::{Core, DynLayer, Io, Layer, LayerId, Windows};
use super::limits::{Limits, SimError};
use super::network::{ChoiceOption, ChoicePoint, ChoiceRecord, Network};
use super::program::{Program, RankCtx, Step};
use crate::machine::Machine;
use crate::rng::SplitMix64;
use crate::time::SimTime;
use crate::trace::text::Lang;
use crate::trace::{RecordKind, Trace, TraceMode};

/// How the engine runs (the protocol layers bring their own configuration: see [`Setup`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineConfig {
    /// Bounds that end a runaway run with an error.
    pub limits: Limits,
    /// Keep every trace record, or only the hash.
    pub trace: TraceMode,
    /// A seed that reorders events due at the same time (instead of FIFO), for correctness
    /// checks that must hold under any such order; `None` for the normal, FIFO run.
    pub perturb: Option<u64>,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            limits: Limits::default(),
            trace: TraceMode::Full,
            perturb: None,
        }
    }
}

/// What a run is set up with: the engine's configuration and the protocol layers (the crate's
/// `proto::SimConfig` builds the standard stack).
pub trait Setup {
    /// The engine's part.
    fn engine(&self) -> EngineConfig;
    /// The layers, in the order their ids are given (0, 1, …), for `ranks` ranks.
    fn layers(&self, ranks: u32) -> Vec<Box<dyn DynLayer>>;
}

/// The engine alone: programs that only compute, print and finish.
impl Setup for EngineConfig {
    fn engine(&self) -> EngineConfig {
        *self
    }
    fn layers(&self, _ranks: u32) -> Vec<Box<dyn DynLayer>> {
        Vec::new()
    }
}

/// What a rank is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankState {
    /// Will be resumed by an event already in the queue.
    Ready,
    /// Computing until a resume event.
    Computing,
    /// Waiting for requests.
    Blocked(Wait),
    /// Parked by a protocol layer until it unparks it (`Step::Park`, e.g. a local spin).
    Parked,
    /// Finished.
    Done,
}

/// What a blocked rank waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    /// One request.
    One(ReqId),
    /// All of these.
    All(Box<[ReqId]>),
    /// Any one of these.
    Any(Box<[ReqId]>),
}

impl Wait {
    /// The requests waited on.
    pub fn requests(&self) -> &[ReqId] {
        match self {
            Wait::One(r) => std::slice::from_ref(r),
            Wait::All(rs) | Wait::Any(rs) => rs,
        }
    }
}

/// An outstanding or completed operation of one rank; what it is, its layer knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The rank that started it.
    pub owner: Rank,
    /// The layer it belongs to.
    pub layer: LayerId,
    /// Whether it completed.
    pub done: bool,
    /// What it delivers when taken.
    pub data: Vec<u8>,
}

/// One line a rank printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleLine {
    /// When.
    pub time: SimTime,
    /// Who.
    pub rank: Rank,
    /// What.
    pub text: String,
    /// Where it was written.
    pub stream: Stream,
}

/// Where a console line was written: the program's standard output or error stream, or
/// Rankscope's own diagnostic about the run (a leak or a request never completed, found when the
/// program ends) — not program output, so it is never compared with what MPICH prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stream {
    /// `stdout`.
    Stdout,
    /// `stderr`.
    Stderr,
    /// Rankscope's diagnostic.
    Diagnostic,
}

impl Stream {
    /// Its name in the CLI's JSON (`stdout`, `stderr`, `diagnostic`).
    pub fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
            Stream::Diagnostic => "diagnostic",
        }
    }
}

/// What one call to [`Sim::step`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// One event was processed.
    Stepped,
    /// Every rank has finished; nothing is left to do.
    Finished,
}

/// Totals of a finished run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunSummary {
    /// Ranks that ran.
    pub ranks: u32,
    /// Simulated time when the last event happened.
    pub end_time: SimTime,
    /// Events processed.
    pub events: u64,
    /// Trace records written.
    pub records: u64,
    /// The stable trace hash.
    pub trace_hash: u64,
}

/// A simulation: programs on a machine, protocol layers, an event queue, a trace. `Clone` gives
/// an exact copy, so a caller can checkpoint and go back (see [`super::history::History`]).
#[derive(Clone, Debug)]
pub struct Sim<P> {
    programs: Vec<P>,
    core: Core,
    layers: Vec<Box<dyn DynLayer>>,
    console: Vec<ConsoleLine>,
    limits: Limits,
    events: u64,
    finished: u32,
    /// Reorders same-time events (`EngineConfig::perturb`).
    perturb: Option<SplitMix64>,
    /// The user is the network (`Sim::with_network`): choices and choice points.
    network: Option<Network>,
    error: Option<SimError>,
    /// A rank that paused in the middle of computing (`Step::Pause`): the next step continues
    /// it, at the same simulated time, before any event.
    paused: Option<Rank>,
}

/// The programs lend their windows to a layer handling an event.
struct ProgramWindows<'a, P>(&'a mut [P]);

impl<P: Program> Windows for ProgramWindows<'_, P> {
    fn with_window(
        &mut self,
        rank: Rank,
        window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String> {
        match self.0.get_mut(rank as usize) {
            Some(p) => p.with_window(window, offset, len, f),
            None => Err(format!("rank {rank} does not exist")),
        }
    }
}

impl<P: Program> Sim<P> {
    /// Sets up one rank per program on `machine`, all starting at time zero in rank order, with
    /// the layers `setup` brings.
    pub fn new(machine: Machine, programs: Vec<P>, setup: impl Setup) -> Sim<P> {
        let size = u32::try_from(programs.len()).expect("fewer than 2^32 ranks");
        let config = setup.engine();
        let mut core = Core::new(machine, size, config.trace);
        for rank in 0..size {
            core.queue.push(SimTime::ZERO, Event::Start(rank));
        }
        Sim {
            core,
            layers: setup.layers(size),
            console: Vec::new(),
            limits: config.limits,
            events: 0,
            finished: 0,
            perturb: config.perturb.map(SplitMix64::new),
            network: None,
            programs,
            error: None,
            paused: None,
        }
    }

    /// Processes the next event. `Ok(Finished)` once every rank is done; an error if the run
    /// cannot go on (deadlock, a limit, a program failure). After an error every further call
    /// returns the same error.
    pub fn step(&mut self) -> Result<Progress, SimError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let result = self.step_inner();
        match &result {
            Err(e) => self.error = Some(e.clone()),
            Ok(Progress::Stepped) => self.core.trace.end_step(),
            Ok(Progress::Finished) => {}
        }
        result
    }

    fn step_inner(&mut self) -> Result<Progress, SimError> {
        if self.finished == self.core.size {
            return Ok(Progress::Finished);
        }
        if let Some(rank) = self.paused.take() {
            // A step of its own, with no event and no record: the run is what it would have been
            // without the pause.
            self.run_rank(rank)?;
            return Ok(Progress::Stepped);
        }
        let Some(next) = self.core.queue.peek_time() else {
            if self.core.matches.is_some() && self.resolve_held_match()? {
                // The resolution is a step of its own, counted as an event: the state after it
                // is the one the choice made.
                self.count_event()?;
                let event = self.events;
                if let Some(p) = self.core.matches.as_mut().and_then(|m| m.points.last_mut()) {
                    if p.event == 0 {
                        p.event = event;
                    }
                }
                return Ok(Progress::Stepped);
            }
            let programs = &self.programs;
            let mut report = deadlock::diagnose(&self.core, &self.layers, |r| {
                programs[r as usize].blocked_at()
            });
            report.notes = P::deadlock_notes(programs, &report);
            return Err(SimError::Deadlock(report));
        };
        if next > self.limits.max_time {
            return Err(SimError::TimeLimit {
                limit: self.limits.max_time,
            });
        }
        self.count_event()?;
        let popped = match &mut self.perturb {
            Some(rng) => self.core.queue.pop_any(|n| rng.below(n as u64) as usize),
            None => self.core.queue.pop(),
        };
        let (time, event) = popped.expect("peeked above");
        self.core.now = time;
        if self.network.is_some() && self.arbitrate(time, event)? {
            return Ok(Progress::Stepped);
        }
        match event {
            Event::Start(rank) => {
                self.core.record(RecordKind::Start { rank });
                self.enter_block(rank)?;
            }
            Event::Resume(rank) => {
                self.core.record(RecordKind::Resumed { rank });
                self.enter_block(rank)?;
            }
            Event::Layer { layer, code, a, b } => {
                let Some(l) = self.layers.get_mut(layer as usize) else {
                    unreachable!("an event of layer {layer}, which this run does not have");
                };
                let mut io = Io {
                    core: &mut self.core,
                    layer,
                    windows: Some(&mut ProgramWindows(&mut self.programs)),
                };
                l.on_packed(super::layer::LayerEvent { code, a, b }, &mut io)
                    .map_err(|f| SimError::Program {
                        rank: f.rank,
                        time: self.core.now,
                        message: f.message,
                    })?;
            }
        }
        Ok(Progress::Stepped)
    }

    /// A run where the user is the network (see [`super::network`]): at the `k`-th choice point
    /// the delivery from rank `choices[k - 1]` lands first; past the list's end, the machine
    /// model's order. Call before the first step.
    pub fn with_network(mut self, choices: Vec<Rank>) -> Sim<P> {
        self.network = Some(Network {
            choices,
            ..Network::default()
        });
        self
    }

    /// A run that explores every match MPI allows (see [`super::matches`]): at the `k`-th match
    /// choice point the receive takes the message of rank `choices[k - 1]`; past the list's end,
    /// the layer's first option. Call before the first step.
    pub fn with_match_choices(mut self, choices: Vec<Rank>) -> Sim<P> {
        self.core.matches = Some(super::matches::MatchChoices {
            choices,
            points: Vec::new(),
        });
        self
    }

    /// The match choice points met so far (none unless the run explores matches).
    pub fn match_points(&self) -> &[super::matches::MatchPoint] {
        self.core
            .matches
            .as_ref()
            .map_or(&[], |m| m.points.as_slice())
    }

    /// The queue is empty in a run that explores matches: the first layer holding a match back
    /// resolves one (`true`), or none can (`false`: the run is finished or deadlocked).
    fn resolve_held_match(&mut self) -> Result<bool, SimError> {
        for (layer, l) in self.layers.iter_mut().enumerate() {
            let mut io = Io {
                core: &mut self.core,
                layer: layer as super::layer::LayerId,
                windows: Some(&mut ProgramWindows(&mut self.programs)),
            };
            if l.quiet(&mut io).map_err(|f| SimError::Program {
                rank: f.rank,
                time: self.core.now,
                message: f.message,
            })? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The choices given, if the user is the network in this run.
    pub fn network_choices(&self) -> Option<&[Rank]> {
        self.network.as_ref().map(|n| n.choices.as_slice())
    }

    /// The choice points met so far (none unless the user is the network).
    pub fn choice_points(&self) -> &[ChoicePoint] {
        self.network.as_ref().map_or(&[], |n| n.points.as_slice())
    }

    /// The network's part of taking `event`, due at `time`: when it is a delivery racing others
    /// to one rank, a choice point. Returns whether the event was held back (the step is then
    /// the choice itself); otherwise the event is processed as usual.
    fn arbitrate(&mut self, time: SimTime, event: Event) -> Result<bool, SimError> {
        let Event::Layer { layer, .. } = event else {
            return Ok(false);
        };
        let (Some(net), Some(l)) = (self.network.as_mut(), self.layers.get(layer as usize)) else {
            return Ok(false);
        };
        let delivery_of = |e: &Event| match *e {
            Event::Layer {
                layer: el,
                code,
                a,
                b,
            } if el == layer => l.delivery_of(super::layer::LayerEvent { code, a, b }),
            _ => None,
        };
        let Some(due) = delivery_of(&event) else {
            return Ok(false);
        };
        if let Some(i) = net.exempt.iter().position(|e| *e == event) {
            net.exempt.swap_remove(i);
            return Ok(false);
        }
        // The first delivery in flight from every other sender to the same rank.
        let mut firsts: Vec<(SimTime, usize, Rank, Event)> = Vec::new();
        for (order, (t, e)) in self.core.queue.iter().enumerate() {
            let Some(d) = delivery_of(e) else { continue };
            if d.to != due.to || d.from == due.from {
                continue;
            }
            match firsts.iter_mut().find(|f| f.2 == d.from) {
                Some(f) if t < f.0 => *f = (t, order, d.from, *e),
                Some(_) => {}
                None => firsts.push((t, order, d.from, *e)),
            }
        }
        if firsts.is_empty() {
            return Ok(false);
        }
        firsts.sort_by_key(|f| (f.0, f.1));
        let describe = |e: &Event| match *e {
            Event::Layer { code, a, b, .. } => {
                l.describe_packed(super::layer::LayerEvent { code, a, b })
            }
            _ => String::new(),
        };
        let options: Vec<ChoiceOption> = std::iter::once((time, due.from, event))
            .chain(firsts.iter().map(|f| (f.0, f.2, f.3)))
            .map(|(lands, from, e)| ChoiceOption {
                from,
                lands,
                what: describe(&e),
            })
            .collect();
        let number = u32::try_from(net.points.len() + 1).unwrap_or(u32::MAX);
        let chosen = net
            .choices
            .get(net.points.len())
            .copied()
            .unwrap_or(due.from);
        let Some(pick) = options.iter().position(|o| o.from == chosen) else {
            let senders: Vec<String> = options.iter().map(|o| o.from.to_string()).collect();
            return Err(SimError::NetworkChoice {
                point: number,
                time,
                message: format!(
                    "the choice names rank {chosen}, but the messages racing to rank {} come from ranks {}",
                    due.to,
                    senders.join(", ")
                ),
            });
        };
        self.core.trace.push_layer(
            time,
            ChoiceRecord {
                point: number,
                to: due.to,
                chosen,
                model: due.from,
                senders: u32::try_from(options.len()).unwrap_or(u32::MAX),
            },
        );
        net.points.push(ChoicePoint {
            number,
            event: self.events,
            time,
            to: due.to,
            chosen,
            options,
        });
        if pick == 0 {
            return Ok(false);
        }
        // Hold back every delivery to the same rank that would land before the chosen one
        // from a sender that raced it (the due one first), all landing right after it.
        let (until, chosen_event) = (firsts[pick - 1].0, firsts[pick - 1].3);
        let held: Vec<Rank> = std::iter::once(due.from)
            .chain(firsts.iter().filter(|f| f.0 <= until).map(|f| f.2))
            .filter(|r| *r != chosen)
            .collect();
        let later = self.core.queue.remove_where(|t, e| {
            t <= until && delivery_of(e).is_some_and(|d| d.to == due.to && held.contains(&d.from))
        });
        self.core.queue.push(until, event);
        for (_, e) in later {
            self.core.queue.push(until, e);
        }
        net.exempt.push(chosen_event);
        Ok(true)
    }

    fn count_event(&mut self) -> Result<(), SimError> {
        self.events += 1;
        if self.events > self.limits.max_events {
            return Err(SimError::EventLimit {
                limit: self.limits.max_events,
                time: self.core.now,
            });
        }
        if self.events % 1024 == 0 {
            let used = self.heap_bytes();
            if used > self.limits.max_memory {
                return Err(SimError::MemoryLimit {
                    limit: self.limits.max_memory,
                    used,
                });
            }
        }
        Ok(())
    }

    /// `rank` may continue: on a machine with atomic blocks its block starts only after the
    /// handlers already admitted to its processor (a later resume is scheduled); then it runs.
    fn enter_block(&mut self, rank: Rank) -> Result<(), SimError> {
        let c = &mut self.core;
        let start = c.machine.begin_block(c.now, rank);
        if start > c.now {
            c.states[rank as usize] = RankState::Ready;
            c.queue.push(start, Event::Resume(rank));
            return Ok(());
        }
        self.run_rank(rank)
    }

    /// Resumes `rank`'s program until it computes, blocks, finishes or fails. Waits that are
    /// already satisfied continue at once (each such step counts against the event limit).
    fn run_rank(&mut self, rank: Rank) -> Result<(), SimError> {
        loop {
            let step = {
                let mut ctx = RankCtx {
                    core: &mut self.core,
                    layers: &mut self.layers,
                    console: &mut self.console,
                    rank,
                };
                self.programs[rank as usize].resume(&mut ctx)
            };
            // Call time a program did not take (native workloads) is not charged.
            self.core.call_time = SimTime::ZERO;
            let c = &mut self.core;
            let wait = match step {
                Step::Compute(d) | Step::Library { time: d, .. } => {
                    if d == SimTime::ZERO {
                        self.count_event()?;
                        continue;
                    }
                    let until = c.now + d;
                    c.record(match step {
                        Step::Library { call, .. } => RecordKind::Library { rank, call, until },
                        _ => RecordKind::Compute { rank, until },
                    });
                    c.states[rank as usize] = RankState::Computing;
                    c.queue.push(until, Event::Resume(rank));
                    return Ok(());
                }
                Step::Yield => {
                    // A block boundary: waiting handlers run, then the program's thread is
                    // invoked again (on EM-X a thread invocation, costing a handler's time).
                    c.run_released_handlers(rank);
                    let until = c.machine.begin_block(c.now, rank) + c.machine.yield_cost();
                    if until > c.now {
                        c.record(RecordKind::Yielded { rank, until });
                        c.states[rank as usize] = RankState::Computing;
                        c.queue.push(until, Event::Resume(rank));
                        return Ok(());
                    }
                    self.count_event()?;
                    continue;
                }
                Step::Pause => {
                    self.paused = Some(rank);
                    return Ok(());
                }
                Step::Park => {
                    c.states[rank as usize] = RankState::Parked;
                    c.run_released_handlers(rank);
                    return Ok(());
                }
                Step::Done => {
                    c.run_released_handlers(rank);
                    c.record(RecordKind::Done { rank });
                    c.states[rank as usize] = RankState::Done;
                    self.finished += 1;
                    return Ok(());
                }
                Step::Fail(message) => {
                    return Err(SimError::Program {
                        rank,
                        time: c.now,
                        message,
                    })
                }
                Step::Wait(r) => Wait::One(r),
                Step::WaitAll(rs) => Wait::All(rs.into_boxed_slice()),
                Step::WaitAny(rs) => Wait::Any(rs.into_boxed_slice()),
            };
            for req in wait.requests() {
                if c.requests.get(req.0).is_none_or(|r| r.owner != rank) {
                    return Err(SimError::Program {
                        rank,
                        time: c.now,
                        message: format!(
                            "wait on an inactive request: {}",
                            super::program::OpError::InactiveRequest(*req)
                        ),
                    });
                }
            }
            if c.satisfied(&wait) || wait.requests().is_empty() {
                self.count_event()?;
                continue;
            }
            let reqs = wait.requests();
            c.record(RecordKind::Blocked {
                rank,
                first: reqs[0],
                count: u32::try_from(reqs.len()).unwrap_or(u32::MAX),
                any: matches!(wait, Wait::Any(_)),
            });
            c.states[rank as usize] = RankState::Blocked(wait);
            c.run_released_handlers(rank);
            return Ok(());
        }
    }

    /// Runs until every rank finishes or an error stops the run.
    pub fn run(&mut self) -> Result<RunSummary, SimError> {
        while self.step()? == Progress::Stepped {}
        Ok(self.summary())
    }

    /// Processes at most `n` events; returns how many were processed (fewer if the run finished).
    pub fn run_events(&mut self, n: u64) -> Result<u64, SimError> {
        for done in 0..n {
            if self.step()? == Progress::Finished {
                return Ok(done);
            }
        }
        Ok(n)
    }

    /// Totals so far.
    pub fn summary(&self) -> RunSummary {
        RunSummary {
            ranks: self.core.size,
            end_time: self.core.now,
            events: self.events,
            records: self.core.trace.len(),
            trace_hash: self.core.trace.hash(),
        }
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.core.now
    }
    /// Number of ranks.
    pub fn size(&self) -> u32 {
        self.core.size
    }
    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.events
    }
    /// Whether every rank has finished.
    pub fn is_finished(&self) -> bool {
        self.finished == self.core.size
    }
    /// The error that stopped the run, if any.
    pub fn error(&self) -> Option<&SimError> {
        self.error.as_ref()
    }
    /// The trace so far.
    pub fn trace(&self) -> &Trace {
        &self.core.trace
    }
    /// Lines printed by the ranks, in time order.
    pub fn console(&self) -> &[ConsoleLine] {
        &self.console
    }
    /// The run's layer of type `L` (its inspectable state, for views), if the run has one.
    pub fn layer<L: Layer>(&self) -> Option<&L> {
        self.layers
            .iter()
            .find_map(|l| l.as_any().downcast_ref::<L>())
    }

    /// What each rank is doing.
    pub fn rank_state(&self, rank: Rank) -> Option<&RankState> {
        self.core.states.get(rank as usize)
    }
    /// What a rank is doing, in words: `finished`, `computing until 12.000 µs`, `blocked in
    /// MPI_Wait at line 17 (waiting for request 3)`, … (the playground's rank status line).
    pub fn describe_rank(&self, rank: Rank) -> String {
        self.describe_rank_in(rank, Lang::En)
    }

    /// [`Sim::describe_rank`] in `lang` (a layer's parked status and the program's "at line"
    /// place stay in their own words).
    pub fn describe_rank_in(&self, rank: Rank, lang: Lang) -> String {
        let ja = lang == Lang::Ja;
        let Some(state) = self.core.states.get(rank as usize) else {
            if ja {
                return format!("ランク {rank} は存在しない");
            }
            return format!("rank {rank} does not exist");
        };
        if let Some(SimError::Program { rank: failed, .. }) = &self.error {
            if *failed == rank {
                return lang
                    .pick("stopped by a runtime error", "実行時エラーで停止")
                    .to_string();
            }
        }
        match state {
            RankState::Done => lang.pick("finished", "終了").to_string(),
            RankState::Ready => lang.pick("ready to run", "実行可能").to_string(),
            RankState::Computing => lang.pick("computing", "計算中").to_string(),
            RankState::Parked => self
                .layers
                .iter()
                .find_map(|l| l.parked_of(rank))
                .map_or_else(
                    || lang.pick("parked", "待機中").to_string(),
                    |(status, _)| status,
                ),
            RankState::Blocked(wait) => {
                let reqs: Vec<String> = wait.requests().iter().map(|r| lang.req(r.0)).collect();
                let what = match (wait, ja) {
                    (Wait::One(_), _) => reqs.join(""),
                    (Wait::All(_), false) => format!("all of {}", reqs.join(", ")),
                    (Wait::Any(_), false) => format!("any of {}", reqs.join(", ")),
                    (Wait::All(_), true) => format!("{} のすべて", reqs.join("、")),
                    (Wait::Any(_), true) => format!("{} のどれか", reqs.join("、")),
                };
                match (self.programs[rank as usize].blocked_at(), ja) {
                    (Some(at), false) => format!("blocked in {at} (waiting for {what})"),
                    (None, false) => format!("blocked (waiting for {what})"),
                    (Some(at), true) => {
                        format!("{} でブロック中({what} を待っている)", lang.place(&at))
                    }
                    (None, true) => format!("ブロック中({what} を待っている)"),
                }
            }
        }
    }

    /// A live request.
    pub fn request(&self, id: ReqId) -> Option<&Request> {
        self.core.requests.get(id.0)
    }
    /// The program of a rank.
    pub fn program(&self, rank: Rank) -> Option<&P> {
        self.programs.get(rank as usize)
    }
    /// The machine.
    pub fn machine(&self) -> &Machine {
        &self.core.machine
    }
    /// Events waiting in the queue.
    pub fn pending_events(&self) -> usize {
        self.core.queue.len()
    }
    /// Estimated heap bytes of the simulator state.
    pub fn heap_bytes(&self) -> usize {
        self.core.heap_bytes()
            + self
                .layers
                .iter()
                .map(|l| l.layer_heap_bytes())
                .sum::<usize>()
    }

    /// Bytes a checkpoint of this state holds (the state without trace records, and the
    /// programs' memories).
    pub fn checkpoint_bytes(&self) -> usize {
        self.heap_bytes() - self.core.trace.heap_bytes()
            + self.programs.iter().map(Program::heap_bytes).sum::<usize>()
    }

    /// A copy of the state without the stored trace records (but with the trace hash and count),
    /// cheap enough to keep every few thousand events.
    pub(crate) fn checkpoint(&self) -> Sim<P> {
        let core = self.core.clone_with_trace(self.core.trace.marker());
        Sim {
            programs: self.programs.clone(),
            core,
            layers: self.layers.clone(),
            console: self.console.clone(),
            limits: self.limits,
            events: self.events,
            finished: self.finished,
            perturb: self.perturb.clone(),
            network: self.network.clone(),
            error: self.error.clone(),
            paused: self.paused,
        }
    }

    /// Returns to `checkpoint` (taken from this run earlier), keeping this run's trace records:
    /// those up to that point as the present, the rest as the known future.
    pub(crate) fn restore(&mut self, checkpoint: &Sim<P>) {
        let mut trace = std::mem::replace(&mut self.core.trace, Trace::new(TraceMode::Full));
        trace.rewind_to(&checkpoint.core.trace);
        *self = checkpoint.clone();
        self.core.trace = trace;
    }
}
