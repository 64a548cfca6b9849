//! Lesson progress kept in this browser (`localStorage`): per lesson the step reached, the steps
//! whose prediction was answered and whose task was solved, and the language last chosen. The
//! record is pure data (tested natively); reading and writing storage is the edge.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::lessons::state::LessonOpen;

/// The `localStorage` key.
pub const KEY: &str = "rankscope.lessons.v1";

/// What one lesson's student has done.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The step last shown (0-based).
    pub step: usize,
    /// Steps whose prediction was answered.
    #[serde(default)]
    pub answered: BTreeSet<usize>,
    /// Steps whose task was solved.
    #[serde(default)]
    pub solved: BTreeSet<usize>,
}

/// Everything kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The language last chosen.
    #[serde(default)]
    pub lang: Option<String>,
    /// By lesson id.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
}

impl Progress {
    /// Notes where `open` is and what its student has done there.
    pub fn record(&mut self, open: &LessonOpen) {
        self.lang = Some(open.lang.clone());
        let p = self.lessons.entry(open.lesson.id.clone()).or_default();
        p.step = open.step;
        if open.answered.is_some() {
            p.answered.insert(open.step);
        }
        if open.solved() {
            p.solved.insert(open.step);
        }
    }

    /// The step to open lesson `id` at when a link does not say.
    pub fn step_of(&self, id: &str) -> usize {
        self.lessons.get(id).map_or(0, |p| p.step)
    }
}

/// The progress kept in this browser (nothing, where there is none or it cannot be read).
pub fn load() -> Progress {
    crate::playground::autosave::storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Keeps `progress` (quietly nothing where storage is unavailable).
pub fn save(progress: &Progress) {
    if let (Some(storage), Ok(text)) = (
        crate::playground::autosave::storage(),
        serde_json::to_string(progress),
    ) {
        storage.set_item(KEY, &text).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_notes_the_step_answers_and_solved_tasks() {
        let lesson = crate::lessons::find("deadlock-hunt").unwrap();
        let mut open = LessonOpen::new(lesson, 1, "ja", None);
        let mut p = Progress::default();
        p.record(&open);
        assert_eq!(p.step_of("deadlock-hunt"), 1);
        assert_eq!(p.lang.as_deref(), Some("ja"));
        open.verdicts = Some(Ok(vec![(
            "no deadlock".into(),
            rankscope_core::lessons::Verdict {
                pass: true,
                reason: "ok".into(),
                order: None,
            },
        )]));
        p.record(&open);
        let back: Progress = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back.lessons["deadlock-hunt"].solved, BTreeSet::from([1]));
        assert_eq!(back.step_of("first-mpi"), 0);
    }
}
