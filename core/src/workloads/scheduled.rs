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

use super::script::ScriptBuilder;
use crate::engine::{Rank, Sim};
use crate::machine::hw::{CrossbarParams, PortPass};
use crate::machine::HwNote;
use crate::machine::{Machine, Profile};
use crate::proto::p2p::OPEN_MPI_TCP_EAGER_LIMIT;
use crate::proto::schedules::Schedule;
use crate::proto::SimConfig;
use crate::time::SimTime;

/// The engine settings of paper 002's runs: the eager engine with Open MPI's TCP eager limit
/// ([`OPEN_MPI_TCP_EAGER_LIMIT`]).
pub fn ompi_config() -> SimConfig {
    SimConfig {
        eager_limit: OPEN_MPI_TCP_EAGER_LIMIT,
        ..SimConfig::default()
    }
}

/// Each rank's calls for one exchange by `schedule`: `bytes`-byte messages, `delta` per delay
/// slot. Each rank posts a receive for every message it expects (in the senders' order),
/// starts its sends slot by slot (sleeping `delta` in a delay slot) and waits for all of them.
pub fn calls(schedule: &Schedule, bytes: u64, delta: SimTime) -> Vec<ScriptBuilder> {
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
            let mut script = ScriptBuilder::new();
            for src in sources {
                script.irecv(src, bytes);
            }
            for slot in slots {
                match slot {
                    Some(q) => {
                        script.isend(*q, bytes);
                    }
                    None => script.sleep(delta),
                }
            }
            script.wait_all();
            script
        })
        .collect()
}

/// The programs of one exchange by `schedule`, every rank starting at time zero ([`calls`]).
pub fn programs(schedule: &Schedule, bytes: u64, delta: SimTime) -> Vec<super::Native> {
    calls(schedule, bytes, delta)
        .into_iter()
        .map(|s| super::Native::Script(Box::new(s.build())))
        .collect()
}

/// The programs of the paper's measurement: `repetitions` rounds of Open MPI's `MPI_Barrier`
/// and one exchange by `schedule` ([`super::ompi::benchmark`]).
pub fn benchmark(
    schedule: &Schedule,
    bytes: u64,
    delta: SimTime,
    repetitions: u32,
) -> Vec<super::Native> {
    super::ompi::benchmark(calls(schedule, bytes, delta), repetitions)
}

/// A scheduled exchange run to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// When the last message was received.
    pub end: SimTime,
    /// Events the run took.
    pub events: u64,
    /// Drops at each switch port (first sends and retransmissions).
    pub drops: BTreeMap<u32, u64>,
    /// Every message's way through the switch, in the order sent (empty off a crossbar).
    pub passes: Vec<PortPass>,
    /// The switch's parameters (`None` off a crossbar).
    pub switch: Option<CrossbarParams>,
}

/// One drop of [`Outcome::drops_in_order`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortDropSaid {
    /// When the message's head met the full port.
    pub at: SimTime,
    /// The port (= the receiving PE).
    pub port: u32,
    /// The sending PE.
    pub from: u32,
    /// When its sender sends it again.
    pub retransmit_at: SimTime,
    /// The sentence.
    pub said: String,
}

impl Outcome {
    /// Bytes in each output port's buffer at `at` (ports with none left out).
    pub fn buffered_at(&self, at: SimTime) -> BTreeMap<u32, u64> {
        let mut by = BTreeMap::new();
        let Some(switch) = &self.switch else {
            return by;
        };
        for pass in &self.passes {
            let b = pass.passage.buffered_at(at, switch.per_byte);
            if b > 0 {
                *by.entry(pass.port).or_insert(0) += b;
            }
        }
        by
    }

    /// Every drop at a switch port, in time order: when, the port, the sender, and the
    /// hardware model's sentence for it ("PE 3's message: switch port 0 full at …").
    pub fn drops_in_order(&self) -> Vec<PortDropSaid> {
        let buffer = self.switch.map_or(0, |s| s.buffer_bytes);
        let mut all: Vec<PortDropSaid> = self
            .passes
            .iter()
            .flat_map(|pass| {
                pass.drops.iter().map(move |d| PortDropSaid {
                    at: d.at,
                    port: pass.port,
                    from: pass.from,
                    retransmit_at: d.retransmit_at,
                    said: format!(
                        "PE {}'s message: {}",
                        pass.from,
                        HwNote::Dropped {
                            port: pass.port,
                            attempt: d.attempt,
                            at: d.at,
                            occupancy: d.occupancy,
                            buffer,
                            retransmit_at: d.retransmit_at,
                        }
                    ),
                })
            })
            .collect();
        all.sort_by_key(|d| (d.at, d.port, d.from));
        all
    }

    /// The output ports that carried a message, ascending.
    pub fn ports(&self) -> Vec<u32> {
        let mut ports: Vec<u32> = self.passes.iter().map(|p| p.port).collect();
        ports.sort_unstable();
        ports.dedup();
        ports
    }
}

/// Runs `schedule` on `profile` (its first `schedule.n` nodes) with `bytes`-byte messages and
/// `delta` per delay slot, to the end, keeping every message's way through the switch.
pub fn run(
    schedule: &Schedule,
    profile: &Profile,
    bytes: u64,
    delta: SimTime,
) -> Result<Outcome, String> {
    let mut machine = Machine::new(profile, schedule.n).map_err(|e| e.to_string())?;
    machine.keep_port_log();
    let mut sim = Sim::new(machine, programs(schedule, bytes, delta), ompi_config());
    let summary = sim.run().map_err(|e| e.to_string())?;
    Ok(Outcome {
        end: summary.end_time,
        events: summary.events,
        drops: sim.machine().port_drops().clone(),
        passes: sim.machine().port_log().to_vec(),
        switch: sim.machine().switch().copied(),
    })
}
