//! Soft-wrapped code (on by default in every editable layout; the desktop page's "Wrap" box turns
//! it off there, presentation mode always wraps): each source line takes as many rows as its
//! columns need at a fixed number of columns per row, so no line loses its end. Every layer of the
//! editor — the textarea, the highlighted overlay, the gutter (a ↪ on each continued row) and
//! the rank marks — places line `n` at [`Wrap::row_of`] rows, and the textarea and the overlay
//! break at exactly [`Wrap::per_row`] columns (`white-space: break-spaces; line-break: anywhere`
//! in a box exactly that many columns wide), so they agree row for row.
//!
//! The rows are arithmetic on the text (no measuring), so the editor draws only the lines whose
//! rows are in view ([`Wrap::lines_in`]) however long the program.
//!
//! The rank names of a marked line sit in a margin of [`LABEL_COLS`] columns right of the
//! text, never over it. Pure arithmetic, tested natively.
//!
//! Measured (`tests/bench-keystroke.mjs --lines 5000 --present`, on 2026-11-27, on the shared
//! 2-core machine): presenting a 5,000-line program, which drew every line before the window of
//! rows, a keystroke took a median 350 ms (max 923 ms) before and 32 ms (max 115 ms) after. The
//! bench also measures 10,000 lines (the default) and `--unwrap`.

use crate::playground::code_window::columns;

/// Columns kept free right of the wrapped text for the rank names of marked lines.
pub const LABEL_COLS: usize = 5;

/// Fewest columns per row (a very narrow box scrolls sideways rather than wrapping to nothing).
pub const MIN_COLS: usize = 24;

/// Horizontal padding of the text in pixels, both sides together (`--code-pad`).
pub const PAD_X_PX: f64 = 24.0;

/// The code font's advance width as a fraction of its size (JetBrains Mono: 600/1000 em).
pub const CH_EM: f64 = 0.6;

/// How the lines of a text fall into rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrap {
    /// Columns per row (`usize::MAX`: no wrapping).
    pub per_row: usize,
    /// Rows before each line; one more entry, the total.
    before: Vec<usize>,
}

/// Rows a line of `cols` columns takes at `per_row` columns per row.
pub fn rows_of(cols: usize, per_row: usize) -> usize {
    cols.div_ceil(per_row.max(1)).max(1)
}

/// Columns per row that fit a text area `width_px` wide (the code box without the gutter) in
/// a code font of `font_px`, with the rank names' margin; at least [`MIN_COLS`].
pub fn per_row(width_px: i32, font_px: f64) -> usize {
    let ch = (font_px * CH_EM).max(1.0);
    let cols = ((f64::from(width_px) - PAD_X_PX) / ch).floor() as i64 - LABEL_COLS as i64 - 1;
    usize::try_from(cols).unwrap_or(0).max(MIN_COLS)
}

impl Wrap {
    /// `text`'s lines at `per_row` columns per row.
    pub fn new(text: &str, per_row: usize) -> Wrap {
        let mut before = vec![0];
        let mut rows = 0;
        for line in text.split('\n') {
            rows += rows_of(columns(line), per_row);
            before.push(rows);
        }
        Wrap { per_row, before }
    }

    /// No wrapping: one row per line, for `line_count` lines.
    pub fn none(line_count: usize) -> Wrap {
        Wrap {
            per_row: usize::MAX,
            before: (0..=line_count).collect(),
        }
    }

    /// Whether lines wrap.
    pub fn wraps(&self) -> bool {
        self.per_row != usize::MAX
    }

    /// The row where 0-based `line` starts (the total past the last line).
    pub fn row_of(&self, line: usize) -> usize {
        self.before[line.min(self.before.len() - 1)]
    }

    /// Rows 0-based `line` takes.
    pub fn rows(&self, line: usize) -> usize {
        self.row_of(line + 1) - self.row_of(line)
    }

    /// Rows of the whole text.
    pub fn total(&self) -> usize {
        self.row_of(usize::MAX)
    }

    /// The 0-based line that 0-based `row` belongs to (the last line for rows past the end).
    pub fn line_at(&self, row: usize) -> usize {
        let lines = self.before.len() - 1;
        self.before
            .partition_point(|&b| b <= row)
            .saturating_sub(1)
            .min(lines.saturating_sub(1))
    }

    /// The lines with a row in `rows` (empty when `rows` is empty or past the end).
    pub fn lines_in(&self, rows: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let lines = self.before.len() - 1;
        if rows.is_empty() || rows.start >= self.total() {
            return lines..lines;
        }
        self.line_at(rows.start)..self.line_at(rows.end - 1) + 1
    }
}

/// The rank names of a marked line (`r0 r1 …`), shortened to about `room` characters with a
/// count of the rest (`r0 r1 +5`).
pub fn rank_label(ranks: &[u32], room: usize) -> String {
    let all: Vec<String> = ranks.iter().map(|r| format!("r{r}")).collect();
    let full = all.join(" ");
    if full.chars().count() <= room {
        return full;
    }
    let mut shown = String::new();
    for (i, name) in all.iter().enumerate() {
        let rest = format!(" +{}", all.len() - i);
        let next = if shown.is_empty() {
            name.clone()
        } else {
            format!("{shown} {name}")
        };
        if next.chars().count() + format!(" +{}", all.len() - i - 1).chars().count() > room {
            return if shown.is_empty() {
                format!("+{}", all.len())
            } else {
                shown + &rest
            };
        }
        shown = next;
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_take_as_many_rows_as_their_columns_need() {
        let text = "short\n0123456789012345678901234567890\n\n\tx";
        let w = Wrap::new(text, 10);
        assert_eq!((0..4).map(|l| w.rows(l)).collect::<Vec<_>>(), [1, 4, 1, 1]);
        assert_eq!(
            (0..5).map(|l| w.row_of(l)).collect::<Vec<_>>(),
            [0, 1, 5, 6, 7]
        );
        assert_eq!(w.total(), 7);
        assert!(w.wraps());
        // Exactly a row's worth is one row.
        assert_eq!(rows_of(10, 10), 1);
        assert_eq!(rows_of(11, 10), 2);
        assert_eq!(rows_of(0, 10), 1);
        let none = Wrap::none(4);
        assert_eq!((none.row_of(3), none.rows(1), none.total()), (3, 1, 4));
        assert!(!none.wraps());
    }

    #[test]
    fn rows_map_back_to_their_lines() {
        // Rows: line 0 → 0, line 1 → 1..5, line 2 → 5, line 3 → 6.
        let w = Wrap::new("short\n0123456789012345678901234567890\n\n\tx", 10);
        assert_eq!(
            (0..9).map(|r| w.line_at(r)).collect::<Vec<_>>(),
            [0, 1, 1, 1, 1, 2, 3, 3, 3]
        );
        assert_eq!(w.lines_in(0..1), 0..1);
        assert_eq!(w.lines_in(2..6), 1..3);
        assert_eq!(w.lines_in(3..100), 1..4);
        assert_eq!(w.lines_in(7..20), 4..4, "past the end");
        assert_eq!(w.lines_in(3..3), 4..4, "no rows");
        // A long text: the lines of a window of rows are few, and each line's rows meet it.
        let text: String = (0..5000)
            .map(|i| "x".repeat(i % 97))
            .collect::<Vec<_>>()
            .join("\n");
        let w = Wrap::new(&text, 30);
        let lines = w.lines_in(9000..9060);
        assert!(lines.len() <= 60, "{lines:?}");
        assert!(w.row_of(lines.start) <= 9000 && w.row_of(lines.end) >= 9060);
        assert_eq!(Wrap::none(3).lines_in(1..2), 1..2);
    }

    #[test]
    fn the_columns_per_row_leave_the_names_margin() {
        // 19 px type: 11.4 px a column; 500 px less the padding holds 41 columns, 7 for names.
        assert_eq!(per_row(500, 19.0), 41 - LABEL_COLS - 1);
        assert_eq!(per_row(100, 19.0), MIN_COLS);
        assert_eq!(per_row(0, 0.0), MIN_COLS);
    }

    #[test]
    fn rank_labels_fit_their_margin() {
        assert_eq!(rank_label(&[0, 1], 11), "r0 r1");
        assert_eq!(rank_label(&[0, 1, 2, 3], 11), "r0 r1 r2 r3");
        assert_eq!(rank_label(&[0, 1, 2, 3, 4], 11), "r0 r1 r2 +2");
        assert_eq!(rank_label(&[10, 11, 12, 13, 14, 15], 11), "r10 r11 +4");
        assert_eq!(rank_label(&[1000], 3), "+1");
        for n in 1..70 {
            let ranks: Vec<u32> = (0..n).collect();
            let l = rank_label(&ranks, 11);
            assert!(l.chars().count() <= 11, "{n}: {l}");
        }
    }
}
