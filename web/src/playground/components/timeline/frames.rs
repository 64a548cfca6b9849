//! The timeline's frame scheduling: a redraw in the next animation frame, spaced while a run
//! plays (see the module's doc), the arrow budget that keeps a frame short, and the rows it reports.

use super::*;

/// The next frame's arrow budget after one took `draw_ms` with `budget`: halved when a redraw
/// took over 30 ms (hundreds of ranks zoomed out: a redraw of 40,000 arrows took up to 280 ms,
/// a long task while the run plays), doubled back when it took under 10 ms.
pub(super) fn arrow_budget(budget: usize, draw_ms: f64) -> usize {
    if draw_ms > 30.0 {
        (budget / 2).max(MIN_ARROWS)
    } else if draw_ms < 10.0 {
        (budget * 2).min(MAX_ARROWS)
    } else {
        budget
    }
}

/// Tells the page the reader changed the rows (filter, groups, row height), once per change and
/// with the view's borrow released.
pub(super) fn report_rows(
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
pub(super) fn request_frame(view: &Rc<RefCell<View>>) {
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
pub(super) fn redraw_all(view: &Rc<RefCell<View>>) {
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
pub(super) fn request_frame_after_move(view: &Rc<RefCell<View>>) {
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
pub(super) const REDRAW_SPACING: f64 = 8.0;
/// The longest such a wait (ms): a playing run's timeline still moves a few times a second.
pub(super) const MAX_REDRAW_WAIT_MS: f64 = 400.0;

/// One redraw.
pub(super) fn frame(view: &Rc<RefCell<View>>) {
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
