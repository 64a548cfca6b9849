//! A task: a program the student changes until its run meets the goal, each check of the goal
//! evaluated against the run with a plain-English reason.

use std::fmt;

use super::lesson::Text;
use super::orders::orders;
use super::scenario::{Run, Runs, Scenario};
use crate::engine::SimError;
use crate::explore::Space;
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
    /// The task's other checks pass under every order the network can choose
    /// (`"every-order"`): the program has no race on message arrival.
    EveryOrder,
    /// The task's other checks pass under every match MPI allows (`"every-match"`): each
    /// wildcard receive may take any sender's message, whatever the machine's timing.
    EveryMatch,
}

/// The choices of a run that failed a check, so the student can replay it: the network's
/// (an `"every-order"` check) or MPI's matches (an `"every-match"` check).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Whose choices they are.
    pub space: Space,
    /// The choice at each choice point.
    pub choices: Vec<u32>,
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
            Check::EveryOrder => f.write_str("the same whatever order the network chooses"),
            Check::EveryMatch => f.write_str("the same whatever match MPI allows"),
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
    /// The choices of the run that failed it, when that is not the run judged (an
    /// `"every-order"` or `"every-match"` check's counterexample), so the student can replay it.
    pub order: Option<Replay>,
}

impl Check {
    /// Evaluates it against `run` (an `"every-order"` check passes here: see [`Task::judge`]).
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
            Check::EveryOrder => (true, "judged over every order".to_string()),
            Check::EveryMatch => (true, "judged over every match".to_string()),
        };
        Verdict {
            pass,
            reason,
            order: None,
        }
    }
}

impl Task {
    /// Every check's verdict on `scenario`'s run (the student's program or choices in the
    /// task's run); an `"every-order"` check runs the other checks under every order the
    /// network can choose. `Err`: the program does not compile or start.
    pub fn judge(
        &self,
        scenario: &Scenario,
        runs: &mut Runs,
    ) -> Result<Vec<(Check, Verdict)>, String> {
        let run = runs.run(scenario)?;
        let others: Vec<&Check> = self
            .checks
            .iter()
            .filter(|c| **c != Check::EveryOrder && **c != Check::EveryMatch)
            .collect();
        self.checks
            .iter()
            .map(|c| {
                let verdict = match c {
                    Check::EveryOrder => every_order(&others, scenario, runs, Space::Network)?,
                    Check::EveryMatch => every_order(&others, scenario, runs, Space::Matches)?,
                    c => c.evaluate(&run),
                };
                Ok((c.clone(), verdict))
            })
            .collect()
    }
}

/// Whether `checks` pass under every order the network can choose for `scenario`
/// ([`Space::Network`]), or every match MPI allows ([`Space::Matches`]).
fn every_order(
    checks: &[&Check],
    scenario: &Scenario,
    runs: &mut Runs,
    space: Space,
) -> Result<Verdict, String> {
    let (orders, complete) = orders(scenario, runs, space)?;
    for order in &orders {
        for c in checks {
            let v = c.evaluate(&order.run);
            if !v.pass {
                return Ok(Verdict {
                    pass: false,
                    reason: format!("{}: {}", order.describe(), v.reason),
                    order: Some(Replay {
                        space,
                        choices: order.choices.clone(),
                    }),
                });
            }
        }
    }
    let n = orders.len();
    let reason = match (space, n, complete) {
        (Space::Network, 1, _) => {
            "the network has nothing to choose: no messages race to one rank".to_string()
        }
        (Space::Network, n, true) => format!("it holds in all {n} orders the network can choose"),
        (Space::Network, n, false) => {
            format!("it holds in the first {n} orders the network can choose (there are more)")
        }
        (Space::Matches, 1, _) => {
            "MPI has nothing to choose: no wildcard receive could take another sender's message"
                .to_string()
        }
        (Space::Matches, n, true) => format!("it holds in all {n} runs of every match MPI allows"),
        (Space::Matches, n, false) => {
            format!("it holds in the first {n} runs of every match MPI allows (there are more)")
        }
        (Space::All, n, true) => {
            format!("it holds in all {n} runs of every match and every delivery order")
        }
        (Space::All, n, false) => format!(
            "it holds in the first {n} runs of every match and every delivery order (there are more)"
        ),
    };
    Ok(Verdict {
        pass: true,
        reason,
        order: None,
    })
}
