//! What a step shows where it stands: which view is in front (the first one it names, else the
//! one the playground picks for the run) and whether each highlight names something on screen
//! there — a queue with entries, a console with lines, a view whose tab the run has by then.
//! The playground (`web/src/playground/views.rs`) offers a view's tab on the same conditions, read from the
//! run as it stands; `lesson check` refuses a step that would name a view or outline a thing
//! the student cannot see.

use super::lesson::{Highlight, Step};
use super::position::Position;
use super::scenario::{Runs, Scenario};
use super::vocab;
use crate::engine::Sim;
use crate::lang::Vm;
use crate::locks::ledger::LockLedger;
use crate::proto::acp::ledger::AcpLedger;
use crate::proto::p2p::{Matching, P2p};

/// Ranks the queues view lists (a run with more shows the first ones).
pub const QUEUE_RANKS: u32 = 16;

/// Whether the view `id` (one of [`vocab::VIEWS`]) has a tab for `sim` as it stands
/// ([`crate::views::VIEWS`] says when; the ledgers are built from the known records).
pub fn view_shows(id: &str, sim: &Sim<Vm>) -> bool {
    let Some(view) = crate::views::find(id) else {
        return true;
    };
    with_facts(sim, |facts| (view.shows)(Some(facts)))
}

/// `f` of `sim` with its ledgers built from its known records.
fn with_facts<T>(sim: &Sim<Vm>, f: impl FnOnce(&crate::views::RunFacts<'_>) -> T) -> T {
    let known = sim.trace().known_records();
    let mut lock = LockLedger::new();
    lock.extend(known);
    let mut acp = AcpLedger::new();
    acp.extend(known);
    f(&crate::views::RunFacts {
        sim,
        lock: &lock,
        acp: &acp,
    })
}

/// The view the playground shows for `sim` when the step names none.
pub fn preferred_view(sim: &Sim<Vm>) -> &'static str {
    with_facts(sim, |facts| crate::views::preferred(Some(facts)).id)
}

/// The view a highlight lives in (`None`: always on screen — the editor's line, the network
/// bar).
pub fn home_view(what: &str) -> Option<&'static str> {
    match what {
        "posted" | "unexpected" => Some("queues"),
        "console" | "rank" => Some("ranks"),
        "lock" => Some("lock"),
        "acp" => Some("acp"),
        "event" => Some("log"),
        _ => None,
    }
}

/// What a step shows at its position: the view in front, and each problem (a named view
/// without a tab there, a highlight in another view or of nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The view in front (an id of [`vocab::VIEWS`]).
    pub view: &'static str,
    /// Why something the step names cannot be seen there.
    pub problems: Vec<String>,
}

/// What `step` shows standing at `position` (resolved on its scenario). The playground shows
/// the task's starting program for a task, so that is the run looked at.
pub fn shown(step: &Step, position: Position, runs: &mut Runs) -> Result<Shown, String> {
    let scenario = step.task.as_ref().map_or(&step.scenario, |t| &t.start);
    let sim = scenario.run_to(runs.profiles(), position.event)?;
    let mut problems = Vec::new();
    let tabs: Vec<&str> = with_facts(&sim, |facts| {
        (crate::views::tabs(Some(facts)).iter())
            .map(|v| v.id)
            .collect()
    });
    let view = match step.views.first() {
        Some(v) => match vocab::VIEWS.iter().find(|k| *k == v) {
            Some(k) if tabs.contains(k) => *k,
            _ => {
                problems.push(format!(
                    "views: the \"{v}\" view has no tab at {} (event {}): the run has not used it yet; the tabs there are {}",
                    step.at,
                    position.event,
                    vocab::choices(&tabs)
                ));
                preferred_view(&sim)
            }
        },
        None => preferred_view(&sim),
    };
    for h in &step.highlight {
        if let Some(home) = home_view(&h.what) {
            if home != view {
                problems.push(format!(
                    "highlight \"{}\" is in the \"{home}\" view, but the step shows the \"{view}\" view (its first view)",
                    h.what
                ));
                continue;
            }
        }
        if let Err(why) = present(h, &sim, scenario) {
            problems.push(format!(
                "highlight {}\"{}\" at {} (event {}): {why}",
                h.rank.map_or(String::new(), |r| format!("rank {r}'s ")),
                h.what,
                step.at,
                position.event
            ));
        }
    }
    Ok(Shown { view, problems })
}

/// Whether what `h` names is on screen in `sim` as it stands, or why not.
fn present(h: &Highlight, sim: &Sim<Vm>, scenario: &Scenario) -> Result<(), String> {
    let network = scenario.network.is_some();
    let ranks = sim.size();
    if let Some(r) = h.rank.filter(|&r| r >= ranks) {
        return Err(format!("the run has {ranks} ranks, no rank {r}"));
    }
    let of_rank = |r: u32| h.rank.is_none_or(|k| k == r);
    match h.what.as_str() {
        "posted" | "unexpected" => {
            let p2p = sim
                .layer::<P2p>()
                .ok_or("the run has no point-to-point layer")?;
            if let Some(r) = h.rank.filter(|&r| r >= QUEUE_RANKS) {
                return Err(format!(
                    "the queues view lists the first {QUEUE_RANKS} ranks, not rank {r}"
                ));
            }
            let unexpected = h.what == "unexpected";
            if unexpected && p2p.matching() != Matching::Eager {
                return Err(format!(
                    "the {} engine keeps no queue of unexpected messages",
                    p2p.matching()
                ));
            }
            let entries = (0..ranks.min(QUEUE_RANKS))
                .filter(|&r| of_rank(r))
                .any(|r| {
                    if p2p.matching() == Matching::Eager {
                        p2p.mailbox(r).is_some_and(|m| {
                            if unexpected {
                                !m.unexpected.is_empty()
                            } else {
                                !m.posted.is_empty()
                            }
                        })
                    } else {
                        p2p.protocol_queues(r).is_some_and(|p| !p.posted.is_empty())
                    }
                });
            if entries {
                Ok(())
            } else {
                Err("the queue is empty there".into())
            }
        }
        "console" => {
            if sim.console().iter().any(|l| of_rank(l.rank)) {
                Ok(())
            } else {
                Err("nothing is printed by then".into())
            }
        }
        "acp" if h.rank.is_none() => {
            let mut ledger = AcpLedger::new();
            ledger.extend(sim.trace().known_records());
            match ledger.latest_remote(sim.trace().records().len()) {
                Some(_) => Ok(()),
                None => Err("no remote-to-remote command is enqueued by then".into()),
            }
        }
        "event" if sim.trace().records().is_empty() => {
            Err("the event log is empty there (the run has not started)".into())
        }
        "network" => {
            if !network {
                return Err("the student is not the network in this run (`network = []`)".into());
            }
            let points = sim.choice_points();
            let found = points
                .iter()
                .any(|p| p.options.iter().any(|o| of_rank(o.from)));
            if found {
                Ok(())
            } else if points.is_empty() {
                Err("no choice point is met by then".into())
            } else {
                Err("no choice point by then has a message from that rank".into())
            }
        }
        "explore" if scenario.matches.is_none() => {
            Err("the Every match panel is not shown in this run (`matches = []`)".into())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::lessons::{self, Runs};
    use crate::machine::builtin_profiles;

    const RING: &str = r#"
id = "t"
level = "beginner"
languages = ["en"]
title = { en = "T" }
summary = { en = "T" }

[[step]]
title = { en = "S" }
narration = { en = "N" }
scenario = { source = '''
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
    else MPI_Recv(&x, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
''', machine = "folon", ranks = 2, engine = "eager" }
"#;

    fn problems(step: &str) -> Vec<String> {
        let text = format!("{RING}{step}");
        let lesson = lessons::load(&text, &mut |p| Err(format!("no file {p}"))).unwrap();
        let mut runs = Runs::new(builtin_profiles().unwrap());
        match lessons::check(&lesson, &mut runs) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|e| e.message).collect(),
        }
    }

    #[test]
    fn a_queue_outlined_after_its_match_is_refused_and_before_it_passes() {
        let after = problems(
            "at = { first = \"match\", rank = 1 }\nviews = [\"queues\"]\nhighlight = [{ rank = 1, what = \"posted\" }]\n",
        );
        assert!(
            after.iter().any(|e| e.contains("the queue is empty there")),
            "{after:?}"
        );
        let before = problems(
            "at = { first = \"post receive\", rank = 1 }\nviews = [\"queues\"]\nhighlight = [{ rank = 1, what = \"posted\" }]\n",
        );
        assert_eq!(before, Vec::<String>::new());
    }

    #[test]
    fn a_view_the_run_lacks_or_a_highlight_in_a_hidden_view_is_refused() {
        let lock = problems("at = \"end\"\nviews = [\"lock\"]\n");
        assert!(
            lock.iter().any(|e| e.contains("\"lock\" view has no tab")),
            "{lock:?}"
        );
        let hidden =
            problems("at = \"end\"\nviews = [\"queues\"]\nhighlight = [{ what = \"event\" }]\n");
        assert!(
            hidden.iter().any(|e| e.contains("is in the \"log\" view")),
            "{hidden:?}"
        );
        let console =
            problems("at = \"start\"\nviews = [\"ranks\"]\nhighlight = [{ what = \"console\" }]\n");
        assert!(
            console.iter().any(|e| e.contains("nothing is printed")),
            "{console:?}"
        );
    }

    #[test]
    fn a_prediction_standing_on_its_answer_is_refused() {
        let q = "\n[step.prediction]\nkind = \"number\"\nquestion = { en = \"Q\" }\nreason = { en = \"R\" }\nmeasure = \"end_time_us\"\ntolerance = 0.1\n";
        let at_end = problems(&format!("at = \"end\"\n{q}"));
        assert!(
            at_end.iter().any(|e| e.contains("already on screen")),
            "{at_end:?}"
        );
        assert_eq!(
            problems(&format!("at = \"start\"\n{q}")),
            Vec::<String>::new()
        );
    }
}
