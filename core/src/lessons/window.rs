//! The stretch of simulated time a step's timeline shows: `window = { from = 2.0, to = 9.5 }`
//! (microseconds), `window = { around = 3.0 }` (that many microseconds either side of where
//! the step stands) or `window = "around"` (an eighth of the run either side). The playground
//! zooms its timeline to it; `lesson check` requires the window to hold the step's position and
//! to overlap the run.

use std::fmt;

use super::position::Position;
use crate::time::SimTime;

/// A step's time window, as written.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Window {
    /// From one time to another.
    Range {
        /// Its left edge.
        from: SimTime,
        /// Its right edge (after `from`).
        to: SimTime,
    },
    /// This much either side of the step's position (`None`: an eighth of the run).
    Around(Option<SimTime>),
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Window::Range { from, to } => write!(f, "{from} to {to}"),
            Window::Around(Some(w)) => write!(f, "{w} around the step's position"),
            Window::Around(None) => f.write_str("around the step's position"),
        }
    }
}

impl Window {
    /// The window in a run that ends at `end`, for a step standing at `at`: its edges, or
    /// why it cannot be shown there.
    pub fn resolve(&self, at: Position, end: SimTime) -> Result<(SimTime, SimTime), String> {
        match *self {
            Window::Range { from, to } => {
                if from >= end {
                    return Err(format!(
                        "window {self}: it starts after the run's last event ({end})"
                    ));
                }
                if at.time < from || at.time > to {
                    return Err(format!(
                        "window {self}: the step stands at {}, outside it",
                        at.time
                    ));
                }
                Ok((from, to))
            }
            Window::Around(half) => {
                let half = half.unwrap_or(SimTime::from_ps((end.as_ps() / 8).max(1_000)));
                let from = SimTime::from_ps(at.time.as_ps().saturating_sub(half.as_ps()));
                let to = SimTime::from_ps(at.time.as_ps().saturating_add(half.as_ps()));
                Ok((from, to))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(us: u64) -> Position {
        Position {
            event: 5,
            time: SimTime::from_us(us),
        }
    }

    #[test]
    fn a_range_must_hold_the_step_and_overlap_the_run() {
        let w = Window::Range {
            from: SimTime::from_us(2),
            to: SimTime::from_us(6),
        };
        let end = SimTime::from_us(10);
        assert_eq!(
            w.resolve(at(3), end),
            Ok((SimTime::from_us(2), SimTime::from_us(6)))
        );
        assert!(w.resolve(at(8), end).unwrap_err().contains("outside it"));
        let late = Window::Range {
            from: SimTime::from_us(12),
            to: SimTime::from_us(14),
        };
        assert!(late
            .resolve(at(13), end)
            .unwrap_err()
            .contains("after the run's last event"));
    }

    #[test]
    fn around_centres_on_the_step() {
        let end = SimTime::from_us(80);
        assert_eq!(
            Window::Around(Some(SimTime::from_us(2))).resolve(at(5), end),
            Ok((SimTime::from_us(3), SimTime::from_us(7)))
        );
        assert_eq!(
            Window::Around(None).resolve(at(5), end),
            Ok((SimTime::ZERO, SimTime::from_us(15)))
        );
    }
}
