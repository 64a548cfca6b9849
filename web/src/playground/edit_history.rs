//! Undo and redo for the program editor, pure: a bounded list of `(text, selection)` states.
//!
//! Consecutive typing at the caret is one undo step, broken where a word ends (a space or newline
//! typed after a non-space), when the caret jumped elsewhere before the edit, and around pastes,
//! cuts, indenting and replacements from outside the editor (opening an example, a share link).
//! Consecutive deletions coalesce the same way. A new edit clears what could be redone.

use std::collections::VecDeque;

/// A selection in the text: `start..end` (a caret when equal). The history does not interpret
/// the unit; the editor stores byte offsets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Where the selection starts.
    pub start: usize,
    /// Where it ends (the caret when collapsed).
    pub end: usize,
}

impl Selection {
    /// A collapsed selection (a caret) at `at`.
    pub fn caret(at: usize) -> Selection {
        Selection { start: at, end: at }
    }

    /// Whether nothing is selected.
    pub fn is_caret(self) -> bool {
        self.start == self.end
    }
}

/// The text and selection to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditState {
    /// The whole text.
    pub text: String,
    /// The selection in it.
    pub selection: Selection,
}

/// What kind of edit produced a new state (decides what coalesces into one undo step).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditKind {
    /// Characters typed at the caret (including Enter).
    Typing,
    /// Characters deleted with Backspace or Delete.
    Delete,
    /// A paste, drop or cut: always its own step.
    Paste,
    /// Lines indented (Tab): its own step.
    Indent,
    /// Lines outdented (Shift+Tab): its own step.
    Outdent,
    /// The text replaced from outside the editor: its own step.
    Replace,
    /// Anything else: its own step.
    Other,
}

/// Most undo steps kept by default.
pub const DEFAULT_MAX_STEPS: usize = 500;

/// Most bytes of text kept in undo and redo states together by default.
pub const DEFAULT_MAX_BYTES: usize = 16 << 20;

/// The undo/redo history of one editor.
#[derive(Clone, Debug)]
pub struct EditHistory {
    /// Earlier states, oldest first.
    undo: VecDeque<EditState>,
    /// States undone, the next one to redo last.
    redo: Vec<EditState>,
    /// What is shown now.
    current: EditState,
    /// The kind of the last edit while it may still absorb the next one.
    open: Option<EditKind>,
    max_steps: usize,
    max_bytes: usize,
    /// Bytes of text in `undo` and `redo`.
    bytes: usize,
}

impl EditHistory {
    /// A history starting at `initial`, with the default bounds.
    pub fn new(initial: EditState) -> EditHistory {
        EditHistory::with_limits(initial, DEFAULT_MAX_STEPS, DEFAULT_MAX_BYTES)
    }

    /// A history keeping at most `max_steps` undo steps (at least 1) and about `max_bytes` of
    /// text in them (the newest step is always kept).
    pub fn with_limits(initial: EditState, max_steps: usize, max_bytes: usize) -> EditHistory {
        EditHistory {
            undo: VecDeque::new(),
            redo: Vec::new(),
            current: initial,
            open: None,
            max_steps: max_steps.max(1),
            max_bytes,
            bytes: 0,
        }
    }

    /// The state shown now.
    pub fn current(&self) -> &EditState {
        &self.current
    }

    /// Whether [`undo`](Self::undo) would do something.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`redo`](Self::redo) would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Records that the selection moved without an edit. A move ends the current typing step.
    pub fn select(&mut self, selection: Selection) {
        if selection != self.current.selection {
            self.current.selection = selection;
            self.open = None;
        }
    }

    /// Ends the current step: the next edit starts a new one.
    pub fn break_step(&mut self) {
        self.open = None;
    }

    /// Records an edit: the selection was `before` just before it, and `after` is the result.
    /// Typing or deleting right where the last edit left the caret joins its step; anything else
    /// is a new step. An edit that leaves the text as it was only moves the selection.
    pub fn edit(&mut self, kind: EditKind, before: Selection, after: EditState) {
        self.select(before);
        if after.text == self.current.text {
            self.current.selection = after.selection;
            return;
        }
        let joins = self.open == Some(kind)
            && match kind {
                EditKind::Typing => before.is_caret() && !ends_word(&self.current.text, &after),
                EditKind::Delete => true,
                _ => false,
            };
        self.drop_redo();
        if joins {
            self.current = after;
        } else {
            let previous = std::mem::replace(&mut self.current, after);
            self.push_undo(previous);
        }
        self.open = match kind {
            EditKind::Typing | EditKind::Delete => Some(kind),
            _ => None,
        };
    }

    /// Records a replacement of the whole text from outside the editor (its own undo step), with
    /// the caret at the start. Nothing happens if the text is unchanged.
    pub fn replace(&mut self, text: String) {
        if text == self.current.text {
            return;
        }
        let before = self.current.selection;
        self.edit(
            EditKind::Replace,
            before,
            EditState {
                text,
                selection: Selection::caret(0),
            },
        );
    }

    /// Steps back: returns the state to show, or `None` if there is nothing to undo.
    pub fn undo(&mut self) -> Option<EditState> {
        let previous = self.undo.pop_back()?;
        self.bytes -= previous.text.len();
        let now = std::mem::replace(&mut self.current, previous);
        self.bytes += now.text.len();
        self.redo.push(now);
        self.open = None;
        Some(self.current.clone())
    }

    /// Steps forward again: returns the state to show, or `None` if there is nothing to redo.
    pub fn redo(&mut self) -> Option<EditState> {
        let next = self.redo.pop()?;
        self.bytes -= next.text.len();
        let now = std::mem::replace(&mut self.current, next);
        self.bytes += now.text.len();
        self.undo.push_back(now);
        self.open = None;
        Some(self.current.clone())
    }

    fn drop_redo(&mut self) {
        for state in self.redo.drain(..) {
            self.bytes -= state.text.len();
        }
    }

    fn push_undo(&mut self, state: EditState) {
        self.bytes += state.text.len();
        self.undo.push_back(state);
        while self.undo.len() > self.max_steps
            || (self.bytes > self.max_bytes && self.undo.len() > 1)
        {
            if let Some(oldest) = self.undo.pop_front() {
                self.bytes -= oldest.text.len();
            }
        }
    }
}

/// Whether typing that turned `before` into `after` starts with whitespace right after a
/// non-space character, i.e. ends the word typed so far.
fn ends_word(before: &str, after: &EditState) -> bool {
    let (at, inserted) = insertion(before, after);
    let typed_space = inserted.chars().next().is_some_and(char::is_whitespace);
    let after_word = before
        .get(..at)
        .and_then(|b| b.chars().next_back())
        .is_some_and(|c| !c.is_whitespace());
    typed_space && after_word
}

/// Where text was inserted into `before` to give `after.text`, and what: the insertion ends at
/// the caret after the edit; the common prefix and suffix bound it when that is inconsistent.
fn insertion<'a>(before: &str, after: &'a EditState) -> (usize, &'a str) {
    let new = after.text.as_str();
    let grew = new.len().saturating_sub(before.len());
    let end = after.selection.end;
    if grew > 0 && end >= grew {
        let at = end - grew;
        if let (Some(b1), Some(b2), Some(ins)) =
            (before.get(..at), before.get(at..), new.get(at..end))
        {
            if new.starts_with(b1) && new.ends_with(b2) {
                return (at, ins);
            }
        }
    }
    let prefix = before
        .char_indices()
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(new.len()), |((i, _), _)| i);
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    (prefix, &new[prefix..new.len() - suffix])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(text: &str, caret: usize) -> EditState {
        EditState {
            text: text.to_string(),
            selection: Selection::caret(caret),
        }
    }

    /// Types `text` one character at a time at the caret.
    fn type_chars(h: &mut EditHistory, text: &str) {
        for ch in text.chars() {
            let cur = h.current().clone();
            let at = cur.selection.end;
            let mut next = cur.text.clone();
            next.insert(at, ch);
            h.edit(
                EditKind::Typing,
                cur.selection,
                state(&next, at + ch.len_utf8()),
            );
        }
    }

    fn backspace(h: &mut EditHistory) {
        let cur = h.current().clone();
        let at = cur.selection.end;
        let mut next = cur.text.clone();
        next.remove(at - 1);
        h.edit(EditKind::Delete, cur.selection, state(&next, at - 1));
    }

    fn undo_text(h: &mut EditHistory) -> Option<String> {
        h.undo().map(|s| s.text)
    }

    #[test]
    fn typing_coalesces_per_word() {
        let mut h = EditHistory::new(EditState::default());
        type_chars(&mut h, "int x = 42;");
        assert_eq!(h.current().text, "int x = 42;");
        assert_eq!(undo_text(&mut h).as_deref(), Some("int x ="));
        assert_eq!(undo_text(&mut h).as_deref(), Some("int x"));
        assert_eq!(undo_text(&mut h).as_deref(), Some("int"));
        assert_eq!(undo_text(&mut h).as_deref(), Some(""));
        assert_eq!(h.undo(), None);
        // Redo walks forward through the same steps, selection included.
        let s = h.redo().unwrap();
        assert_eq!((s.text.as_str(), s.selection), ("int", Selection::caret(3)));
        assert_eq!(h.redo().unwrap().text, "int x");
    }

    #[test]
    fn newline_after_a_word_breaks_and_spaces_stay_together() {
        let mut h = EditHistory::new(EditState::default());
        type_chars(&mut h, "a;\n    b");
        assert_eq!(undo_text(&mut h).as_deref(), Some("a;"));
        assert_eq!(undo_text(&mut h).as_deref(), Some(""));
    }

    #[test]
    fn a_cursor_jump_starts_a_new_step_and_undo_restores_the_caret() {
        let mut h = EditHistory::new(state("abc", 3));
        type_chars(&mut h, "de");
        // Click at 1, then type there.
        h.select(Selection::caret(1));
        type_chars(&mut h, "X");
        assert_eq!(h.current().text, "aXbcde");
        let s = h.undo().unwrap();
        assert_eq!(
            (s.text.as_str(), s.selection),
            ("abcde", Selection::caret(1))
        );
        let s = h.undo().unwrap();
        assert_eq!((s.text.as_str(), s.selection), ("abc", Selection::caret(3)));
    }

    #[test]
    fn the_before_selection_of_an_edit_detects_jumps_too() {
        let mut h = EditHistory::new(state("", 0));
        type_chars(&mut h, "ab");
        // The editor reports the selection just before the edit: the caret moved to 0.
        h.edit(EditKind::Typing, Selection::caret(0), state("Xab", 1));
        assert_eq!(undo_text(&mut h).as_deref(), Some("ab"));
        assert_eq!(h.current().selection, Selection::caret(0));
    }

    #[test]
    fn typing_over_a_selection_is_its_own_step() {
        let mut h = EditHistory::new(state("hello", 5));
        type_chars(&mut h, "!");
        let sel = Selection { start: 0, end: 5 };
        h.select(sel);
        h.edit(EditKind::Typing, sel, state("y!", 1));
        type_chars(&mut h, "o");
        assert_eq!(h.current().text, "yo!");
        let s = h.undo().unwrap();
        assert_eq!((s.text.as_str(), s.selection), ("hello!", sel));
    }

    #[test]
    fn paste_indent_and_replace_are_single_steps() {
        let mut h = EditHistory::new(state("", 0));
        type_chars(&mut h, "ab");
        h.edit(EditKind::Paste, Selection::caret(2), state("abXYZ", 5));
        type_chars(&mut h, "c");
        h.edit(
            EditKind::Indent,
            Selection::caret(6),
            state("    abXYZc", 10),
        );
        h.edit(
            EditKind::Indent,
            Selection::caret(10),
            state("        abXYZc", 14),
        );
        h.replace("example".to_string());
        assert_eq!(h.current().selection, Selection::caret(0));
        let undone: Vec<String> = std::iter::from_fn(|| undo_text(&mut h)).collect();
        assert_eq!(
            undone,
            vec!["        abXYZc", "    abXYZc", "abXYZc", "abXYZ", "ab", ""]
        );
    }

    #[test]
    fn deletions_coalesce_and_typing_after_them_is_new() {
        let mut h = EditHistory::new(state("", 0));
        type_chars(&mut h, "abcd");
        backspace(&mut h);
        backspace(&mut h);
        type_chars(&mut h, "x");
        assert_eq!(h.current().text, "abx");
        assert_eq!(undo_text(&mut h).as_deref(), Some("ab"));
        assert_eq!(undo_text(&mut h).as_deref(), Some("abcd"));
        assert_eq!(undo_text(&mut h).as_deref(), Some(""));
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut h = EditHistory::new(state("", 0));
        type_chars(&mut h, "one two");
        h.undo();
        assert!(h.can_redo());
        type_chars(&mut h, "!");
        assert!(!h.can_redo());
        assert_eq!(h.redo(), None);
        assert_eq!(undo_text(&mut h).as_deref(), Some("one"));
    }

    #[test]
    fn undo_then_typing_starts_a_new_step() {
        let mut h = EditHistory::new(state("", 0));
        type_chars(&mut h, "ab");
        h.break_step();
        type_chars(&mut h, "cd");
        h.undo();
        type_chars(&mut h, "x");
        assert_eq!(h.current().text, "abx");
        assert_eq!(undo_text(&mut h).as_deref(), Some("ab"));
    }

    #[test]
    fn no_op_edits_and_replacements_add_no_step() {
        let mut h = EditHistory::new(state("same", 0));
        h.replace("same".to_string());
        h.edit(EditKind::Other, Selection::caret(0), state("same", 2));
        assert!(!h.can_undo());
        assert_eq!(h.current().selection, Selection::caret(2));
    }

    #[test]
    fn the_history_is_bounded() {
        let mut h = EditHistory::with_limits(state("", 0), 3, usize::MAX);
        for i in 0..10 {
            h.replace(format!("v{i}"));
        }
        let undone: Vec<String> = std::iter::from_fn(|| undo_text(&mut h)).collect();
        assert_eq!(undone, vec!["v8", "v7", "v6"]);

        let big = "x".repeat(1000);
        let mut h = EditHistory::with_limits(state("", 0), 100, 2500);
        for i in 0..10 {
            h.replace(format!("{big}{i}"));
        }
        let mut n = 0;
        while h.undo().is_some() {
            n += 1;
        }
        assert!((1..=3).contains(&n), "kept {n} steps within 2500 bytes");
    }

    #[test]
    fn insertion_is_found_even_when_the_diff_is_ambiguous() {
        // Typing `l` in `hel|lo`: the caret says where.
        assert_eq!(insertion("hello", &state("helllo", 4)), (3, "l"));
        // Inconsistent caret: fall back to the common prefix and suffix.
        assert_eq!(insertion("hello", &state("heXllo", 0)), (2, "X"));
        assert_eq!(insertion("héllo", &state("héllo!", 99)), (6, "!"));
        // A space typed inside spaces does not end a word; after a word it does.
        assert!(!ends_word("a  b", &state("a   b", 3)));
        assert!(ends_word("ab", &state("ab ", 3)));
    }
}
