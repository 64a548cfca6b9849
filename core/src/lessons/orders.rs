//! Every order a run can take: a scenario's run explored over its choice points, depth first,
//! each distinct list of choices run once, up to a bound — for a task whose goal must hold
//! "whatever the network does" (the network's delivery races, [`crate::engine::network`]) or
//! "whatever MPI matches" (each wildcard receive taking any sender's message,
//! [`crate::engine::matches`]).

use std::rc::Rc;

use super::scenario::{Run, Runs, Scenario};
use crate::explore::{branches, choices_met, Space};

/// Runs an order exploration takes at most (a small program's races stay far below it).
pub const MAX_ORDERS: usize = 64;

/// One order a run can take, and its run.
#[derive(Debug)]
pub struct Order {
    /// Whose choices: the network's or MPI's matches.
    pub space: Space,
    /// The rank chosen at each of the run's choice points.
    pub choices: Vec<u32>,
    /// The run.
    pub run: Rc<Run>,
}

impl Order {
    /// The order in words: where it first departs from the default one, if it does
    /// ("the network lands rank 2's message at rank 0 first at choice 1", "rank 0's wildcard
    /// receive takes rank 2's message at match 1").
    pub fn describe(&self) -> String {
        match self.space {
            Space::Network => {
                let points = self.run.sim.choice_points();
                match points.iter().find(|p| p.chosen != p.model()) {
                    Some(p) => format!(
                        "when the network lands rank {}'s message at rank {} first (choice {})",
                        p.chosen, p.to, p.number
                    ),
                    None => "in the machine model's order".to_string(),
                }
            }
            Space::All => {
                "in one of every match and delivery order (lessons explore one of them)".to_string()
            }
            Space::Matches => {
                let points = self.run.sim.match_points();
                match points
                    .iter()
                    .find(|p| Some(p.chosen) != p.options.first().map(|o| o.from))
                {
                    Some(p) => format!(
                        "when rank {}'s wildcard receive takes rank {}'s message (match {})",
                        p.rank, p.chosen, p.number
                    ),
                    None => {
                        "when every wildcard receive takes the first sender's message".to_string()
                    }
                }
            }
        }
    }
}

/// The orders of `scenario` over `space` (its own choices ignored), the default first; and
/// whether they are all of them (`false` when [`MAX_ORDERS`] stopped the exploration).
pub fn orders(
    scenario: &Scenario,
    runs: &mut Runs,
    space: Space,
) -> Result<(Vec<Order>, bool), String> {
    let mut found = Vec::new();
    let mut todo: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(prefix) = todo.pop() {
        if found.len() == MAX_ORDERS {
            return Ok((found, false));
        }
        let run = runs.run(&match space {
            Space::Network => Scenario {
                network: Some(prefix.clone()),
                matches: None,
                ..scenario.clone()
            },
            Space::Matches => Scenario {
                network: None,
                matches: Some(prefix.clone()),
                ..scenario.clone()
            },
            Space::All => {
                return Err(
                    "a lesson explores every match or every network order, not both at once"
                        .to_string(),
                )
            }
        })?;
        let points = choices_met(&run.sim, space);
        let chosen: Vec<u32> = points.iter().map(|p| p.chosen).collect();
        todo.extend(branches(&points, prefix.len()));
        found.push(Order {
            space,
            choices: chosen,
            run,
        });
    }
    Ok((found, true))
}
