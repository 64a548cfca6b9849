//! Diagnostics on the text: where each one is shown in the current text (moved along with edits,
//! hidden where the text they were about changed), and the overlay's lines cut into pieces by
//! highlight class and mark.

use super::*;

/// Where a diagnostic is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Index into the diagnostics.
    pub diagnostic: usize,
    /// The underlined bytes in the current text (empty: a point at the end of its line).
    pub span: Span,
    /// The 0-based line it starts on.
    pub line: usize,
}

/// The marks of `diagnostics`, made for `old`, in the current text `new`: spans before or after
/// the one region that changed since are kept or moved with the text; those touching it are
/// dropped.
/// Spans are clamped to the text and to character boundaries; an empty span inside a line grows
/// to the character after it.
pub fn marks_for(diagnostics: &[Diagnostic], old: &str, new: &str) -> Vec<Mark> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let prefix = old
        .char_indices()
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(old.len().min(new.len()), |((i, _), _)| i);
    let suffix: usize = old[prefix..]
        .chars()
        .rev()
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let changed_old_end = old.len() - suffix;
    let moved = |p: usize| p + new.len() - old.len();
    let mut marks = Vec::new();
    for (i, d) in diagnostics.iter().enumerate() {
        let (a, b) = (
            floor_boundary(old, d.span.start),
            floor_boundary(old, d.span.end.max(d.span.start)),
        );
        // Spans touching the change are dropped: their text was probably what changed.
        let span = if old == new || b < prefix {
            a..b
        } else if a > changed_old_end {
            moved(a)..moved(b)
        } else {
            continue;
        };
        let (a, mut b) = (
            floor_boundary(new, span.start),
            floor_boundary(new, span.end),
        );
        if a == b && new[a..].chars().next().is_some_and(|c| c != '\n') {
            b = a + new[a..].chars().next().map_or(0, char::len_utf8);
        }
        marks.push(Mark {
            diagnostic: i,
            line: new[..a].matches('\n').count(),
            span: a..b,
        });
    }
    marks
}

/// A run of text on one line with one class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Byte range (never contains a newline).
    pub range: Span,
    /// Its highlight class.
    pub class: HighlightClass,
    /// The mark underlining it, if any.
    pub mark: Option<usize>,
}

/// One line of the overlay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Its text in pieces.
    pub pieces: Vec<Piece>,
    /// A mark with an empty span at the end of this line.
    pub point: Option<usize>,
}

/// Splits the highlighted source into lines of pieces, cut where marks start and end, for the
/// 0-based `lines` (those past the end are left out). There is one line per `\n` plus one, like
/// the textarea shows.
pub fn layout(
    source: &str,
    highlights: &[Highlight],
    marks: &[Mark],
    lines: std::ops::Range<usize>,
) -> Vec<Line> {
    if lines.is_empty() || lines.start >= code_window::line_count(source) {
        return Vec::new();
    }
    let start = code_window::line_start(source, lines.start);
    let count = lines.end.saturating_sub(lines.start);
    // The bytes of those lines (the newline ending the last one included: it starts no line).
    let end = start
        + source[start..]
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(count.saturating_sub(1))
            .map_or(source.len() - start, |(i, _)| i);
    let mut cuts: Vec<usize> = marks
        .iter()
        .flat_map(|m| [m.span.start, m.span.end])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mark_at = |from: usize, to: usize| {
        marks
            .iter()
            .position(|m| m.span.start <= from && to <= m.span.end && m.span.start < m.span.end)
    };
    let mut out = vec![Line::default()];
    let first_highlight = highlights.partition_point(|h| h.span.end <= start);
    for h in &highlights[first_highlight..] {
        if h.span.start >= end {
            break;
        }
        let stop = h.span.end.min(end);
        let mut at = h.span.start.max(start);
        while at < stop {
            if source.as_bytes()[at] == b'\n' {
                out.push(Line::default());
                at += 1;
                continue;
            }
            let newline = source[at..stop].find('\n').map_or(stop, |i| at + i);
            let cut = cuts
                .iter()
                .copied()
                .find(|&c| c > at)
                .map_or(newline, |c| c.min(newline));
            if let Some(line) = out.last_mut() {
                line.pieces.push(Piece {
                    range: at..cut,
                    class: h.class,
                    mark: mark_at(at, cut),
                });
            }
            at = cut;
        }
    }
    out.truncate(count);
    for (i, m) in marks.iter().enumerate() {
        if m.span.is_empty() {
            if let Some(line) = m.line.checked_sub(lines.start).and_then(|l| out.get_mut(l)) {
                line.point.get_or_insert(i);
            }
        }
    }
    out
}
