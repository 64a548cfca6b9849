//! The lessons of `lessons/` and the program files they name, embedded at build time, and the
//! resolver that gives a lesson its programs in the browser (`examples/…` from the examples,
//! `lessons/…` from here). Parsing and checking are core's (`rankscope_core::lessons`).
//!
//! A test fails on a file in `lessons/` that is not embedded.
//!
//! The lessons feature of the page, one concept per file: the open lesson ([`state`]), its links
//! ([`links`]), the reader's progress ([`progress`]), what a step marks ([`highlight`]), the time
//! window a step shows ([`window`]), and its components: the list of lessons ([`list`]) and the
//! lesson pane ([`pane`]).

pub mod highlight;
pub mod links;
pub mod list;
pub mod pane;
pub mod progress;
pub mod state;
pub mod window;

use std::rc::Rc;

use rankscope_core::lessons::{self, Lesson, LessonError};

/// `(path, text)` of each shipped lesson.
pub const LESSONS: &[(&str, &str)] = &[
    (
        "lessons/first-mpi.toml",
        include_str!("../../../lessons/first-mpi.toml"),
    ),
    (
        "lessons/deadlock-hunt.toml",
        include_str!("../../../lessons/deadlock-hunt.toml"),
    ),
    (
        "lessons/mcs-lock.toml",
        include_str!("../../../lessons/mcs-lock.toml"),
    ),
    (
        "lessons/lock-scaling.toml",
        include_str!("../../../lessons/lock-scaling.toml"),
    ),
    (
        "lessons/matching.toml",
        include_str!("../../../lessons/matching.toml"),
    ),
    (
        "lessons/atomic-yield.toml",
        include_str!("../../../lessons/atomic-yield.toml"),
    ),
    (
        "lessons/you-are-the-network.toml",
        include_str!("../../../lessons/you-are-the-network.toml"),
    ),
    (
        "lessons/every-match.toml",
        include_str!("../../../lessons/every-match.toml"),
    ),
    (
        "lessons/incast.toml",
        include_str!("../../../lessons/incast.toml"),
    ),
    (
        "lessons/acp-copy.toml",
        include_str!("../../../lessons/acp-copy.toml"),
    ),
    (
        "lessons/folon-bus.toml",
        include_str!("../../../lessons/folon-bus.toml"),
    ),
];

/// `(path, text)` of the programs the lessons name besides the examples.
pub const LESSON_FILES: &[(&str, &str)] = &[
    (
        "lessons/every-match/master_worker.c",
        include_str!("../../../lessons/every-match/master_worker.c"),
    ),
    (
        "lessons/every-match/master_worker_fixed.c",
        include_str!("../../../lessons/every-match/master_worker_fixed.c"),
    ),
    (
        "lessons/atomic-yield/back_substitution_yield.c",
        include_str!("../../../lessons/atomic-yield/back_substitution_yield.c"),
    ),
    (
        "lessons/deadlock-hunt/tag_mismatch.c",
        include_str!("../../../lessons/deadlock-hunt/tag_mismatch.c"),
    ),
    (
        "lessons/deadlock-hunt/tag_mismatch_fixed.c",
        include_str!("../../../lessons/deadlock-hunt/tag_mismatch_fixed.c"),
    ),
    (
        "lessons/deadlock-hunt/head_to_head.c",
        include_str!("../../../lessons/deadlock-hunt/head_to_head.c"),
    ),
    (
        "lessons/deadlock-hunt/head_to_head_fixed.c",
        include_str!("../../../lessons/deadlock-hunt/head_to_head_fixed.c"),
    ),
    (
        "lessons/deadlock-hunt/missing_recv.c",
        include_str!("../../../lessons/deadlock-hunt/missing_recv.c"),
    ),
    (
        "lessons/deadlock-hunt/missing_recv_fixed.c",
        include_str!("../../../lessons/deadlock-hunt/missing_recv_fixed.c"),
    ),
    (
        "lessons/lock-scaling/shared_rounds.c",
        include_str!("../../../lessons/lock-scaling/shared_rounds.c"),
    ),
    (
        "lessons/incast/gather.c",
        include_str!("../../../lessons/incast/gather.c"),
    ),
    (
        "lessons/incast/gather_delay.c",
        include_str!("../../../lessons/incast/gather_delay.c"),
    ),
    (
        "lessons/acp-copy/remote_copy_timed.c",
        include_str!("../../../lessons/acp-copy/remote_copy_timed.c"),
    ),
    (
        "lessons/acp-copy/sync_is_not_complete.c",
        include_str!("../../../lessons/acp-copy/sync_is_not_complete.c"),
    ),
    (
        "lessons/acp-copy/sync_is_not_complete_fixed.c",
        include_str!("../../../lessons/acp-copy/sync_is_not_complete_fixed.c"),
    ),
    (
        "lessons/folon-bus/ping_pong.c",
        include_str!("../../../lessons/folon-bus/ping_pong.c"),
    ),
    (
        "lessons/network/race.c",
        include_str!("../../../lessons/network/race.c"),
    ),
    (
        "lessons/network/difference.c",
        include_str!("../../../lessons/network/difference.c"),
    ),
    (
        "lessons/network/difference_fixed.c",
        include_str!("../../../lessons/network/difference_fixed.c"),
    ),
];

/// The text of a program a lesson names: an example (`examples/ring.c`) or a lesson's file.
pub fn read_program(path: &str) -> Result<String, String> {
    let path = path.trim_start_matches("./");
    if let Some(name) = path.strip_prefix("examples/") {
        if let Some(e) =
            crate::playground::examples::position(name).and_then(crate::playground::examples::get)
        {
            return Ok(e.source.clone());
        }
    }
    LESSON_FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| (*text).to_string())
        .ok_or_else(|| {
            format!(
                "{path} is not one of the programs the page has (the examples/ and the shipped lessons' files); put the program inline with source = '''…'''"
            )
        })
}

/// Parses a lesson's text with the page's programs.
pub fn load(text: &str) -> Result<Lesson, Vec<LessonError>> {
    lessons::load(text, &mut |path| read_program(path))
}

/// The shipped lessons, parsed (a shipped lesson that fails is a test failure, so none is
/// skipped in practice; the page lists what parses).
pub fn shipped() -> Vec<Rc<Lesson>> {
    thread_local! {
        /// Parsed once: the list page and every lesson link read them.
        static SHIPPED: Vec<Rc<Lesson>> = LESSONS
            .iter()
            .filter_map(|(_, text)| load(text).ok().map(Rc::new))
            .collect();
    }
    SHIPPED.with(Clone::clone)
}

/// `lessons` ordered for the list page: by level (beginner, intermediate, advanced, as core's
/// vocabulary orders them), then in their shipped order.
pub fn by_level(mut lessons: Vec<Rc<Lesson>>) -> Vec<Rc<Lesson>> {
    let rank = |l: &Lesson| {
        rankscope_core::lessons::vocab::LEVELS
            .iter()
            .position(|v| *v == l.level)
            .unwrap_or(usize::MAX)
    };
    lessons.sort_by_key(|l| rank(l));
    lessons
}

/// The shipped lesson with this id.
pub fn find(id: &str) -> Option<Rc<Lesson>> {
    shipped().into_iter().find(|l| l.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_and_lesson_file_is_embedded_and_loads() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons");
        let mut on_disk = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                for file in std::fs::read_dir(&path).unwrap() {
                    let file = file.unwrap().path();
                    on_disk.push(format!(
                        "lessons/{}/{}",
                        path.file_name().unwrap().to_string_lossy(),
                        file.file_name().unwrap().to_string_lossy()
                    ));
                }
            } else if path.extension().is_some_and(|e| e == "toml") {
                on_disk.push(format!(
                    "lessons/{}",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
        for path in on_disk {
            let embedded = LESSONS.iter().chain(LESSON_FILES).any(|(p, _)| *p == path);
            assert!(embedded, "{path} is not embedded in web/src/lessons.rs");
        }
        for (path, text) in LESSONS {
            if let Err(errors) = load(text) {
                panic!("{path}: {errors:?}");
            }
        }
        assert_eq!(shipped().len(), LESSONS.len());
    }

    #[test]
    fn the_list_is_ordered_by_level() {
        let levels: Vec<String> = by_level(shipped())
            .iter()
            .map(|l| l.level.clone())
            .collect();
        let mut sorted = levels.clone();
        sorted.sort_by_key(|l| {
            ["beginner", "intermediate", "advanced"]
                .iter()
                .position(|v| v == l)
        });
        assert_eq!(levels, sorted);
        assert_eq!(levels.first().map(String::as_str), Some("beginner"));
        assert_eq!(levels.last().map(String::as_str), Some("advanced"));
    }

    #[test]
    fn a_program_the_page_lacks_is_named() {
        assert!(read_program("examples/ring.c")
            .unwrap()
            .contains("MPI_Send"));
        let e = read_program("lessons/mine/x.c").unwrap_err();
        assert!(
            e.contains("lessons/mine/x.c") && e.contains("inline"),
            "{e}"
        );
    }
}
