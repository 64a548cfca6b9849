//! Lesson links at the edge: `#lesson=ID&step=K` (or `#lesson-text=…`, a whole lesson file in
//! the link) opens the lesson at that step, on page load and on every change of the address;
//! while a lesson is open the address bar follows its step (so a reload or a copied address
//! comes back to it), and this browser's progress is kept.
//!
//! The address follows the step with `history.replaceState`.

use yew::prelude::*;

use crate::state::{Action, State};
use crate::url::{self, LessonLink};

/// The address's fragment.
fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The language to open a lesson in: the page's (`crate::ui_lang`).
pub fn preferred_language() -> String {
    crate::ui_lang::initial().code().to_string()
}

/// Opens the lesson the address names, unless it is open at that step already.
fn open_from_address(state: &UseReducerHandle<State>) {
    let address = fragment();
    let Some((link, step)) = url::lesson_link(&address) else {
        return;
    };
    // `&present` in a lesson link opens it in presentation mode.
    if url::has_part(&address, "", "present") && !state.present {
        state.dispatch(Action::EnterPresent);
    }
    let lang = preferred_language();
    match link {
        LessonLink::Id(id) => {
            let step = step.unwrap_or_else(|| crate::lessons::progress::load().step_of(&id));
            if state
                .lesson
                .as_ref()
                .is_some_and(|o| o.lesson.id == id && o.step == step && o.text.is_none())
            {
                return;
            }
            match crate::lessons::find(&id) {
                Some(lesson) => state.dispatch(Action::OpenLesson {
                    lesson,
                    step,
                    lang,
                    text: None,
                }),
                None => state.dispatch(Action::LessonNotFound(id)),
            }
        }
        LessonLink::Text(Ok(text)) => {
            let step = step.unwrap_or(0);
            let same = state
                .lesson
                .as_ref()
                .is_some_and(|o| o.step == step && o.text.as_deref() == Some(text.as_str()));
            if !same {
                state.dispatch(Action::OpenLessonText {
                    name: "the lesson in this link".into(),
                    text,
                    step,
                    lang,
                });
            }
        }
        LessonLink::Text(Err(e)) => state.dispatch(Action::LessonNotFound(format!("({e})"))),
    }
}

/// Opens lessons from the address (now and on every `hashchange`), keeps the address on the
/// open lesson's step (navigating to the playground when `elsewhere`, e.g. from the lessons
/// page), and saves progress.
#[hook]
pub fn use_lesson_links(state: &UseReducerHandle<State>, elsewhere: bool) {
    // Set up again whenever the lesson moves, so the listener compares with the state as it is.
    let now = state
        .lesson
        .as_ref()
        .map(|o| (o.lesson.id.clone(), o.step, o.text.is_some()));
    {
        let state = state.clone();
        use_effect_with((), move |_| open_from_address(&state));
    }
    {
        let state = state.clone();
        use_effect_with((now, state.present), move |_| {
            let listener = crate::window_events::WindowListener::new(&["hashchange"], move || {
                open_from_address(&state)
            });
            move || drop(listener)
        });
    }
    let key = state.lesson.as_ref().map(|o| {
        (
            o.lesson.id.clone(),
            o.step,
            o.lang.clone(),
            o.answered.is_some(),
            o.solved(),
            o.text.clone(),
        )
    });
    let present = state.present;
    {
        let state = state.clone();
        use_effect_with((key, present), move |(key, present)| {
            if let (Some((id, step, ..)), Some(open)) = (key, &state.lesson) {
                let mut progress = crate::lessons::progress::load();
                progress.record(open);
                crate::lessons::progress::save(&progress);
                let mut target = url::encode_lesson(id, open.text.as_deref(), *step, *present);
                let current = fragment();
                for flag in ["embed=1", "embed", "readonly"] {
                    if current
                        .trim_start_matches('#')
                        .split('&')
                        .any(|p| p == flag)
                    {
                        target.push('&');
                        target.push_str(flag);
                    }
                }
                if let Some(w) = web_sys::window() {
                    if elsewhere {
                        w.location().set_hash(&target).ok();
                    } else if current.trim_start_matches('#') != target {
                        if let Ok(h) = w.history() {
                            h.replace_state_with_url(
                                &wasm_bindgen::JsValue::NULL,
                                "",
                                Some(&format!("#{target}")),
                            )
                            .ok();
                        }
                    }
                }
            }
        });
    }
}
