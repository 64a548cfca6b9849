//! The views beside the timeline, one shown at a time behind tabs: core's list of views
//! ([`rankscope_core::views::VIEWS`]: the protocol views — the matching queues, the lock, ACP,
//! FOLON's bus — then the ranks with their console, the event log and the machine), each
//! rendered by its component (`components/view_tabs.rs`). The view that matters for a run is
//! chosen by itself (the last protocol view the run has) until the user picks a tab.
//!
//! The user's pick is `State::view`, reset when another example opens; [`View::current`] shows it
//! while the run has it. Adding a view: ARCHITECTURE.md, "Adding a view".

use rankscope_core::views::{RunFacts, ViewSpec, VIEWS};

use crate::playground::session::Session;

/// One view behind a tab: an entry of core's list ([`rankscope_core::views::VIEWS`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct View(&'static ViewSpec);

/// Whether two ids are the same (in a `const fn`).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl View {
    /// Every run's matching queues (point-to-point).
    pub const QUEUES: View = View::by_id("queues");
    /// The MPI_Win_lock lock's words and queue (paper 003).
    pub const LOCK: View = View::by_id("lock");
    /// ACP's command queues, communication threads, tables and memory (paper 001).
    pub const ACP: View = View::by_id("acp");
    /// FOLON's bus, dual-port memories, FCP's words and PVM's routes (paper 004).
    pub const BUS: View = View::by_id("bus");
    /// Each rank's status and the console.
    pub const RANKS: View = View::by_id("ranks");
    /// The explained event log.
    pub const LOG: View = View::by_id("log");
    /// The machine profile and the list of machines.
    pub const MACHINE: View = View::by_id("machine");

    /// The view `id` of the list, found when the crate compiles (an id not in it does not).
    const fn by_id(id: &str) -> View {
        let mut i = 0;
        while i < VIEWS.len() {
            if same(VIEWS[i].id, id) {
                return View(&VIEWS[i]);
            }
            i += 1;
        }
        panic!("no view has this id")
    }

    /// Every view, in the list's order.
    pub fn all() -> impl Iterator<Item = View> {
        VIEWS.iter().map(View)
    }

    /// The tab's label (English; the tab shows `lang.tr(label)`).
    pub fn label(self) -> &'static str {
        self.0.label
    }

    /// The name in test ids and links (`tab-queues`).
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// The view with this id (`queues`…), as lessons name them.
    pub fn from_id(id: &str) -> Option<View> {
        rankscope_core::views::find(id).map(View)
    }

    /// `f` of what the views' conditions read of `run`.
    fn with_facts<T>(run: Option<&Session>, f: impl FnOnce(Option<&RunFacts<'_>>) -> T) -> T {
        match run {
            None => f(None),
            Some(run) => f(Some(&RunFacts {
                sim: run.history.sim(),
                lock: &run.lock_ledger,
                acp: &run.acp_ledger,
            })),
        }
    }

    /// Whether `run` has anything for this view to show.
    pub fn shows(self, run: Option<&Session>) -> bool {
        View::with_facts(run, |facts| (self.0.shows)(facts))
    }

    /// The tabs for `run`: the protocol views it uses, then the general ones it has.
    pub fn tabs(run: Option<&Session>) -> Vec<View> {
        View::with_facts(run, |facts| {
            (rankscope_core::views::tabs(facts).into_iter())
                .map(View)
                .collect()
        })
    }

    /// The view shown when the user has not picked one (or picked one this run lacks): the
    /// most specific protocol view the run uses; the ranks for a run with none; the machine
    /// before any run.
    pub fn preferred(run: Option<&Session>) -> View {
        View::with_facts(run, |facts| View(rankscope_core::views::preferred(facts)))
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
        assert_eq!(View::tabs(None), vec![View::MACHINE]);
        assert_eq!(View::current(Some(View::QUEUES), None), View::MACHINE);
    }

    #[test]
    fn the_named_views_are_the_lists() {
        let named = [
            View::QUEUES,
            View::LOCK,
            View::ACP,
            View::RANKS,
            View::LOG,
            View::MACHINE,
        ];
        for v in named {
            assert_eq!(View::from_id(v.id()), Some(v));
        }
        assert_eq!(View::all().count(), VIEWS.len());
    }
}
