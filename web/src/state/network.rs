//! The reducer's "You are the network": turning it on and off, a choice at a choice point (the
//! run is redone with it and stands there), replaying an order.

use super::*;

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
                    let points = run.history.sim().choice_points();
                    let p = points.get(point.saturating_sub(1) as usize)?;
                    p.options.iter().any(|o| o.from == rank).then(|| {
                        let before: Vec<u32> = points[..p.number as usize - 1]
                            .iter()
                            .map(|p| p.chosen)
                            .collect();
                        (before, p.event)
                    })
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
