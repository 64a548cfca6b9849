//! A lesson open in the playground: which step, in which language, and what the student has
//! done there (the prediction answered, the task checked). The answers and verdicts come from
//! core (`Prediction::answer`, `Task::judge`), computed by running the scenarios; this module
//! only holds them. The reducer (`state.rs`) sets the playground up for a step.
//!
//! `Action::LessonStep` sets the playground up from the step's scenario (program, machine, ranks,
//! engine, lock, arguments, view, the highlighted rank in focus), runs it to its end (one step
//! further, so a deadlock is found as the lesson's run finds it) and seeks back to the position
//! core resolved, so the timeline draws the future faded — but under an unanswered prediction it
//! only runs to the position, and answering takes it to the end. `AnswerPrediction` and `CheckTask`
//! call core's `Prediction::answer` and `Task::judge` on fresh `Runs`, with the student's network
//! choices (`State::network`: set by a step's scenario, the setup's switch or a share link).

use std::rc::Rc;

use rankscope_core::lessons::{Answer, Guess, Lesson, Position, Runs, Scenario, Step, Verdict};
use rankscope_core::machine::Profile;

/// An open lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonOpen {
    /// The lesson.
    pub lesson: Rc<Lesson>,
    /// The step shown (0-based).
    pub step: usize,
    /// The language of the narration (`en`, `ja`).
    pub lang: String,
    /// Where the step stands in its run, or why that could not be found.
    pub position: Result<Position, String>,
    /// The student's answer to the step's prediction and the computed answer (or why there is
    /// none), once answered.
    pub answered: Option<(Guess, Result<Answer, String>)>,
    /// The last check of the step's task: each check with its verdict, or why the program did
    /// not run.
    pub verdicts: Option<Result<Vec<(String, Verdict)>, String>>,
    /// The timeline's window the step picks (simulated time), if any.
    pub window: Option<(rankscope_core::time::SimTime, rankscope_core::time::SimTime)>,
    /// The lesson's text when it came from a file or a link (so a share link can carry it);
    /// `None` for a shipped lesson, which a link names by id.
    pub text: Option<Rc<str>>,
}

impl LessonOpen {
    /// Opens `lesson` at `step` (clamped) in `lang` if the lesson has it, else its first
    /// language.
    pub fn new(lesson: Rc<Lesson>, step: usize, lang: &str, text: Option<Rc<str>>) -> LessonOpen {
        let lang = if lesson.languages.iter().any(|l| l == lang) {
            lang.to_string()
        } else {
            lesson
                .languages
                .first()
                .cloned()
                .unwrap_or_else(|| "en".into())
        };
        let step = step.min(lesson.steps.len().saturating_sub(1));
        LessonOpen {
            lesson,
            step,
            lang,
            position: Err("not placed yet".into()),
            answered: None,
            verdicts: None,
            window: None,
            text,
        }
    }

    /// The step shown.
    pub fn current(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// `text` in the lesson's language.
    pub fn say<'a>(&self, text: &'a rankscope_core::lessons::Text) -> &'a str {
        self.lesson.text(text, &self.lang)
    }

    /// The scenario the playground shows for the step: the task's starting program, else the
    /// step's own.
    pub fn shown(&self) -> &Scenario {
        let step = self.current();
        step.task.as_ref().map_or(&step.scenario, |t| &t.start)
    }

    /// Places the step: resolves where it stands in its run.
    pub fn place(&mut self, profiles: &[Profile]) {
        let step = self.current().clone();
        let mut runs = Runs::new(profiles.to_vec());
        let run = runs.run(&step.scenario);
        self.position = run.clone().and_then(|run| {
            step.at
                .resolve(&run)
                .map_err(|e| format!("at {}: {e}", step.at))
        });
        self.window = match (&step.window, &self.position, &run) {
            (Some(w), Ok(at), Ok(run)) => w.resolve(*at, run.end()).ok(),
            _ => None,
        };
        self.answered = None;
        self.verdicts = None;
    }

    /// Answers the step's prediction with `guess`: computes the answer by running.
    pub fn answer(&mut self, guess: Guess, profiles: &[Profile]) {
        if let Some(p) = &self.current().prediction {
            let answer = p.answer(&mut Runs::new(profiles.to_vec()));
            self.answered = Some((guess, answer));
        }
    }

    /// Checks the step's task against `source` (the editor's program) on the task's machine,
    /// with the network's choices `network` when the student is the network.
    pub fn check_task(&mut self, source: &str, network: Option<&[u32]>, profiles: &[Profile]) {
        let Some(task) = self.current().task.clone() else {
            return;
        };
        let mut scenario = task.start.clone();
        scenario.program.source = source.to_string();
        scenario.program.name = "your program".into();
        if scenario.network.is_some() {
            scenario.network = Some(network.unwrap_or_default().to_vec());
        }
        self.verdicts = Some(
            task.judge(&scenario, &mut Runs::new(profiles.to_vec()))
                .map(|v| {
                    v.into_iter()
                        .map(|(check, verdict)| (check.to_string(), verdict))
                        .collect()
                }),
        );
    }

    /// Whether the step asks a prediction not answered yet: until then the playground stands
    /// where the step says and knows nothing of the run past it.
    pub fn predicting(&self) -> bool {
        self.current().prediction.is_some() && self.answered.is_none()
    }

    /// Whether the step's task was checked and every check passed.
    pub fn solved(&self) -> bool {
        matches!(&self.verdicts, Some(Ok(v)) if v.iter().all(|(_, v)| v.pass))
    }
}

/// The "Arguments" line that splits back into `args` (see [`crate::playground::args::split`]): special
/// characters escaped with a backslash.
pub fn args_line(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            if a.is_empty() {
                return "''".to_string();
            }
            a.chars()
                .flat_map(|c| {
                    let escape = c.is_whitespace() || matches!(c, '"' | '\'' | '\\');
                    escape.then_some('\\').into_iter().chain([c])
                })
                .collect()
        })
        .collect::<Vec<String>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Action, State};

    fn at_step(lesson: &Rc<Lesson>, step: usize) -> State {
        State::default().reduce(Action::OpenLesson {
            lesson: lesson.clone(),
            step,
            lang: "en".into(),
            text: None,
        })
    }

    #[test]
    fn every_shipped_step_shows_the_view_it_names_where_core_says() {
        let profiles = rankscope_core::machine::builtin_profiles().unwrap();
        for lesson in crate::lessons::shipped() {
            for (i, step) in lesson.steps.iter().enumerate() {
                let s = at_step(&lesson, i);
                let open = s.lesson.as_ref().unwrap();
                let at = *open.position.as_ref().unwrap();
                let core = rankscope_core::lessons::shows::shown(
                    step,
                    at,
                    &mut Runs::new(profiles.clone()),
                )
                .unwrap();
                assert_eq!(
                    s.current_view().id(),
                    core.view,
                    "{} step {}: the page and core disagree on the view",
                    lesson.id,
                    i + 1
                );
                if let Some(v) = step.views.first() {
                    assert_eq!(s.current_view().id(), v, "{} step {}", lesson.id, i + 1);
                }
                let run = s.session.as_ref().unwrap().0.borrow();
                if step.at != rankscope_core::lessons::At::End {
                    assert_eq!(
                        run.history.position(),
                        at.event,
                        "{} step {}",
                        lesson.id,
                        i + 1
                    );
                }
            }
        }
    }

    #[test]
    fn a_prediction_hides_the_run_past_its_step_until_answered() {
        let lesson = crate::lessons::find("first-mpi").unwrap();
        let s = at_step(&lesson, 5);
        {
            let run = s.session.as_ref().unwrap().0.borrow();
            assert_eq!(run.history.position(), 0);
            assert_eq!(run.ended, None, "the end time must not be known");
            assert_eq!(run.history.sim().trace().known_records().len(), 0);
        }
        let s = s.reduce(Action::AnswerPrediction(Guess::Number(20.0)));
        let run = s.session.as_ref().unwrap().0.borrow();
        assert!(matches!(
            run.ended,
            Some(crate::playground::session::RunEnd::Finished(_))
        ));
        // A step without a prediction knows its future (drawn faded) while standing earlier.
        let s = at_step(&lesson, 2);
        let run = s.session.as_ref().unwrap().0.borrow();
        let trace = run.history.sim().trace();
        assert!(trace.known_records().len() > trace.records().len());
    }

    #[test]
    fn arguments_split_back_into_themselves() {
        let args: Vec<String> = ["100", "two words", "it's", r"a\b", ""]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            crate::playground::args::split(&args_line(&args)).unwrap(),
            args
        );
    }
}
