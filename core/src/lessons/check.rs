//! Checking a whole lesson by running it: every step's run starts and its position is reached,
//! every prediction has one computed answer, every task's starting program fails its goal and
//! its solution meets it. The report carries what the playground needs to show each step.

use super::error::LessonError;
use super::lesson::{Lesson, Step};
use super::position::Position;
use super::prediction::Answer;
use super::scenario::Runs;
use super::task::{Check, Verdict};

/// What checking one step found.
#[derive(Clone, Debug, PartialEq)]
pub struct StepReport {
    /// The 1-based step.
    pub step: usize,
    /// Its run, in words.
    pub scenario: String,
    /// Where it stands.
    pub position: Position,
    /// The view in front there.
    pub view: String,
    /// The timeline's window, if the step picks one.
    pub window: Option<(crate::time::SimTime, crate::time::SimTime)>,
    /// Events of the whole run.
    pub events: u64,
    /// How the run ended.
    pub outcome: String,
    /// The prediction's computed answer.
    pub answer: Option<Answer>,
    /// The task's checks on the starting program and on the solution.
    pub task: Option<TaskReport>,
}

/// A task's checks on both programs.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskReport {
    /// Each check on the program the student starts from.
    pub start: Vec<(Check, Verdict)>,
    /// Each check on the solution, if the lesson has one.
    pub solution: Option<Vec<(Check, Verdict)>>,
}

/// Runs every step of `lesson` (through `runs`, so each scenario runs once) and returns a
/// report per step, or every problem, each naming its step and line.
pub fn check(lesson: &Lesson, runs: &mut Runs) -> Result<Vec<StepReport>, Vec<LessonError>> {
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        match check_step(step, i + 1, runs) {
            Ok(r) => reports.push(r),
            Err(messages) => errors.extend(messages.into_iter().map(|message| LessonError {
                line: Some(step.line).filter(|&l| l > 0),
                column: Some(1).filter(|_| step.line > 0),
                step: Some(i + 1),
                message,
            })),
        }
    }
    if errors.is_empty() {
        Ok(reports)
    } else {
        Err(errors)
    }
}

fn check_step(step: &Step, n: usize, runs: &mut Runs) -> Result<StepReport, Vec<String>> {
    let run = runs.run(&step.scenario).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let mut view = String::new();
    let mut window = None;
    let position = step
        .at
        .resolve(&run)
        .map_err(|e| vec![format!("at {}: {e}", step.at)])?;
    if let Some(w) = &step.window {
        match w.resolve(position, run.end()) {
            Ok(edges) => window = Some(edges),
            Err(e) => errors.push(e),
        }
    }
    match super::shows::shown(step, position, runs) {
        Ok(shown) => {
            view = shown.view.to_string();
            errors.extend(shown.problems);
        }
        Err(e) => errors.push(e),
    }
    let answer = match &step.prediction {
        Some(p) => match p.answer(runs) {
            Ok(a) => Some(a),
            Err(e) => {
                errors.push(format!("prediction: {e}"));
                None
            }
        },
        None => None,
    };
    if let Some(p) = &step.prediction {
        if let Some(why) = p.given_away(&step.scenario, &run, position) {
            errors.push(format!("prediction: {why}"));
        }
    }
    let task = match &step.task {
        Some(t) => {
            let start = match t.judge(&t.start, runs) {
                Ok(v) => v,
                Err(e) => {
                    errors.push(format!("task: the starting program does not run: {e}"));
                    Vec::new()
                }
            };
            if !start.is_empty() && start.iter().all(|(_, v)| v.pass) {
                errors.push(format!(
                    "task: the starting program ({}) already passes every check: there is nothing to fix",
                    t.start.program.name
                ));
            }
            let solution = match &t.solution {
                Some(s) => match t.judge(s, runs) {
                    Ok(verdicts) => {
                        for (c, v) in verdicts.iter().filter(|(_, v)| !v.pass) {
                            errors.push(format!(
                                "task: the solution ({}) fails \"{c}\": {}",
                                s.program.name, v.reason
                            ));
                        }
                        Some(verdicts)
                    }
                    Err(e) => {
                        errors.push(format!("task: the solution does not run: {e}"));
                        None
                    }
                },
                None => None,
            };
            Some(TaskReport { start, solution })
        }
        None => None,
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(StepReport {
        step: n,
        scenario: step.scenario.to_string(),
        position,
        view,
        window,
        events: run.events(),
        outcome: run.outcome(),
        answer,
        task,
    })
}
