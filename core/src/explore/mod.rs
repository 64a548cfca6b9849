//! Exhaustive exploration: a program run over every choice its runs meet, depth first, each
//! distinct list of choices run once, until every list is run or a budget of runs ends; the
//! distinct outcomes ([`outcome`]), each with a witness — the choices of one run that gave it,
//! which replay that run exactly.
//!
//! Two spaces to explore, each said with its results ([`Space`]):
//! - **Every match MPI allows** ([`Space::Matches`]): wildcard receives are held until every rank
//!   waits, then may take any sender's message ([`crate::engine::matches`]), however the
//!   machine's timing would have ordered them — a program that is right only because one rank
//!   computes longer is found out. Only matches are choice points: runs that differ only in the
//!   order of independent deliveries are one run (ISP's partial-order reduction, POE).
//! - **Every order this machine's network allows** ([`Space::Network`]): the machine's timing,
//!   with every race of deliveries to one rank a choice point ([`crate::engine::network`]); a
//!   send that a slower rank has not made yet can never win. Every interleaving of racing
//!   deliveries is a run, independent ones included: the same program's run count here against
//!   [`Space::Matches`] is what the reduction saves.

pub mod bench_programs;
pub mod outcome;

use serde::Serialize;

use crate::engine::{Program, Rank, Sim};
pub use outcome::{Ending, Outcome};

/// Which choices an exploration branches on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    /// Every match MPI's semantics allow (wildcard receives held until every rank waits).
    Matches,
    /// Every order of racing deliveries the machine's network allows (its timing kept).
    Network,
}

impl Space {
    /// The space in words.
    pub fn describe(self) -> &'static str {
        match self {
            Space::Matches => "every match MPI allows (each wildcard receive may take any sender's message once every rank waits)",
            Space::Network => "every order this machine's network allows (messages already in flight to one rank may land in any order)",
        }
    }

    /// The name on a command line: `matches`, `network`.
    pub fn id(self) -> &'static str {
        match self {
            Space::Matches => "matches",
            Space::Network => "network",
        }
    }
}

/// One distinct outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    /// What the runs ended with.
    pub outcome: Outcome,
    /// The choices of the first run that gave it (the sender chosen at each choice point):
    /// they replay that run exactly.
    pub witness: Vec<Rank>,
    /// The number of that run, from 1.
    pub first_run: usize,
    /// How many runs gave it.
    pub runs: usize,
}

/// What an exploration found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exploration {
    /// The space explored.
    pub space: Space,
    /// Runs executed.
    pub runs: usize,
    /// The distinct outcomes, in the order first met (the machine's own run first).
    pub outcomes: Vec<Found>,
    /// Whether every list of choices was run (else the budget ended it).
    pub complete: bool,
    /// Lists of choices found but not run when the budget ended (each one run at least).
    pub unexplored: usize,
    /// The most choice points one run met.
    pub deepest: usize,
}

/// Explores the runs `start` sets up (a fresh run each call, without choices) over `space`,
/// running at most `budget` of them (at least one).
pub fn explore<P: Program>(
    space: Space,
    budget: usize,
    mut start: impl FnMut() -> Result<Sim<P>, String>,
) -> Result<Exploration, String> {
    let mut found: Vec<Found> = Vec::new();
    let mut todo: Vec<Vec<Rank>> = vec![Vec::new()];
    let (mut runs, mut deepest) = (0, 0);
    while let Some(prefix) = todo.pop() {
        if runs >= budget.max(1) {
            todo.push(prefix);
            break;
        }
        let sim = start()?;
        let mut sim = match space {
            Space::Matches => sim.with_match_choices(prefix.clone()),
            Space::Network => sim.with_network(prefix.clone()),
        };
        let result = sim.run().map(|_| ());
        runs += 1;
        let points: Vec<(Rank, Vec<Rank>)> = match space {
            Space::Matches => sim
                .match_points()
                .iter()
                .map(|p| (p.chosen, p.options.iter().map(|o| o.from).collect()))
                .collect(),
            Space::Network => sim
                .choice_points()
                .iter()
                .map(|p| (p.chosen, p.options.iter().map(|o| o.from).collect()))
                .collect(),
        };
        deepest = deepest.max(points.len());
        let chosen: Vec<Rank> = points.iter().map(|p| p.0).collect();
        // Every other option at every point past the prefix starts a list not run yet.
        for (k, (pick, options)) in points.iter().enumerate().skip(prefix.len()).rev() {
            for o in options.iter().rev().filter(|o| *o != pick) {
                let mut next = chosen[..k].to_vec();
                next.push(*o);
                todo.push(next);
            }
        }
        let outcome = Outcome::of(&sim, &result);
        match found.iter_mut().find(|f| f.outcome == outcome) {
            Some(f) => f.runs += 1,
            None => found.push(Found {
                outcome,
                witness: chosen,
                first_run: runs,
                runs: 1,
            }),
        }
    }
    Ok(Exploration {
        space,
        runs,
        outcomes: found,
        complete: todo.is_empty(),
        unexplored: todo.len(),
        deepest,
    })
}

#[cfg(test)]
mod tests;
