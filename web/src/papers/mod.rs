//! The paper-check view's state around core's runner: every opened paper's check (core's
//! [`Check`], kept across visits so leaving and coming back resumes), a chunk's time budget, and
//! how a finished cell compares with the paper. Pure; the timer that drives the checks is in
//! `components::chunked_work`.
//!
//! The paper-check feature of the page, one concept per file: the page ([`page`]), one part of
//! it — a table or a figure — ([`part`]), its plot ([`plot`]) drawn as SVG ([`chart_svg`]), a
//! table's cells ([`cells_table`]) and a part's status line ([`part_status`]).

pub mod cells_table;
pub mod chart_svg;
pub mod page;
pub mod part;
pub mod part_status;
pub mod plot;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use rankscope_core::papers::{Cell, Check, Paper};

/// Wall time a chunk — computing, then rendering what changed — should take before the page
/// yields to input and painting (as a playing run's chunk, see `playback`).
pub const CHUNK_MS: f64 = crate::playground::playback::MAX_CHUNK_MS;

/// The least time a chunk computes, however long rendering took (so the check always moves).
pub const MIN_WORK_MS: f64 = 5.0;

/// |relative error| up to which a cell counts as close to the paper.
pub const CLOSE: f64 = 0.10;

/// |relative error| above which a cell counts as a miss.
pub const MISS: f64 = 0.25;

/// How long the next chunk may compute, given that rendering the last one took `render_ms`:
/// what is left of [`CHUNK_MS`], at least [`MIN_WORK_MS`].
pub fn work_budget(render_ms: f64) -> f64 {
    (CHUNK_MS - render_ms.max(0.0)).max(MIN_WORK_MS)
}

/// How a finished cell compares with the paper.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within [`CLOSE`].
    Close,
    /// Within [`MISS`].
    Near,
    /// Further than [`MISS`].
    Miss,
    /// The run gave no value (see the note).
    NoValue,
}

impl Verdict {
    /// The verdict on a finished cell.
    pub fn of(cell: &Cell) -> Verdict {
        match cell.relative_error() {
            None => Verdict::NoValue,
            Some(e) if !e.is_finite() => Verdict::NoValue,
            Some(e) if e.abs() <= CLOSE => Verdict::Close,
            Some(e) if e.abs() <= MISS => Verdict::Near,
            Some(_) => Verdict::Miss,
        }
    }

    /// Its identifier (a CSS class and test attribute).
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Close => "close",
            Verdict::Near => "near",
            Verdict::Miss => "miss",
            Verdict::NoValue => "no-value",
        }
    }
}

/// A paper's check shared by the page and its view, compared by identity.
#[derive(Clone, Debug)]
pub struct SharedCheck(pub Rc<RefCell<Check>>);

impl PartialEq for SharedCheck {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Every paper's check the page has opened, made on first opening and kept after.
#[derive(Clone, Debug, Default)]
pub struct Checks(Rc<RefCell<BTreeMap<&'static str, SharedCheck>>>);

impl PartialEq for Checks {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Checks {
    /// `paper`'s check: the one made before, or a new one, none of it started.
    pub fn of(&self, paper: Paper) -> SharedCheck {
        self.0
            .borrow_mut()
            .entry(paper.id)
            .or_insert_with(|| SharedCheck(Rc::new(RefCell::new(Check::new(paper)))))
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::papers;

    #[test]
    fn verdicts_by_relative_error() {
        let cell = |simulated: Option<f64>| Cell {
            label: String::new(),
            paper: 20.0,
            simulated,
            note: String::new(),
        };
        assert_eq!(Verdict::of(&cell(Some(21.0))), Verdict::Close);
        assert_eq!(Verdict::of(&cell(Some(22.0))), Verdict::Close);
        assert_eq!(Verdict::of(&cell(Some(15.5))), Verdict::Near);
        assert_eq!(Verdict::of(&cell(Some(26.0))), Verdict::Miss);
        assert_eq!(Verdict::of(&cell(Some(5.0))), Verdict::Miss);
        assert_eq!(Verdict::of(&cell(None)), Verdict::NoValue);
        let nan_paper = Cell {
            paper: f64::NAN,
            ..cell(Some(1.0))
        };
        assert_eq!(Verdict::of(&nan_paper), Verdict::NoValue);
    }

    #[test]
    fn rendering_time_comes_out_of_the_chunk() {
        assert_eq!(work_budget(0.0), CHUNK_MS);
        assert_eq!(work_budget(10.0), CHUNK_MS - 10.0);
        assert_eq!(work_budget(80.0), MIN_WORK_MS);
        assert_eq!(work_budget(-1.0), CHUNK_MS);
    }

    #[test]
    fn a_check_is_made_once_and_kept() {
        let checks = Checks::default();
        let a = checks.of(papers::PAPERS[0]);
        a.0.borrow_mut().open();
        let again = checks.of(papers::PAPERS[0]);
        assert_eq!(a, again);
        assert!(again.0.borrow().is_working());
        assert_ne!(a, checks.of(papers::PAPERS[1]));
    }
}
