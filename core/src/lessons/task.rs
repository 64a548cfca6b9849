//! A task: a program the student changes until its run meets the goal, each check of the goal
//! evaluated against the run with a plain-English reason.

use std::fmt;

use super::lesson::Text;
use super::scenario::{Run, Scenario};
use crate::engine::SimError;
use crate::time::SimTime;

/// A program to fix and the checks its run must pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// What the student must achieve.
    pub goal: Text,
    /// The run of the program the student starts from (expected to fail a check).
    pub start: Scenario,
    /// The same run with a program that reaches the goal, if the lesson gives one.
    pub solution: Option<Scenario>,
    /// What the run must show.
    pub checks: Vec<Check>,
}

/// One thing a run must show.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// Every rank finishes (`"finishes"`).
    Finishes,
    /// The run does not end in a deadlock (`"no-deadlock"`).
    NoDeadlock,
    /// Every rank finishes before this simulated time (`{ end_before_us = T }`).
    EndBefore(SimTime),
    /// A console line (of a rank, or any) contains a text
    /// (`{ console = { rank = R, contains = "…" } }`).
    Console {
        /// Only this rank's lines.
        rank: Option<u32>,
        /// The text.
        contains: String,
    },
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::Finishes => f.write_str("every rank finishes"),
            Check::NoDeadlock => f.write_str("no deadlock"),
            Check::EndBefore(t) => write!(f, "finishes before {t}"),
            Check::Console {
                rank: Some(r),
                contains,
            } => write!(f, "rank {r} prints \"{contains}\""),
            Check::Console {
                rank: None,
                contains,
            } => write!(f, "a rank prints \"{contains}\""),
        }
    }
}

/// A check's verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the run passes it.
    pub pass: bool,
    /// Why, in plain English.
    pub reason: String,
}

impl Check {
    /// Evaluates it against `run`.
    pub fn evaluate(&self, run: &Run) -> Verdict {
        let (pass, reason) = match self {
            Check::Finishes => (run.finished(), run.outcome()),
            Check::NoDeadlock => match run.error() {
                Some(SimError::Deadlock(d)) => (
                    false,
                    format!(
                        "deadlock at {}: {} rank{} blocked",
                        d.time,
                        d.blocked.len(),
                        if d.blocked.len() == 1 { " is" } else { "s are" }
                    ),
                ),
                _ => (true, format!("no deadlock ({})", run.outcome())),
            },
            Check::EndBefore(t) => {
                let pass = run.finished() && run.end() < *t;
                let reason = if run.finished() {
                    format!(
                        "it finished at {}, {} {t}",
                        run.end(),
                        if pass { "before" } else { "not before" }
                    )
                } else {
                    format!("it does not finish: {}", run.outcome())
                };
                (pass, reason)
            }
            Check::Console { rank, contains } => {
                let line = run.sim.console().iter().find(|l| {
                    rank.is_none_or(|r| l.rank == r) && l.text.contains(contains.as_str())
                });
                match line {
                    Some(l) => (true, format!("rank {} printed \"{}\"", l.rank, l.text)),
                    None => (
                        false,
                        match rank {
                            Some(r) => {
                                format!("rank {r} printed no line containing \"{contains}\"")
                            }
                            None => format!("no rank printed a line containing \"{contains}\""),
                        },
                    ),
                }
            }
        };
        Verdict { pass, reason }
    }
}

impl Task {
    /// Every check's verdict on `run`.
    pub fn evaluate(&self, run: &Run) -> Vec<(Check, Verdict)> {
        self.checks
            .iter()
            .map(|c| (c.clone(), c.evaluate(run)))
            .collect()
    }
}
