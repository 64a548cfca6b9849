//! The playground's keys for stepping through a run, so a presenter's clicker (which sends
//! PageDown/PageUp or the arrows) drives it: → or PageDown steps, ← or PageUp steps back, Space
//! plays or pauses, P enters or leaves presentation mode (Escape leaves it). They act only when the focus is not in something that takes those keys itself
//! (the editor, a field, a list, a button, the scrubber) and without modifier keys.
//!
//! The mapping is a pure function, tested natively; the listener on the window is the effect.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::state::{Action, State};

/// The keys as the run panel lists them.
pub const KEYS_HELP: &[(&str, &str)] = &[
    ("→ / PageDown", "step"),
    ("← / PageUp", "back"),
    ("Space", "play / pause"),
    ("P", "presentation mode"),
];

/// The keys a lesson adds (listed in the lesson pane's buttons' titles).
pub const LESSON_KEYS_HELP: &[(&str, &str)] = &[("PageDown / PageUp", "next / previous step")];

/// What `key` does when pressed with the focus on an element with tag `tag` (upper case, as the
/// DOM gives it), `editable` if that element takes text; `None`: let the page have it.
pub fn key_action(
    key: &str,
    tag: &str,
    editable: bool,
    modified: bool,
    lesson: bool,
) -> Option<Action> {
    if modified || editable || matches!(tag, "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON" | "SUMMARY")
    {
        return None;
    }
    match key {
        // In a lesson the clicker's keys turn its pages; the arrows still step the run.
        "PageDown" if lesson => Some(Action::NextStep),
        "PageUp" if lesson => Some(Action::PrevStep),
        "ArrowRight" | "PageDown" => Some(Action::Step),
        "ArrowLeft" | "PageUp" => Some(Action::Back),
        " " | "Spacebar" => Some(Action::TogglePlay),
        "p" | "P" => Some(Action::TogglePresent),
        "Escape" => Some(Action::LeavePresent),
        _ => None,
    }
}

/// Listens for the stepping keys on the window while `enabled` (the playground is shown); set up
/// again when a lesson opens or closes (PageDown/PageUp change meaning).
#[hook]
pub fn use_stepping_keys(state: &UseReducerHandle<State>, enabled: bool) {
    let lesson = state.lesson.is_some();
    let state = state.clone();
    use_effect_with((enabled, lesson), move |&(enabled, lesson)| {
        let listener = enabled.then(|| {
            let closure = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let target = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
                let (tag, editable) = target.map_or((String::new(), false), |t| {
                    (t.tag_name(), t.is_content_editable())
                });
                let modified = e.ctrl_key() || e.alt_key() || e.meta_key() || e.shift_key();
                if let Some(action) = key_action(&e.key(), &tag, editable, modified, lesson) {
                    e.prevent_default();
                    state.dispatch(action);
                }
            });
            let window = web_sys::window();
            if let Some(w) = &window {
                w.add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
                    .ok();
            }
            (window, closure)
        });
        move || {
            if let Some((Some(w), closure)) = listener {
                w.remove_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
                    .ok();
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clicker_steps_and_space_plays() {
        let on_page = |key| key_action(key, "BODY", false, false, false);
        assert_eq!(on_page("PageDown"), Some(Action::Step));
        assert_eq!(on_page("ArrowRight"), Some(Action::Step));
        assert_eq!(on_page("PageUp"), Some(Action::Back));
        assert_eq!(on_page("ArrowLeft"), Some(Action::Back));
        assert_eq!(on_page(" "), Some(Action::TogglePlay));
        assert_eq!(on_page("p"), Some(Action::TogglePresent));
        assert_eq!(on_page("Escape"), Some(Action::LeavePresent));
        assert_eq!(on_page("a"), None);
    }

    #[test]
    fn in_a_lesson_the_clicker_turns_pages_and_the_arrows_step() {
        let in_lesson = |key| key_action(key, "BODY", false, false, true);
        assert_eq!(in_lesson("PageDown"), Some(Action::NextStep));
        assert_eq!(in_lesson("PageUp"), Some(Action::PrevStep));
        assert_eq!(in_lesson("ArrowRight"), Some(Action::Step));
        assert_eq!(in_lesson("ArrowLeft"), Some(Action::Back));
    }

    #[test]
    fn keys_typed_into_the_editor_or_a_field_are_theirs() {
        for tag in ["TEXTAREA", "INPUT", "SELECT", "BUTTON", "SUMMARY"] {
            assert_eq!(
                key_action("ArrowLeft", tag, false, false, false),
                None,
                "{tag}"
            );
            assert_eq!(key_action(" ", tag, false, false, false), None, "{tag}");
            assert_eq!(key_action("p", tag, false, false, false), None, "{tag}");
        }
        assert_eq!(key_action("PageDown", "DIV", true, false, false), None);
        assert_eq!(
            key_action("ArrowRight", "BODY", false, true, false),
            None,
            "with a modifier"
        );
    }
}
