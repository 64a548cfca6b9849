//! Where a step stands in its run: the start, the end, an event number, the first (or `n`-th,
//! or last) record of a kind, or a simulated time — resolved against the run to an event count,
//! the playground's position (the number of events taken). Record positions survive changes to
//! a machine model's timings; a time does not.

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
    /// After the event that wrote the `nth` record of this kind (of this rank, if given):
    /// `{ first = KIND }`, `{ first = KIND, nth = 3 }`.
    First {
        /// A record kind ([`vocab::record_kinds`]).
        kind: String,
        /// Only this rank's records (the acting rank).
        rank: Option<u32>,
        /// Which one, from 1.
        nth: u32,
    },
    /// Just before the event that wrote the `nth` record of this kind (of this rank, if
    /// given): `{ before = KIND }` — what was waiting is still there.
    Before {
        /// A record kind ([`vocab::record_kinds`]).
        kind: String,
        /// Only this rank's records (the acting rank).
        rank: Option<u32>,
        /// Which one, from 1.
        nth: u32,
    },
    /// After the event that wrote the last record of this kind (of this rank, if given).
    Last {
        /// A record kind ([`vocab::record_kinds`]).
        kind: String,
        /// Only this rank's records (the acting rank).
        rank: Option<u32>,
    },
    /// After the last event at or before this simulated time.
    Time(SimTime),
}

/// "the first \"send\" record", "rank 2's third \"match\" record".
fn nth_record(kind: &str, rank: Option<u32>, nth: u32) -> String {
    let which = match nth {
        1 => "first".to_string(),
        n => ordinal(n),
    };
    match rank {
        None => format!("the {which} \"{kind}\" record"),
        Some(r) => format!("rank {r}'s {which} \"{kind}\" record"),
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Start => f.write_str("the start"),
            At::End => f.write_str("the end"),
            At::Event(n) => write!(f, "event {n}"),
            At::First { kind, rank, nth } => f.write_str(&nth_record(kind, *rank, *nth)),
            At::Before { kind, rank, nth } => {
                write!(f, "the moment before {}", nth_record(kind, *rank, *nth))
            }
            At::Last { kind, rank: None } => write!(f, "the last \"{kind}\" record"),
            At::Last {
                kind,
                rank: Some(r),
            } => write!(f, "rank {r}'s last \"{kind}\" record"),
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
            At::First { kind, rank, nth } => {
                let index = matching(run, kind, *rank)
                    .nth(*nth as usize - 1)
                    .ok_or_else(|| missing(run, kind, *rank, *nth))?;
                run.sim.trace().steps_to_show(index)
            }
            At::Before { kind, rank, nth } => {
                let index = matching(run, kind, *rank)
                    .nth(*nth as usize - 1)
                    .ok_or_else(|| missing(run, kind, *rank, *nth))?;
                run.sim.trace().steps_to_show(index) - 1
            }
            At::Last { kind, rank } => {
                let index = matching(run, kind, *rank)
                    .last()
                    .ok_or_else(|| missing(run, kind, *rank, 1))?;
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

/// The indices of `run`'s records of `kind` (by `rank`, if given), in order.
fn matching<'a>(
    run: &'a Run,
    kind: &'a str,
    rank: Option<u32>,
) -> impl Iterator<Item = usize> + 'a {
    run.sim
        .trace()
        .records()
        .into_iter()
        .enumerate()
        .filter(move |(_, r)| r.name() == kind && rank.is_none_or(|k| r.rank() == k))
        .map(|(i, _)| i)
}

/// Why the `nth` record of `kind` is not in `run`: how many there are, or which kinds there are.
fn missing(run: &Run, kind: &str, rank: Option<u32>, nth: u32) -> String {
    let of = rank.map_or(String::new(), |r| format!(" of rank {r}"));
    let count = matching(run, kind, rank).count();
    if count > 0 {
        return format!(
            "the run has only {count} \"{kind}\" record{}{of}, not {nth}",
            if count == 1 { "" } else { "s" }
        );
    }
    let records = run.sim.trace().records();
    let mut seen: Vec<&str> = records.iter().map(|r| r.name()).collect();
    seen.sort_unstable();
    seen.dedup();
    format!(
        "no \"{kind}\" record{of} in this run; it records {}",
        vocab::choices(seen)
    )
}

/// `2nd`, `3rd`, `11th`, `22nd`…
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> = [2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(super::ordinal)
            .to_vec();
        assert_eq!(
            got,
            ["2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
        );
    }
}
