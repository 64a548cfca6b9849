//! A lesson as the playground uses it: checked, every name resolved, every program's text in
//! hand, every step's run spelled out in full.

use std::collections::BTreeMap;

use super::position::At;
use super::prediction::Prediction;
use super::scenario::Scenario;
use super::task::Task;

/// A text per language code (`en`, `ja`), each language of the lesson present.
pub type Text = BTreeMap<String, String>;

/// A guided walk through runs of the playground.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Short id (`first-mpi`).
    pub id: String,
    /// `beginner`, `intermediate` or `advanced`.
    pub level: String,
    /// The languages its texts are written in.
    pub languages: Vec<String>,
    /// Its title.
    pub title: Text,
    /// What it teaches.
    pub summary: Text,
    /// Its steps, in order (at least one).
    pub steps: Vec<Step>,
}

/// One step: a run, where it stands, what the teacher says and what to look at, and maybe a
/// question or a task.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The 1-based line of its `[[step]]` header.
    pub line: usize,
    /// Its title.
    pub title: Text,
    /// The teacher's words, in Markdown.
    pub narration: Text,
    /// The run it shows (the last step's when the file leaves it out).
    pub scenario: Scenario,
    /// Where the run stands.
    pub at: At,
    /// The timeline's time window, if the step picks one.
    pub window: Option<super::window::Window>,
    /// Views to open (ids of [`super::vocab::VIEWS`]).
    pub views: Vec<String>,
    /// Things to highlight.
    pub highlight: Vec<Highlight>,
    /// A question answered by running.
    pub prediction: Option<Prediction>,
    /// A program to fix.
    pub task: Option<Task>,
}

/// Something on screen to highlight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Of this rank (`None`: of every rank).
    pub rank: Option<u32>,
    /// What (one of [`super::vocab::HIGHLIGHTS`]).
    pub what: String,
}

impl Lesson {
    /// The text in `language`, else in the lesson's first language.
    pub fn text<'a>(&self, text: &'a Text, language: &str) -> &'a str {
        text.get(language)
            .or_else(|| self.languages.first().and_then(|l| text.get(l)))
            .map_or("", String::as_str)
    }
}
