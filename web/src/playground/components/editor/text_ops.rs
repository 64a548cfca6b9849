//! The editor's pure text operations (tested natively): UTF-16 offsets, indenting and outdenting
//! lines, Enter keeping the indentation, a closing brace dedenting its line.

use super::*;

/// The byte offset of `units` UTF-16 code units into `text` (clamped; a position inside a
/// character moves to its end).
pub fn utf16_to_byte(text: &str, units: u32) -> usize {
    let units = units as usize;
    let mut seen = 0;
    for (i, c) in text.char_indices() {
        if seen >= units {
            return i;
        }
        seen += c.len_utf16();
    }
    text.len()
}

/// The UTF-16 offset of byte `at` in `text` (clamped to the text and to a character boundary).
pub fn byte_to_utf16(text: &str, at: usize) -> u32 {
    let at = floor_boundary(text, at);
    u32::try_from(text[..at].encode_utf16().count()).unwrap_or(u32::MAX)
}

/// `at` clamped to `text` and moved back to a character boundary.
pub(super) fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A selection clamped to `text`, ordered, on character boundaries.
pub(super) fn clamp(text: &str, sel: Selection) -> Selection {
    let (a, b) = (
        floor_boundary(text, sel.start),
        floor_boundary(text, sel.end),
    );
    Selection {
        start: a.min(b),
        end: a.max(b),
    }
}

/// Where the line holding byte `at` starts.
pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The starts of the lines a selection touches (a selection ending at the very start of a line
/// does not touch that line).
pub(super) fn touched_lines(text: &str, sel: Selection) -> Vec<usize> {
    let mut end = sel.end;
    if sel.end > sel.start && line_start(text, sel.end) == sel.end {
        end -= 1;
    }
    let mut starts = vec![line_start(text, sel.start)];
    starts.extend(
        text[sel.start..end]
            .match_indices('\n')
            .map(|(i, _)| sel.start + i + 1),
    );
    starts
}

/// Replaces the selection with `insert`; the caret ends after it.
pub fn insert(text: &str, sel: Selection, insert: &str) -> (String, Selection) {
    let sel = clamp(text, sel);
    let out = format!("{}{insert}{}", &text[..sel.start], &text[sel.end..]);
    (out, Selection::caret(sel.start + insert.len()))
}

/// Enter: a newline plus the current line's indentation (one level more after a `{`); the
/// spaces left before the caret are trimmed, so a blank line keeps no trailing spaces.
pub fn newline(text: &str, sel: Selection) -> (String, Selection) {
    let sel = clamp(text, sel);
    let start = line_start(text, sel.start);
    let before = &text[start..sel.start];
    let mut indent: String = before
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    if before.trim_end().ends_with('{') {
        indent.push_str(INDENT);
    }
    let cut = start + before.trim_end_matches([' ', '\t']).len();
    insert(
        text,
        Selection {
            start: cut,
            end: sel.end,
        },
        &format!("\n{indent}"),
    )
}

/// `}` typed on a line that holds only indentation before the caret: one level of it removed
/// first (four spaces or a tab), so the brace lines up with its block's opening line.
pub fn close_brace(text: &str, sel: Selection) -> (String, Selection) {
    let sel = clamp(text, sel);
    let start = line_start(text, sel.start);
    let before = &text[start..sel.start];
    let mut from = sel.start;
    if !before.is_empty() && before.chars().all(|c| c == ' ' || c == '\t') {
        let spaces = before.len() - before.trim_end_matches(' ').len();
        from -= if spaces == 0 {
            1
        } else {
            spaces.min(INDENT.len())
        };
    }
    insert(
        text,
        Selection {
            start: from,
            end: sel.end,
        },
        "}",
    )
}

/// Tab: four spaces in place of a selection within one line, otherwise every touched line
/// indented by four spaces (the selection grows with its lines).
pub fn indent(text: &str, sel: Selection) -> (String, Selection) {
    let sel = clamp(text, sel);
    if !text[sel.start..sel.end].contains('\n') {
        return insert(text, sel, INDENT);
    }
    let starts = touched_lines(text, sel);
    let mut out = String::with_capacity(text.len() + starts.len() * INDENT.len());
    let mut at = 0;
    for &s in &starts {
        out.push_str(&text[at..s]);
        out.push_str(INDENT);
        at = s;
    }
    out.push_str(&text[at..]);
    let shift = |p: usize| p + INDENT.len() * starts.iter().filter(|&&s| s < p).count();
    (
        out,
        Selection {
            start: shift(sel.start),
            end: shift(sel.end),
        },
    )
}

/// Shift+Tab: up to four leading spaces (or one tab) removed from every touched line.
pub fn outdent(text: &str, sel: Selection) -> (String, Selection) {
    let sel = clamp(text, sel);
    let removals: Vec<(usize, usize)> = touched_lines(text, sel)
        .into_iter()
        .map(|s| {
            let line = &text[s..];
            let n = if line.starts_with('\t') {
                1
            } else {
                line.bytes()
                    .take(INDENT.len())
                    .take_while(|&b| b == b' ')
                    .count()
            };
            (s, n)
        })
        .filter(|&(_, n)| n > 0)
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(s, n) in &removals {
        out.push_str(&text[at..s]);
        at = s + n;
    }
    out.push_str(&text[at..]);
    let shift = |p: usize| {
        p - removals
            .iter()
            .filter(|&&(s, _)| s < p)
            .map(|&(s, n)| n.min(p - s))
            .sum::<usize>()
    };
    (
        out,
        Selection {
            start: shift(sel.start),
            end: shift(sel.end),
        },
    )
}
