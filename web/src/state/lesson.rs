//! The reducer's lessons: opening one (by id or from a file), moving between its steps (each sets
//! the playground up and stands where it says), answering a prediction, checking a task.

use super::*;

impl State {
    /// Sets the playground up for the open lesson's step: its program (the task's starting one
    /// for a task), machine, ranks, engine, lock scheme, arguments and view; runs it and stands
    /// where the step says.
    pub(super) fn enter_lesson_step(mut self) -> State {
        let profiles = self.profiles.clone().unwrap_or_default();
        let Some(open) = &mut self.lesson else {
            return self;
        };
        open.place(&profiles);
        let event = open.position.as_ref().map_or(0, |p| p.event);
        let step = open.current().clone();
        let shown = open.shown().clone();
        let predicting = open.predicting();
        self.clear_runs();
        self.playing = false;
        self.diagnostics.clear();
        self.run_error = None;
        self.replaced_edit = false;
        self.source = shown.program.source.clone();
        self.files = crate::playground::program_files::ProgramFiles::default();
        if profiles.iter().any(|p| p.machine.id == shown.machine) {
            self.selected = shown.machine.clone();
        }
        self.ranks = shown.ranks.clamp(1, self.capacity());
        // The step's protocol choices (its eager limit too, as `lesson check` runs it); the
        // limits stay the user's.
        self.options = RunOptions {
            run: self.options.run.with_protocol_of(&shown.config),
            compare: None,
        };
        self.args = crate::lessons::state::args_line(&shown.args);
        self.network = shown.network.clone();
        self.matches = shown.matches.clone();
        self.example = crate::playground::examples::position_of_source(&self.source);
        self.view = step
            .views
            .first()
            .and_then(|v| crate::playground::views::View::from_id(v));
        // A highlighted rank (its line, its row) is the rank in focus: its line is marked strongly.
        if let Some(r) = step.highlight.iter().find_map(|h| h.rank) {
            self.focus_rank = r.min(shown.ranks.saturating_sub(1));
        }
        // The run is taken to its end first, so the timeline draws the future faded past the
        // step's position — except under an unanswered prediction, which must not show it.
        let at_end = step.at == rankscope_core::lessons::At::End;
        let mut s = self.reduce(Action::Run);
        if at_end || !predicting {
            s = s.run_to_end();
        }
        if !at_end {
            s = s.reduce(Action::Seek(event));
        }
        s
    }

    /// Takes the run to its end (lesson runs are small), and the step that finds it cannot go
    /// on (a deadlock is found by trying), so the playground shows how the run ended, as the
    /// lesson's run does.
    pub(super) fn run_to_end(self) -> State {
        let mut s = self.reduce(Action::Seek(rankscope_core::lessons::scenario::MAX_EVENTS));
        for _ in 0..4 {
            let more = s
                .session
                .as_ref()
                .is_some_and(|c| c.0.borrow().can_continue());
            if !more {
                break;
            }
            s = s.reduce(Action::Step);
        }
        s
    }
}

impl State {
    /// The lesson actions (the others leave the state as it is).
    pub(super) fn reduce_lesson(mut self, action: Action) -> State {
        match action {
            Action::OpenLesson {
                lesson,
                step,
                lang,
                text,
            } => {
                self.lesson_error = None;
                self.lesson = Some(crate::lessons::state::LessonOpen::new(
                    lesson, step, &lang, text,
                ));
                return self.enter_lesson_step();
            }
            Action::OpenLessonText {
                name,
                text,
                step,
                lang,
            } => match crate::lessons::load(&text) {
                Ok(lesson) => {
                    return self.reduce(Action::OpenLesson {
                        lesson: Rc::new(lesson),
                        step,
                        lang,
                        text: Some(text.into()),
                    })
                }
                Err(errors) => {
                    self.lesson_error = Some(
                        errors
                            .iter()
                            .map(|e| e.render(&name))
                            .collect::<Vec<_>>()
                            .join("\n"),
                    );
                }
            },
            Action::LessonNotFound(id) => {
                let ids: Vec<String> = crate::lessons::shipped()
                    .iter()
                    .map(|l| l.id.clone())
                    .collect();
                self.lesson_error = Some(format!(
                    "this link names a lesson {id} that this page does not have; the lessons are: {}",
                    ids.join(", ")
                ));
            }
            Action::LessonStep(n) => {
                if let Some(open) = &mut self.lesson {
                    open.step = n.min(open.lesson.steps.len().saturating_sub(1));
                    return self.enter_lesson_step();
                }
            }
            Action::NextStep | Action::PrevStep => {
                if let Some(open) = &self.lesson {
                    let n = if action == Action::NextStep {
                        open.step + 1
                    } else {
                        open.step.saturating_sub(1)
                    };
                    if n != open.step && n < open.lesson.steps.len() {
                        return self.reduce(Action::LessonStep(n));
                    }
                }
            }
            Action::CloseLesson => self.lesson = None,
            Action::LessonLanguage(lang) => {
                if let Some(open) = &mut self.lesson {
                    if open.lesson.languages.contains(&lang) {
                        open.lang = lang;
                    }
                }
            }
            Action::AnswerPrediction(guess) => {
                let profiles = self.profiles.clone().unwrap_or_default();
                if let Some(open) = &mut self.lesson {
                    let first = open.answered.is_none();
                    open.answer(guess, &profiles);
                    // Answered: the run is revealed — its end, its time, what it printed.
                    if first && open.answered.is_some() {
                        return self.run_to_end();
                    }
                }
            }
            Action::CheckTask => {
                let profiles = self.profiles.clone().unwrap_or_default();
                if let Some(open) = &mut self.lesson {
                    open.check_task(&self.source, self.network.as_deref(), &profiles);
                }
            }
            _ => {}
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tests::run_to_end;

    fn lesson(id: &str) -> State {
        State::default().reduce(Action::OpenLesson {
            lesson: crate::lessons::find(id).unwrap(),
            step: 0,
            lang: "ja".into(),
            text: None,
        })
    }

    #[test]
    fn a_lesson_step_sets_up_the_playground_and_stands_where_it_says() {
        let s = lesson("first-mpi");
        let open = s.lesson.as_ref().unwrap();
        assert_eq!((open.step, open.lang.as_str()), (0, "ja"));
        assert_eq!(
            s.example
                .and_then(crate::playground::examples::get)
                .map(|e| e.path.as_str()),
            Some("ring.c")
        );
        assert_eq!((s.selected.as_str(), s.ranks), ("folon", 4));
        assert_eq!(s.current_view(), crate::playground::views::View::RANKS);
        // Step 2 stands at rank 0's first send: the run is there, paused, the view the log.
        let s = s.reduce(Action::NextStep);
        let open = s.lesson.as_ref().unwrap();
        let event = open.position.as_ref().unwrap().event;
        assert!(event > 0);
        let run = s.session.as_ref().unwrap().0.borrow();
        assert_eq!(run.history.position(), event);
        assert!(!s.playing);
        drop(run);
        assert_eq!(s.current_view(), crate::playground::views::View::LOG);
        // Back, and past the ends nothing moves.
        let s = s.reduce(Action::PrevStep).reduce(Action::PrevStep);
        assert_eq!(s.lesson.as_ref().unwrap().step, 0);
    }

    #[test]
    fn a_prediction_is_answered_by_running_and_a_task_checked_against_the_edit() {
        let s = lesson("first-mpi").reduce(Action::LessonStep(3));
        let s = s.reduce(Action::AnswerPrediction(
            rankscope_core::lessons::Guess::Number(4.0),
        ));
        let (_, answer) = s.lesson.as_ref().unwrap().answered.clone().unwrap();
        assert!(answer
            .unwrap()
            .accepts(rankscope_core::lessons::Guess::Number(4.0)));

        let hunt = lesson("deadlock-hunt");
        assert!(hunt.source.contains("MPI_Recv"));
        let broken = hunt.clone().reduce(Action::CheckTask);
        let open = broken.lesson.as_ref().unwrap();
        assert!(!open.solved());
        assert!(matches!(&open.verdicts, Some(Ok(v)) if v.iter().any(|(_, v)| !v.pass)));
        let fixed =
            crate::lessons::read_program("lessons/deadlock-hunt/tag_mismatch_fixed.c").unwrap();
        let solved = hunt.reduce(Action::Edit(fixed)).reduce(Action::CheckTask);
        assert!(solved.lesson.as_ref().unwrap().solved());
    }

    #[test]
    fn the_student_is_the_network_a_choice_reruns_and_stands_at_its_point() {
        // Step 3 of "You are the network": the race, the student the network, at choice 1.
        let s = lesson("you-are-the-network").reduce(Action::LessonStep(2));
        assert_eq!(s.network, Some(Vec::new()));
        let at = s.lesson.as_ref().unwrap().position.as_ref().unwrap().event;
        let (model, event) = {
            let run = s.session.as_ref().unwrap().0.borrow();
            let p = run.history.sim().choice_points()[0].clone();
            (p.model(), p.event)
        };
        assert_eq!((model, event), (1, at));
        // Unsolved in the model's order; a choice that is not in flight changes nothing.
        let s = s.reduce(Action::CheckTask);
        assert!(!s.lesson.as_ref().unwrap().solved());
        let same = s.clone().reduce(Action::Choose { point: 1, rank: 0 });
        assert_eq!(same.network, Some(Vec::new()));
        // Rank 2 lands first: the run starts again and stands at the choice point.
        let s = s.reduce(Action::Choose { point: 1, rank: 2 });
        assert_eq!(s.network, Some(vec![2]));
        {
            let run = s.session.as_ref().unwrap().0.borrow();
            assert_eq!(run.history.position(), event);
            assert_eq!(run.history.sim().choice_points()[0].chosen, 2);
        }
        let s = run_to_end(s);
        let console = s
            .session
            .as_ref()
            .unwrap()
            .0
            .borrow()
            .history
            .sim()
            .console()
            .to_vec();
        assert!(
            console[0].text.contains("answer 1 goes to rank 2"),
            "{console:?}"
        );
        let s = s.reduce(Action::CheckTask);
        assert!(s.lesson.as_ref().unwrap().solved());
        // The choices travel in a share link; letting the model decide again drops them.
        assert_eq!(s.share_state().network, Some(vec![2]));
        let off = s.reduce(Action::SetNetwork(None));
        assert!(off.session.is_none() && off.network.is_none());
    }

    #[test]
    fn an_every_order_check_names_the_order_that_breaks_it_and_replays_it() {
        let s = lesson("you-are-the-network").reduce(Action::LessonStep(3));
        let s = s.reduce(Action::CheckTask);
        let open = s.lesson.as_ref().unwrap();
        let Some(Ok(verdicts)) = &open.verdicts else {
            panic!("{:?}", open.verdicts)
        };
        let (_, every) = verdicts.last().unwrap();
        assert!(!every.pass);
        assert_eq!(
            every.order,
            Some(rankscope_core::lessons::Replay {
                space: rankscope_core::explore::Space::Network,
                choices: vec![2]
            })
        );
        let s = run_to_end(s.reduce(Action::ReplayOrder(vec![2])));
        let run = s.session.as_ref().unwrap().0.borrow();
        assert!(run.history.sim().console()[0].text.ends_with("= -100"));
    }

    #[test]
    fn a_broken_lesson_file_is_said_with_its_line() {
        let s = State::default().reduce(Action::OpenLessonText {
            name: "mine.toml".into(),
            text: "id = \"x\"\nlevel = 3\n".into(),
            step: 0,
            lang: "en".into(),
        });
        assert!(s.lesson.is_none());
        let e = s.lesson_error.unwrap();
        assert!(e.starts_with("mine.toml:2:"), "{e}");
    }
}
