//! The timeline: a space-time diagram of the run on a canvas — one row per rank with its compute
//! and blocked spans, arrows for messages and one-sided operations, marks, a time axis and the
//! cursor at the current event; the known future (computed before a step back) drawn faded.
//!
//! The model is core's [`rankscope_core::trace::timeline::Timeline`], kept up to date by
//! [`crate::session::Session::after_move`]. Pan, zoom and hover never re-render Yew: they change
//! the view state (a `use_mut_ref`) and redraw the canvas in the next animation frame, culling
//! to the visible window with the model's binary searches and batching each style into one path.
//!
//! A 256-rank run's redraw (tens of thousands of span rectangles, written as one `Path2D` string
//! per style with relative sides) costs tens of milliseconds, and the browser rasterises the canvas
//! at about that cost again when it commits the frame; so while a run plays, a redraw after a move
//! waits until `REDRAW_SPACING` (8) times the last redraw's script time has passed (at most 400
//! ms). Measured with `tests/bench-long-run.mjs` (stencil_fence.c, 256 ranks, fx100) on 2026-11-27
//! on a 2-core machine shared with other builds, the figures followed the machine's load more than
//! the code: at load ~2, 14.3 s and 9 frame gaps over 100 ms (longest 166.6 ms) before this
//! spacing, 8.9 s and none (longest 100.0 ms) after; alternating both builds at load 3–9, 17.2 and
//! 16.8 s with 32 and 25 gaps before, 23.7 and 18.2 s with 41 and 25 after. The 100 ms target is
//! not shown met under load.

use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use rankscope_core::time::SimTime;
use rankscope_core::trace::timeline::{
    last_record_at, ArrowKind, Hit, Item, MarkKind, SpanKind, Timeline as Model,
};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, Path2d};
use yew::prelude::*;

use super::time_axis::{SharedAxis, TimeAxis, MIN_SPAN};
use crate::clock::now_ms;
use crate::rank_filter;
use crate::rows_link::RowsShare;
use crate::session::{Session, SessionCell};
use crate::span_names;
use crate::timeline_rows::{self, Row, Rows, RowsSpec};

/// Props: the run, its generation (changes whenever it moves), the time axis it shares and
/// where a click goes; the comparison's timeline also gets a title, a status line, the main
/// run's cursor and a click that seeks by time.
#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The visible window, shared by every timeline of the page.
    pub axis: SharedAxis,
    /// Go to a History position (number of steps from the start).
    #[prop_or_default]
    pub on_seek: Callback<u64>,
    /// When set, a click goes to a simulated time instead (the comparison's timeline moves the
    /// main run).
    #[prop_or_default]
    pub on_seek_time: Option<Callback<SimTime>>,
    /// The cursor's time, when it is not this run's own (the main run's, in the comparison).
    #[prop_or_default]
    pub cursor: Option<SimTime>,
    /// The panel's heading.
    #[prop_or(AttrValue::Static("Timeline"))]
    pub title: AttrValue,
    /// A line after the heading (the comparison's end time).
    #[prop_or_default]
    pub status: Option<AttrValue>,
    /// What the diagram shows, for screen readers ("the run").
    #[prop_or(AttrValue::Static("the run"))]
    pub subject: AttrValue,
    /// Prefix of the `data-testid`s and element ids (`timeline`, `timeline-canvas`, …).
    #[prop_or(AttrValue::Static("timeline"))]
    pub testid: AttrValue,
    /// Show the legend and the usage hint (the comparison below the main timeline does not
    /// repeat them).
    #[prop_or(true)]
    pub legend: bool,
    /// Extra class of the panel.
    #[prop_or_default]
    pub class: Classes,
    /// Shown between the heading and the diagram (the comparison's error).
    #[prop_or_default]
    pub children: Html,
    /// Rows to show (rank filter, groups, row height) when they come from outside — a share
    /// link, the autosave; applied when they differ from what the timeline last reported.
    #[prop_or_default]
    pub rows: RowsShare,
    /// Told when the reader changes the rows (filter, groups, row height).
    #[prop_or_default]
    pub on_rows: Callback<RowsShare>,
}

/// Width of the rank labels on the left (CSS px).
const LEFT: f64 = 64.0;
/// Right margin.
const RIGHT: f64 = 12.0;
/// Height of the time axis on top.
const TOP: f64 = 26.0;
/// Space below the last row.
const BOTTOM: f64 = 8.0;
/// Hover and click tolerance around arrows and marks (CSS px).
const HIT_PX: f64 = 5.0;
/// Arrows drawn per frame at most (more in view: every n-th, see `paint`).
const MAX_ARROWS: usize = 40_000;
/// The fewest arrows a frame may be cut down to (see [`arrow_budget`]).
const MIN_ARROWS: usize = 2_000;

/// The next frame's arrow budget after one took `draw_ms` with `budget`: halved when a redraw
/// took over 30 ms (hundreds of ranks zoomed out: a redraw of 40,000 arrows took up to 280 ms,
/// a long task while the run plays), doubled back when it took under 10 ms.
fn arrow_budget(budget: usize, draw_ms: f64) -> usize {
    if draw_ms > 30.0 {
        (budget / 2).max(MIN_ARROWS)
    } else if draw_ms < 10.0 {
        (budget * 2).min(MAX_ARROWS)
    } else {
        budget
    }
}

/// The pure arithmetic of the view: window, zoom, pan, axis ticks (tested natively).
pub(crate) mod geometry {
    /// Height of one rank's row for `ranks` rows (CSS px).
    /// Rows shrink with the rank count, to 3 px; past 400 ranks the diagram stays 1,200 px tall
    /// and rows go below a pixel (a density picture; labels thin out).
    pub fn row_height(ranks: u32) -> f64 {
        match ranks {
            0..=4 => 34.0,
            5..=8 => 30.0,
            9..=16 => 24.0,
            n => {
                let n = f64::from(n);
                (420.0 / n).clamp(3.0, 24.0).min(1200.0 / n)
            }
        }
    }

    /// The window `[start, end]` zoomed by `factor` (< 1 zooms in) keeping time `at` in place,
    /// clamped to `[min_span, max_span]`.
    pub fn zoom(
        start: f64,
        end: f64,
        at: f64,
        factor: f64,
        min_span: f64,
        max_span: f64,
    ) -> (f64, f64) {
        let span = end - start;
        let new_span = (span * factor).clamp(min_span, max_span.max(min_span));
        let k = if span > 0.0 { (at - start) / span } else { 0.5 };
        let start = at - k * new_span;
        (start, start + new_span)
    }

    /// The window moved so that it still shows part of `[0, run_end]`.
    pub fn clamp_pan(start: f64, end: f64, run_end: f64) -> (f64, f64) {
        let span = end - start;
        let lo = -0.5 * span;
        let hi = (run_end - 0.5 * span).max(lo);
        let s = start.clamp(lo, hi);
        (s, s + span)
    }

    /// The whole run with a little room on the right for the last arrowheads.
    pub fn fit(run_end: f64, min_span: f64) -> (f64, f64) {
        (0.0, (run_end * 1.03).max(min_span))
    }

    /// A round tick step (1, 2 or 5 × 10^k ps) near `raw`.
    pub fn nice_step(raw: f64) -> f64 {
        if !(raw.is_finite() && raw > 0.0) {
            return 1.0;
        }
        let p = 10f64.powf(raw.log10().floor());
        let m = raw / p;
        let n = if m <= 1.0 {
            1.0
        } else if m <= 2.0 {
            2.0
        } else if m <= 5.0 {
            5.0
        } else {
            10.0
        };
        (n * p).max(1.0)
    }

    /// The unit (size in ps and name) in which ticks `step` apart are labelled.
    pub fn unit(step: f64) -> (f64, &'static str) {
        if step < 1e3 {
            (1.0, "ps")
        } else if step < 1e6 {
            (1e3, "ns")
        } else if step < 1e9 {
            (1e6, "µs")
        } else if step < 1e12 {
            (1e9, "ms")
        } else {
            (1e12, "s")
        }
    }

    /// A tick label: `t` in the unit of the largest time on the axis (`scale`), with as many
    /// decimals as ticks `step` apart need (so a deep zoom late in a run reads `5.0001 ms`).
    pub fn label(t: f64, step: f64, scale: f64) -> String {
        let (size, name) = unit(scale.abs().max(step));
        let decimals = (-(step / size).log10()).ceil().clamp(0.0, 9.0) as usize;
        if t == 0.0 {
            return format!("0 {name}");
        }
        let v = t / size;
        // No "-0".
        let v = if v.abs() < 0.5 * 10f64.powi(-(decimals as i32)) {
            0.0
        } else {
            v
        };
        format!("{v:.decimals$} {name}")
    }
}

/// Colours and fonts read from the page's CSS custom properties (light or dark theme).
#[derive(Clone, Debug)]
struct Colors {
    bg: String,
    stripe: String,
    grid: String,
    axis: String,
    label: String,
    compute: String,
    blocked: String,
    library: String,
    message: String,
    rdma: String,
    atomic: String,
    cursor: String,
    done: String,
    console: String,
    unexpected: String,
    highlight: String,
    font: String,
    /// Text size relative to the usual (`--tl-text-scale`: larger in presentation mode).
    text_scale: f64,
}

impl Colors {
    fn read(el: &web_sys::Element) -> Colors {
        let style = web_sys::window().and_then(|w| w.get_computed_style(el).ok().flatten());
        let get = |name: &str, fallback: &str| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| fallback.to_string())
        };
        Colors {
            bg: get("--tl-bg", "#ffffff"),
            stripe: get("--tl-stripe", "rgba(0,0,0,0.03)"),
            grid: get("--tl-grid", "#e6e9ef"),
            axis: get("--tl-axis", "#5d6577"),
            label: get("--tl-label", "#1b1f2a"),
            compute: get("--tl-compute", "#4f74e8"),
            blocked: get("--tl-blocked", "#f0b35b"),
            library: get("--tl-library", "#8b5cf6"),
            message: get("--tl-message", "#39404f"),
            rdma: get("--tl-rdma", "#0f9f6e"),
            atomic: get("--tl-atomic", "#d0367f"),
            cursor: get("--tl-cursor", "#e11d48"),
            done: get("--tl-done", "#16a34a"),
            console: get("--tl-console", "#6b7280"),
            unexpected: get("--tl-unexpected", "#b45309"),
            highlight: get("--tl-highlight", "#111827"),
            font: get("--sans", "system-ui, sans-serif"),
            text_scale: get("--tl-text-scale", "1")
                .parse::<f64>()
                .ok()
                .filter(|k| k.is_finite())
                .map_or(1.0, |k| k.clamp(0.5, 2.0)),
        }
    }
}

impl Colors {
    /// The canvas font at `px` (CSS px) times the text scale.
    fn font_px(&self, px: f64) -> String {
        format!("{}px {}", px * self.text_scale, self.font)
    }
}

/// A drag in progress.
#[derive(Clone, Copy, Debug)]
struct Drag {
    pointer: i32,
    x0: f64,
    y0: f64,
    start0: f64,
    end0: f64,
    moved: bool,
}

/// A small multiplicative hasher for the per-frame pixel keys (SipHash is several times slower,
/// and nothing here needs protection from chosen keys).
#[derive(Default)]
struct FastHash(u64);

impl FastHash {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_i32(&mut self, i: i32) {
        self.add(u64::from(i as u32));
    }
}

/// The view state: lives across renders, changed by events, read by the frame callback.
struct View {
    session: Option<SessionCell>,
    on_seek: Callback<u64>,
    /// Where a click goes instead, by simulated time (the comparison's timeline).
    on_seek_time: Option<Callback<SimTime>>,
    /// The cursor's time when it is not this run's own (the comparison shows the main run's).
    cursor: Option<SimTime>,
    canvas: Option<HtmlCanvasElement>,
    ctx: Option<CanvasRenderingContext2d>,
    wrap: Option<HtmlElement>,
    tooltip: Option<HtmlElement>,
    /// The visible window, shared with the other timelines of the page.
    axis: SharedAxis,
    /// This timeline's member id on the axis, once mounted.
    axis_id: Option<u32>,
    css_w: f64,
    /// The height the rows may fill (presentation mode: the free height of the timeline's
    /// area); 0: rows of their usual height.
    fill_h: f64,
    size_dirty: bool,
    colors: Option<Colors>,
    /// Pointer position over the canvas (CSS px), for hover.
    pointer: Option<(f64, f64)>,
    drag: Option<Drag>,
    /// Touch pointers, for pinch zoom.
    touches: Vec<(i32, f64, f64)>,
    pinch: Option<(f64, f64, f64)>,
    frame_pending: bool,
    /// A redraw after a move is waiting for its turn (see `request_frame_after_move`).
    deferred: bool,
    /// When the last redraw ended and how long it took (ms of page time).
    last_draw_end: f64,
    last_draw_ms: f64,
    /// Arrows the next redraw may draw (adapts to how long redraws take).
    arrows_max: usize,
    frames: u64,
    /// Scratch set for de-duplicating arrows that land on the same pixels.
    seen: HashSet<(i32, u32, i32, u32, u8), BuildHasherDefault<FastHash>>,
    /// Which ranks are rows (filter, groups, vertical zoom).
    rows: RowsSpec,
}

impl View {
    /// One rank's row: the usual height, or taller to fill [`View::fill_h`].
    fn row_height(&self, ranks: u32) -> f64 {
        crate::timeline_fill::row_height(
            geometry::row_height(ranks),
            ranks,
            self.fill_h,
            TOP + BOTTOM,
        )
    }

    fn new(axis: SharedAxis) -> View {
        View {
            session: None,
            on_seek: Callback::noop(),
            on_seek_time: None,
            cursor: None,
            canvas: None,
            ctx: None,
            wrap: None,
            tooltip: None,
            axis,
            axis_id: None,
            css_w: 800.0,
            fill_h: 0.0,
            size_dirty: true,
            colors: None,
            pointer: None,
            drag: None,
            touches: Vec::new(),
            pinch: None,
            frame_pending: false,
            deferred: false,
            last_draw_end: 0.0,
            last_draw_ms: 0.0,
            arrows_max: MAX_ARROWS,
            frames: 0,
            seen: HashSet::default(),
            rows: RowsSpec::default(),
        }
    }

    fn plot_w(&self) -> f64 {
        (self.css_w - LEFT - RIGHT).max(10.0)
    }

    /// The visible window `(start, end)` in picoseconds.
    fn window(&self) -> (f64, f64) {
        self.axis
            .0
            .try_borrow()
            .map_or((0.0, 1e6), |a| (a.start, a.end))
    }

    /// Picoseconds per CSS px.
    fn ps_per_px(&self) -> f64 {
        let (start, end) = self.window();
        (end - start) / self.plot_w()
    }

    fn time_at(&self, x: f64) -> f64 {
        self.window().0 + (x - LEFT) * self.ps_per_px()
    }

    /// Tells the axis how far this run goes and where the cursor is, then lets it refit or
    /// follow the cursor.
    fn report(&self) {
        let (Some(cell), Some(id)) = (&self.session, self.axis_id) else {
            return;
        };
        let Ok(s) = cell.0.try_borrow() else {
            return;
        };
        let now = self.cursor.unwrap_or_else(|| s.history.sim().now());
        if let Ok(mut axis) = self.axis.0.try_borrow_mut() {
            axis.report(id, s.timeline.end_time().as_ps() as f64);
            axis.now = now.as_ps() as f64;
            axis.follow();
        }
    }

    /// Changes the shared window with `change`.
    fn with_axis(&self, change: impl FnOnce(&mut TimeAxis)) {
        if let Ok(mut axis) = self.axis.0.try_borrow_mut() {
            change(&mut axis);
        }
    }
}

/// Tells the page the reader changed the rows (filter, groups, row height), once per change and
/// with the view's borrow released.
fn report_rows(
    view: &Rc<RefCell<View>>,
    reported: &Rc<RefCell<RowsShare>>,
    on_rows: &Callback<RowsShare>,
) {
    let Ok(rows) = view.try_borrow().map(|v| RowsShare::of(&v.rows)) else {
        return;
    };
    match reported.try_borrow_mut() {
        Ok(mut last) if *last != rows => *last = rows.clone(),
        _ => return,
    }
    on_rows.emit(rows);
}

/// Schedules one redraw in the next animation frame (coalescing requests).
fn request_frame(view: &Rc<RefCell<View>>) {
    {
        let Ok(mut v) = view.try_borrow_mut() else {
            return;
        };
        if v.frame_pending {
            return;
        }
        v.frame_pending = true;
    }
    let weak = Rc::downgrade(view);
    let callback = Closure::once_into_js(move |_ts: f64| {
        if let Some(view) = weak.upgrade() {
            frame(&view);
        }
    });
    let scheduled = web_sys::window()
        .map(|w| w.request_animation_frame(callback.unchecked_ref()).is_ok())
        .unwrap_or(false);
    if !scheduled {
        if let Ok(mut v) = view.try_borrow_mut() {
            v.frame_pending = false;
        }
    }
}

/// Redraws this timeline and every other on its axis (after a pan or zoom moved the window).
fn redraw_all(view: &Rc<RefCell<View>>) {
    request_frame(view);
    let members = view
        .try_borrow()
        .ok()
        .and_then(|v| v.axis.0.try_borrow().ok().map(|a| a.redraws()));
    for redraw in members.into_iter().flatten() {
        redraw();
    }
}

/// Redraws after the run moved, but while a run plays (moving many times a second) keeps the
/// timeline to a small share of the page's time: the next such redraw waits
/// [`REDRAW_SPACING`] times as long as the last one's script took. Pan, zoom and hover redraw at once ([`request_frame`]).
fn request_frame_after_move(view: &Rc<RefCell<View>>) {
    let wait = {
        let Ok(mut v) = view.try_borrow_mut() else {
            return;
        };
        if v.deferred || v.frame_pending {
            return; // that redraw will show the latest state
        }
        let earliest = v.last_draw_end + (REDRAW_SPACING * v.last_draw_ms).min(MAX_REDRAW_WAIT_MS);
        let now = now_ms();
        if now >= earliest {
            0
        } else {
            v.deferred = true;
            (earliest - now).ceil() as i32
        }
    };
    if wait == 0 {
        request_frame(view);
        return;
    }
    let weak = Rc::downgrade(view);
    let callback = Closure::once_into_js(move || {
        if let Some(view) = weak.upgrade() {
            if let Ok(mut v) = view.try_borrow_mut() {
                v.deferred = false;
            }
            request_frame(&view);
        }
    });
    let scheduled = web_sys::window().is_some_and(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), wait)
            .is_ok()
    });
    if !scheduled {
        if let Ok(mut v) = view.try_borrow_mut() {
            v.deferred = false;
        }
        request_frame(view);
    }
}

/// While a run plays, the next redraw after a move waits this many times as long as the last
/// redraw's script took (the browser then rasterises the canvas at about that cost again).
const REDRAW_SPACING: f64 = 8.0;
/// The longest such a wait (ms): a playing run's timeline still moves a few times a second.
const MAX_REDRAW_WAIT_MS: f64 = 400.0;

/// One redraw.
fn frame(view: &Rc<RefCell<View>>) {
    let retry = {
        let Ok(mut v) = view.try_borrow_mut() else {
            return;
        };
        v.frame_pending = false;
        let Some(cell) = v.session.clone() else {
            return;
        };
        // The reducer may be moving the run right now: try again next frame.
        let busy = match cell.0.try_borrow() {
            Ok(session) => {
                // The window drawn is always the one for the run drawn (a deferred frame may
                // come after the run moved on).
                v.report();
                paint(&mut v, &session);
                false
            }
            Err(_) => true,
        };
        busy
    };
    if retry {
        request_frame(view);
    }
}

/// A growing SVG path string (Path2D parses it natively: one call per style, not per line).
#[derive(Default)]
struct PathBuf {
    /// ASCII only.
    d: Vec<u8>,
    items: usize,
}

impl PathBuf {
    fn num(&mut self, v: f64) {
        // One decimal is plenty for CSS px; hand-rolled integer digits are much faster than
        // float (or even `write!`) formatting, and this runs ~100,000 times per frame.
        let n = (v.clamp(-1e6, 1e6) * 10.0).round() as i64;
        if n < 0 {
            self.d.push(b'-');
        }
        let n = n.unsigned_abs();
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        let mut int = n / 10;
        loop {
            i -= 1;
            digits[i] = b'0' + (int % 10) as u8;
            int /= 10;
            if int == 0 {
                break;
            }
        }
        self.d.extend_from_slice(&digits[i..]);
        if n % 10 != 0 {
            self.d.push(b'.');
            self.d.push(b'0' + (n % 10) as u8);
        }
    }

    fn cmd(&mut self, c: u8, x: f64, y: f64) {
        self.d.push(c);
        self.num(x);
        self.d.push(b' ');
        self.num(y);
    }

    fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) {
        self.cmd(b'M', x0, y0);
        self.cmd(b'L', x1, y1);
        self.items += 1;
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
        // Relative sides: five numbers to write and for the browser to parse instead of eight
        // (a 256-rank run zoomed out has tens of thousands of span rectangles per redraw).
        self.cmd(b'M', x, y);
        self.d.push(b'h');
        self.num(w);
        self.d.push(b'v');
        self.num(h);
        self.d.push(b'h');
        self.num(-w);
        self.d.push(b'Z');
        self.items += 1;
    }

    fn triangle(&mut self, a: (f64, f64), b: (f64, f64), c: (f64, f64)) {
        self.cmd(b'M', a.0, a.1);
        self.cmd(b'L', b.0, b.1);
        self.cmd(b'L', c.0, c.1);
        self.d.push(b'Z');
        self.items += 1;
    }

    fn path(&self) -> Option<Path2d> {
        if self.d.is_empty() {
            return None;
        }
        let d = std::str::from_utf8(&self.d).ok()?;
        Path2d::new_with_path_string(d).ok()
    }
}

fn fill(ctx: &CanvasRenderingContext2d, path: &PathBuf, color: &str, alpha: f64) {
    if let Some(p) = path.path() {
        ctx.set_global_alpha(alpha);
        ctx.set_fill_style_str(color);
        ctx.fill_with_path_2d(&p);
    }
}

/// Diagonal stripes of `color` over `path` (clipped to it), across the `x` and `y` ranges.
fn hatch(
    ctx: &CanvasRenderingContext2d,
    path: &PathBuf,
    color: &str,
    x: (f64, f64),
    y: (f64, f64),
    alpha: f64,
) {
    const GAP: f64 = 5.0;
    if let Some(p) = path.path() {
        ctx.save();
        ctx.clip_with_path_2d(&p);
        ctx.set_global_alpha(0.5 * alpha);
        ctx.set_stroke_style_str(color);
        ctx.set_line_width(1.5);
        set_dash(ctx, &[]);
        ctx.begin_path();
        let height = y.1 - y.0;
        let mut at = x.0 - height;
        while at < x.1 {
            ctx.move_to(at, y.1);
            ctx.line_to(at + height, y.0);
            at += GAP;
        }
        ctx.stroke();
        ctx.restore();
    }
}

fn stroke(ctx: &CanvasRenderingContext2d, path: &PathBuf, color: &str, alpha: f64, dashed: bool) {
    if let Some(p) = path.path() {
        ctx.set_global_alpha(alpha);
        ctx.set_stroke_style_str(color);
        set_dash(ctx, if dashed { &[4.0, 3.0] } else { &[] });
        ctx.stroke_with_path(&p);
    }
}

fn set_dash(ctx: &CanvasRenderingContext2d, dash: &[f64]) {
    let a = web_sys::js_sys::Array::new();
    for d in dash {
        a.push(&JsValue::from_f64(*d));
    }
    let _ = ctx.set_line_dash(&a);
}

/// Alpha of the known future.
const FUTURE_ALPHA: f64 = 0.3;

fn arrow_style(kind: ArrowKind, software: bool) -> usize {
    let k = match kind {
        ArrowKind::Message => 0,
        ArrowKind::Rdma => 1,
        ArrowKind::Atomic => 2,
    };
    k * 2 + usize::from(software)
}

/// What is drawn where: the layout of one frame.
struct Layout {
    row: f64,
    rows_h: f64,
    start: f64,
    scale: f64,
    right: f64,
    /// The rows (ranks kept by the filter, groups).
    rows: Rows,
}

impl Layout {
    /// The layout of `v`'s current window and rows for `model`.
    fn new(v: &View, model: &Model) -> Layout {
        let ranks = model.ranks().max(1);
        let mut rows = Rows::new(ranks, &v.rows);
        if rows.is_empty() {
            rows = Rows::new(ranks, &RowsSpec::default());
        }
        let row = timeline_rows::row_height(rows.len(), v.rows.zoom, |n| v.row_height(n));
        let plot_w = v.plot_w();
        let (start, end) = v.window();
        Layout {
            row,
            rows_h: row * f64::from(rows.len()),
            start,
            scale: plot_w / (end - start),
            right: LEFT + plot_w,
            rows,
        }
    }
    fn x(&self, t: f64) -> f64 {
        LEFT + (t - self.start) * self.scale
    }
    /// The middle of `rank`'s row, if it is drawn.
    fn y(&self, rank: u32) -> Option<f64> {
        self.rows.row_of(rank).map(|r| self.y_row(r))
    }
    /// The middle of row `row`.
    fn y_row(&self, row: u32) -> f64 {
        TOP + (f64::from(row) + 0.5) * self.row
    }
    /// The row under `y` (CSS px), if any.
    fn row_at(&self, y: f64) -> Option<u32> {
        let r = ((y - TOP) / self.row).floor();
        (r >= 0.0 && r < f64::from(self.rows.len())).then_some(r as u32)
    }
}

/// Span names written per frame at most.
const MAX_NAMES: usize = 600;

/// Writes the MPI call on each span of `named` (`(x0, x1, y, record)`) that is wide enough for
/// it, in the label colour on a halo of the background; returns how many were written.
fn draw_span_names(
    ctx: &CanvasRenderingContext2d,
    colors: &Colors,
    known: rankscope_core::trace::Records<'_>,
    named: &[(f64, f64, f64, usize)],
) -> usize {
    ctx.set_global_alpha(1.0);
    ctx.set_font(&colors.font_px(10.0));
    ctx.set_text_align("left");
    ctx.set_text_baseline("middle");
    ctx.set_line_width(3.0);
    ctx.set_stroke_style_str(&colors.bg);
    ctx.set_fill_style_str(&colors.label);
    let mut drawn = 0;
    for &(x0, x1, y, record) in named {
        if drawn >= MAX_NAMES {
            break;
        }
        let Some(name) = span_names::span_name(known, record) else {
            continue;
        };
        let (x0, x1) = (x0.max(LEFT + 2.0), x1);
        let w = ctx
            .measure_text(name)
            .map(|m| m.width())
            .unwrap_or(f64::MAX);
        if w + 6.0 > x1 - x0 {
            continue;
        }
        let _ = ctx.stroke_text(name, x0 + 3.0, y);
        let _ = ctx.fill_text(name, x0 + 3.0, y);
        drawn += 1;
    }
    drawn
}

/// Finds the item under `(x, y)` (CSS px): a mark or an arrow end on the row, else an arrow
/// leg, else the span.
fn hit_at(v: &View, model: &Model, lay: &Layout, x: f64, y: f64) -> Option<Hit> {
    if x < LEFT || x > lay.right || y < TOP || y > TOP + lay.rows_h {
        return None;
    }
    let ps_per_px = v.ps_per_px();
    let t = v.time_at(x).max(0.0);
    let row = (y - TOP) / lay.row - 0.5;
    let tol = SimTime((HIT_PX * ps_per_px).ceil().max(1.0) as u64);
    let near_row = row.round();
    let rank_hit = if near_row >= 0.0
        && (row - near_row).abs() * lay.row <= (0.5 * lay.row).min(HIT_PX + 6.0)
    {
        // A group row: a small target (mark, arrow end) of any member first, else a span.
        let hits: Vec<Hit> = lay
            .rows
            .members(near_row as u32)
            .filter_map(|r| model.hit(r, SimTime(t as u64), tol))
            .collect();
        hits.iter()
            .find(|h| !matches!(h.item, Item::Span { .. }))
            .or(hits.first())
            .copied()
    } else {
        None
    };
    if let Some(h) = rank_hit {
        if !matches!(h.item, Item::Span { .. }) {
            return Some(h);
        }
    }
    // A leg within HIT_PX of the point overlaps the times within HIT_PX of it: only those
    // arrows are measured (not every arrow in view).
    let (t0, t1) = (
        SimTime(t as u64).saturating_sub(tol),
        SimTime(t as u64) + tol,
    );
    let view = (1.0 / ps_per_px, lay.row, t0, t1, HIT_PX);
    model
        .nearest_arrow_on_rows(t, row, view, |r| lay.rows.row_of(r).map(f64::from))
        .or(rank_hit)
}

/// Draws everything and updates the tooltip and the test attributes.
fn paint(v: &mut View, session: &Session) {
    let t_begin = Some(now_ms());
    let (Some(canvas), Some(wrap)) = (v.canvas.clone(), v.wrap.clone()) else {
        return;
    };
    if v.ctx.is_none() {
        v.ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
    }
    let Some(ctx) = v.ctx.clone() else {
        return;
    };
    if v.colors.is_none() {
        v.colors = Some(Colors::read(&canvas));
    }
    let colors = v.colors.clone().unwrap_or_else(|| Colors::read(&canvas));
    if v.size_dirty {
        v.css_w = f64::from(wrap.client_width()).max(240.0);
        v.fill_h = crate::timeline_fill::free_height(&wrap);
        v.size_dirty = false;
    }
    let model = &session.timeline;
    let sim = session.history.sim();
    let trace = sim.trace();
    let known = trace.known_records();
    // What counts as reached: this run's own records, or (the comparison) those at or before
    // the main run's time; the rest is drawn faded like any known future.
    let (now, visible_n) = match v.cursor {
        Some(t) => (t, last_record_at(known, t).map_or(0, |i| i + 1)),
        None => (sim.now(), trace.records().len()),
    };
    let now = now.as_ps() as f64;
    let (start, end) = v.window();
    let lay = Layout::new(v, model);
    let (row, rows_h) = (lay.row, lay.rows_h);
    let n_rows = lay.rows.len();
    let css_h = TOP + rows_h + BOTTOM;
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(1.0);
    let (pw, ph) = ((v.css_w * dpr).round() as u32, (css_h * dpr).round() as u32);
    if canvas.width() != pw || canvas.height() != ph {
        canvas.set_width(pw);
        canvas.set_height(ph);
        let _ = canvas.style().set_property("height", &format!("{css_h}px"));
    }
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    let plot_w = v.plot_w();
    let (t0, t1) = (SimTime(start.max(0.0) as u64), SimTime(end.max(0.0) as u64));
    // Where open (blocked) spans end: the end of known time, or never in a stopped run.
    let open_end = model.open_end();

    // Background, row stripes, labels.
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&colors.bg);
    ctx.fill_rect(0.0, 0.0, v.css_w, css_h);
    let mut stripes = PathBuf::default();
    for r in (1..n_rows).step_by(2) {
        stripes.rect(0.0, TOP + f64::from(r) * row, v.css_w, row);
    }
    fill(&ctx, &stripes, &colors.stripe, 1.0);
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&colors.label);
    ctx.set_text_baseline("middle");
    ctx.set_text_align("left");
    ctx.set_font(&colors.font_px(12.0));
    let label_every = (14.0 / row).ceil().max(1.0) as u32;
    for (i, r) in lay
        .rows
        .rows
        .iter()
        .enumerate()
        .step_by(label_every as usize)
    {
        let _ = ctx.fill_text(&r.label(), 10.0, lay.y_row(i as u32));
    }

    // Time axis and grid.
    ctx.set_font(&colors.font_px(11.0));
    let mut step = geometry::nice_step(v.ps_per_px() * 90.0);
    let widest = ctx
        .measure_text(&geometry::label(end, step, end))
        .map(|m| m.width())
        .unwrap_or(60.0);
    if widest + 16.0 > step * lay.scale {
        step = geometry::nice_step((widest + 16.0) / lay.scale.max(1e-12));
    }
    let mut grid = PathBuf::default();
    let first = (start / step).ceil() * step;
    let mut tick = first;
    ctx.set_fill_style_str(&colors.axis);
    ctx.set_text_align("center");
    let mut ticks = 0;
    while tick <= end && ticks < 200 {
        let x = lay.x(tick).round() + 0.5;
        grid.line(x, TOP - 4.0, x, TOP + rows_h);
        if tick >= 0.0 {
            let _ = ctx.fill_text(&geometry::label(tick, step, end), x, TOP / 2.0 - 1.0);
        }
        tick += step;
        ticks += 1;
    }
    ctx.set_line_width(1.0);
    stroke(&ctx, &grid, &colors.grid, 1.0, false);
    let mut axis = PathBuf::default();
    axis.line(LEFT, TOP - 0.5, lay.right, TOP - 0.5);
    stroke(&ctx, &axis, &colors.grid, 1.0, false);

    // Everything in the plot is clipped to it.
    ctx.save();
    ctx.begin_path();
    ctx.rect(LEFT, TOP, plot_w, rows_h);
    ctx.clip();

    // Spans: per style, sub-pixel neighbours merged into one rectangle (level of detail).
    let bar_h = (row * 0.56).max(2.0);
    let blocked_h = (bar_h * 0.6).max(2.0);
    // [compute, blocked, library] × [present, future]
    let mut span_paths: [PathBuf; 6] = Default::default();
    let mut spans_drawn = 0usize;
    // Call names written on spans wide enough for them: (x0, x1, y, record).
    let mut named: Vec<(f64, f64, f64, usize)> = Vec::new();
    let name_room = row >= 13.0;
    let members: Vec<(u32, u32)> = (0..n_rows)
        .flat_map(|i| lay.rows.members(i).map(move |r| (i, r)))
        .collect();
    for (row_i, r) in members {
        let mut runs: [Option<(f64, f64)>; 6] = [None; 6];
        let yc = lay.y_row(row_i);
        let flush = |style: usize, run: (f64, f64), paths: &mut [PathBuf; 6]| {
            let h = if style / 2 == 1 { blocked_h } else { bar_h };
            let w = (run.1 - run.0).max(1.0);
            paths[style].rect(run.0, yc - h / 2.0, w, h);
        };
        for (_, s) in model.visible_spans(r, t0, t1) {
            let a = s.start.as_ps() as f64;
            let b = (s.end_or(open_end).as_ps() as f64).min(end + 1.0);
            let kind = match s.kind {
                SpanKind::Compute => 0,
                SpanKind::Blocked => 2,
                SpanKind::Library => 4,
            };
            // Known future faded: a span opened later than the cursor, or the part after the
            // cursor of one that ends later. An open span is what is known now: plain (but in
            // the comparison, whose cursor is the main run's time, it lies after it: faded).
            let pieces: [(f64, f64, usize); 2] = if s.record >= visible_n {
                [(a, b, kind + 1), (0.0, -1.0, 0)]
            } else if b > now && (s.end.is_some() || v.cursor.is_some()) {
                [(a, now.max(a), kind), (now.max(a), b, kind + 1)]
            } else {
                [(a, b, kind), (0.0, -1.0, 0)]
            };
            for (a, b, style) in pieces {
                if b < a {
                    continue;
                }
                let (x0, x1) = (lay.x(a).max(LEFT - 2.0), lay.x(b).min(lay.right + 2.0));
                if x1 < x0 {
                    continue;
                }
                if name_room && x1 - x0 >= 28.0 && style % 2 == 0 {
                    named.push((x0, x1, yc, s.record));
                }
                spans_drawn += 1;
                match &mut runs[style] {
                    Some(run) if x0 <= run.1 + 0.75 => run.1 = run.1.max(x1),
                    slot => {
                        if let Some(done) = slot.take() {
                            flush(style, done, &mut span_paths);
                        }
                        *slot = Some((x0, x1));
                    }
                }
            }
        }
        for (style, run) in runs.iter().enumerate() {
            if let Some(run) = run {
                flush(style, *run, &mut span_paths);
            }
        }
    }
    for (i, p) in span_paths.iter().enumerate() {
        let color = match i / 2 {
            0 => &colors.compute,
            1 => &colors.blocked,
            _ => &colors.library,
        };
        let alpha = if i % 2 == 0 { 1.0 } else { FUTURE_ALPHA };
        fill(&ctx, p, color, alpha);
        // The MPI library's spans are also hatched: told from compute without its colour.
        if i / 2 == 2 {
            hatch(
                &ctx,
                p,
                &colors.bg,
                (LEFT - 2.0, lay.right + 2.0),
                (TOP, TOP + rows_h),
                alpha,
            );
        }
    }

    let names_drawn = draw_span_names(&ctx, &colors, known, &named);

    // Arrows: one path per (kind, software, present/future), arrowheads filled per colour.
    let mut lines: [PathBuf; 12] = Default::default();
    let mut heads: [PathBuf; 6] = Default::default();
    let mut visible_arrows = 0usize;
    let mut longest: Option<(f64, f64, f64)> = None;
    v.seen.clear();
    // Level of detail: where arrows are denser than one per two pixels, heads are just noise;
    // beyond MAX_ARROWS in view (a million-event run zoomed out: a solid band at any rate),
    // every n-th is drawn and the canvas says so.
    let (lo, hi) = model.arrow_range(t0, t1);
    let with_heads = ((hi - lo) as f64) < plot_w * 0.5;
    let stride = (hi - lo).div_ceil(v.arrows_max.max(1)).max(1);
    let mut drawn_arrows = 0usize;
    let mut future_arrows = 0usize;
    for (i, a) in model.visible_arrows(t0, t1) {
        visible_arrows += 1;
        if stride > 1 && i % stride != 0 {
            continue;
        }
        drawn_arrows += 1;
        future_arrows += usize::from(a.record >= visible_n);
        let future = a.record >= visible_n;
        let style = arrow_style(a.kind, a.software);
        let slot = style * 2 + usize::from(future);
        for (r0, s0, r1, s1) in a.legs() {
            // Both ends drawn, and on different rows (not inside one group).
            let (Some(y0), Some(y1)) = (lay.y(r0), lay.y(r1)) else {
                continue;
            };
            if y0 == y1 && r0 != r1 {
                continue;
            }
            let (x0, x1) = (lay.x(s0.as_ps() as f64), lay.x(s1.as_ps() as f64));
            let key = (
                (x0 * dpr).round().clamp(-1e9, 1e9) as i32,
                r0,
                (x1 * dpr).round().clamp(-1e9, 1e9) as i32,
                r1,
                slot as u8,
            );
            if !v.seen.insert(key) {
                continue;
            }
            lines[slot].line(x0, y0, x1, y1);
            let (dx, dy) = (x1 - x0, y1 - y0);
            let len = (dx * dx + dy * dy).sqrt();
            if with_heads && len >= 12.0 {
                let (ux, uy) = (dx / len, dy / len);
                let (bx, by) = (x1 - ux * 7.0, y1 - uy * 7.0);
                heads[style / 2 * 2 + usize::from(future)].triangle(
                    (x1, y1),
                    (bx - uy * 3.0, by + ux * 3.0),
                    (bx + uy * 3.0, by - ux * 3.0),
                );
            }
            // A point on the longest present leg in view, for tests to click.
            let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            if !future
                && (LEFT + 4.0..lay.right - 4.0).contains(&mx)
                && longest.is_none_or(|(l, _, _)| len > l)
            {
                longest = Some((len, mx, my));
            }
        }
    }
    let stroked: usize = lines.iter().map(|p| p.items).sum();
    ctx.set_line_width(1.0);
    for (slot, p) in lines.iter().enumerate() {
        let style = slot / 2;
        let color = match style / 2 {
            0 => &colors.message,
            1 => &colors.rdma,
            _ => &colors.atomic,
        };
        let alpha = if slot % 2 == 0 { 0.9 } else { FUTURE_ALPHA };
        stroke(&ctx, p, color, alpha, style % 2 == 1);
    }
    set_dash(&ctx, &[]);
    for (i, p) in heads.iter().enumerate() {
        let color = match i / 2 {
            0 => &colors.message,
            1 => &colors.rdma,
            _ => &colors.atomic,
        };
        fill(&ctx, p, color, if i % 2 == 0 { 1.0 } else { FUTURE_ALPHA });
    }

    // Marks: done (square), console (circle-ish diamond), unexpected (triangle).
    let mut marks: [PathBuf; 6] = Default::default();
    for (_, m) in model.visible_marks(t0, t1) {
        let Some(y) = lay.y(m.rank) else {
            continue;
        };
        let x = lay.x(m.time.as_ps() as f64);
        let k = (row * 0.22).clamp(2.0, 4.5);
        let future = usize::from(m.record >= visible_n);
        match m.kind {
            MarkKind::Done => marks[future].rect(x - k, y - k, 2.0 * k, 2.0 * k),
            MarkKind::Console => {
                marks[2 + future].triangle((x, y - k - 1.0), (x + k + 1.0, y), (x, y + k + 1.0))
            }
            MarkKind::Unexpected => marks[4 + future].triangle(
                (x, y - bar_h / 2.0 - 1.0),
                (x - k, y - bar_h / 2.0 - k * 2.0),
                (x + k, y - bar_h / 2.0 - k * 2.0),
            ),
        }
    }
    for (i, p) in marks.iter().enumerate() {
        let color = match i / 2 {
            0 => &colors.done,
            1 => &colors.console,
            _ => &colors.unexpected,
        };
        fill(&ctx, p, color, if i % 2 == 0 { 1.0 } else { FUTURE_ALPHA });
    }

    // Hover: highlight the item and show its explanation.
    let hover = match (v.pointer, v.drag) {
        (Some((x, y)), None) => hit_at(v, model, &lay, x, y),
        _ => None,
    };
    if let Some(h) = hover {
        let mut hl = PathBuf::default();
        match h.item {
            Item::Span { rank, index } => {
                if let Some(s) = model.spans(rank).get(index) {
                    let (x0, x1) = (
                        lay.x(s.start.as_ps() as f64),
                        lay.x((s.end_or(open_end).as_ps() as f64).min(end + 1.0)),
                    );
                    let yc = lay.y(rank).unwrap_or(-100.0);
                    hl.rect(
                        x0 - 1.0,
                        yc - bar_h / 2.0 - 1.5,
                        (x1 - x0).max(1.0) + 2.0,
                        bar_h + 3.0,
                    );
                }
            }
            Item::Arrow(i) => {
                if let Some(a) = model.arrows().get(i) {
                    for (r0, s0, r1, s1) in a.legs() {
                        if let (Some(y0), Some(y1)) = (lay.y(r0), lay.y(r1)) {
                            hl.line(lay.x(s0.as_ps() as f64), y0, lay.x(s1.as_ps() as f64), y1);
                        }
                    }
                }
            }
            Item::Mark(i) => {
                if let Some(m) = model.marks().get(i) {
                    if let Some(y) = lay.y(m.rank) {
                        let x = lay.x(m.time.as_ps() as f64);
                        hl.rect(x - 5.5, y - 5.5, 11.0, 11.0);
                    }
                }
            }
        }
        ctx.set_line_width(2.0);
        stroke(&ctx, &hl, &colors.highlight, 1.0, false);
        ctx.set_line_width(1.0);
    }
    ctx.restore();

    // The cursor at the current event.
    let cx = lay.x(now);
    if (LEFT - 1.0..=lay.right + 1.0).contains(&cx) {
        let mut cur = PathBuf::default();
        cur.line(cx, TOP - 6.0, cx, TOP + rows_h);
        ctx.set_line_width(1.5);
        stroke(&ctx, &cur, &colors.cursor, 1.0, false);
        ctx.set_line_width(1.0);
        let mut cap = PathBuf::default();
        cap.triangle(
            (cx - 4.0, TOP - 8.0),
            (cx + 4.0, TOP - 8.0),
            (cx, TOP - 3.0),
        );
        fill(&ctx, &cap, &colors.cursor, 1.0);
    }
    ctx.set_global_alpha(1.0);
    if stride > 1 {
        let note = format!("1 in {stride} arrows drawn at this zoom · zoom in for all");
        ctx.set_font(&colors.font_px(11.0));
        ctx.set_text_align("right");
        let w = ctx.measure_text(&note).map(|m| m.width()).unwrap_or(200.0);
        let (x, y) = (lay.right - 6.0, TOP + rows_h - 10.0);
        ctx.set_fill_style_str(&colors.bg);
        ctx.fill_rect(x - w - 6.0, y - 8.0, w + 12.0, 16.0);
        ctx.set_fill_style_str(&colors.axis);
        let _ = ctx.fill_text(&note, x, y);
    }

    update_tooltip(v, model, &hover, known, visible_n, trace, &lay);
    let cursor = if v.drag.is_some_and(|d| d.moved) {
        "grabbing"
    } else if hover.is_some() {
        "pointer"
    } else {
        "grab"
    };
    let _ = canvas.style().set_property("cursor", cursor);

    // State for tests and the benchmark.
    v.frames += 1;
    let set = |k: &str, val: String| {
        let _ = canvas.set_attribute(k, &val);
    };
    set("data-view-start", format!("{}", start.round() as i64));
    set("data-view-end", format!("{}", end.round() as i64));
    set("data-finished", u8::from(sim.is_finished()).to_string());
    set("data-visible-arrows", visible_arrows.to_string());
    set("data-drawn-arrows", drawn_arrows.to_string());
    set("data-future-arrows", future_arrows.to_string());
    set("data-stroked-legs", stroked.to_string());
    set("data-drawn-spans", spans_drawn.to_string());
    set("data-span-names", names_drawn.to_string());
    set(
        "data-rows",
        lay.rows
            .rows
            .iter()
            .map(Row::key)
            .collect::<Vec<_>>()
            .join(","),
    );
    set("data-row-height", format!("{row:.2}"));
    set("data-frames", v.frames.to_string());
    set("data-now", format!("{}", now as u64));
    set(
        "data-hover-record",
        hover.map_or(String::new(), |h| h.record.to_string()),
    );
    set(
        "data-arrow-sample",
        longest.map_or(String::new(), |(_, x, y)| format!("{x:.1},{y:.1}")),
    );
    if let Some(t) = t_begin {
        let end = now_ms();
        v.last_draw_ms = end - t;
        v.arrows_max = arrow_budget(v.arrows_max, end - t);
        v.last_draw_end = end;
        set("data-draw-ms", format!("{:.2}", end - t));
    }
}

fn update_tooltip(
    v: &View,
    model: &Model,
    hover: &Option<Hit>,
    known: rankscope_core::trace::Records<'_>,
    visible_n: usize,
    trace: &rankscope_core::trace::Trace,
    lay: &Layout,
) {
    let Some(tip) = &v.tooltip else {
        return;
    };
    let (Some(h), Some((px, py))) = (hover, v.pointer) else {
        let _ = tip.set_attribute("data-show", "0");
        return;
    };
    let Some(rec) = known.get(h.record) else {
        let _ = tip.set_attribute("data-show", "0");
        return;
    };
    let main = rec.explain_in(crate::ui_lang::current().core());
    let mut meta = detail(model, h, known);
    if h.record >= visible_n {
        meta.push_str(" · known future, not reached yet");
    }
    if v.on_seek_time.is_some() {
        meta.push_str(" · click to move the main run to this time");
    } else {
        let step = trace.steps_to_show(h.record);
        meta.push_str(&format!(" · click to go to event {step}"));
    }
    let children = tip.children();
    if let Some(el) = children.item(0) {
        el.set_text_content(Some(&main));
    }
    if let Some(el) = children.item(1) {
        el.set_text_content(Some(&meta));
    }
    // Place it beside the pointer (never over it), kept inside the canvas where it fits. It is
    // measured at the left edge, where its width is not squeezed by its previous position.
    let width = 340.0_f64.min(v.css_w - 16.0);
    let style = tip.style();
    let _ = style.set_property("max-width", &format!("{width:.0}px"));
    let _ = style.set_property("left", "0px");
    let _ = tip.set_attribute("data-show", "1");
    let (w, h) = (
        f64::from(tip.offset_width()).min(width),
        f64::from(tip.offset_height()),
    );
    let x = if px + 14.0 + w > v.css_w - 4.0 {
        (px - 14.0 - w).max(4.0)
    } else {
        px + 14.0
    };
    let bottom = TOP + lay.rows_h + BOTTOM;
    let y = (py + 16.0).min(bottom - h - 2.0).max(2.0);
    let _ = style.set_property("left", &format!("{x:.0}px"));
    let _ = style.set_property("top", &format!("{y:.0}px"));
}

/// The line under the explanation: times and durations of the hovered item.
fn detail(model: &Model, h: &Hit, known: rankscope_core::trace::Records<'_>) -> String {
    let at = known.get(h.record).map_or(SimTime::ZERO, |r| r.time);
    match h.item {
        Item::Span { rank, index } => match model.spans(rank).get(index) {
            Some(s) => match s.end {
                Some(end) => format!("{} → {} ({})", s.start, end, end - s.start),
                None if model.open_end() == SimTime::MAX => {
                    format!("{} → blocked for good: the run stopped", s.start)
                }
                None => format!("{} → still blocked at the end of the known run", s.start),
            },
            None => format!("at {at}"),
        },
        Item::Arrow(i) => match model.arrows().get(i) {
            Some(a) => {
                let what = match (a.kind, a.software) {
                    (ArrowKind::Message, _) => "message",
                    (ArrowKind::Rdma, false) => "one-sided (RDMA engine)",
                    (ArrowKind::Rdma, true) => "one-sided (software)",
                    (ArrowKind::Atomic, false) => "atomic (RDMA engine)",
                    (ArrowKind::Atomic, true) => "atomic (software)",
                };
                match a.back {
                    Some(b) => format!(
                        "{what}: rank {} → {} → {}, {} → {}",
                        a.from, a.to, a.from, a.start, b
                    ),
                    None => format!(
                        "{what}: rank {} → {}, {} → {} ({})",
                        a.from,
                        a.to,
                        a.start,
                        a.end,
                        a.end - a.start
                    ),
                }
            }
            None => format!("at {at}"),
        },
        Item::Mark(_) => format!("at {at}"),
    }
}

/// What a click at `(x, y)` seeks to: the item's record, or the last event at that time, as
/// `(steps of this run, simulated time)`.
fn seek_target(v: &View, x: f64, y: f64) -> Option<(u64, SimTime)> {
    let cell = v.session.as_ref()?;
    let s = cell.0.try_borrow().ok()?;
    let model = &s.timeline;
    let lay = Layout::new(v, model);
    if x < LEFT || x > lay.right {
        return None;
    }
    let trace = s.history.sim().trace();
    let known = trace.known_records();
    if let Some(h) = hit_at(v, model, &lay, x, y) {
        let at = known.get(h.record).map_or(SimTime::ZERO, |r| r.time);
        return Some((trace.steps_to_show(h.record), at));
    }
    let t = SimTime(v.time_at(x).max(0.0) as u64);
    let steps = last_record_at(known, t).map_or(0, |i| trace.steps_to_show(i));
    Some((steps, t))
}

/// A click on the labels at `y`: expands the group there, or collapses the block of an expanded
/// rank's row.
fn toggle_group(v: &mut View, y: f64) {
    let Some(cell) = v.session.clone() else {
        return;
    };
    let Ok(s) = cell.0.try_borrow() else {
        return;
    };
    let lay = Layout::new(v, &s.timeline);
    match lay
        .row_at(y)
        .and_then(|r| lay.rows.rows.get(r as usize).copied())
    {
        Some(Row::Group { first, .. }) => {
            v.rows.expanded.insert(first);
        }
        Some(Row::Rank(r)) if v.rows.group > 1 => {
            v.rows
                .expanded
                .remove(&timeline_rows::block_of(r, v.rows.group));
        }
        _ => {}
    }
}

/// Pointer position relative to the canvas (CSS px).
fn local(v: &View, e: &MouseEvent) -> (f64, f64) {
    match &v.canvas {
        Some(c) => {
            let r = c.get_bounding_client_rect();
            (
                f64::from(e.client_x()) - r.left(),
                f64::from(e.client_y()) - r.top(),
            )
        }
        None => (f64::from(e.offset_x()), f64::from(e.offset_y())),
    }
}

/// The component.
#[function_component(Timeline)]
pub fn timeline(props: &TimelineProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let view = use_mut_ref(|| View::new(props.axis.clone()));
    let canvas_ref = use_node_ref();
    let wrap_ref = use_node_ref();
    let tip_ref = use_node_ref();
    let filter_error = use_state(|| None::<String>);
    // The rows last reported to (or applied from) the page, and the fields that show them.
    let reported = use_mut_ref(RowsShare::default);
    let (filter_ref, group_ref) = (use_node_ref(), use_node_ref());
    let rows_ranks = props
        .session
        .0
        .try_borrow()
        .map_or(0, |s| s.timeline.ranks());
    if rows_ranks > 0 && props.rows != *reported.borrow() {
        *reported.borrow_mut() = props.rows.clone();
        if let Ok(mut v) = view.try_borrow_mut() {
            v.rows = props.rows.spec(rows_ranks);
        }
        request_frame(&view);
    }
    {
        // The filter field and the group choice show rows that came from outside.
        let (filter_ref, group_ref) = (filter_ref.clone(), group_ref.clone());
        use_effect_with(props.rows.clone(), move |rows| {
            if let Some(input) = filter_ref.cast::<web_sys::HtmlInputElement>() {
                if input.value().trim() != rows.filter {
                    input.set_value(&rows.filter);
                }
            }
            if let Some(select) = group_ref.cast::<web_sys::HtmlSelectElement>() {
                select.set_value(&rows.group.to_string());
            }
        });
    }
    let rows_changed = {
        let (view, reported, on_rows) = (view.clone(), reported.clone(), props.on_rows.clone());
        Rc::new(move || report_rows(&view, &reported, &on_rows))
    };

    // Keep the view's copies of the props current (a new run starts fitted).
    if let Ok(mut v) = view.try_borrow_mut() {
        let same = v.session.as_ref() == Some(&props.session);
        if !same {
            v.session = Some(props.session.clone());
            v.with_axis(|a| {
                a.fitted = true;
                a.user_panned = false;
            });
            v.drag = None;
        }
        v.on_seek = props.on_seek.clone();
        v.on_seek_time = props.on_seek_time.clone();
        v.cursor = props.cursor;
    }

    // Mount: element handles, resize observer, theme changes.
    {
        let view = view.clone();
        let (canvas_ref, wrap_ref, tip_ref) =
            (canvas_ref.clone(), wrap_ref.clone(), tip_ref.clone());
        use_effect_with((), move |_| {
            if let Ok(mut v) = view.try_borrow_mut() {
                v.canvas = canvas_ref.cast::<HtmlCanvasElement>();
                v.wrap = wrap_ref.cast::<HtmlElement>();
                v.tooltip = tip_ref.cast::<HtmlElement>();
                v.size_dirty = true;
            }
            // Join the shared axis: a pan or zoom on another timeline redraws this one.
            let redraw: Rc<dyn Fn()> = {
                let weak = Rc::downgrade(&view);
                Rc::new(move || {
                    if let Some(view) = weak.upgrade() {
                        request_frame(&view);
                    }
                })
            };
            let axis = view.try_borrow().ok().map(|v| v.axis.clone());
            let member = axis
                .as_ref()
                .and_then(|a| a.0.try_borrow_mut().ok().map(|mut a| a.join(&redraw)));
            if let Ok(mut v) = view.try_borrow_mut() {
                v.axis_id = member;
                v.report();
            }
            let on_resize = {
                let weak = Rc::downgrade(&view);
                Closure::<dyn FnMut()>::new(move || {
                    if let Some(view) = weak.upgrade() {
                        if let Ok(mut v) = view.try_borrow_mut() {
                            v.size_dirty = true;
                            v.colors = None;
                        }
                        request_frame(&view);
                    }
                })
            };
            let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok();
            if let (Some(o), Some(w)) = (&observer, wrap_ref.cast::<web_sys::Element>()) {
                o.observe(&w);
                if let Ok(Some(area)) = w.closest(".area-timeline") {
                    o.observe(&area);
                }
            }
            let media = web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
            if let Some(m) = &media {
                let _ = m
                    .add_event_listener_with_callback("change", on_resize.as_ref().unchecked_ref());
            }
            request_frame(&view);
            move || {
                if let Some(o) = observer {
                    o.disconnect();
                }
                if let Some(m) = media {
                    let _ = m.remove_event_listener_with_callback(
                        "change",
                        on_resize.as_ref().unchecked_ref(),
                    );
                }
                drop(on_resize);
                if let (Some(axis), Some(id)) = (axis, member) {
                    if let Ok(mut a) = axis.0.try_borrow_mut() {
                        a.leave(id);
                    }
                }
                drop(redraw);
            }
        });
    }

    // The run moved: refit or follow the cursor, re-read the theme, redraw.
    {
        let view = view.clone();
        use_effect_with(
            (props.generation, props.session.clone(), props.cursor),
            move |_| {
                if let Ok(mut v) = view.try_borrow_mut() {
                    v.colors = None;
                    v.report();
                }
                request_frame_after_move(&view);
            },
        );
    }

    let redraw = redraw_all;

    let onwheel = {
        let (view, rows_changed) = (view.clone(), rows_changed.clone());
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            if e.alt_key() {
                // Alt + wheel: taller or shorter rows (the time window stays).
                if let Ok(mut v) = view.try_borrow_mut() {
                    let step = if e.delta_y() < 0.0 { 1 } else { -1 };
                    v.rows.zoom = (v.rows.zoom + step)
                        .clamp(timeline_rows::ZOOM_RANGE.0, timeline_rows::ZOOM_RANGE.1);
                }
                rows_changed();
                request_frame(&view);
                return;
            }
            if let Ok(v) = view.try_borrow() {
                let unit = match e.delta_mode() {
                    1 => 16.0,
                    2 => 400.0,
                    _ => 1.0,
                };
                let (dx, dy) = (e.delta_x() * unit, e.delta_y() * unit);
                let (x, _) = local(&v, &e);
                if e.shift_key() || dx.abs() > dy.abs() {
                    let d = if dx.abs() > dy.abs() { dx } else { dy };
                    let dt = d * v.ps_per_px();
                    v.with_axis(|a| a.pan_by(dt));
                } else {
                    let at = v.time_at(x.clamp(LEFT, LEFT + v.plot_w()));
                    let k = if e.ctrl_key() { 0.01 } else { 0.0025 };
                    let factor = (dy * k).clamp(-2.0, 2.0).exp();
                    v.with_axis(|a| {
                        a.user_panned = true;
                        a.zoom_at(at, factor);
                    });
                }
            }
            redraw(&view);
        })
    };

    let onpointerdown = {
        let view = view.clone();
        Callback::from(move |e: PointerEvent| {
            if let Ok(mut v) = view.try_borrow_mut() {
                let (x, y) = local(&v, &e);
                if let Some(c) = &v.canvas {
                    let _ = c.focus();
                    let _ = c.set_pointer_capture(e.pointer_id());
                }
                if e.pointer_type() == "touch" {
                    v.touches.retain(|t| t.0 != e.pointer_id());
                    v.touches.push((e.pointer_id(), x, y));
                    if v.touches.len() == 2 {
                        let (a, b) = (v.touches[0], v.touches[1]);
                        let dist = ((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt().max(1.0);
                        let (s, en) = v.window();
                        v.pinch = Some((dist, s, en));
                        v.drag = None;
                        return;
                    }
                }
                if e.button() == 0 {
                    let (start0, end0) = v.window();
                    v.drag = Some(Drag {
                        pointer: e.pointer_id(),
                        x0: x,
                        y0: y,
                        start0,
                        end0,
                        moved: false,
                    });
                }
            }
        })
    };

    let onpointermove = {
        let view = view.clone();
        Callback::from(move |e: PointerEvent| {
            // Hover redraws this timeline; a drag or pinch moves the shared window: all of them.
            let mut window_moved = false;
            if let Ok(mut v) = view.try_borrow_mut() {
                let (x, y) = local(&v, &e);
                v.pointer = Some((x, y));
                if let Some(t) = v.touches.iter_mut().find(|t| t.0 == e.pointer_id()) {
                    t.1 = x;
                    t.2 = y;
                }
                if let (Some((dist0, s0, e0)), 2) = (v.pinch, v.touches.len()) {
                    let (a, b) = (v.touches[0], v.touches[1]);
                    let dist = ((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt().max(1.0);
                    let mid = (a.1 + b.1) / 2.0;
                    let span0 = e0 - s0;
                    let at = s0 + (mid - LEFT) / v.plot_w() * span0;
                    v.with_axis(|a| {
                        let max = a.max_span();
                        let (s, en) = geometry::zoom(s0, e0, at, dist0 / dist, MIN_SPAN, max);
                        a.fitted = false;
                        a.user_panned = true;
                        a.set_window(s, en);
                    });
                    window_moved = true;
                } else if let Some(mut d) = v.drag {
                    if d.pointer == e.pointer_id() {
                        if (x - d.x0).abs() > 3.0 || (y - d.y0).abs() > 3.0 {
                            d.moved = true;
                        }
                        if d.moved {
                            let dt = (x - d.x0) * (d.end0 - d.start0) / v.plot_w();
                            v.with_axis(|a| {
                                a.fitted = false;
                                a.user_panned = true;
                                a.set_window(d.start0 - dt, d.end0 - dt);
                            });
                            window_moved = true;
                        }
                        v.drag = Some(d);
                    }
                }
            }
            if window_moved {
                redraw(&view);
            } else {
                request_frame(&view);
            }
        })
    };

    let onpointerup = {
        let view = view.clone();
        Callback::from(move |e: PointerEvent| {
            let seek = match view.try_borrow_mut() {
                Ok(mut v) => {
                    let (x, y) = local(&v, &e);
                    v.touches.retain(|t| t.0 != e.pointer_id());
                    if v.touches.len() < 2 {
                        v.pinch = None;
                    }
                    match v.drag.take() {
                        Some(d) if d.pointer == e.pointer_id() && !d.moved && x < LEFT => {
                            toggle_group(&mut v, y);
                            None
                        }
                        Some(d) if d.pointer == e.pointer_id() && !d.moved => seek_target(&v, x, y)
                            .map(|s| (s, v.on_seek.clone(), v.on_seek_time.clone())),
                        _ => None,
                    }
                }
                Err(_) => None,
            };
            // Every borrow is released before the reducer runs.
            match seek {
                Some(((_, t), _, Some(on_seek_time))) => on_seek_time.emit(t),
                Some(((steps, _), on_seek, None)) => on_seek.emit(steps),
                None => {}
            }
            request_frame(&view);
        })
    };

    let onpointercancel = {
        let view = view.clone();
        Callback::from(move |e: PointerEvent| {
            if let Ok(mut v) = view.try_borrow_mut() {
                v.drag = None;
                v.pinch = None;
                v.touches.retain(|t| t.0 != e.pointer_id());
            }
            request_frame(&view);
        })
    };

    let onpointerleave = {
        let view = view.clone();
        Callback::from(move |_: PointerEvent| {
            if let Ok(mut v) = view.try_borrow_mut() {
                v.pointer = None;
            }
            request_frame(&view);
        })
    };

    let onkeydown = {
        let view = view.clone();
        Callback::from(move |e: KeyboardEvent| {
            let handled = match view.try_borrow() {
                Ok(v) => {
                    let (start, end) = v.window();
                    let span = end - start;
                    let big = if e.shift_key() { 0.5 } else { 0.1 };
                    let change: Box<dyn FnOnce(&mut TimeAxis)> = match e.key().as_str() {
                        "ArrowLeft" => Box::new(move |a| a.pan_by(-span * big)),
                        "ArrowRight" => Box::new(move |a| a.pan_by(span * big)),
                        "+" | "=" => Box::new(|a| a.zoom_center(0.5)),
                        "-" | "_" => Box::new(|a| a.zoom_center(2.0)),
                        "0" => Box::new(TimeAxis::fit),
                        _ => return,
                    };
                    v.with_axis(change);
                    true
                }
                Err(_) => false,
            };
            if handled {
                e.prevent_default();
                redraw(&view);
            }
        })
    };

    let id = |suffix: &str| format!("{}-{suffix}", props.testid);
    let button = |label: &'static str,
                  title: &'static str,
                  testid: String,
                  act: fn(&mut TimeAxis)| {
        let view = view.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Ok(v) = view.try_borrow() {
                v.with_axis(act);
            }
            redraw_all(&view);
        });
        html! {
            <button class="tl-btn" type="button" title={lang.tr(title)} aria-label={lang.tr(title)} data-testid={testid} {onclick}>{ lang.tr(label) }</button>
        }
    };

    // Rows for many ranks: a filter, groups, row height (shown from 9 ranks on).
    let ranks = props
        .session
        .0
        .try_borrow()
        .map_or(0, |s| s.timeline.ranks());
    let rows_tools = (ranks > 8).then(|| {
        let oninput = {
            let (view, error) = (view.clone(), filter_error.clone());
            let rows_changed = rows_changed.clone();
            Callback::from(move |e: InputEvent| {
                let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                    return;
                };
                match rank_filter::parse(&input.value(), ranks) {
                    Ok(filter) => {
                        if let Ok(mut v) = view.try_borrow_mut() {
                            v.rows.filter = filter;
                        }
                        rows_changed();
                        error.set(None);
                    }
                    Err(message) => error.set(Some(message)),
                }
                request_frame(&view);
            })
        };
        let ongroup = {
            let (view, rows_changed) = (view.clone(), rows_changed.clone());
            Callback::from(move |e: Event| {
                let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                    return;
                };
                if let Ok(mut v) = view.try_borrow_mut() {
                    v.rows.group = select.value().parse().unwrap_or(0);
                    v.rows.expanded.clear();
                }
                rows_changed();
                request_frame(&view);
            })
        };
        let row_button = |label: &'static str, title: &'static str, suffix: &str, step: i32| {
            let (view, rows_changed) = (view.clone(), rows_changed.clone());
            let onclick = Callback::from(move |_: MouseEvent| {
                if let Ok(mut v) = view.try_borrow_mut() {
                    v.rows.zoom = (v.rows.zoom + step)
                        .clamp(timeline_rows::ZOOM_RANGE.0, timeline_rows::ZOOM_RANGE.1);
                }
                rows_changed();
                request_frame(&view);
            });
            html! {
                <button class="tl-btn" type="button" title={lang.tr(title)} aria-label={lang.tr(title)}
                    data-testid={id(suffix)} {onclick}>{ label }</button>
            }
        };
        let error_id = id("ranks-error");
        html! {
            <div class="tl-rows" role="group" aria-label={lang.trf("{0} rows", &[&props.title])}>
                <label class="tl-rows-filter">
                    <span>{ lang.tr("Ranks") }</span>
                    <input type="text" data-testid={id("ranks")} spellcheck="false" ref={filter_ref.clone()}
                        autocomplete="off" placeholder={lang.tr("all — e.g. 0-7, 12 or 5±1")}
                        aria-invalid={filter_error.is_some().to_string()}
                        aria-describedby={error_id.clone()} {oninput} />
                </label>
                <label class="tl-rows-group">
                    <span>{ lang.tr("Group by") }</span>
                    <select data-testid={id("group")} onchange={ongroup} ref={group_ref.clone()}>
                        <option value="0" selected=true>{ lang.tr("none") }</option>
                        <option value="4">{ lang.trf("{0} ranks", &[&4]) }</option>
                        <option value="8">{ lang.trf("{0} ranks", &[&8]) }</option>
                        <option value="16">{ lang.trf("{0} ranks", &[&16]) }</option>
                        <option value="32">{ lang.trf("{0} ranks", &[&32]) }</option>
                    </select>
                </label>
                { row_button("↕+", "Taller rows (Alt + wheel)", "rows-taller", 1) }
                { row_button("↕−", "Shorter rows (Alt + wheel)", "rows-shorter", -1) }
                <p class="tl-rows-error" id={error_id} data-testid={id("ranks-error")} aria-live="polite">
                    { (*filter_error).clone().unwrap_or_default() }
                </p>
            </div>
        }
    });

    let swatch = |class: &'static str, text: &'static str| {
        html! { <li><span class={classes!("tl-key", class)} aria-hidden="true"></span>{ lang.tr(text) }</li> }
    };

    let click = if props.on_seek_time.is_some() {
        lang.tr("click to move the main run to that time")
    } else {
        lang.tr("click an event to go there")
    };
    let canvas_label = lang.trf(
        "Space-time diagram of {0}: one row per rank, arrows for messages. Arrow keys pan, plus and minus zoom (every timeline on the page together), 0 shows the whole run; {1}.",
        &[&lang.tr_dyn(&props.subject), &click],
    );
    html! {
        <section class={classes!("panel", "timeline", props.class.clone())} aria-label={props.title.clone()}
            data-testid={props.testid.clone()}>
            <div class="panel-head">
                <h2>
                    <span class="tl-title">{ props.title.clone() }</span>
                    if let Some(status) = &props.status {
                        <span class="tl-status" data-testid={id("status")}>
                            <span class="tl-dash">{ "— " }</span>{ status.clone() }
                        </span>
                    }
                </h2>
                <div class="tl-tools" role="group" aria-label={lang.trf("{0} zoom", &[&props.title])}>
                    { button("+", "Zoom in", id("zoom-in"), |a| a.zoom_center(0.5)) }
                    { button("−", "Zoom out", id("zoom-out"), |a| a.zoom_center(2.0)) }
                    { button("Fit", "Fit: show the whole run", id("fit"), TimeAxis::fit) }
                </div>
            </div>
            if props.legend {
                <ul class="tl-legend" aria-label={lang.tr("Legend")}>
                    { swatch("compute", "compute") }
                    { swatch("blocked", "blocked") }
                    { swatch("library", "MPI library, yield") }
                    { swatch("message", "message") }
                    { swatch("rdma", "RDMA put/get") }
                    { swatch("atomic", "atomic") }
                    { swatch("software", "in software (dashed)") }
                    { swatch("cursor", "now") }
                    { swatch("future", "known future (faded)") }
                </ul>
            }
            { rows_tools.unwrap_or_default() }
            { props.children.clone() }
            <div class="tl-wrap" ref={wrap_ref}>
                <canvas ref={canvas_ref} class="tl-canvas" tabindex="0" data-testid={id("canvas")}
                    aria-label={canvas_label}
                    aria-describedby={props.legend.then(|| id("hint"))}
                    {onwheel} {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}
                    {onpointerleave} {onkeydown}></canvas>
                <div class="tl-tooltip" ref={tip_ref} role="tooltip" data-testid={id("tooltip")}>
                    <p class="tl-tip-main"></p>
                    <p class="tl-tip-meta"></p>
                </div>
            </div>
            if props.legend {
                <p class="muted tl-hint" id={id("hint")}>
                    { lang.tr("Drag to pan · wheel or pinch to zoom at the pointer · hover for details · click an event to go there, or empty space to go to that time") }
                </p>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::geometry::*;

    #[test]
    fn the_arrow_budget_follows_the_redraw_time() {
        use super::{arrow_budget, MAX_ARROWS, MIN_ARROWS};
        assert_eq!(arrow_budget(MAX_ARROWS, 80.0), MAX_ARROWS / 2);
        assert_eq!(arrow_budget(MIN_ARROWS, 80.0), MIN_ARROWS);
        assert_eq!(arrow_budget(8_000, 20.0), 8_000);
        assert_eq!(arrow_budget(8_000, 3.0), 16_000);
        assert_eq!(arrow_budget(MAX_ARROWS, 3.0), MAX_ARROWS);
    }

    #[test]
    fn a_rectangle_is_written_with_relative_sides() {
        let mut p = super::PathBuf::default();
        p.rect(10.0, 20.25, 3.5, 2.0);
        p.rect(0.0, 0.0, 1.0, 1.0);
        assert_eq!(
            std::str::from_utf8(&p.d).unwrap(),
            "M10 20.3h3.5v2h-3.5ZM0 0h1v1h-1Z"
        );
        assert_eq!(p.items, 2);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_pointer() {
        let (s, e) = zoom(0.0, 1000.0, 250.0, 0.5, 1.0, 1e9);
        assert_eq!((s, e), (125.0, 625.0));
        let (s, e) = zoom(0.0, 1000.0, 250.0, 1e-9, 10.0, 1e9);
        assert!((e - s - 10.0).abs() < 1e-9);
        let (s, e) = zoom(0.0, 1000.0, 0.0, 1e9, 1.0, 5000.0);
        assert_eq!((s, e), (0.0, 5000.0));
    }

    #[test]
    fn panning_keeps_part_of_the_run_in_view() {
        assert_eq!(clamp_pan(-900.0, 100.0, 10_000.0), (-500.0, 500.0));
        assert_eq!(clamp_pan(20_000.0, 21_000.0, 10_000.0), (9_500.0, 10_500.0));
        assert_eq!(clamp_pan(100.0, 200.0, 10_000.0), (100.0, 200.0));
        assert_eq!(fit(0.0, 1000.0), (0.0, 1000.0));
    }

    #[test]
    fn ticks_are_round_and_labelled_in_their_unit() {
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(1_200.0), 2_000.0);
        assert_eq!(nice_step(7e6), 1e7);
        assert_eq!(label(2_000.0, 2_000.0, 2_000.0), "2 ns");
        assert_eq!(label(2_500_000.0, 500_000.0, 5e6), "2.5 µs");
        assert_eq!(label(0.0, 100.0, 900.0), "0 ps");
        assert_eq!(label(0.0, 5e5, 3e6), "0 µs");
        assert_eq!(label(3e9, 1e9, 3e9), "3 ms");
        assert_eq!(label(1.5e12, 5e11, 1.5e12), "1.5 s");
        assert_eq!(label(-1e-7, 1e6, 5e6), "0 µs");
        assert_eq!(label(5.0001e9, 1e5, 5.0002e9), "5.0001 ms");
        assert_eq!(row_height(2), 34.0);
        assert_eq!(row_height(140), 3.0);
        assert!((row_height(4096) * 4096.0 - 1200.0).abs() < 1e-6);
    }
}
