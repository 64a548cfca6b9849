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
//!   deliveries is a run, independent ones included.
//! - **Both, with no reduction** ([`Space::All`]): every match *and* every order of racing
//!   deliveries, each a choice point of its own kind ([`ChoiceKind`]), so runs that differ only
//!   in the order of independent deliveries are run separately. The same program's run count
//!   here against [`Space::Matches`] is what the reduction saves; its outcomes are the same.

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
    /// Every match and every order of racing deliveries: no reduction.
    All,
}

/// What a choice point chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceKind {
    /// Which racing delivery lands first ([`crate::engine::network`]).
    Delivery,
    /// Which sender's message a held wildcard receive takes ([`crate::engine::matches`]).
    Match,
}

impl Space {
    /// The space in words.
    pub fn describe(self) -> &'static str {
        match self {
            Space::Matches => "every match MPI allows (each wildcard receive may take any sender's message once every rank waits)",
            Space::Network => "every order this machine's network allows (messages already in flight to one rank may land in any order)",
            Space::All => "every match MPI allows and every order of racing deliveries, with no reduction (runs that differ only in the order of independent deliveries are run separately)",
        }
    }

    /// The name on a command line: `matches`, `network`.
    pub fn id(self) -> &'static str {
        match self {
            Space::Matches => "matches",
            Space::Network => "network",
            Space::All => "all",
        }
    }
}

/// One distinct outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    /// What the runs ended with.
    pub outcome: Outcome,
    /// The choices of the first run that gave it (the sender chosen at each choice point):
    /// they replay that run exactly. In [`Space::All`], its match choices.
    pub witness: Vec<Rank>,
    /// In [`Space::All`], the witness's delivery choices (empty in the other spaces).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub witness_network: Vec<Rank>,
    /// The number of that run, from 1.
    pub first_run: usize,
    /// How many runs gave it.
    pub runs: usize,
}

/// One choice point of a run, as the exploration met it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// A match or a delivery.
    pub kind: ChoiceKind,
    /// The rank whose receive (or to which the deliveries race) the choice is about.
    pub rank: Rank,
    /// The event after which it was made (the same in every run that made the same choices
    /// before it).
    pub event: u64,
    /// The sender chosen.
    pub chosen: Rank,
    /// The senders it could choose, the default first.
    pub options: Vec<Rank>,
}

/// One run of an exploration: its choices, and which outcome it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    /// Its choice points, in order.
    pub choices: Vec<Choice>,
    /// The index of its outcome in [`Exploration::outcomes`].
    pub outcome: usize,
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
    /// Every run made, in order: the tree of choices the runs form (its leaves the outcomes).
    pub paths: Vec<Path>,
}

/// The choice points `sim` met in `space`, in order.
pub fn choices_met<P: Program>(sim: &Sim<P>, space: Space) -> Vec<Choice> {
    match space {
        Space::All => {
            let mut all = choices_met(sim, Space::Network);
            all.extend(choices_met(sim, Space::Matches));
            // In the order the run met them (a stable sort: each kind keeps its own order).
            all.sort_by_key(|c| (c.event, c.kind));
            all
        }
        Space::Matches => (sim.match_points().iter())
            .map(|p| Choice {
                kind: ChoiceKind::Match,
                rank: p.rank,
                event: p.event,
                chosen: p.chosen,
                options: p.options.iter().map(|o| o.from).collect(),
            })
            .collect(),
        Space::Network => (sim.choice_points().iter())
            .map(|p| Choice {
                kind: ChoiceKind::Delivery,
                rank: p.to,
                event: p.event,
                chosen: p.chosen,
                options: p.options.iter().map(|o| o.from).collect(),
            })
            .collect(),
    }
}

/// The lists of choices a run with `points`, started from its first `prefix` choices, opens and
/// no run has taken yet: every other option at every point past the prefix, in the order a
/// depth-first stack pushes them (so the earliest point's first option is popped first).
pub fn branches(points: &[Choice], prefix: usize) -> Vec<Vec<Rank>> {
    kinded_branches(points, prefix)
        .into_iter()
        .map(|b| b.into_iter().map(|(_, r)| r).collect())
        .collect()
}

/// [`branches`], each choice with its kind.
fn kinded_branches(points: &[Choice], prefix: usize) -> Vec<Vec<(ChoiceKind, Rank)>> {
    let chosen: Vec<(ChoiceKind, Rank)> = points.iter().map(|p| (p.kind, p.chosen)).collect();
    let mut out = Vec::new();
    for (k, p) in points.iter().enumerate().skip(prefix).rev() {
        for o in p.options.iter().rev().filter(|o| **o != p.chosen) {
            let mut next = chosen[..k].to_vec();
            next.push((p.kind, *o));
            out.push(next);
        }
    }
    out
}

/// The choices of one kind in a list of both, in order.
fn of_kind(list: &[(ChoiceKind, Rank)], kind: ChoiceKind) -> Vec<Rank> {
    list.iter().filter(|c| c.0 == kind).map(|c| c.1).collect()
}

/// Explores the runs `start` sets up (a fresh run each call, without choices) over `space`,
/// running at most `budget` of them (at least one).
pub fn explore<P: Program>(
    space: Space,
    budget: usize,
    mut start: impl FnMut() -> Result<Sim<P>, String>,
) -> Result<Exploration, String> {
    let mut found: Vec<Found> = Vec::new();
    let mut paths: Vec<Path> = Vec::new();
    let mut todo: Vec<Vec<(ChoiceKind, Rank)>> = vec![Vec::new()];
    let (mut runs, mut deepest) = (0, 0);
    while let Some(prefix) = todo.pop() {
        if runs >= budget.max(1) {
            todo.push(prefix);
            break;
        }
        let sim = start()?;
        let (matches, network) = (
            of_kind(&prefix, ChoiceKind::Match),
            of_kind(&prefix, ChoiceKind::Delivery),
        );
        let mut sim = match space {
            Space::Matches => sim.with_match_choices(matches),
            Space::Network => sim.with_network(network),
            Space::All => sim.with_match_choices(matches).with_network(network),
        };
        let result = sim.run().map(|_| ());
        runs += 1;
        let points = choices_met(&sim, space);
        deepest = deepest.max(points.len());
        let chosen: Vec<(ChoiceKind, Rank)> = points.iter().map(|p| (p.kind, p.chosen)).collect();
        todo.extend(kinded_branches(&points, prefix.len()));
        let outcome = Outcome::of(&sim, &result);
        let index = match found.iter().position(|f| f.outcome == outcome) {
            Some(i) => {
                found[i].runs += 1;
                i
            }
            None => {
                // One space's choices are all of one kind; both spaces keep the deliveries apart.
                let witness = match space {
                    Space::Network => of_kind(&chosen, ChoiceKind::Delivery),
                    Space::Matches | Space::All => of_kind(&chosen, ChoiceKind::Match),
                };
                let witness_network = match space {
                    Space::All => of_kind(&chosen, ChoiceKind::Delivery),
                    Space::Matches | Space::Network => Vec::new(),
                };
                found.push(Found {
                    outcome,
                    witness,
                    witness_network,
                    first_run: runs,
                    runs: 1,
                });
                found.len() - 1
            }
        };
        paths.push(Path {
            choices: points,
            outcome: index,
        });
    }
    Ok(Exploration {
        space,
        runs,
        outcomes: found,
        complete: todo.is_empty(),
        unexplored: todo.len(),
        deepest,
        paths,
    })
}

#[cfg(test)]
mod tests;
