//! Which view the page shows: the playground, or the paper check when the URL fragment says
//! `#paper=000` or `#paper=003` — read when the page opens and again whenever the fragment changes (the header's
//! links, the browser's back button). The paper checks' computations live here, with the page,
//! so leaving the view and coming back resumes it instead of starting over.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::paper_check::{paper_in_fragment, SharedPaperCheck};
use crate::paper_check_003::SharedPaper003Check;

/// The view the URL asks for, and the paper check's state.
#[derive(Clone, PartialEq)]
pub struct PaperRoute {
    /// The paper whose check is open (`None`: the playground).
    pub paper: Option<AttrValue>,
    /// Paper 000's check, kept across visits.
    pub check: SharedPaperCheck,
    /// Paper 003's check, kept across visits.
    pub check003: SharedPaper003Check,
}

/// The paper the current URL fragment names.
fn current_paper() -> Option<AttrValue> {
    let hash = web_sys::window()?.location().hash().ok()?;
    paper_in_fragment(&hash).map(|p| AttrValue::from(p.to_string()))
}

/// Follows the URL fragment (see the module documentation).
#[hook]
pub fn use_paper_route() -> PaperRoute {
    let paper = use_state_eq(current_paper);
    let check = use_memo((), |_| SharedPaperCheck::paper000());
    let check003 = use_memo((), |_| SharedPaper003Check::paper003());
    {
        let paper = paper.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn()>::new(move || paper.set(current_paper()));
            let window = web_sys::window();
            if let Some(w) = &window {
                w.add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref())
                    .ok();
            }
            move || {
                if let Some(w) = &window {
                    w.remove_event_listener_with_callback(
                        "hashchange",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
                }
                drop(listener);
            }
        });
    }
    PaperRoute {
        paper: (*paper).clone(),
        check: (*check).clone(),
        check003: (*check003).clone(),
    }
}
