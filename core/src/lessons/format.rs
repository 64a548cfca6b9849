//! A lesson file as written: the TOML tables, every one refusing unknown keys. Fields that take
//! several shapes (`at`, `measure`, `answer`, a task's `check`) stay TOML values with their
//! place in the file; [`super::load`](mod@super::load) reads them into the lesson's types with
//! errors at that place.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// A text in each of the lesson's languages (`{ en = "…", ja = "…" }`).
pub type TextFile = BTreeMap<String, String>;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// Short id (`first-mpi`): lowercase letters, digits and dashes.
    pub id: Spanned<String>,
    /// `beginner`, `intermediate` or `advanced`.
    pub level: Spanned<String>,
    /// The languages every text is written in (`["en", "ja"]`).
    pub languages: Spanned<Vec<String>>,
    /// The lesson's title.
    pub title: TextFile,
    /// One or two sentences saying what it teaches.
    pub summary: TextFile,
    /// The steps, in order (`[[step]]`).
    #[serde(rename = "step", default)]
    pub steps: Vec<StepFile>,
}

/// One `[[step]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepFile {
    /// The step's title.
    pub title: TextFile,
    /// What the teacher says, in Markdown.
    pub narration: TextFile,
    /// The run it shows; omitted: the last step's; a partial table: the last step's with these
    /// fields changed.
    pub scenario: Option<Spanned<ScenarioFile>>,
    /// Where the run stands: `"start"`, `"end"` (the default), `{ event = N }`,
    /// `{ first = "KIND", rank = R, nth = N }`, `{ last = "KIND", rank = R }`,
    /// `{ before = "KIND", rank = R, nth = N }` (just before that record), `{ time_us = T }`.
    pub at: Option<Spanned<toml::Value>>,
    /// The timeline's time window: `{ from = US, to = US }`, `{ around = US }` or `"around"`.
    pub window: Option<Spanned<toml::Value>>,
    /// The views to open.
    #[serde(default)]
    pub views: Vec<Spanned<String>>,
    /// What to highlight.
    #[serde(default)]
    pub highlight: Vec<Spanned<HighlightFile>>,
    /// A question whose answer running computes.
    pub prediction: Option<Spanned<PredictionFile>>,
    /// A program to fix, with the goal checked against its run.
    pub task: Option<Spanned<TaskFile>>,
}

/// A run's setup, whole or partial. Besides the keys below, any run option of
/// [`crate::run_config::OPTIONS`] by its key with `_` for `-` (`engine = "both-sides:sync"`,
/// `lock = "li"`, `eager_limit = 65536`, `fcp = "fcp2"`, `pvm_route = "fcp"`…), read by that
/// option's one parser when the lesson loads.
#[derive(Clone, Debug, Default)]
pub struct ScenarioFile {
    /// A program's path (an example, or a file next to the lesson).
    pub program: Option<Spanned<String>>,
    /// The program's text, inline.
    pub source: Option<String>,
    /// A built-in machine's id.
    pub machine: Option<Spanned<String>>,
    /// Ranks.
    pub ranks: Option<Spanned<u32>>,
    /// `main`'s arguments after `argv[0]`.
    pub args: Option<Vec<String>>,
    /// The student is the network: the rank chosen at each choice point so far (`[]`: the
    /// machine model's order, with the choices open to the student).
    pub network: Option<Spanned<Vec<u32>>>,
    /// Every match MPI allows: the sender chosen at each match choice point so far (`[]`: the
    /// first sender's, with the choices and Explore open to the student).
    pub matches: Option<Spanned<Vec<u32>>>,
    /// The run options it sets, as written: `(key, value)` in the file's order.
    pub options: Vec<(String, Spanned<toml::Value>)>,
}

/// A scenario's own keys (the run options' come from their table).
const SCENARIO_KEYS: [&str; 7] = [
    "program", "source", "machine", "ranks", "args", "network", "matches",
];

impl<'de> Deserialize<'de> for ScenarioFile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = ScenarioFile;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a scenario table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ScenarioFile, A::Error> {
                let mut s = ScenarioFile::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "program" => s.program = Some(map.next_value()?),
                        "source" => s.source = Some(map.next_value()?),
                        "machine" => s.machine = Some(map.next_value()?),
                        "ranks" => s.ranks = Some(map.next_value()?),
                        "args" => s.args = Some(map.next_value()?),
                        "network" => s.network = Some(map.next_value()?),
                        "matches" => s.matches = Some(map.next_value()?),
                        k if crate::run_config::option(k).is_some_and(|o| o.toml_key() == k) => {
                            let value = map.next_value()?;
                            s.options.push((key, value));
                        }
                        _ => {
                            let keys: Vec<String> = (SCENARIO_KEYS.iter().map(|k| k.to_string()))
                                .chain(crate::run_config::OPTIONS.iter().map(|o| o.toml_key()))
                                .map(|k| format!("`{k}`"))
                                .collect();
                            return Err(serde::de::Error::custom(format!(
                                "unknown field `{key}`, expected one of {}",
                                keys.join(", ")
                            )));
                        }
                    }
                }
                Ok(s)
            }
        }
        d.deserialize_map(Fields)
    }
}

/// Something on screen to highlight.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HighlightFile {
    /// Of this rank (omitted: of every rank).
    pub rank: Option<u32>,
    /// What: one of [`super::vocab::HIGHLIGHTS`].
    pub what: String,
}

/// A prediction as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictionFile {
    /// `choice` or `number`.
    pub kind: Spanned<String>,
    /// The question.
    pub question: TextFile,
    /// Why the answer is what it is, shown after the student answers.
    pub reason: TextFile,
    /// A choice question's choices.
    #[serde(default)]
    pub choices: Vec<Spanned<ChoiceFile>>,
    /// A choice question's rule: `"earliest-end"`, `"latest-end"`, `{ least = MEASURE }`,
    /// `{ most = MEASURE }`.
    pub answer: Option<Spanned<toml::Value>>,
    /// A number question's measure: `"end_time_us"`, `"events"`, `"records"`,
    /// `"console_lines"`, `{ count = "KIND", rank = R }`, `{ console_lines = R }`,
    /// `{ console_number = { rank = R, after = "TEXT" } }`.
    pub measure: Option<Spanned<toml::Value>>,
    /// A number question's run (the step's, with these fields changed).
    pub scenario: Option<Spanned<ScenarioFile>>,
    /// Where the measure is taken (default: the end of each run).
    pub at: Option<Spanned<toml::Value>>,
    /// A number answer's relative tolerance (0.05 = 5 %).
    pub tolerance: Option<Spanned<f64>>,
    /// A number answer's absolute tolerance.
    pub abs_tolerance: Option<Spanned<f64>>,
}

/// One choice.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceFile {
    /// What the student picks.
    pub label: TextFile,
    /// Its run: the step's, with these fields changed.
    #[serde(default)]
    pub scenario: ScenarioFile,
}

/// A task as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskFile {
    /// What the student must achieve.
    pub goal: TextFile,
    /// The program the student starts from (default: the step's).
    pub program: Option<Spanned<String>>,
    /// …or its text, inline.
    pub source: Option<String>,
    /// A program that reaches the goal (checked).
    pub solution: Option<Spanned<String>>,
    /// …or its text, inline.
    pub solution_source: Option<String>,
    /// …or, for a task the student solves by being the network, the choices that reach the
    /// goal (checked).
    pub solution_network: Option<Spanned<Vec<u32>>>,
    /// The checks: `"finishes"`, `"no-deadlock"`, `{ end_before_us = T }`,
    /// `{ console = { rank = R, contains = "…" } }`, `"every-order"`, `"every-match"`.
    pub check: Vec<Spanned<toml::Value>>,
}
