//! A lesson open in the playground: which step, in which language, and what the student has
//! done there (the prediction answered, the task checked). The answers and verdicts come from
//! core (`Prediction::answer`, `Task::evaluate`), computed by running the scenarios; this module
//! only holds them. The reducer (`state.rs`) sets the playground up for a step.

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
        self.position = runs.run(&step.scenario).and_then(|run| {
            step.at
                .resolve(&run)
                .map_err(|e| format!("at {}: {e}", step.at))
        });
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

    /// Whether the step's task was checked and every check passed.
    pub fn solved(&self) -> bool {
        matches!(&self.verdicts, Some(Ok(v)) if v.iter().all(|(_, v)| v.pass))
    }
}

/// The "Arguments" line that splits back into `args` (see [`crate::args::split`]): special
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

    #[test]
    fn arguments_split_back_into_themselves() {
        let args: Vec<String> = ["100", "two words", "it's", r"a\b", ""]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(crate::args::split(&args_line(&args)).unwrap(), args);
    }
}
