//! Numbers read from a run at a position: the simulated time, events, records, records of a
//! kind, lines printed, a number a program printed — what predictions compare and ask for.

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
    /// The number a rank printed right after a text, in the first of its lines printed so far
    /// that contains the text (`{ console_number = { rank = R, after = "latency:" } }`): what a
    /// program measures about itself (`MPI_Wtime`) and prints.
    ConsoleNumber {
        /// The printing rank.
        rank: u32,
        /// The text the number follows (spaces after it are skipped).
        after: String,
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
            Measure::ConsoleNumber { rank, after } => {
                write!(f, "the number rank {rank} prints after \"{after}\"")
            }
        }
    }
}

impl Measure {
    /// Its value in `run` after `at`, or why there is none (a printed number that is not there).
    pub fn value(&self, run: &Run, at: Position) -> Result<f64, String> {
        let trace = run.sim.trace();
        let visible = trace.records_after_steps(at.event);
        let count = |kind: &str, rank: Option<u32>| {
            trace
                .records()
                .range(0..visible)
                .filter(|r| r.name() == kind && rank.is_none_or(|k| r.rank() == k))
                .count()
        };
        Ok(match self {
            Measure::EndTimeUs => at.time.as_us_f64(),
            Measure::Events => at.event as f64,
            Measure::Records => visible as f64,
            Measure::Count { kind, rank } => count(kind, *rank) as f64,
            Measure::ConsoleNumber { rank, after } => {
                // Each printed line writes one "print" record, in the console's order.
                let printed = &run.sim.console()[..count("print", None)];
                let line = printed
                    .iter()
                    .find(|l| l.rank == *rank && l.text.contains(after.as_str()))
                    .ok_or_else(|| {
                        format!("rank {rank} printed no line containing \"{after}\" by then")
                    })?;
                number_after(&line.text, after).ok_or_else(|| {
                    format!(
                        "rank {rank}'s line \"{}\" has no number after \"{after}\"",
                        line.text
                    )
                })?
            }
        })
    }
}

impl Measure {
    /// Whether the playground already shows this measure's value in `run` (measured at
    /// `measured`) when it stands at `at`: the current time once the run is at the measured
    /// point (the status and the time axis show it), the printed number once its line is in
    /// the console. Counts are not shown as numbers.
    pub fn shown_at(&self, run: &Run, at: Position, measured: Position) -> bool {
        match self {
            Measure::EndTimeUs => at.event >= measured.event && measured.event > 0,
            Measure::ConsoleNumber { .. } => self.value(run, at).is_ok(),
            _ => false,
        }
    }
}

/// The number at the start of what follows the first `after` in `text` (spaces skipped): an
/// optional sign, digits with an optional fraction, an optional exponent.
fn number_after(text: &str, after: &str) -> Option<f64> {
    let start = text.find(after)? + after.len();
    let rest = text[start..].trim_start();
    let bytes = rest.as_bytes();
    let digits = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mut end = digits(usize::from(matches!(bytes.first(), Some(b'+' | b'-'))));
    if bytes.get(end) == Some(&b'.') {
        end = digits(end + 1);
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        let exp_end = digits(end + 1 + sign);
        if exp_end > end + 1 + sign {
            end = exp_end;
        }
    }
    rest[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::number_after;

    #[test]
    fn number_after_reads_the_number_that_follows() {
        let line = "pre-posting: 1.26 us per receive; one-way latency: 16.21 us";
        assert_eq!(number_after(line, "one-way latency:"), Some(16.21));
        assert_eq!(number_after(line, "pre-posting:"), Some(1.26));
        assert_eq!(number_after("n = -3e2 items", "n ="), Some(-300.0));
        assert_eq!(number_after("took 7.", "took"), Some(7.0));
        assert_eq!(number_after("took .5 s", "took"), Some(0.5));
        assert_eq!(number_after("2e units", ""), Some(2.0));
        assert_eq!(number_after("latency: n/a", "latency:"), None);
        assert_eq!(number_after("latency: -", "latency:"), None);
        assert_eq!(number_after("latency: .", "latency:"), None);
        assert_eq!(number_after("no such text", "latency:"), None);
    }
}
