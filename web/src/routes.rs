//! Which page the URL fragment asks for: the playground, the lessons' list, a paper's check
//! (`#paper=000`; an id core's registry lacks is a route too, and the page says so), paper
//! 002's schedules (`#schedule=…`) or the reference (`#reference=MPI_Send`) — read when the page
//! opens and again whenever the fragment changes (the header's links, the browser's back
//! button). The papers' checks are kept here with the page, so leaving one and coming back
//! resumes it.

use rankscope_core::papers;
use yew::prelude::*;

use crate::papers::Checks;

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
    Schedule(crate::schedules::query::ScheduleQuery),
}

impl Route {
    /// The route a URL fragment names.
    pub fn of(fragment: &str) -> Route {
        if fragment.trim_start_matches('#').split('&').next() == Some("lessons") {
            return Route::Lessons;
        }
        if let Some(q) = crate::schedules::query::ScheduleQuery::of(fragment) {
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

/// The view the URL asks for, and the papers' checks.
#[derive(Clone, PartialEq)]
pub struct PageRoute {
    /// What the URL asks for.
    pub route: Route,
    /// Every paper's check opened so far, kept across visits.
    pub checks: Checks,
}

/// The route the current URL fragment names.
fn current() -> Route {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Route::of(&hash)
}

/// Follows the URL fragment (see the module documentation).
#[hook]
pub fn use_route() -> PageRoute {
    let route = use_state_eq(current);
    let checks = use_memo((), |_| Checks::default());
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = crate::window_events::WindowListener::new(&["hashchange"], move || {
                route.set(current())
            });
            move || drop(listener)
        });
    }
    PageRoute {
        route: (*route).clone(),
        checks: (*checks).clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
