//! The editor's event handlers: input and `beforeinput` (what an edit was, for the undo
//! history), the keys it takes (Tab, Shift+Tab, Enter, a closing brace, Escape then Tab, Ctrl+Enter,
//! undo and redo), the caret and scrolling.

use super::*;

/// `beforeinput`: remember the selection the edit starts from; route native undo/redo.
pub(super) fn before_input(core: &CoreRef, area: &HtmlTextAreaElement, e: &InputEvent) {
    match e.input_type().as_str() {
        "historyUndo" => {
            e.prevent_default();
            step_history(core, area, false);
        }
        "historyRedo" => {
            e.prevent_default();
            step_history(core, area, true);
        }
        _ => {
            let text = area.value();
            if let Ok(mut c) = core.try_borrow_mut() {
                c.pending_before = Some(selection_of(area, &text));
            }
        }
    }
}

/// Key bindings (see the module docs).
pub(super) fn on_key(core: &CoreRef, area: &HtmlTextAreaElement, e: &KeyboardEvent) {
    if e.is_composing() {
        return;
    }
    let key = e.key();
    let command = e.ctrl_key() || e.meta_key();
    let escaped = {
        let Ok(mut c) = core.try_borrow_mut() else {
            return;
        };
        let escaped = c.escaped;
        if key != "Shift" {
            c.escaped = key == "Escape";
        }
        escaped
    };
    match key.as_str() {
        "Enter" if command => {
            e.prevent_default();
            let on_run = core.borrow().on_run.clone();
            on_run.emit(());
        }
        "Enter" if !e.shift_key() && !e.alt_key() => {
            e.prevent_default();
            edit_with(core, area, EditKind::Typing, newline);
        }
        "}" if !command && !e.alt_key() => {
            e.prevent_default();
            edit_with(core, area, EditKind::Typing, close_brace);
        }
        "Tab" if !command && !e.alt_key() => {
            if escaped {
                return; // leave the editor: the browser moves the focus
            }
            e.prevent_default();
            if e.shift_key() {
                edit_with(core, area, EditKind::Outdent, outdent);
            } else {
                edit_with(core, area, EditKind::Indent, indent);
            }
        }
        "z" | "Z" if command && !e.alt_key() => {
            e.prevent_default();
            step_history(core, area, e.shift_key());
        }
        "y" | "Y" if e.ctrl_key() && !e.shift_key() && !e.alt_key() => {
            e.prevent_default();
            step_history(core, area, true);
        }
        _ => {}
    }
}

/// Applies a text operation to the textarea's text and selection and records it.
pub(super) fn edit_with(
    core: &CoreRef,
    area: &HtmlTextAreaElement,
    kind: EditKind,
    op: fn(&str, Selection) -> (String, Selection),
) {
    let text = area.value();
    let before = selection_of(area, &text);
    let (text, selection) = op(&text, before);
    let after = EditState { text, selection };
    show(area, &after);
    let on_edit = {
        let Ok(mut c) = core.try_borrow_mut() else {
            return;
        };
        c.pending_before = None;
        c.history.edit(kind, before, after.clone());
        c.reveal = true;
        c.on_edit.clone()
    };
    on_edit.emit(after.text);
}

/// Undo (`forward == false`) or redo, restoring text and selection.
pub(super) fn step_history(core: &CoreRef, area: &HtmlTextAreaElement, forward: bool) {
    let (state, on_edit) = {
        let Ok(mut c) = core.try_borrow_mut() else {
            return;
        };
        // Where the caret is now matters if the next step is a redo of this undo.
        let text = area.value();
        if text == c.history.current().text {
            let selection = selection_of(area, &text);
            c.history.select(selection);
        }
        let state = if forward {
            c.history.redo()
        } else {
            c.history.undo()
        };
        let Some(state) = state else { return };
        c.pending_before = None;
        c.reveal = true;
        (state, c.on_edit.clone())
    };
    show(area, &state);
    on_edit.emit(state.text);
}

/// Puts `state` into the textarea.
pub(super) fn show(area: &HtmlTextAreaElement, state: &EditState) {
    area.set_value(&state.text);
    let start = byte_to_utf16(&state.text, state.selection.start);
    let end = byte_to_utf16(&state.text, state.selection.end);
    area.set_selection_range(start, end).ok();
}

/// The textarea's selection as byte offsets into `text` (its value).
pub(super) fn selection_of(area: &HtmlTextAreaElement, text: &str) -> Selection {
    let start = area.selection_start().ok().flatten().unwrap_or(0);
    let end = area.selection_end().ok().flatten().unwrap_or(start);
    Selection {
        start: utf16_to_byte(text, start.min(end)),
        end: utf16_to_byte(text, end.max(start)),
    }
}

/// Scrolls the code box by as little as needed to show the caret's line.
pub(super) fn reveal_caret(
    area_ref: &NodeRef,
    code_ref: &NodeRef,
    wrap: &code_wrap::Wrap,
    line_px: f64,
) {
    let (Some(area), Some(code)) = (
        area_ref.cast::<HtmlTextAreaElement>(),
        code_ref.cast::<Element>(),
    ) else {
        return;
    };
    let text = area.value();
    let caret = selection_of(&area, &text).end;
    let row = wrap.row_of(text[..caret].matches('\n').count());
    let top = code_window::PAD_TOP_PX + (row as f64 * line_px) as i32;
    let bottom = top + line_px.ceil() as i32;
    let (view_top, view_height) = (code.scroll_top(), code.client_height());
    if top < view_top {
        code.set_scroll_top(top - code_window::PAD_TOP_PX);
    } else if bottom > view_top + view_height {
        code.set_scroll_top(bottom + code_window::PAD_TOP_PX - view_height);
    }
}

/// The history step kind of an `InputEvent.inputType`.
pub(super) fn edit_kind(input_type: &str) -> EditKind {
    match input_type {
        "insertText" | "insertCompositionText" | "insertLineBreak" | "insertParagraph" => {
            EditKind::Typing
        }
        "insertFromPaste"
        | "insertFromPasteAsQuotation"
        | "insertFromDrop"
        | "insertFromYank"
        | "deleteByCut"
        | "deleteByDrag" => EditKind::Paste,
        t if t.starts_with("delete") => EditKind::Delete,
        _ => EditKind::Other,
    }
}
