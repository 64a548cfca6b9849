//! Where a step stands in its run: the start, the end, an event number, the first record of a
//! kind, or a simulated time — resolved against the run to an event count, the playground's
//! position (the number of events taken).

use std::fmt;

use super::scenario::Run;
use super::vocab;
use crate::time::SimTime;

/// A place in a run, as a lesson names it.
#[derive(Clone, Debug, PartialEq)]
pub enum At {
    /// Before the first event.
    Start,
    /// After the last event (every rank done, or where an error stopped the run).
    End,
    /// After event `n` (1-based; 0 is the start).
    Event(u64),
    /// After the event that wrote the first record of this kind (of this rank, if given).
    First {
        /// A record kind ([`vocab::record_kinds`]).
        kind: String,
        /// Only this rank's records (the acting rank).
        rank: Option<u32>,
    },
    /// After the last event at or before this simulated time.
    Time(SimTime),
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Start => f.write_str("the start"),
            At::End => f.write_str("the end"),
            At::Event(n) => write!(f, "event {n}"),
            At::First { kind, rank: None } => write!(f, "the first \"{kind}\" record"),
            At::First {
                kind,
                rank: Some(r),
            } => write!(f, "rank {r}'s first \"{kind}\" record"),
            At::Time(t) => write!(f, "time {t}"),
        }
    }
}

/// A resolved place: events taken and the simulated time then.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Events taken (the playground's position).
    pub event: u64,
    /// The simulated time of that event (zero at the start).
    pub time: SimTime,
}

impl Position {
    /// The position after `event` events of `run`.
    pub fn after(run: &Run, event: u64) -> Position {
        let time = match event {
            0 => SimTime::ZERO,
            n => run.times[n as usize - 1],
        };
        Position { event, time }
    }
}

impl At {
    /// The position in `run`, or why it is not there.
    pub fn resolve(&self, run: &Run) -> Result<Position, String> {
        let total = run.events();
        let event = match self {
            At::Start => 0,
            At::End => total,
            At::Event(n) if *n > total => {
                return Err(format!(
                    "event {n} is never reached: the run has {total} events ({})",
                    run.outcome()
                ))
            }
            At::Event(n) => *n,
            At::First { kind, rank } => {
                let records = run.sim.trace().records();
                let index = records
                    .iter()
                    .position(|r| r.name() == kind && rank.is_none_or(|k| r.rank() == k))
                    .ok_or_else(|| {
                        let mut seen: Vec<&str> = records.iter().map(|r| r.name()).collect();
                        seen.sort_unstable();
                        seen.dedup();
                        format!(
                            "no \"{kind}\" record{} in this run; it records {}",
                            rank.map_or(String::new(), |r| format!(" of rank {r}")),
                            vocab::choices(seen)
                        )
                    })?;
                run.sim.trace().steps_to_show(index)
            }
            At::Time(t) if *t > run.end() => {
                return Err(format!(
                    "time {t} is never reached: the run's last event is at {} ({})",
                    run.end(),
                    run.outcome()
                ))
            }
            At::Time(t) => run.times.partition_point(|x| x <= t) as u64,
        };
        Ok(Position::after(run, event))
    }
}
