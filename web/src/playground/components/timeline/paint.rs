//! Painting the timeline on its canvas: the layout of rows and axis, one batched path per style
//! (spans, hatches, arrows, marks), span names, the cursor and the faded known future.

use super::*;

/// A growing SVG path string (Path2D parses it natively: one call per style, not per line).
#[derive(Default)]
pub(super) struct PathBuf {
    /// ASCII only.
    pub(super) d: Vec<u8>,
    pub(super) items: usize,
}

impl PathBuf {
    pub(super) fn num(&mut self, v: f64) {
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

    pub(super) fn cmd(&mut self, c: u8, x: f64, y: f64) {
        self.d.push(c);
        self.num(x);
        self.d.push(b' ');
        self.num(y);
    }

    pub(super) fn line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) {
        self.cmd(b'M', x0, y0);
        self.cmd(b'L', x1, y1);
        self.items += 1;
    }

    pub(super) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
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

    pub(super) fn triangle(&mut self, a: (f64, f64), b: (f64, f64), c: (f64, f64)) {
        self.cmd(b'M', a.0, a.1);
        self.cmd(b'L', b.0, b.1);
        self.cmd(b'L', c.0, c.1);
        self.d.push(b'Z');
        self.items += 1;
    }

    pub(super) fn path(&self) -> Option<Path2d> {
        if self.d.is_empty() {
            return None;
        }
        let d = std::str::from_utf8(&self.d).ok()?;
        Path2d::new_with_path_string(d).ok()
    }
}

pub(super) fn fill(ctx: &CanvasRenderingContext2d, path: &PathBuf, color: &str, alpha: f64) {
    if let Some(p) = path.path() {
        ctx.set_global_alpha(alpha);
        ctx.set_fill_style_str(color);
        ctx.fill_with_path_2d(&p);
    }
}

/// Diagonal stripes of `color` over `path` (clipped to it), across the `x` and `y` ranges.
pub(super) fn hatch(
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

pub(super) fn stroke(
    ctx: &CanvasRenderingContext2d,
    path: &PathBuf,
    color: &str,
    alpha: f64,
    dashed: bool,
) {
    if let Some(p) = path.path() {
        ctx.set_global_alpha(alpha);
        ctx.set_stroke_style_str(color);
        set_dash(ctx, if dashed { &[4.0, 3.0] } else { &[] });
        ctx.stroke_with_path(&p);
    }
}

pub(super) fn set_dash(ctx: &CanvasRenderingContext2d, dash: &[f64]) {
    let a = web_sys::js_sys::Array::new();
    for d in dash {
        a.push(&JsValue::from_f64(*d));
    }
    let _ = ctx.set_line_dash(&a);
}

/// Alpha of the known future.
pub(super) const FUTURE_ALPHA: f64 = 0.3;

pub(super) fn arrow_style(kind: ArrowKind, software: bool) -> usize {
    let k = match kind {
        ArrowKind::Message => 0,
        ArrowKind::Rdma => 1,
        ArrowKind::Atomic => 2,
    };
    k * 2 + usize::from(software)
}

/// What is drawn where: the layout of one frame.
pub(super) struct Layout {
    pub(super) row: f64,
    pub(super) rows_h: f64,
    pub(super) start: f64,
    pub(super) scale: f64,
    pub(super) right: f64,
    /// The rows (ranks kept by the filter, groups).
    pub(super) rows: Rows,
}

impl Layout {
    /// The layout of `v`'s current window and rows for `model`.
    pub(super) fn new(v: &View, model: &Model) -> Layout {
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
    pub(super) fn x(&self, t: f64) -> f64 {
        LEFT + (t - self.start) * self.scale
    }
    /// The middle of `rank`'s row, if it is drawn.
    pub(super) fn y(&self, rank: u32) -> Option<f64> {
        self.rows.row_of(rank).map(|r| self.y_row(r))
    }
    /// The middle of row `row`.
    pub(super) fn y_row(&self, row: u32) -> f64 {
        TOP + (f64::from(row) + 0.5) * self.row
    }
    /// The row under `y` (CSS px), if any.
    pub(super) fn row_at(&self, y: f64) -> Option<u32> {
        let r = ((y - TOP) / self.row).floor();
        (r >= 0.0 && r < f64::from(self.rows.len())).then_some(r as u32)
    }
}

/// Span names written per frame at most.
pub(super) const MAX_NAMES: usize = 600;

/// Writes the MPI call on each span of `named` (`(x0, x1, y, record)`) that is wide enough for
/// it, in the label colour on a halo of the background; returns how many were written.
pub(super) fn draw_span_names(
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

/// Draws everything and updates the tooltip and the test attributes.
pub(super) fn paint(v: &mut View, session: &Session) {
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
        v.fill_h = crate::playground::timeline_fill::free_height(&wrap);
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
