//! Every order the network can choose: a scenario's run explored over its choice points
//! (see [`crate::engine::network`]), depth first, each distinct list of choices run once, up to a
//! bound — for a task whose goal must hold "whatever the network does".

use std::rc::Rc;

use super::scenario::{Run, Runs, Scenario};

/// Runs an order exploration takes at most (a small program's races stay far below it).
pub const MAX_ORDERS: usize = 64;

/// One order the network can choose, and its run.
#[derive(Debug)]
pub struct Order {
    /// The rank chosen at each of the run's choice points.
    pub choices: Vec<u32>,
    /// The run.
    pub run: Rc<Run>,
}

impl Order {
    /// The order in words: where it first departs from the machine model's, if it does
    /// ("the network lands rank 2's message at rank 0 first at choice 1").
    pub fn describe(&self) -> String {
        let points = self.run.sim.choice_points();
        match points.iter().find(|p| p.chosen != p.model()) {
            Some(p) => format!(
                "when the network lands rank {}'s message at rank {} first (choice {})",
                p.chosen, p.to, p.number
            ),
            None => "in the machine model's order".to_string(),
        }
    }
}

/// The orders of `scenario` (its own network choices ignored), the machine model's first; and
/// whether they are all of them (`false` when [`MAX_ORDERS`] stopped the exploration).
pub fn orders(scenario: &Scenario, runs: &mut Runs) -> Result<(Vec<Order>, bool), String> {
    let mut found = Vec::new();
    let mut todo: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(prefix) = todo.pop() {
        if found.len() == MAX_ORDERS {
            return Ok((found, false));
        }
        let run = runs.run(&Scenario {
            network: Some(prefix.clone()),
            ..scenario.clone()
        })?;
        let points = run.sim.choice_points();
        let chosen: Vec<u32> = points.iter().map(|p| p.chosen).collect();
        // Every other choice at every point past the prefix starts an order not yet seen.
        for (k, p) in points.iter().enumerate().skip(prefix.len()).rev() {
            for o in p.options.iter().rev().filter(|o| o.from != p.chosen) {
                let mut next = chosen[..k].to_vec();
                next.push(o.from);
                todo.push(next);
            }
        }
        found.push(Order {
            choices: chosen,
            run,
        });
    }
    Ok((found, true))
}
