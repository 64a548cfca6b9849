//! Which view the page shows: the playground, or the paper check when the URL fragment says
//! `#paper=000` — read when the page opens and again whenever the fragment changes (the header's
//! links, the browser's back button). The paper check's computation lives here, with the page,
//! so leaving the view and coming back resumes it instead of starting over.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::paper_check::{paper_in_fragment, SharedPaperCheck};

/// The view the URL asks for, and the paper check's state.
#[derive(Clone, PartialEq)]
pub struct PaperRoute {
    /// The paper whose check is open (`None`: the playground).
    pub paper: Option<AttrValue>,
    /// Paper 000's check, kept across visits.
    pub check: SharedPaperCheck,
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
    }
}
