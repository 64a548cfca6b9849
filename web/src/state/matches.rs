//! The reducer's "Every match": holding each `MPI_ANY_SOURCE` receive until every rank waits
//! (core's `engine::matches`), exploring the program over every match MPI allows (core's
//! `explore`, within a budget of runs), replaying an outcome's witness, and a choice at a match
//! choice point (the run is redone with it and stands there).

use std::rc::Rc;

use rankscope_core::explore::{choices_met, Exploration, Space};

use super::*;

/// The most runs an exploration in the page makes (the command line's default is 1,000).
pub const PAGE_BUDGET: usize = 200;

/// What an exploration explored (it is shown only while the page still has the same).
#[derive(Clone, Debug, PartialEq)]
pub struct ExploreKey {
    files: Vec<rankscope_core::lang::SourceFile>,
    profile: String,
    ranks: u32,
    options: RunOptions,
    args: String,
}

impl State {
    /// The exploration's actions (the others leave the state as it is).
    pub(super) fn reduce_matches(mut self, action: Action) -> State {
        match action {
            Action::SetMatches(matches) if matches != self.matches => {
                if matches.is_some() {
                    // One way of choosing at a time: the network's or MPI's matches.
                    self.network = None;
                }
                self.matches = matches;
                self.explore_error = None;
                self.clear_runs();
                self.playing = false;
            }
            // Under a lesson's unanswered question, exploring would show the answer.
            Action::Explore if self.lesson.as_ref().is_some_and(|l| l.predicting()) => {}
            Action::Explore => {
                self.playing = false;
                match self.explore_program() {
                    Ok(found) => {
                        self.explored = Some(Rc::new((self.explore_key(), found)));
                        self.explore_error = None;
                    }
                    Err(e) => {
                        self.explored = None;
                        self.explore_error = Some(e);
                    }
                }
                if self.matches.is_none() {
                    self.matches = Some(Vec::new());
                    self.network = None;
                }
            }
            Action::ReplayMatches(witness) => {
                self.matches = Some(witness);
                self.network = None;
                self.clear_runs();
                return self.reduce(Action::Run);
            }
            Action::JumpMatches { choices, event } => {
                self.matches = Some(choices);
                self.network = None;
                self.clear_runs();
                return self.reduce(Action::Run).reduce(Action::Seek(event));
            }
            Action::ChooseMatch { point, rank } => {
                let picked = self.session.as_ref().and_then(|cell| {
                    let run = cell.0.borrow();
                    let points = choices_met(run.history.sim(), Space::Matches);
                    super::network::rerun_at(&points, point, rank)
                });
                let Some((mut choices, at)) = picked else {
                    return self;
                };
                choices.push(rank);
                self.matches = Some(choices);
                self.clear_runs();
                return self.reduce(Action::Run).reduce(Action::Seek(at));
            }
            _ => {}
        }
        self
    }

    /// The last exploration, if it explored the program as it stands (same files, machine,
    /// ranks, options and arguments).
    pub fn exploration(&self) -> Option<&Exploration> {
        self.explored
            .as_deref()
            .filter(|(key, _)| *key == self.explore_key())
            .map(|(_, found)| found)
    }

    /// What an exploration explored: the program, machine, ranks, options and arguments.
    fn explore_key(&self) -> ExploreKey {
        ExploreKey {
            files: self.files.all(&self.source),
            profile: self.selected.clone(),
            ranks: self.ranks,
            options: self.options,
            args: self.args.clone(),
        }
    }

    /// Explores the editor's program over every match MPI allows, on the chosen machine, ranks,
    /// options and arguments, within [`PAGE_BUDGET`] runs.
    fn explore_program(&self) -> Result<Exploration, String> {
        let profile = self
            .selected_profile()
            .cloned()
            .ok_or_else(|| "no machine is chosen".to_string())?;
        let args = self.program_args().map_err(|e| format!("Arguments: {e}"))?;
        session::explore_files(
            &self.files.all(&self.source),
            &profile,
            self.ranks,
            self.options,
            &args,
            PAGE_BUDGET,
        )
        .map_err(|e| match e {
            StartError::Diagnostics(d) => {
                let n = d.len();
                format!(
                    "the program does not compile ({n} error{}): press Run to see {}",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "it" } else { "them" }
                )
            }
            StartError::Message(m) => m,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tests::run_to_end;

    /// Rank 0's wildcard receive takes whichever message comes, then it receives from rank 2 by
    /// name: the machine lands rank 1's first (rank 2 computes), another match deadlocks.
    const HIDDEN_DEADLOCK: &str = include_str!("../../../cli/tests/programs/wildcard_deadlock.c");

    fn program() -> State {
        State::default()
            .reduce(Action::Edit(HIDDEN_DEADLOCK.into()))
            .reduce(Action::SetRanks(3))
    }

    #[test]
    fn exploring_lists_the_outcomes_and_a_replay_shows_the_bad_one() {
        let s = program()
            .reduce(Action::SetMatches(Some(Vec::new())))
            .reduce(Action::Explore);
        let found = s.exploration().expect("explored");
        assert_eq!((found.runs, found.outcomes.len()), (2, 2));
        assert!(!found.outcomes[0].outcome.is_bad());
        assert!(found.outcomes[1].outcome.is_bad());
        let witness = found.outcomes[1].witness.clone();
        assert_eq!(witness, vec![2]);
        // Replaying the witness runs it; the exploration stays listed.
        let mut s = s.reduce(Action::ReplayMatches(witness.clone()));
        while s.playing {
            s = s.reduce(Action::Tick(10_000));
        }
        assert_eq!(s.matches.as_deref(), Some(&witness[..]));
        assert!(s.exploration().is_some());
        let run = s.session.as_ref().unwrap().0.borrow();
        assert!(matches!(
            run.ended,
            Some(crate::playground::session::RunEnd::Stopped(_))
        ));
        assert_eq!(run.history.sim().match_points()[0].chosen, 2);
        drop(run);
        // The share link carries the choices.
        assert_eq!(s.share_state().matches, Some(witness));
        // An edit makes the exploration stale: it is no longer shown.
        let s = s.reduce(Action::Edit(
            HIDDEN_DEADLOCK.replace("first from", "1st from"),
        ));
        assert!(s.exploration().is_none());
    }

    #[test]
    fn choosing_at_a_match_point_reruns_and_every_match_and_the_network_exclude_each_other() {
        let s = run_to_end(program().reduce(Action::SetMatches(Some(Vec::new()))));
        let s = s.reduce(Action::ChooseMatch { point: 1, rank: 2 });
        assert_eq!(s.matches, Some(vec![2]));
        let s = s.reduce(Action::SetNetwork(Some(Vec::new())));
        assert_eq!((s.matches.is_none(), s.network.is_some()), (true, true));
        let s = s.reduce(Action::SetMatches(Some(Vec::new())));
        assert_eq!((s.matches.is_some(), s.network.is_none()), (true, true));
    }

    #[test]
    fn a_node_of_the_tree_runs_its_choices_and_stands_at_it() {
        let s = program()
            .reduce(Action::SetMatches(Some(Vec::new())))
            .reduce(Action::Explore);
        let found = s.exploration().unwrap();
        let paths: Vec<Vec<u32>> = found
            .paths
            .iter()
            .map(|p| p.choices.iter().map(|c| c.chosen).collect())
            .collect();
        assert_eq!(paths, vec![vec![1], vec![2]]);
        let at = found.paths[1].choices[0].event;
        let s = s.reduce(Action::JumpMatches {
            choices: vec![2],
            event: at,
        });
        let run = s.session.as_ref().unwrap().0.borrow();
        assert_eq!(run.history.position(), at);
        assert_eq!(run.history.sim().match_points()[0].chosen, 2);
    }

    #[test]
    fn explore_waits_for_a_lessons_answer() {
        let s = State::default()
            .reduce(Action::OpenLesson {
                lesson: crate::lessons::find("every-match").unwrap(),
                step: 0,
                lang: "en".into(),
                text: None,
            })
            .reduce(Action::LessonStep(1));
        assert!(s.lesson.as_ref().unwrap().predicting());
        assert_eq!(s.matches, Some(vec![3]));
        let s = s.reduce(Action::Explore);
        assert!(s.exploration().is_none() && s.explore_error.is_none());
        let s = s
            .reduce(Action::AnswerPrediction(
                rankscope_core::lessons::Guess::Number(9.0),
            ))
            .reduce(Action::Explore);
        assert_eq!(s.exploration().map(|e| e.outcomes.len()), Some(6));
    }

    #[test]
    fn a_program_that_does_not_compile_says_so() {
        let s = State::default()
            .reduce(Action::Edit("int main( {".into()))
            .reduce(Action::Explore);
        let e = s.explore_error.as_deref().unwrap();
        assert!(
            e.starts_with("the program does not compile (1 error)"),
            "{e}"
        );
    }
}
