//! Paper 002's Fig. 4 as a native program: each rank posts a receive for every message it
//! expects, then walks its schedule slot by slot — a send started (non-blocking, as
//! `MPI_Start` on a persistent request) or, for a delay slot, `δ` of sleep (`nanosleep`) —
//! and waits for all of them. The sends of one rank leave one after another on its link; how
//! they meet at the receivers' switch ports (and whether a port's buffer overflows into a
//! retransmission timeout) is the machine's crossbar model. For sweeps over patterns,
//! schedules and δ without the interpreter. Simplification: one collective, started by every
//! rank at time zero (the paper's `MPI_Barrier` before each of its 1000 repetitions lines the
//! ranks up the same way).

use std::collections::BTreeMap;

use super::try_op;
use crate::engine::{Rank, RankCtx, ReqId, Sim, Step};
use crate::machine::{Machine, Profile};
use crate::proto::p2p::{PointToPoint, Source, TagSel};
use crate::proto::schedules::Schedule;
use crate::proto::SimConfig;
use crate::time::SimTime;

/// One rank of a scheduled many-to-many exchange.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    slots: Vec<Option<Rank>>,
    sources: Vec<Rank>,
    bytes: u64,
    delta: SimTime,
    next: usize,
    posted: bool,
    waited: bool,
    pending: Vec<ReqId>,
}

impl Scheduled {
    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        if !self.posted {
            self.posted = true;
            for &src in &self.sources {
                let req = try_op!(ctx.irecv(Source::Rank(src), TagSel::Tag(0), self.bytes));
                self.pending.push(req);
            }
        }
        while let Some(slot) = self.slots.get(self.next).copied() {
            self.next += 1;
            match slot {
                Some(q) => {
                    let req = try_op!(ctx.isend(i64::from(q), 0, self.bytes, Vec::new()));
                    self.pending.push(req);
                }
                None => return Step::Compute(self.delta),
            }
        }
        if !self.waited && !self.pending.is_empty() {
            self.waited = true;
            return Step::WaitAll(self.pending.clone());
        }
        for req in std::mem::take(&mut self.pending) {
            try_op!(ctx.take(req));
        }
        Step::Done
    }
}

/// The programs of `schedule`'s ranks: `bytes`-byte messages, `delta` per delay slot.
pub fn programs(schedule: &Schedule, bytes: u64, delta: SimTime) -> Vec<super::Native> {
    let n = schedule.n as usize;
    let mut sources: Vec<Vec<Rank>> = vec![Vec::new(); n];
    for (p, slots) in schedule.slots.iter().enumerate() {
        for q in slots.iter().flatten() {
            sources[*q as usize].push(p as Rank);
        }
    }
    schedule
        .slots
        .iter()
        .zip(sources)
        .map(|(slots, sources)| {
            super::Native::Scheduled(Box::new(Scheduled {
                slots: slots.clone(),
                sources,
                bytes,
                delta,
                next: 0,
                posted: false,
                waited: false,
                pending: Vec::new(),
            }))
        })
        .collect()
}

/// The start of the hardware model's sentence for a message dropped at a full switch port
/// (`machine::note`'s `Dropped`): "switch port P full at … dropped, sent again …".
const PORT: &str = "switch port ";
/// The phrase that makes it a drop.
const DROPPED: &str = " dropped, sent again";

/// Drops at each switch port in a finished run's trace (first sends and retransmissions).
pub fn drops_by_port(sim: &Sim<super::Native>) -> BTreeMap<u32, usize> {
    let mut by = BTreeMap::new();
    for r in sim.trace().records().iter() {
        let text = r.explain();
        if !text.contains(DROPPED) {
            continue;
        }
        let port = text
            .split_once(PORT)
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(port) = port {
            *by.entry(port).or_insert(0) += 1;
        }
    }
    by
}

/// A scheduled exchange run to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// When the last message was received.
    pub end: crate::time::SimTime,
    /// Events the run took.
    pub events: u64,
    /// Drops at each switch port.
    pub drops: BTreeMap<u32, usize>,
}

/// Runs `schedule` on `profile` (its first `schedule.n` nodes) with `bytes`-byte messages and
/// `delta` per delay slot, to the end.
pub fn run(
    schedule: &Schedule,
    profile: &Profile,
    bytes: u64,
    delta: crate::time::SimTime,
) -> Result<Outcome, String> {
    let machine = Machine::new(profile, schedule.n).map_err(|e| e.to_string())?;
    let mut sim = Sim::new(
        machine,
        programs(schedule, bytes, delta),
        SimConfig::default(),
    );
    let summary = sim.run().map_err(|e| e.to_string())?;
    Ok(Outcome {
        end: summary.end_time,
        events: summary.events,
        drops: drops_by_port(&sim),
    })
}
