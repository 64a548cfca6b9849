//! A question the student answers before seeing the run — a choice between runs, or a number —
//! whose answer is computed by running the scenarios, never typed into the lesson.

use super::lesson::Text;
use super::measure::Measure;
use super::position::At;
use super::scenario::{Runs, Scenario};

/// A prediction: the question, what decides it, and the reason shown afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    /// The question.
    pub question: Text,
    /// Why the answer is what it is.
    pub reason: Text,
    /// Where each run is measured (default: the end).
    pub at: At,
    /// Choice or number.
    pub question_kind: QuestionKind,
}

/// The two kinds of question.
#[derive(Clone, Debug, PartialEq)]
pub enum QuestionKind {
    /// Pick one of several runs: the one with the least or most of a measure.
    Choice {
        /// The choices (at least two).
        choices: Vec<Choice>,
        /// What makes a choice the answer.
        pick: Pick,
    },
    /// A number measured in one run.
    Number {
        /// The run.
        scenario: Scenario,
        /// What is measured.
        measure: Measure,
        /// How far a guess may be off.
        tolerance: Tolerance,
    },
}

/// One choice: its label and its run.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// What the student picks.
    pub label: Text,
    /// Its run.
    pub scenario: Scenario,
}

/// Which choice is the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The least of the measure (`"earliest-end"` is the least `end_time_us`).
    Least(Measure),
    /// The most (`"latest-end"` is the most `end_time_us`).
    Most(Measure),
}

/// How close a number guess must be.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Tolerance {
    /// Within this fraction of the answer (0.05 = 5 %).
    Relative(f64),
    /// Within this much of it.
    Absolute(f64),
}

/// The computed answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Choice `index` (0-based); `values` is each choice's measure.
    Choice {
        /// The answer.
        index: usize,
        /// Each choice's measured value.
        values: Vec<f64>,
    },
    /// The measured number and the range of accepted guesses.
    Number {
        /// The value.
        value: f64,
        /// Smallest accepted guess.
        low: f64,
        /// Largest accepted guess.
        high: f64,
    },
}

/// A student's answer.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Guess {
    /// Picked choice `n` (0-based).
    Choice(usize),
    /// Typed a number.
    Number(f64),
}

impl Answer {
    /// Whether `guess` is right.
    pub fn accepts(&self, guess: Guess) -> bool {
        match (self, guess) {
            (Answer::Choice { index, .. }, Guess::Choice(g)) => *index == g,
            (Answer::Number { low, high, .. }, Guess::Number(g)) => *low <= g && g <= *high,
            _ => false,
        }
    }
}

impl Prediction {
    /// Why a step standing at `position` of `run` (the run of `scenario`, the step's) already
    /// shows this question's answer — the end time in the status, the measured line in the
    /// console — or `None` when it hides it until the student answers.
    pub fn given_away(
        &self,
        scenario: &Scenario,
        run: &super::scenario::Run,
        position: super::position::Position,
    ) -> Option<String> {
        let measured = self.at.resolve(run).ok()?;
        let (runs, measure): (Vec<&Scenario>, &Measure) = match &self.question_kind {
            QuestionKind::Number {
                scenario, measure, ..
            } => (vec![scenario], measure),
            QuestionKind::Choice { choices, pick } => (
                choices.iter().map(|c| &c.scenario).collect(),
                match pick {
                    Pick::Least(m) | Pick::Most(m) => m,
                },
            ),
        };
        let shown = runs.contains(&scenario) && measure.shown_at(run, position, measured);
        shown.then(|| {
            format!(
                "the step stands where the answer is already on screen ({measure} at event {}): stand before it (e.g. at = \"start\"); answering reveals the run",
                position.event
            )
        })
    }

    /// Runs what it needs and computes the answer, or says why there is none (a run that does
    /// not start or finish, an unreachable position, choices that tie).
    pub fn answer(&self, runs: &mut Runs) -> Result<Answer, String> {
        match &self.question_kind {
            QuestionKind::Number {
                scenario,
                measure,
                tolerance,
            } => {
                let run = runs.run(scenario)?;
                let value = measure.value(&run, self.at.resolve(&run)?)?;
                let slack = match tolerance {
                    Tolerance::Relative(f) => value.abs() * f,
                    Tolerance::Absolute(a) => *a,
                };
                Ok(Answer::Number {
                    value,
                    low: value - slack,
                    high: value + slack,
                })
            }
            QuestionKind::Choice { choices, pick } => {
                let measure = match pick {
                    Pick::Least(m) | Pick::Most(m) => m,
                };
                let mut values = Vec::new();
                for (i, choice) in choices.iter().enumerate() {
                    let run = runs
                        .run(&choice.scenario)
                        .map_err(|e| format!("choice {}: {e}", i + 1))?;
                    if !run.finished() {
                        return Err(format!(
                            "choice {}'s run ({}) does not finish: {}; a prediction compares runs that finish",
                            i + 1,
                            choice.scenario,
                            run.outcome()
                        ));
                    }
                    let at = self
                        .at
                        .resolve(&run)
                        .map_err(|e| format!("choice {}: {e}", i + 1))?;
                    values.push(
                        measure
                            .value(&run, at)
                            .map_err(|e| format!("choice {}: {e}", i + 1))?,
                    );
                }
                let better = |a: f64, b: f64| match pick {
                    Pick::Least(_) => a < b,
                    Pick::Most(_) => a > b,
                };
                let mut index = 0;
                for (i, v) in values.iter().enumerate() {
                    if better(*v, values[index]) {
                        index = i;
                    }
                }
                if let Some(tie) =
                    (0..values.len()).find(|&i| i != index && values[i] == values[index])
                {
                    let (a, b) = (index.min(tie) + 1, index.max(tie) + 1);
                    return Err(format!(
                        "choices {a} and {b} tie at {} {measure}: the question has no single answer",
                        values[index]
                    ));
                }
                Ok(Answer::Choice { index, values })
            }
        }
    }
}
