//! The reducer's side-by-side comparison run: started with the run under the other engine, kept
//! at least as far in simulated time as the run.

use super::*;

impl State {
    /// The simulated time of the current run (zero without one).
    pub fn primary_time(&self) -> SimTime {
        self.session
            .as_ref()
            .map_or(SimTime::ZERO, |c| c.0.borrow().history.sim().now())
    }

    /// How far in simulated time the comparison run should have got: the current run's time,
    /// or its whole run once that has finished or stopped (so both end times can be compared).
    pub fn comparison_target(&self) -> SimTime {
        match &self.session {
            Some(c) if !c.0.borrow().can_continue() => SimTime::MAX,
            _ => self.primary_time(),
        }
    }

    /// Whether the comparison run still has to catch up with the current run (see
    /// [`State::comparison_target`]; the page keeps ticking until it has).
    pub fn comparison_behind(&self) -> bool {
        let t = self.comparison_target();
        self.compare
            .as_ref()
            .is_some_and(|c| !c.0.borrow().covers(t))
    }

    /// Advances the comparison run toward the current run's simulated time, by at most
    /// `budget` events.
    pub(super) fn catch_up(&mut self, budget: u64) {
        let t = self.comparison_target();
        if let Some(cell) = &self.compare {
            cell.0.borrow_mut().advance_to(t, budget);
            self.generation += 1;
        }
    }

    /// Starts the comparison run of the current program under `options.compare`, if one is
    /// chosen; a failure to start is kept as data for the view.
    pub(super) fn start_comparison(&mut self, profile: &Profile, args: &[String]) {
        self.compare = None;
        self.compare_error = None;
        let Some(options) = self.options.comparison() else {
            return;
        };
        let files = self.files.all(&self.source);
        match session::start_files(&files, profile, self.ranks, options, args, None) {
            Ok(s) => self.compare = Some(s),
            Err(StartError::Diagnostics(d)) => {
                self.compare_error = Some(match d.first() {
                    Some(first) if d.len() == 1 => first.message.clone(),
                    Some(first) => format!("{} (and {} more errors)", first.message, d.len() - 1),
                    None => "the program did not compile".to_string(),
                })
            }
            Err(StartError::Message(m)) => self.compare_error = Some(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tests::run_to_end;

    use rankscope_core::proto::p2p::{Matching, Protocol};

    const BOTH_SYNC: Matching = Matching::BothSides(Protocol::Sync);
    const RECV_SYNC: Matching = Matching::ReceiverOnly(Protocol::Sync);

    /// Example `file` on its machine, under `matching` compared with `compare`.
    fn compared(file: &str, matching: Matching, compare: Option<Matching>) -> State {
        let index = crate::playground::examples::position(file).unwrap();
        let s = State::default().reduce(Action::OpenExample(index));
        let options = RunOptions {
            run: rankscope_core::run_config::RunConfig {
                engine: matching,
                ..s.options.run
            },
            compare,
        };
        s.reduce(Action::SetOptions(options))
    }

    fn position(cell: &Option<SessionCell>) -> u64 {
        cell.as_ref().unwrap().0.borrow().history.position()
    }

    fn now(cell: &Option<SessionCell>) -> SimTime {
        cell.as_ref().unwrap().0.borrow().history.sim().now()
    }

    /// The comparison covers the primary's simulated time, or has nowhere further to go.
    fn covers_primary(s: &State) -> bool {
        s.compare
            .as_ref()
            .unwrap()
            .0
            .borrow()
            .covers(s.primary_time())
    }

    #[test]
    fn run_starts_the_comparison_under_its_engine_and_both_play_to_the_end() {
        let s = run_to_end(compared("pingpong_naive.c", BOTH_SYNC, Some(RECV_SYNC)));
        // The primary finished; the page keeps ticking until the comparison has caught up.
        let mut s = s;
        while s.comparison_behind() {
            s = s.reduce(Action::Tick(10_000));
        }
        let primary = s.session.as_ref().unwrap().0.borrow();
        let compare = s.compare.as_ref().unwrap().0.borrow();
        assert_eq!(
            primary
                .history
                .sim()
                .layer::<rankscope_core::proto::p2p::P2p>()
                .unwrap()
                .matching(),
            BOTH_SYNC
        );
        assert_eq!(
            compare
                .history
                .sim()
                .layer::<rankscope_core::proto::p2p::P2p>()
                .unwrap()
                .matching(),
            RECV_SYNC
        );
        assert!(primary.history.sim().is_finished());
        assert!(compare.history.sim().is_finished());
        assert_ne!(
            primary.history.sim().now(),
            compare.history.sim().now(),
            "two engines, two finishing times"
        );
        assert!(compare.timeline.end_time() > SimTime::ZERO);
        assert_eq!(s.compare_error, None);
    }

    #[test]
    fn no_comparison_unless_one_is_chosen() {
        let s = compared("pingpong_naive.c", BOTH_SYNC, None).reduce(Action::Run);
        assert!(s.session.is_some());
        assert!(s.compare.is_none());
        assert!(!s.comparison_behind());
    }

    #[test]
    fn stepping_and_seeking_keep_the_comparison_at_the_primary_time() {
        let mut s = compared("pingpong_naive.c", BOTH_SYNC, Some(RECV_SYNC));
        for _ in 0..40 {
            s = s.reduce(Action::Step);
            assert!(covers_primary(&s), "after a step at {}", s.primary_time());
        }
        assert!(now(&s.compare) > SimTime::ZERO);
        // Back: the comparison may stay ahead (the view fades what lies after the cursor).
        let ahead = position(&s.compare);
        let s = s.reduce(Action::Back).reduce(Action::Back);
        assert!(covers_primary(&s));
        assert_eq!(
            position(&s.compare),
            ahead,
            "going back leaves it where it was"
        );
        let s = s.reduce(Action::Seek(300));
        assert_eq!(position(&s.session), 300);
        assert!(covers_primary(&s));
    }

    #[test]
    fn a_far_jump_is_caught_up_in_chunks_then_ticks_stop() {
        let s = run_to_end(compared("halo_sweep.c", Matching::Eager, Some(RECV_SYNC)));
        // Reset the comparison (with the primary), then jump the primary to its end.
        let end = {
            let s = s.clone().reduce(Action::Reset);
            assert_eq!((position(&s.session), position(&s.compare)), (0, 0));
            let steps = s
                .session
                .as_ref()
                .unwrap()
                .0
                .borrow()
                .history
                .sim()
                .trace()
                .known_steps();
            steps
        };
        let s = s.reduce(Action::Reset).reduce(Action::Seek(end));
        assert!(!s.playing);
        assert!(s.comparison_behind(), "one click takes at most one chunk");
        assert!(position(&s.compare) <= COMPARE_CATCH_UP);
        let mut s = s;
        let mut ticks = 0;
        while s.comparison_behind() {
            let before = position(&s.compare);
            s = s.reduce(Action::Tick(50_000));
            assert!(position(&s.compare) - before <= 50_000);
            ticks += 1;
        }
        assert!(ticks > 1, "{ticks}");
        assert!(covers_primary(&s));
        // Caught up and paused: a stray tick changes nothing.
        let generation = s.generation;
        let s = s.reduce(Action::Tick(1_000));
        assert_eq!(s.generation, generation);
    }

    #[test]
    fn run_after_the_end_restarts_both_and_edits_drop_both() {
        let s = run_to_end(compared("pingpong_naive.c", BOTH_SYNC, Some(RECV_SYNC)));
        let first = s.compare.clone();
        let s = s.reduce(Action::Run);
        assert_ne!(s.compare, first, "a new comparison run");
        assert!(position(&s.compare) <= position(&s.session) + COMPARE_CATCH_UP);
        let s = s.reduce(Action::Edit("int main() { return 0; }".into()));
        assert!(s.session.is_none() && s.compare.is_none());
    }

    #[test]
    fn a_comparison_that_deadlocks_keeps_its_error_as_data() {
        // Both ranks send first: eager buffers the data, a synchronous engine waits forever.
        let source = "#include <mpi.h>\nint main(int argc, char **argv)\n{\n    int rank, a = 1, b;\n    MPI_Init(&argc, &argv);\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n    MPI_Send(&a, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);\n    MPI_Recv(&b, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n    MPI_Finalize();\n    return 0;\n}\n";
        let s = State::default()
            .reduce(Action::SelectProfile("emx".into()))
            .reduce(Action::SetRanks(2))
            .reduce(Action::Edit(source.into()))
            .reduce(Action::SetOptions(RunOptions {
                compare: Some(RECV_SYNC),
                ..RunOptions::default()
            }));
        let mut s = run_to_end(s);
        while s.comparison_behind() {
            s = s.reduce(Action::Tick(1_000));
        }
        assert!(s
            .session
            .as_ref()
            .unwrap()
            .0
            .borrow()
            .history
            .sim()
            .is_finished());
        let error = s.compare.as_ref().unwrap().0.borrow().error_text();
        assert!(
            error.as_deref().is_some_and(|e| e.contains("deadlock")),
            "{error:?}"
        );
        assert!(s.editor_diagnostics().is_empty(), "the primary run is fine");
    }

    #[test]
    fn a_click_in_the_comparison_goes_to_that_time_in_the_run() {
        let s = run_to_end(compared("pingpong_naive.c", BOTH_SYNC, Some(RECV_SYNC)));
        let t = now(&s.session);
        let half = SimTime(t.as_ps() / 2);
        let end = position(&s.session);
        let s = s.reduce(Action::SeekTime(half));
        assert!(now(&s.session) <= half && now(&s.session) > SimTime::ZERO);
        assert!((1..end).contains(&position(&s.session)));
        assert!(!s.playing);
        assert!(covers_primary(&s));
    }

    #[test]
    fn the_comparison_engine_travels_in_links_and_autosave() {
        let s = compared("pingpong_naive.c", BOTH_SYNC, Some(RECV_SYNC));
        let link = crate::url::encode(&s.share_state());
        let restored = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert_eq!(restored.options.compare, Some(RECV_SYNC));
        assert_eq!(restored.options.run.engine, BOTH_SYNC);
        let saved = State::default().reduce(Action::RestoreAutosave(s.share_state()));
        assert_eq!(saved.share_state(), s.share_state());
        // Restoring replaces whatever ran before.
        let ran = State::default().reduce(Action::Run);
        let restored = ran.reduce(Action::Restore(crate::url::decode(&link)));
        assert!(restored.session.is_none() && restored.compare.is_none());
    }
}
