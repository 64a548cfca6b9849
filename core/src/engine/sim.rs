//! [`Sim`]: ranks running [`Program`]s on a [`Machine`], one deterministic event at a time.

use serde::Serialize;

use super::deadlock;
use super::event::Event;
use super::ids::Rank;
use super::limits::{Limits, SimError};
use super::matching::Matching;
use super::program::{Program, RankCtx, Step};
use super::queue::EventQueue;
use super::slab::Slab;
use super::world::{ConsoleLine, Mailbox, RankState, Request, Wait, World};
use crate::locks::Memory;
use crate::machine::Machine;
use crate::rng::SplitMix64;
use crate::time::SimTime;
use crate::trace::{RecordKind, Trace, TraceMode};

/// How to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimConfig {
    /// Bounds that end a runaway run with an error.
    pub limits: Limits,
    /// Keep every trace record, or only the hash.
    pub trace: TraceMode,
    /// The point-to-point engine (eager, or one of paper 000's matching engines).
    pub matching: Matching,
    /// 64-bit words of one-sided memory each rank exposes to operations with values
    /// (`RankCtx::mem_op`): lock records and queue nodes (paper 003).
    pub words_per_rank: u32,
    /// A seed that reorders events due at the same time (instead of FIFO), for correctness
    /// checks that must hold under any such order; `None` for the normal, FIFO run.
    pub perturb: Option<u64>,
    /// How the MPI library's `MPI_Win_lock` / `MPI_Win_lock_all` take locks (paper 003's
    /// global MCS-RW lock by default).
    pub lock_scheme: crate::locks::LockScheme,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            limits: Limits::default(),
            trace: TraceMode::Full,
            matching: Matching::Eager,
            words_per_rank: 0,
            perturb: None,
            lock_scheme: crate::locks::LockScheme::McsRw,
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

/// A simulation: programs on a machine, an event queue, a trace. `Clone` gives an exact copy, so
/// a caller can checkpoint and go back (see [`super::history::History`]).
#[derive(Clone, Debug)]
pub struct Sim<P> {
    programs: Vec<P>,
    world: World,
    error: Option<SimError>,
}

impl<P: Program> Sim<P> {
    /// Sets up one rank per program on `machine`, all starting at time zero in rank order.
    pub fn new(machine: Machine, programs: Vec<P>, config: SimConfig) -> Sim<P> {
        let size = u32::try_from(programs.len()).expect("fewer than 2^32 ranks");
        let mut queue = EventQueue::with_capacity(programs.len().min(1 << 20));
        for rank in 0..size {
            queue.push(SimTime::ZERO, Event::Start(rank));
        }
        Sim {
            world: World {
                now: SimTime::ZERO,
                size,
                queue,
                machine,
                states: vec![RankState::Ready; programs.len()],
                mailboxes: vec![None; programs.len()],
                requests: Slab::default(),
                messages: Slab::default(),
                trace: Trace::new(config.trace),
                console: Vec::new(),
                software_busy: Default::default(),
                limits: config.limits,
                events: 0,
                finished: 0,
                matching: config.matching,
                protos: if config.matching == Matching::Eager {
                    Vec::new()
                } else {
                    vec![None; programs.len()]
                },
                packets: Slab::default(),
                memory: Memory::new(size, config.words_per_rank),
                call_time: SimTime::ZERO,
                lock_steps: std::collections::BTreeMap::new(),
                perturb: config.perturb.map(SplitMix64::new),
                lock_scheme: config.lock_scheme,
                rma: Default::default(),
            },
            programs,
            error: None,
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
            Ok(Progress::Stepped) => self.world.trace.end_step(),
            Ok(Progress::Finished) => {}
        }
        result
    }

    fn step_inner(&mut self) -> Result<Progress, SimError> {
        let w = &mut self.world;
        if w.finished == w.size {
            return Ok(Progress::Finished);
        }
        let Some(next) = w.queue.peek_time() else {
            let programs = &self.programs;
            let report = deadlock::diagnose(w, |r| programs[r as usize].blocked_at());
            return Err(SimError::Deadlock(report));
        };
        if next > w.limits.max_time {
            return Err(SimError::TimeLimit {
                limit: w.limits.max_time,
            });
        }
        self.count_event()?;
        let w = &mut self.world;
        let popped = match &mut w.perturb {
            Some(rng) => w.queue.pop_any(|n| rng.below(n as u64) as usize),
            None => w.queue.pop(),
        };
        let (time, event) = popped.expect("peeked above");
        self.world.now = time;
        match event {
            Event::Start(rank) => {
                self.world.record(RecordKind::Start { rank });
                self.enter_block(rank)?;
            }
            Event::Resume(rank) => {
                self.world.record(RecordKind::Resumed { rank });
                self.enter_block(rank)?;
            }
            Event::Packet(id) => self.world.packet_arrived(id),
            Event::Handler(id) => self.world.handler_done(id),
            Event::Landed(req, msg) => self.world.landed(req, msg),
            Event::FlagSet(req) => self.world.flag_set(req),
            Event::SendDone(req) => self.world.send_done(req),
            Event::Arrive(msg) => self.world.arrive(msg),
            Event::RdmaDone(req) => self.world.rdma_done(req),
            Event::RdmaSoftware(req) => self.world.rdma_software(req),
            Event::RdmaReply(req) => self.world.rdma_reply(req),
            Event::MemApply(req) if self.world.is_window_access(req) => {
                self.apply_window_access(req)?;
            }
            Event::MemApply(req) => self.world.mem_apply(req),
        }
        Ok(Progress::Stepped)
    }

    /// A one-sided access takes effect in its target's window: the target's program applies it
    /// to its memory. A failure there (an access the origin's checks let through) stops the run
    /// as the origin's error.
    fn apply_window_access(&mut self, req: super::ids::ReqId) -> Result<(), SimError> {
        let Some((origin, target, access)) = self.world.take_window_access(req) else {
            return Ok(());
        };
        match self.programs[target as usize].remote_access(
            access.window,
            access.offset,
            &access.access,
        ) {
            Ok(result) => {
                self.world.window_access_applied(req, target, result);
                Ok(())
            }
            Err(message) => Err(SimError::Program {
                rank: origin,
                time: self.world.now,
                message: format!("a one-sided access to rank {target} failed there: {message}"),
            }),
        }
    }

    fn count_event(&mut self) -> Result<(), SimError> {
        let w = &mut self.world;
        w.events += 1;
        if w.events > w.limits.max_events {
            return Err(SimError::EventLimit {
                limit: w.limits.max_events,
                time: w.now,
            });
        }
        if w.events % 1024 == 0 {
            let used = w.heap_bytes();
            if used > w.limits.max_memory {
                return Err(SimError::MemoryLimit {
                    limit: w.limits.max_memory,
                    used,
                });
            }
        }
        Ok(())
    }

    /// `rank` may continue: on a machine with atomic blocks its block starts only after the
    /// handlers already admitted to its processor (a later resume is scheduled); then it runs.
    fn enter_block(&mut self, rank: Rank) -> Result<(), SimError> {
        let w = &mut self.world;
        let start = w.machine.begin_block(w.now, rank);
        if start > w.now {
            w.states[rank as usize] = RankState::Ready;
            w.queue.push(start, Event::Resume(rank));
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
                    world: &mut self.world,
                    rank,
                };
                self.programs[rank as usize].resume(&mut ctx)
            };
            // Call time a program did not take (native workloads) is not charged.
            self.world.call_time = SimTime::ZERO;
            let w = &mut self.world;
            let wait = match step {
                Step::Compute(d) | Step::Library { time: d, .. } => {
                    if d == SimTime::ZERO {
                        self.count_event()?;
                        continue;
                    }
                    let until = w.now + d;
                    w.record(match step {
                        Step::Library { call, .. } => RecordKind::Library { rank, call, until },
                        _ => RecordKind::Compute { rank, until },
                    });
                    w.states[rank as usize] = RankState::Computing;
                    w.queue.push(until, Event::Resume(rank));
                    return Ok(());
                }
                Step::Yield => {
                    // A block boundary: waiting handlers run, then the program's thread is
                    // invoked again (on EM-X a thread invocation, costing a handler's time).
                    w.run_released_handlers(rank);
                    let until = w.machine.begin_block(w.now, rank) + w.machine.yield_cost();
                    if until > w.now {
                        w.record(RecordKind::Yielded { rank, until });
                        w.states[rank as usize] = RankState::Computing;
                        w.queue.push(until, Event::Resume(rank));
                        return Ok(());
                    }
                    self.count_event()?;
                    continue;
                }
                Step::Spin { word, until } => {
                    if w.spin(rank, word, until) {
                        w.run_released_handlers(rank);
                        return Ok(());
                    }
                    self.count_event()?;
                    continue;
                }
                Step::Done => {
                    w.run_released_handlers(rank);
                    w.record(RecordKind::Done { rank });
                    w.states[rank as usize] = RankState::Done;
                    w.finished += 1;
                    return Ok(());
                }
                Step::Fail(message) => {
                    return Err(SimError::Program {
                        rank,
                        time: w.now,
                        message,
                    })
                }
                Step::Wait(r) => Wait::One(r),
                Step::WaitAll(rs) => Wait::All(rs.into_boxed_slice()),
                Step::WaitAny(rs) => Wait::Any(rs.into_boxed_slice()),
            };
            for req in wait.requests() {
                if let Err(e) = w.request_done(rank, *req) {
                    return Err(SimError::Program {
                        rank,
                        time: w.now,
                        message: format!("wait on an inactive request: {e}"),
                    });
                }
            }
            if w.satisfied(&wait) || wait.requests().is_empty() {
                self.count_event()?;
                continue;
            }
            let reqs = wait.requests();
            w.record(RecordKind::Blocked {
                rank,
                first: reqs[0],
                count: u32::try_from(reqs.len()).unwrap_or(u32::MAX),
                any: matches!(wait, Wait::Any(_)),
            });
            w.states[rank as usize] = RankState::Blocked(wait);
            w.run_released_handlers(rank);
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
            ranks: self.world.size,
            end_time: self.world.now,
            events: self.world.events,
            records: self.world.trace.len(),
            trace_hash: self.world.trace.hash(),
        }
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.world.now
    }
    /// Number of ranks.
    pub fn size(&self) -> u32 {
        self.world.size
    }
    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.world.events
    }
    /// Whether every rank has finished.
    pub fn is_finished(&self) -> bool {
        self.world.finished == self.world.size
    }
    /// The error that stopped the run, if any.
    pub fn error(&self) -> Option<&SimError> {
        self.error.as_ref()
    }
    /// The trace so far.
    pub fn trace(&self) -> &Trace {
        &self.world.trace
    }
    /// Lines printed by the ranks, in time order.
    pub fn console(&self) -> &[ConsoleLine] {
        &self.world.console
    }
    /// How this run's MPI library takes passive-target locks (`SimConfig::lock_scheme`).
    pub fn lock_scheme(&self) -> crate::locks::LockScheme {
        self.world.lock_scheme
    }
    /// A word of a rank's one-sided memory (`None` if it does not exist).
    pub fn word(&self, word: crate::locks::Word) -> Option<u64> {
        self.world.check_word(word).ok()?;
        Some(self.world.memory.get(word))
    }

    /// What each rank is doing.
    pub fn rank_state(&self, rank: Rank) -> Option<&RankState> {
        self.world.states.get(rank as usize)
    }
    /// What a rank is doing, in words: `finished`, `computing until 12.000 µs`, `blocked in
    /// MPI_Wait at line 17 (waiting for request 3)`, … (the playground's rank status line).
    pub fn describe_rank(&self, rank: Rank) -> String {
        let Some(state) = self.world.states.get(rank as usize) else {
            return format!("rank {rank} does not exist");
        };
        if let Some(SimError::Program { rank: failed, .. }) = &self.error {
            if *failed == rank {
                return "stopped by a runtime error".to_string();
            }
        }
        match state {
            RankState::Done => "finished".to_string(),
            RankState::Ready => "ready to run".to_string(),
            RankState::Computing => "computing".to_string(),
            RankState::Spinning { word, until } => {
                format!("spinning until its word {word} {}", until.describe())
            }
            RankState::Blocked(wait) => {
                let reqs: Vec<String> = wait.requests().iter().map(|r| r.to_string()).collect();
                let what = match wait {
                    Wait::One(_) => reqs.join(""),
                    Wait::All(_) => format!("all of {}", reqs.join(", ")),
                    Wait::Any(_) => format!("any of {}", reqs.join(", ")),
                };
                match self.programs[rank as usize].blocked_at() {
                    Some(at) => format!("blocked in {at} (waiting for {what})"),
                    None => format!("blocked (waiting for {what})"),
                }
            }
        }
    }

    /// A rank's matching queues (`None` when both are empty).
    pub fn mailbox(&self, rank: Rank) -> Option<&Mailbox> {
        self.world.mailboxes.get(rank as usize)?.as_deref()
    }
    /// A rank's protocol queues under one of paper 000's engines (`None` before first use, or
    /// with the eager engine).
    pub fn protocol_queues(&self, rank: Rank) -> Option<&super::protocol::ProtoBox> {
        self.world.protos.get(rank as usize)?.as_deref()
    }

    /// The point-to-point engine of the run.
    pub fn matching(&self) -> super::matching::Matching {
        self.world.matching
    }

    /// A live request.
    pub fn request(&self, id: super::ids::ReqId) -> Option<&Request> {
        self.world.requests.get(id.0)
    }
    /// The program of a rank.
    pub fn program(&self, rank: Rank) -> Option<&P> {
        self.programs.get(rank as usize)
    }
    /// The machine.
    pub fn machine(&self) -> &Machine {
        &self.world.machine
    }
    /// Events waiting in the queue.
    pub fn pending_events(&self) -> usize {
        self.world.queue.len()
    }
    /// Estimated heap bytes of the simulator state.
    pub fn heap_bytes(&self) -> usize {
        self.world.heap_bytes()
    }

    /// Bytes a checkpoint of this state holds (the state without trace records, and the
    /// programs' memories).
    pub fn checkpoint_bytes(&self) -> usize {
        self.world.heap_bytes() - self.world.trace.heap_bytes()
            + self.programs.iter().map(Program::heap_bytes).sum::<usize>()
    }

    /// A copy of the state without the stored trace records (but with the trace hash and count),
    /// cheap enough to keep every few thousand events.
    pub(crate) fn checkpoint(&self) -> Sim<P> {
        let mut world = self.world.clone_without_trace();
        world.trace = self.world.trace.marker();
        Sim {
            programs: self.programs.clone(),
            world,
            error: self.error.clone(),
        }
    }

    /// Returns to `checkpoint` (taken from this run earlier), keeping this run's trace records:
    /// those up to that point as the present, the rest as the known future.
    pub(crate) fn restore(&mut self, checkpoint: &Sim<P>) {
        let mut trace = std::mem::replace(&mut self.world.trace, Trace::new(TraceMode::Full));
        trace.rewind_to(&checkpoint.world.trace);
        *self = checkpoint.clone();
        self.world.trace = trace;
    }
}
