//! The paper-check view's state around core's runner: which page the URL fragment asks for (a
//! paper of core's registry, an unknown one, or none), every opened paper's check (core's
//! [`Check`], kept across visits so leaving and coming back resumes), a chunk's time budget, and
//! how a finished cell compares with the paper. Pure; the timer that drives the checks is in
//! `components::chunked_work`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use rankscope_core::papers::{self, Cell, Check, Paper};

/// Wall time a chunk — computing, then rendering what changed — should take before the page
/// yields to input and painting (as a playing run's chunk, see `playback`).
pub const CHUNK_MS: f64 = crate::playback::MAX_CHUNK_MS;

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

/// The paper a URL fragment asks the paper-check view for (`#paper=000`), if any.
pub fn paper_in_fragment(fragment: &str) -> Option<&str> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("paper="))
        .filter(|paper| !paper.is_empty())
}

/// The URL fragment (without `#`) that opens the paper-check view for `paper`.
pub fn fragment_for(paper: &str) -> String {
    format!("paper={paper}")
}

/// The reference page a URL fragment asks for: `#reference` (`Some(None)`) or
/// `#reference=MPI_Send`, scrolled to that function's anchor (`Some(Some("MPI_Send"))`).
pub fn reference_in_fragment(fragment: &str) -> Option<Option<&str>> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| match part.strip_prefix("reference") {
            Some("") => Some(None),
            Some(rest) => rest.strip_prefix('=').map(|a| (!a.is_empty()).then_some(a)),
            None => None,
        })
}

/// The URL fragment (without `#`) that opens the reference at `anchor` (a function's
/// `lang::reference::Entry::anchor` or a section's id), or at its top.
pub fn reference_fragment(anchor: Option<&str>) -> String {
    match anchor {
        Some(a) => format!("reference={a}"),
        None => "reference".to_string(),
    }
}

/// What the URL asks the page to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The playground.
    Playground,
    /// The check of the paper with this id (one of core's registry).
    Paper(&'static str),
    /// A paper id the registry does not have.
    Unknown(String),
    /// The reference of the C and MPI functions, scrolled to this anchor if any.
    Reference(Option<String>),
    /// The list of lessons (`#lessons`).
    Lessons,
    /// Paper 002's schedules of a pattern (`#schedule=gather&n=16`).
    Schedule(crate::schedule_query::ScheduleQuery),
}

impl Route {
    /// The route a URL fragment names.
    pub fn of(fragment: &str) -> Route {
        if fragment.trim_start_matches('#').split('&').next() == Some("lessons") {
            return Route::Lessons;
        }
        if let Some(q) = crate::schedule_query::ScheduleQuery::of(fragment) {
            return Route::Schedule(q);
        }
        if let Some(anchor) = reference_in_fragment(fragment) {
            return Route::Reference(anchor.map(str::to_string));
        }
        match paper_in_fragment(fragment) {
            None => Route::Playground,
            Some(id) => match papers::find(id) {
                Some(p) => Route::Paper(p.id),
                None => Route::Unknown(id.to_string()),
            },
        }
    }

    /// Whether it shows a page of its own (a paper check, known or not, or the reference)
    /// rather than the playground: a playing run pauses and the stepping keys are off.
    pub fn is_paper(&self) -> bool {
        *self != Route::Playground
    }

    /// Whether it shows the reference.
    pub fn is_reference(&self) -> bool {
        matches!(self, Route::Reference(_))
    }

    /// The open paper's id, if it is one of the registry's.
    pub fn paper(&self) -> Option<&'static str> {
        match self {
            Route::Paper(id) => Some(id),
            _ => None,
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
    fn fragments_name_the_route() {
        assert_eq!(paper_in_fragment("#paper=000"), Some("000"));
        assert_eq!(paper_in_fragment("#x=1&paper=000"), Some("000"));
        assert_eq!(paper_in_fragment("#paper="), None);
        assert_eq!(paper_in_fragment("#s=cGFwZXI9MDAw"), None);
        for p in papers::PAPERS {
            assert_eq!(
                Route::of(&format!("#{}", fragment_for(p.id))),
                Route::Paper(p.id)
            );
        }
        assert_eq!(Route::of("#paper=007"), Route::Unknown("007".into()));
        assert!(Route::of("#paper=007").is_paper());
        assert_eq!(Route::of("#paper=007").paper(), None);
        assert_eq!(Route::of(""), Route::Playground);
        assert_eq!(Route::of("#s=abc"), Route::Playground);
    }

    #[test]
    fn the_reference_has_a_route_with_an_optional_anchor() {
        assert_eq!(Route::of("#reference"), Route::Reference(None));
        assert_eq!(Route::of("#reference="), Route::Reference(None));
        assert_eq!(
            Route::of("#reference=MPI_Send"),
            Route::Reference(Some("MPI_Send".into()))
        );
        assert_eq!(
            Route::of(&format!("#{}", reference_fragment(Some("printf")))),
            Route::Reference(Some("printf".into()))
        );
        assert_eq!(
            Route::of(&format!("#{}", reference_fragment(None))),
            Route::Reference(None)
        );
        assert!(Route::of("#reference").is_reference());
        assert!(
            Route::of("#reference").is_paper(),
            "a page of its own: keys off, run paused"
        );
        assert_eq!(Route::of("#reference").paper(), None);
        assert_eq!(Route::of("#referenced=1"), Route::Playground);
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
