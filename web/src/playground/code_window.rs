//! The editor's window onto a long program: only the lines in view, plus a margin, are drawn
//! (gutter numbers and highlighted text), so a keystroke in a 10,000-line program re-renders and
//! re-lays out about a hundred lines, not ten thousand. The code box keeps the size of the whole
//! text (its height from the line count, its width from the longest line), so the scrollbars and
//! the transparent textarea over it are those of the full program.
//!
//! The window moves in chunks of lines, so scrolling within a chunk renders nothing. The pure
//! arithmetic (which lines, columns, offsets) is tested natively; [`measure`] reads the DOM.
//!
//! Lines are a whole [`LINE_PX`] pixels, so every layer (textarea, overlay, gutter, marks) agrees
//! even at line 10,000; the window is measured on scroll, resize and a `ResizeObserver`. Wrapped
//! (the default), the window is one of *rows*: [`measure`] turns the visible pixels into rows at
//! the measured line height, and `code_wrap::Wrap::lines_in` into the lines that have a row there.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// One line's height in CSS pixels: `--code-line` in `static/editor.css` (a whole number of
/// pixels, so line `n` is at exactly `n` times it in every layer, however long the program).
pub const LINE_PX: i32 = 20;
/// The text's top padding in pixels: `--code-pad-top` in `static/editor.css`.
pub const PAD_TOP_PX: i32 = 10;
/// The window's start and end are multiples of this many lines.
const CHUNK: usize = 40;
/// Lines drawn beyond each edge of the visible part.
const OVERSCAN: usize = 20;
/// The tab stops of the code font (`tab-size: 4`).
const TAB: usize = 4;

/// What part of the program is drawn, and how wide the visible text area is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The first row drawn (0-based): a line, or a wrapped line's row (see
    /// [`crate::playground::code_wrap::Wrap::lines_in`]).
    pub first: usize,
    /// One past the last row drawn (may exceed the row count).
    pub end: usize,
    /// The visible width of the text area in pixels (the code box without the gutter); 0 when
    /// not measured yet.
    pub width: i32,
    /// The code font's size in hundredths of a pixel, as measured (presentation mode's differs).
    pub font_centi: i32,
    /// One line's height in hundredths of a pixel, as measured.
    pub line_centi: i32,
}

impl Default for View {
    /// Before the first measurement: the top of the program, enough for a tall box.
    fn default() -> Self {
        View {
            first: 0,
            end: 3 * CHUNK,
            width: 0,
            font_centi: 1300,
            line_centi: LINE_PX * 100,
        }
    }
}

impl View {
    /// One line's height in pixels.
    pub fn line_px(&self) -> f64 {
        f64::from(self.line_centi.max(100)) / 100.0
    }

    /// The code font's size in pixels.
    pub fn font_px(&self) -> f64 {
        f64::from(self.font_centi.max(100)) / 100.0
    }

    /// The rows (unwrapped: lines) to draw of a text of `line_count` of them.
    pub fn lines(&self, line_count: usize) -> std::ops::Range<usize> {
        let end = self.end.min(line_count);
        self.first.min(end)..end
    }
}

/// The chunked window of lines covering the visible pixel rows `top..bottom` of the text
/// (measured from the top of the first line) at [`LINE_PX`] a line.
pub fn window_for(top: i32, bottom: i32) -> (usize, usize) {
    window_at(top, bottom, f64::from(LINE_PX))
}

/// The chunked window of rows covering the visible pixels `top..bottom` at `line_px` a row
/// (presentation mode's rows are taller than [`LINE_PX`]).
pub fn window_at(top: i32, bottom: i32, line_px: f64) -> (usize, usize) {
    let line_px = if line_px.is_finite() && line_px >= 1.0 {
        line_px
    } else {
        f64::from(LINE_PX)
    };
    let line = |px: i32| (f64::from(px.max(0)) / line_px) as usize;
    let first = line(top).saturating_sub(OVERSCAN) / CHUNK * CHUNK;
    let end = (line(bottom.max(top)) + OVERSCAN) / CHUNK * CHUNK + CHUNK;
    (first, end)
}

/// The byte offset where 0-based `line` starts in `text` (its length past the last line).
pub fn line_start(text: &str, line: usize) -> usize {
    if line == 0 {
        return 0;
    }
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .nth(line - 1)
        .map_or(text.len(), |(i, _)| i + 1)
}

/// The number of lines the textarea shows (one per `\n`, plus one).
pub fn line_count(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count() + 1
}

/// How many columns `line` takes in the code font (tabs to the next stop, one per character).
pub fn columns(line: &str) -> usize {
    line.chars().fold(0, |col, c| match c {
        '\t' => (col / TAB + 1) * TAB,
        _ => col + 1,
    })
}

/// The widest line of `text`, in columns.
pub fn widest(text: &str) -> usize {
    text.split('\n').map(columns).max().unwrap_or(0)
}

/// The pixel row of the top of 0-based `line` in the scrolled content.
pub fn line_top(line: usize) -> i32 {
    PAD_TOP_PX
        + i32::try_from(line)
            .unwrap_or(i32::MAX / LINE_PX)
            .min(i32::MAX / LINE_PX - 1)
            * LINE_PX
}

/// Where the editor is scrolled to and how much of it is on screen: the lines to draw.
/// `code` is the scrolling code box, `gutter` its line-number column.
pub fn measure(code: &Element, gutter: &Element) -> View {
    let rect = code.get_bounding_client_rect();
    let viewport = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(rect.bottom());
    // The part of the box on screen (the page may scroll it partly out of view), in the box's
    // own pixels; all of its visible height when it is off screen altogether.
    let (from, to) = (
        (-rect.top()).max(0.0),
        (viewport - rect.top()).min(rect.height()),
    );
    let (from, to) = if to > from {
        (from as i32, to as i32)
    } else {
        (0, code.client_height())
    };
    let scroll = code.scroll_top() - PAD_TOP_PX;
    let gutter_width = gutter
        .dyn_ref::<web_sys::HtmlElement>()
        .map_or(0, web_sys::HtmlElement::offset_width);
    let style = web_sys::window().and_then(|w| w.get_computed_style(gutter).ok().flatten());
    let px = |name: &str, fallback: i32| {
        style
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .and_then(|v| v.trim().trim_end_matches("px").parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v > 1.0)
            .map_or(fallback, |v| (v * 100.0).round() as i32)
    };
    let line_centi = px("line-height", LINE_PX * 100);
    let (first, end) = window_at(scroll + from, scroll + to, f64::from(line_centi) / 100.0);
    View {
        first,
        end,
        width: (code.client_width() - gutter_width).max(0),
        font_centi: px("font-size", 1300),
        line_centi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_covers_the_visible_lines_in_chunks() {
        // The top of the text, 30 lines visible.
        assert_eq!(window_for(0, 30 * LINE_PX), (0, 80));
        // Scrolled to line 5000: the window starts a margin before it, on a chunk.
        let (first, end) = window_for(5000 * LINE_PX, 5030 * LINE_PX);
        assert!(
            first <= 5000 - OVERSCAN && first % CHUNK == 0 && first > 4900,
            "{first}"
        );
        assert!(
            end >= 5030 + OVERSCAN && end % CHUNK == 0 && end < 5150,
            "{end}"
        );
        // Scrolling a few lines inside a chunk keeps the window.
        assert_eq!(window_for(5003 * LINE_PX, 5033 * LINE_PX), (first, end));
        // Nonsense (negative, inverted) stays in range.
        assert_eq!(window_for(-50, -10).0, 0);
        assert!(window_for(100, 0).1 > 0);
        // Taller rows (presentation mode's 28 px): the same pixels hold fewer rows.
        assert_eq!(window_at(0, 30 * 28, 28.0), (0, 80));
        let (first, _) = window_at(1000 * 28, 1030 * 28, 28.0);
        assert!(first <= 1000 - OVERSCAN && first > 900, "{first}");
        assert_eq!(window_at(0, 600, f64::NAN), window_for(0, 600));
    }

    #[test]
    fn view_lines_are_clamped_to_the_text() {
        let v = View {
            first: 80,
            end: 200,
            ..View::default()
        };
        assert_eq!(v.lines(1000), 80..200);
        assert_eq!(v.lines(120), 80..120);
        assert_eq!(v.lines(50), 50..50, "scrolled past a text that shrank");
        assert_eq!(View::default().lines(10), 0..10);
    }

    #[test]
    fn line_starts_counts_and_columns() {
        let text = "ab\n\tc\n\nxyz";
        assert_eq!(line_count(text), 4);
        assert_eq!(line_count(""), 1);
        assert_eq!(
            (0..6).map(|l| line_start(text, l)).collect::<Vec<_>>(),
            [0, 3, 6, 7, 10, 10]
        );
        assert_eq!(columns("\tc"), 5);
        assert_eq!(columns("ab\tc"), 5);
        assert_eq!(columns("abcd\t"), 8);
        assert_eq!(columns("é"), 1);
        assert_eq!(widest(text), 5);
        assert_eq!(line_top(0), PAD_TOP_PX);
        assert_eq!(line_top(3), PAD_TOP_PX + 3 * LINE_PX);
    }
}
