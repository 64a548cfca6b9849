//! Which view the page shows: the playground, or a paper check when the URL fragment says
//! `#paper=ID` — read when the page opens and again whenever the fragment changes (the header's
//! links, the browser's back button). An id core's registry lacks is a route too (the view says
//! so). The checks live here, with the page, so leaving the view and coming back resumes.

use yew::prelude::*;

use crate::paper_check::{Checks, Route};

/// The view the URL asks for, and the papers' checks.
#[derive(Clone, PartialEq)]
pub struct PaperRoute {
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
pub fn use_paper_route() -> PaperRoute {
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
    PaperRoute {
        route: (*route).clone(),
        checks: (*checks).clone(),
    }
}
