//! The progress line of a long run, pure: from where a playing run started (wall time and event)
//! and where it is now, its rate and an estimate of what is left — exact when the rest of the run
//! is already known (it was computed before a step back), else bounded by the run's event limit —
//! how many ranks have finished, the operations the ranks executed and the simulated time. And
//! the quiet clock: how long the ranks have computed without an MPI call (no new trace record),
//! after which the page suggests the loop may never end ([`HINT_AFTER_MS`]).

/// Page time without a new trace record while playing after which the page stops the run and
/// asks whether the loop will ever end.
pub const HINT_AFTER_MS: f64 = 5_000.0;

/// The quiet clock: the trace records last seen and since when (page time, ms).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Quiet {
    /// Trace records when last counted.
    pub records: u64,
    /// Page time when that count was first seen.
    pub since_ms: f64,
}

impl Quiet {
    /// Counts `records` at `now_ms`: a new record restarts the clock. Returns how long the run
    /// has gone without one (ms).
    pub fn observe(&mut self, records: u64, now_ms: f64) -> f64 {
        if records != self.records {
            *self = Quiet {
                records,
                since_ms: now_ms,
            };
        }
        now_ms - self.since_ms
    }
}

/// A play's start: page time (ms) and event position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Start {
    /// Page time when the play started (ms).
    pub at_ms: f64,
    /// Event position then.
    pub position: u64,
}

/// Where the run is.
#[derive(Clone, Debug, PartialEq)]
pub struct Now {
    /// Page time (ms).
    pub at_ms: f64,
    /// Event position.
    pub position: u64,
    /// The last known event when more of the run is already known (computed before a step back).
    pub known_end: Option<u64>,
    /// The run's event limit.
    pub limit: u64,
    /// Ranks finished.
    pub ranks_done: u32,
    /// Ranks.
    pub ranks: u32,
    /// Bytecode operations the ranks executed so far.
    pub ops: u64,
    /// The simulated time, as shown.
    pub simulated: String,
}

/// The line shown after a second of playing, or `None` before (a short run shows no progress).
pub fn line(start: Start, now: Now) -> Option<String> {
    let elapsed = (now.at_ms - start.at_ms) / 1000.0;
    if elapsed < 1.0 {
        return None;
    }
    let done = now.position.saturating_sub(start.position);
    let rate = done as f64 / elapsed;
    let mut out = format!(
        "{} events in {} ({}/s)",
        count(done),
        duration(elapsed),
        count(rate.round() as u64)
    );
    out.push_str(&format!(
        " · {} of {} ranks finished · {} operations · simulated {}",
        now.ranks_done,
        now.ranks,
        count(now.ops),
        now.simulated
    ));
    if rate > 0.0 {
        match now.known_end {
            Some(end) if end > now.position => {
                let left = (end - now.position) as f64 / rate;
                out.push_str(&format!(
                    " · about {} to event {} (computed before)",
                    duration(left),
                    count(end)
                ));
            }
            _ => {
                let left = now.limit.saturating_sub(now.position) as f64 / rate;
                out.push_str(&format!(
                    " · at most {} more (the limit of {} events)",
                    duration(left),
                    count(now.limit)
                ));
            }
        }
    }
    Some(out)
}

/// A count with thousands separated ("1,234,567").
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Seconds as people say them ("4.2 s", "3 min 20 s", "2 h 5 min").
fn duration(s: f64) -> String {
    if !s.is_finite() {
        return "a long time".into();
    }
    if s < 60.0 {
        format!("{s:.1} s")
    } else if s < 3600.0 {
        format!("{} min {} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else {
        format!(
            "{} h {} min",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now(at_ms: f64, position: u64, known_end: Option<u64>) -> Now {
        Now {
            at_ms,
            position,
            known_end,
            limit: 20_000_000,
            ranks_done: 3,
            ranks: 256,
            ops: 123_456_789,
            simulated: "1.500 s".into(),
        }
    }

    #[test]
    fn nothing_in_the_first_second() {
        let start = Start {
            at_ms: 1000.0,
            position: 0,
        };
        assert_eq!(line(start, now(1900.0, 50_000, None)), None);
    }

    #[test]
    fn rate_ranks_and_a_bound_from_the_limit() {
        let start = Start {
            at_ms: 0.0,
            position: 0,
        };
        assert_eq!(
            line(start, now(10_000.0, 1_000_000, None)).unwrap(),
            "1,000,000 events in 10.0 s (100,000/s) · 3 of 256 ranks finished · 123,456,789 operations · simulated 1.500 s · at most 3 min 10 s more (the limit of 20,000,000 events)"
        );
    }

    #[test]
    fn an_exact_estimate_when_the_end_is_known() {
        let start = Start {
            at_ms: 0.0,
            position: 500,
        };
        assert_eq!(
            line(start, now(2_000.0, 200_500, Some(600_500))).unwrap(),
            "200,000 events in 2.0 s (100,000/s) · 3 of 256 ranks finished · 123,456,789 operations · simulated 1.500 s · about 4.0 s to event 600,500 (computed before)"
        );
    }

    #[test]
    fn the_quiet_clock_restarts_at_each_new_record() {
        let mut q = Quiet {
            records: 10,
            since_ms: 0.0,
        };
        assert_eq!(q.observe(10, 4_000.0), 4_000.0);
        assert_eq!(q.observe(11, 4_500.0), 0.0);
        assert_eq!(q.observe(11, 9_000.0), 4_500.0);
        assert!(q.observe(11, 10_000.0) > HINT_AFTER_MS);
    }
}
