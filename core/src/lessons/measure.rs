//! Numbers read from a run at a position: the simulated time, events, records, records of a
//! kind, lines printed — what predictions compare and ask for.

use std::fmt;

use super::position::Position;
use super::scenario::Run;

/// Something to count or time in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The simulated time, in microseconds (`"end_time_us"`).
    EndTimeUs,
    /// Events taken (`"events"`).
    Events,
    /// Trace records written (`"records"`).
    Records,
    /// Records of a kind, of one rank or all (`{ count = "KIND", rank = R }`; lines printed are
    /// `"print"` records, `{ console_lines = R }` or `"console_lines"`).
    Count {
        /// The record kind.
        kind: String,
        /// Only records whose acting rank is this.
        rank: Option<u32>,
    },
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::EndTimeUs => f.write_str("simulated time (µs)"),
            Measure::Events => f.write_str("events"),
            Measure::Records => f.write_str("records"),
            Measure::Count { kind, rank: None } => write!(f, "\"{kind}\" records"),
            Measure::Count {
                kind,
                rank: Some(r),
            } => write!(f, "rank {r}'s \"{kind}\" records"),
        }
    }
}

impl Measure {
    /// Its value in `run` after `at`.
    pub fn value(&self, run: &Run, at: Position) -> f64 {
        let trace = run.sim.trace();
        let visible = trace.records_after_steps(at.event);
        match self {
            Measure::EndTimeUs => at.time.as_us_f64(),
            Measure::Events => at.event as f64,
            Measure::Records => visible as f64,
            Measure::Count { kind, rank } => trace
                .records()
                .range(0..visible)
                .filter(|r| r.name() == kind && rank.is_none_or(|k| r.rank() == k))
                .count() as f64,
        }
    }
}
