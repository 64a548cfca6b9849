//! Pointing at the timeline: the item under the pointer, its tooltip and detail line, where a
//! click seeks, a group row's toggle, and the pointer's place on the canvas.

use super::*;

/// Finds the item under `(x, y)` (CSS px): a mark or an arrow end on the row, else an arrow
/// leg, else the span.
pub(super) fn hit_at(v: &View, model: &Model, lay: &Layout, x: f64, y: f64) -> Option<Hit> {
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

pub(super) fn update_tooltip(
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
pub(super) fn detail(model: &Model, h: &Hit, known: rankscope_core::trace::Records<'_>) -> String {
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
pub(super) fn seek_target(v: &View, x: f64, y: f64) -> Option<(u64, SimTime)> {
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
pub(super) fn toggle_group(v: &mut View, y: f64) {
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
pub(super) fn local(v: &View, e: &MouseEvent) -> (f64, f64) {
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
