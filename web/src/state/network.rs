//! The reducer's "You are the network": turning it on and off, a choice at a choice point (the
//! run is redone with it and stands there), replaying an order.

use super::*;
use rankscope_core::explore::{choices_met, Choice, Space};

impl State {
    /// The network's actions (the others leave the state as it is).
    pub(super) fn reduce_network(mut self, action: Action) -> State {
        match action {
            Action::SetNetwork(network) if network != self.network => {
                if network.is_some() {
                    // One way of choosing at a time: the network's or MPI's matches.
                    self.matches = None;
                }
                self.network = network;
                self.clear_runs();
                self.playing = false;
            }
            Action::ReplayOrder(order) => {
                return self
                    .reduce(Action::SetNetwork(Some(order)))
                    .reduce(Action::Run);
            }
            Action::Choose { point, rank } => {
                let picked = self.session.as_ref().and_then(|cell| {
                    let run = cell.0.borrow();
                    let points = choices_met(run.history.sim(), Space::Network);
                    rerun_at(&points, point, rank)
                });
                let Some((mut choices, at)) = picked else {
                    return self;
                };
                choices.push(rank);
                self.network = Some(choices);
                self.clear_runs();
                return self.reduce(Action::Run).reduce(Action::Seek(at));
            }
            _ => {}
        }
        self
    }
}

/// What pressing `rank` at choice point `point` (from 1) of a run with `points` reruns with:
/// the choices made before it and the point's event — if `rank` is one of its options.
pub(super) fn rerun_at(points: &[Choice], point: u32, rank: u32) -> Option<(Vec<u32>, u64)> {
    let k = (point as usize).checked_sub(1)?;
    let p = points.get(k)?;
    p.options.contains(&rank).then(|| {
        let before = points[..k].iter().map(|p| p.chosen).collect();
        (before, p.event)
    })
}
