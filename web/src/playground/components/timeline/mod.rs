//! The timeline: a space-time diagram of the run on a canvas — one row per rank with its compute
//! and blocked spans, arrows for messages and one-sided operations, marks, a time axis and the
//! cursor at the current event; the known future (computed before a step back) drawn faded.
//!
//! The model is core's [`rankscope_core::trace::timeline::Timeline`], kept up to date by
//! [`crate::playground::session::Session::after_move`]. Pan, zoom and hover never re-render Yew: they change
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
use crate::playground::rank_filter;
use crate::playground::rows_link::RowsShare;
use crate::playground::session::{Session, SessionCell};
use crate::playground::span_names;
use crate::playground::timeline_rows::{self, Row, Rows, RowsSpec};

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

mod fast_hash;
mod frames;
pub(crate) mod geometry;
mod hit;
mod paint;

use fast_hash::*;
use frames::*;
use hit::*;
use paint::*;

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
        crate::playground::timeline_fill::row_height(
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
