//! The views beside the playground's timeline, in one list: each view's id (what lessons and
//! test ids name, `tab-queues`), its tab's label, whether it is a protocol view, and when a run
//! has something for it to show. The playground renders each id's component
//! (`web/src/playground/views.rs`); `lesson check` asks the same list which view a step shows
//! (`lessons::shows`), so both decide alike. Adding a view: one entry here, its component and
//! one arm in the web crate (ARCHITECTURE.md, "Adding a view").

use crate::engine::Sim;
use crate::lang::Vm;
use crate::locks::ledger::LockLedger;
use crate::proto::acp::ledger::AcpLedger;
use crate::proto::fcp::Fcp;
use crate::proto::p2p::P2p;
use crate::proto::pvm::Pvm;

/// What the views' conditions read besides the simulation: the ledgers the playground keeps up
/// to date along the run (`lesson check` builds them from the known records).
pub struct RunFacts<'a> {
    /// The run.
    pub sim: &'a Sim<Vm>,
    /// Who holds the MPI_Win_lock lock when.
    pub lock: &'a LockLedger,
    /// Each ACP command's records.
    pub acp: &'a AcpLedger,
}

/// One view.
#[derive(Debug)]
pub struct ViewSpec {
    /// Its id (`queues`): lessons' `views`, `tab-<id>` and `view-<id>` in the page.
    pub id: &'static str,
    /// Its tab's label, in English (the page translates it).
    pub label: &'static str,
    /// A protocol view: among them, a run is shown the last one it has by itself.
    pub protocol: bool,
    /// Whether a run (as it stands: the tab stays put while scrubbing) has something for it;
    /// `None` before any run.
    pub shows: fn(Option<&RunFacts<'_>>) -> bool,
}

impl PartialEq for ViewSpec {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for ViewSpec {}

/// Every view, protocol views first (least specific first), then those every run has.
pub const VIEWS: &[ViewSpec] = &[
    ViewSpec {
        id: "queues",
        label: "Matching queues",
        protocol: true,
        shows: |run| run.is_some_and(|r| r.sim.layer::<P2p>().is_some()),
    },
    ViewSpec {
        id: "lock",
        label: "Lock",
        protocol: true,
        shows: |run| run.is_some_and(|r| r.lock.first_use().is_some()),
    },
    ViewSpec {
        id: "acp",
        label: "ACP",
        protocol: true,
        shows: |run| run.is_some_and(|r| r.acp.first_use().is_some()),
    },
    ViewSpec {
        id: "bus",
        label: "Bus",
        protocol: true,
        shows: |run| {
            run.is_some_and(|r| {
                r.sim.layer::<Pvm>().is_some_and(Pvm::is_set_up)
                    || r.sim.layer::<Fcp>().is_some_and(|f| f.engine().is_set_up())
            })
        },
    },
    ViewSpec {
        id: "ranks",
        label: "Ranks & console",
        protocol: false,
        shows: |run| run.is_some(),
    },
    ViewSpec {
        id: "order",
        label: "Causality",
        protocol: false,
        shows: |run| run.is_some_and(|r| r.sim.layer::<P2p>().is_some()),
    },
    ViewSpec {
        id: "log",
        label: "Event log",
        protocol: false,
        shows: |run| run.is_some(),
    },
    ViewSpec {
        id: "machine",
        label: "Machine",
        protocol: false,
        shows: |_| true,
    },
];

/// The view with this id.
pub fn find(id: &str) -> Option<&'static ViewSpec> {
    VIEWS.iter().find(|v| v.id == id)
}

/// The views `run` has a tab for, in [`VIEWS`]' order.
pub fn tabs(run: Option<&RunFacts<'_>>) -> Vec<&'static ViewSpec> {
    VIEWS.iter().filter(|v| (v.shows)(run)).collect()
}

/// The view shown when none is picked (or the one picked has no tab): the last protocol view
/// the run has; the ranks for a run with none; the machine before any run.
pub fn preferred(run: Option<&RunFacts<'_>>) -> &'static ViewSpec {
    let fallback = if run.is_some() { "ranks" } else { "machine" };
    (VIEWS.iter().rev())
        .find(|v| v.protocol && (v.shows)(run))
        .or_else(|| find(fallback))
        .unwrap_or(&VIEWS[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_name_exactly_these_views_and_ids_and_labels_are_distinct() {
        let ids: Vec<&str> = VIEWS.iter().map(|v| v.id).collect();
        assert_eq!(ids, crate::lessons::vocab::VIEWS);
        for (i, a) in VIEWS.iter().enumerate() {
            for b in &VIEWS[i + 1..] {
                assert_ne!(a.id, b.id);
                assert_ne!(a.label, b.label);
            }
        }
        let protocol_first = VIEWS.iter().position(|v| !v.protocol).unwrap();
        assert!(VIEWS[protocol_first..].iter().all(|v| !v.protocol));
    }

    #[test]
    fn before_a_run_only_the_machine_shows() {
        let ids: Vec<&str> = tabs(None).iter().map(|v| v.id).collect();
        assert_eq!(ids, ["machine"]);
        assert_eq!(preferred(None).id, "machine");
    }
}
