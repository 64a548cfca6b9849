//! The playground's keys for stepping through a run, so a presenter's clicker (which sends
//! PageDown/PageUp or the arrows) drives it: → or PageDown steps, ← or PageUp steps back (past
//! bookkeeping unless "every event" is on), M / N / R jump to the next MPI call, message or event
//! of the rank in focus (with Shift: back), Space plays or pauses, P enters or leaves presentation
//! mode (Escape leaves it), + and − size its type.
//!
//! The clicker never dies: the keys work whatever has the focus — after a click on Run, Step, a
//! tab or the scrubber — except where the focused element takes them itself: the editor, a
//! multi-line field, a list or a `contenteditable` take every key; a one-line field (the
//! lesson's Answer, the rank count) keeps its arrows, Space and letters for typing but lets
//! PageDown/PageUp through (it has no use for them, a clicker sends nothing else); a focused
//! button keeps Space and Enter.
//!
//! The mapping is a pure function, tested natively: [`key_action`] maps a key to `Action::Jump`,
//! `TogglePlay`, `TogglePresent`, `LeavePresent` or `FontStep`, given what has the focus as a
//! [`Focus`] (page, button, one-line field, text); a key a component already handled (the
//! timeline's arrows) is left alone, and so is anything with Ctrl/Alt/Meta. The effect is a
//! `keydown` listener on the window, off on the paper-check page.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::playground::stride::Jump;
use crate::state::{Action, State};

/// The keys as the run panel lists them.
pub const KEYS_HELP: &[(&str, &str)] = &[
    ("→ / PageDown", "step"),
    ("← / PageUp", "back"),
    (
        "M / N / R",
        "next MPI call / message / event of the focused rank (Shift: back)",
    ),
    ("Space", "play / pause"),
    ("P", "presentation mode"),
];

/// The keys a lesson adds (listed in the lesson pane's buttons' titles).
pub const LESSON_KEYS_HELP: &[(&str, &str)] = &[("PageDown / PageUp", "next / previous step")];

/// What has the keyboard focus, as far as the stepping keys care.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Nothing that takes keys (the page, a heading, the timeline's canvas).
    Page,
    /// A button, link, checkbox or disclosure: Space and Enter are its own.
    Button,
    /// A one-line field (text, number, search…) or a slider: its arrows, Space and letters are
    /// its own; PageDown/PageUp are not.
    Line,
    /// The editor, a multi-line field, a list or editable content: every key is its own.
    Text,
}

/// What the focused element is, from its tag (upper case, as the DOM gives it), its `type`
/// attribute (for an `INPUT`) and whether it is `contenteditable`.
pub fn focus_of(tag: &str, input_type: &str, editable: bool) -> Focus {
    if editable {
        return Focus::Text;
    }
    match tag {
        "TEXTAREA" | "SELECT" => Focus::Text,
        "INPUT" => match input_type.to_ascii_lowercase().as_str() {
            "button" | "submit" | "reset" | "checkbox" | "radio" | "file" | "image" | "color" => {
                Focus::Button
            }
            _ => Focus::Line,
        },
        "BUTTON" | "SUMMARY" | "A" => Focus::Button,
        _ => Focus::Page,
    }
}

/// What `key` does with `focus` having the focus; `shift` if Shift is held, `modified` if Ctrl,
/// Alt or Meta is; `lesson` if a lesson is open, `present` in presentation mode. `None`: let the
/// page have it.
pub fn key_action(
    key: &str,
    focus: Focus,
    shift: bool,
    modified: bool,
    lesson: bool,
    present: bool,
) -> Option<Action> {
    if modified || focus == Focus::Text {
        return None;
    }
    let jump = |jump: Jump, forward: bool| Some(Action::Jump { jump, forward });
    // The clicker's keys turn the page from anywhere but the editor and multi-line fields.
    match key {
        "PageDown" if lesson => return Some(Action::NextStep),
        "PageUp" if lesson => return Some(Action::PrevStep),
        "PageDown" => return jump(Jump::Plain, true),
        "PageUp" => return jump(Jump::Plain, false),
        _ => {}
    }
    if focus == Focus::Line {
        return None;
    }
    let on_button = focus == Focus::Button;
    match key {
        "ArrowRight" if !shift => jump(Jump::Plain, true),
        "ArrowLeft" if !shift => jump(Jump::Plain, false),
        "m" | "M" => jump(Jump::MpiCall, !shift),
        "n" | "N" => jump(Jump::Message, !shift),
        "r" | "R" => jump(Jump::FocusedRank, !shift),
        " " | "Spacebar" if !on_button && !shift => Some(Action::TogglePlay),
        "p" | "P" if !shift => Some(Action::TogglePresent),
        "Escape" => Some(Action::LeavePresent),
        "+" | "=" if present => Some(Action::FontStep(1)),
        "-" | "_" if present => Some(Action::FontStep(-1)),
        _ => None,
    }
}

/// Listens for the stepping keys on the window while `enabled` (the playground is shown); set up
/// again when a lesson opens or closes (PageDown/PageUp change meaning).
#[hook]
pub fn use_stepping_keys(state: &UseReducerHandle<State>, enabled: bool) {
    let lesson = state.lesson.is_some();
    let present = state.present;
    let state = state.clone();
    use_effect_with(
        (enabled, lesson, present),
        move |&(enabled, lesson, present)| {
            let listener = enabled.then(|| {
                let closure = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                    // A component that handled the key (the timeline pans with the arrows) keeps it.
                    if e.default_prevented() {
                        return;
                    }
                    let target = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
                    let focus = target.map_or(Focus::Page, |t| {
                        let kind = t.get_attribute("type").unwrap_or_default();
                        focus_of(&t.tag_name(), &kind, t.is_content_editable())
                    });
                    let modified = e.ctrl_key() || e.alt_key() || e.meta_key();
                    let action =
                        key_action(&e.key(), focus, e.shift_key(), modified, lesson, present);
                    if let Some(action) = action {
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
                    w.remove_event_listener_with_callback(
                        "keydown",
                        closure.as_ref().unchecked_ref(),
                    )
                    .ok();
                }
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(forward: bool) -> Option<Action> {
        Some(Action::Jump {
            jump: Jump::Plain,
            forward,
        })
    }

    #[test]
    fn a_clicker_steps_and_space_plays() {
        let on_page = |key| key_action(key, Focus::Page, false, false, false, false);
        assert_eq!(on_page("PageDown"), step(true));
        assert_eq!(on_page("ArrowRight"), step(true));
        assert_eq!(on_page("PageUp"), step(false));
        assert_eq!(on_page("ArrowLeft"), step(false));
        assert_eq!(on_page(" "), Some(Action::TogglePlay));
        assert_eq!(on_page("p"), Some(Action::TogglePresent));
        assert_eq!(on_page("Escape"), Some(Action::LeavePresent));
        assert_eq!(on_page("a"), None);
        assert_eq!(on_page("+"), None, "type size only in presentation mode");
        assert_eq!(
            key_action("+", Focus::Page, false, false, false, true),
            Some(Action::FontStep(1))
        );
        assert_eq!(
            key_action("-", Focus::Button, false, false, false, true),
            Some(Action::FontStep(-1))
        );
    }

    #[test]
    fn the_jumps_go_forward_and_with_shift_back() {
        let jump = |key, shift| key_action(key, Focus::Page, shift, false, false, false);
        assert_eq!(
            jump("m", false),
            Some(Action::Jump {
                jump: Jump::MpiCall,
                forward: true
            })
        );
        assert_eq!(
            jump("M", true),
            Some(Action::Jump {
                jump: Jump::MpiCall,
                forward: false
            })
        );
        assert_eq!(
            jump("n", false),
            Some(Action::Jump {
                jump: Jump::Message,
                forward: true
            })
        );
        assert_eq!(
            jump("R", true),
            Some(Action::Jump {
                jump: Jump::FocusedRank,
                forward: false
            })
        );
        assert_eq!(jump("P", true), None);
    }

    #[test]
    fn in_a_lesson_the_clicker_turns_pages_and_the_arrows_step() {
        let in_lesson = |key| key_action(key, Focus::Page, false, false, true, false);
        assert_eq!(in_lesson("PageDown"), Some(Action::NextStep));
        assert_eq!(in_lesson("PageUp"), Some(Action::PrevStep));
        assert_eq!(in_lesson("ArrowRight"), step(true));
        assert_eq!(in_lesson("ArrowLeft"), step(false));
    }

    #[test]
    fn the_clicker_works_after_a_click_on_a_button() {
        // Run, Step, Reset, Next, a tab: the keys step; Space stays the button's.
        let on_button = |key, lesson| key_action(key, Focus::Button, false, false, lesson, false);
        assert_eq!(on_button("PageDown", false), step(true));
        assert_eq!(on_button("PageUp", false), step(false));
        assert_eq!(on_button("ArrowRight", false), step(true));
        assert_eq!(on_button("ArrowLeft", false), step(false));
        assert_eq!(on_button("PageDown", true), Some(Action::NextStep));
        assert_eq!(on_button("PageUp", true), Some(Action::PrevStep));
        assert_eq!(on_button(" ", false), None);
        assert_eq!(on_button("Enter", false), None);
    }

    #[test]
    fn a_one_line_field_keeps_its_typing_and_lets_the_clicker_through() {
        // The lesson's Answer field: digits, arrows, Space and letters are typed; the clicker's
        // PageDown/PageUp turn the lesson's page.
        let in_field = |key, lesson| key_action(key, Focus::Line, false, false, lesson, false);
        assert_eq!(in_field("PageDown", true), Some(Action::NextStep));
        assert_eq!(in_field("PageUp", true), Some(Action::PrevStep));
        assert_eq!(in_field("PageDown", false), step(true));
        for key in ["ArrowRight", "ArrowLeft", " ", "p", "m", "4", "Escape"] {
            assert_eq!(in_field(key, true), None, "{key}");
        }
        assert_eq!(focus_of("INPUT", "text", false), Focus::Line);
        assert_eq!(focus_of("INPUT", "", false), Focus::Line);
        assert_eq!(focus_of("INPUT", "number", false), Focus::Line);
        assert_eq!(focus_of("INPUT", "range", false), Focus::Line);
        assert_eq!(focus_of("INPUT", "checkbox", false), Focus::Button);
        assert_eq!(focus_of("BUTTON", "submit", false), Focus::Button);
        assert_eq!(focus_of("CANVAS", "", false), Focus::Page);
    }

    #[test]
    fn the_editor_and_text_fields_keep_every_key() {
        for focus in [
            focus_of("TEXTAREA", "", false),
            focus_of("SELECT", "", false),
            focus_of("DIV", "", true),
        ] {
            assert_eq!(focus, Focus::Text);
            for key in ["PageDown", "PageUp", "ArrowLeft", " ", "p", "m"] {
                assert_eq!(
                    key_action(key, focus, false, false, true, true),
                    None,
                    "{key}"
                );
            }
        }
        assert_eq!(
            key_action("ArrowRight", Focus::Page, false, true, false, false),
            None,
            "with a modifier"
        );
    }
}
