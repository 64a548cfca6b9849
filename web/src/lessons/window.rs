//! A lesson step's time window on the timeline: when a step that picks one (core's
//! `lessons::Window`, resolved when the step is placed) is entered, the page's time axis
//! zooms to it; stepping on scrolls it as usual and "Fit" shows the whole run again.

use rankscope_core::time::SimTime;
use yew::prelude::*;

use crate::playground::components::time_axis::SharedAxis;

/// The axis window (picoseconds) for a step's window: a little room either side so the
/// events at its edges are not cut.
pub fn axis_window(from: SimTime, to: SimTime) -> (f64, f64) {
    let (from, to) = (from.as_ps() as f64, to.as_ps() as f64);
    let pad = 0.03 * (to - from);
    (from - pad, to + pad)
}

/// Zooms `axis` to `window` whenever `shown` (the step's run, by identity) changes.
#[hook]
pub fn use_lesson_window(
    axis: &SharedAxis,
    window: Option<(SimTime, SimTime)>,
    shown: Option<u64>,
) {
    let axis = axis.clone();
    use_effect_with((shown, window), move |(_, window)| {
        if let Some((from, to)) = *window {
            let redraws = {
                let mut a = axis.0.borrow_mut();
                let (start, end) = axis_window(from, to);
                a.fitted = false;
                a.user_panned = false;
                a.set_window(start, end);
                a.redraws()
            };
            for redraw in redraws {
                redraw();
            }
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_window_keeps_a_little_room_either_side() {
        let (s, e) = super::axis_window(
            rankscope_core::time::SimTime::from_us(1),
            rankscope_core::time::SimTime::from_us(2),
        );
        assert!(s < 1e6 && s > 0.9e6 && e > 2e6 && e < 2.1e6, "{s} {e}");
    }
}
