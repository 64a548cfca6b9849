//! The views beside the timeline, one shown at a time behind tabs: the protocol views (the
//! matching queues, the lock, ACP, FOLON's bus), then the ranks with their
//! console, the event log and the machine. The view that matters for a run is chosen by itself
//! (the last protocol view in [`View::PROTOCOL`] the run uses) until the user picks a tab.
//!
//! The user's pick is `State::view`, reset when another example opens; [`View::current`] shows it
//! while the run has it. Adding a view: ARCHITECTURE.md, "Adding a view".

use crate::session::Session;
use rankscope_core::proto::p2p::P2p;

/// One view behind a tab.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// Every rank's matching queues (point-to-point).
    Queues,
    /// The MPI_Win_lock lock's words and queue (paper 003).
    Lock,
    /// ACP's command queues, communication threads, tables and memory (paper 001).
    Acp,
    /// FOLON's bus, dual-port memories, FCP's words and PVM's routes (paper 004).
    Bus,
    /// Each rank's status and the console.
    Ranks,
    /// The explained event log.
    Log,
    /// The machine profile and the list of machines.
    Machine,
}

impl View {
    /// The protocol views, least specific first: a run that uses a later one is shown it.
    pub const PROTOCOL: &'static [View] = &[View::Queues, View::Lock, View::Acp, View::Bus];
    /// The views every run has, after the protocol views.
    pub const GENERAL: &'static [View] = &[View::Ranks, View::Log, View::Machine];

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            View::Queues => "Matching queues",
            View::Lock => "Lock",
            View::Acp => "ACP",
            View::Bus => "Bus",
            View::Ranks => "Ranks & console",
            View::Log => "Event log",
            View::Machine => "Machine",
        }
    }

    /// The name in test ids and links (`tab-queues`).
    pub fn id(self) -> &'static str {
        match self {
            View::Queues => "queues",
            View::Lock => "lock",
            View::Acp => "acp",
            View::Bus => "bus",
            View::Ranks => "ranks",
            View::Log => "log",
            View::Machine => "machine",
        }
    }

    /// The view with this id (`queues`…), as lessons name them.
    pub fn from_id(id: &str) -> Option<View> {
        View::PROTOCOL
            .iter()
            .chain(View::GENERAL)
            .copied()
            .find(|v| v.id() == id)
    }

    /// Whether `run` has anything for this view to show.
    pub fn shows(self, run: Option<&Session>) -> bool {
        match (self, run) {
            (View::Machine, _) => true,
            (_, None) => false,
            (View::Queues, Some(run)) => run.history.sim().layer::<P2p>().is_some(),
            (View::Lock, Some(run)) => run.lock_ledger.first_use().is_some(),
            (View::Acp, Some(run)) => run.acp_ledger.first_use().is_some(),
            (View::Bus, Some(run)) => crate::components::bus_view::used(run),
            (View::Ranks | View::Log, Some(_)) => true,
        }
    }

    /// The tabs for `run`: the protocol views it uses, then the general ones it has.
    pub fn tabs(run: Option<&Session>) -> Vec<View> {
        View::PROTOCOL
            .iter()
            .chain(View::GENERAL)
            .copied()
            .filter(|v| v.shows(run))
            .collect()
    }

    /// The view shown when the user has not picked one (or picked one this run lacks): the
    /// most specific protocol view the run uses; the ranks for a run with none; the machine
    /// before any run.
    pub fn preferred(run: Option<&Session>) -> View {
        View::PROTOCOL
            .iter()
            .rev()
            .copied()
            .find(|v| v.shows(run))
            .unwrap_or(if run.is_some() {
                View::Ranks
            } else {
                View::Machine
            })
    }

    /// The view to show: `picked` if the run has it, else the preferred one.
    pub fn current(picked: Option<View>, run: Option<&Session>) -> View {
        picked
            .filter(|v| v.shows(run))
            .unwrap_or_else(|| View::preferred(run))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_a_run_only_the_machine_shows() {
        assert_eq!(View::tabs(None), vec![View::Machine]);
        assert_eq!(View::current(Some(View::Queues), None), View::Machine);
    }

    #[test]
    fn lessons_name_exactly_these_views() {
        let ids: Vec<&str> = View::PROTOCOL
            .iter()
            .chain(View::GENERAL)
            .map(|v| v.id())
            .collect();
        assert_eq!(ids, rankscope_core::lessons::vocab::VIEWS);
        assert!(ids
            .iter()
            .all(|id| View::from_id(id).is_some_and(|v| v.id() == *id)));
    }

    #[test]
    fn ids_and_labels_are_distinct() {
        let all: Vec<View> = View::PROTOCOL
            .iter()
            .chain(View::GENERAL)
            .copied()
            .collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.id(), b.id());
                assert_ne!(a.label(), b.label());
            }
        }
    }
}
