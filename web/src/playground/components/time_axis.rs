//! The time axis timelines share: the visible window `[start, end]` in picoseconds, whether it
//! shows the whole run, and the cursor. The run's timeline and the side-by-side comparison's hold
//! the same [`SharedAxis`], so a zoom or pan on either moves both; each timeline joins it with a
//! redraw callback and reports how far its run goes, and the axis fits and clamps to the longest.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use super::timeline::geometry;

/// Narrowest window (ps).
pub const MIN_SPAN: f64 = 50.0;

/// The shared window state.
pub struct TimeAxis {
    /// Left edge of the window (ps).
    pub start: f64,
    /// Right edge of the window (ps).
    pub end: f64,
    /// The window shows the whole run and refits as it grows.
    pub fitted: bool,
    /// The user panned or zoomed at a point: do not scroll to follow the cursor.
    pub user_panned: bool,
    /// The cursor: the current simulated time of the run (ps).
    pub now: f64,
    /// How far each joined timeline's run goes (ps), by member id.
    extents: Vec<(u32, f64)>,
    /// Each member's redraw, by member id (weak: a timeline that unmounts drops it).
    redraws: Vec<(u32, Weak<dyn Fn()>)>,
    next_id: u32,
}

impl Default for TimeAxis {
    fn default() -> Self {
        TimeAxis {
            start: 0.0,
            end: 1e6,
            fitted: true,
            user_panned: false,
            now: 0.0,
            extents: Vec::new(),
            redraws: Vec::new(),
            next_id: 0,
        }
    }
}

impl std::fmt::Debug for TimeAxis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TimeAxis")
            .field("start", &self.start)
            .field("end", &self.end)
            .field("fitted", &self.fitted)
            .field("members", &self.extents.len())
            .finish()
    }
}

impl TimeAxis {
    /// Adds a timeline that redraws with `redraw`; returns its member id.
    pub fn join(&mut self, redraw: &Rc<dyn Fn()>) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.redraws.push((id, Rc::downgrade(redraw)));
        id
    }

    /// Removes a timeline (it unmounted): its run no longer widens the axis.
    pub fn leave(&mut self, id: u32) {
        self.redraws.retain(|(m, _)| *m != id);
        self.extents.retain(|(m, _)| *m != id);
    }

    /// Records how far member `id`'s run goes (ps).
    pub fn report(&mut self, id: u32, run_end: f64) {
        match self.extents.iter_mut().find(|(m, _)| *m == id) {
            Some(slot) => slot.1 = run_end,
            None => self.extents.push((id, run_end)),
        }
    }

    /// The redraw callbacks of every member still mounted (call them after releasing the axis).
    pub fn redraws(&self) -> Vec<Rc<dyn Fn()>> {
        self.redraws
            .iter()
            .filter_map(|(_, w)| w.upgrade())
            .collect()
    }

    /// The end of the longest run on the axis (ps).
    pub fn run_end(&self) -> f64 {
        self.extents.iter().map(|(_, e)| *e).fold(0.0, f64::max)
    }

    /// The widest window zooming out may reach.
    pub fn max_span(&self) -> f64 {
        (self.run_end() * 4.0).max(1e6)
    }

    /// Moves the window, keeping part of the runs in view.
    pub fn set_window(&mut self, start: f64, end: f64) {
        let (s, e) = geometry::clamp_pan(start, end, self.run_end());
        if s.is_finite() && e.is_finite() && e > s {
            self.start = s;
            self.end = e;
        }
    }

    /// Shows the whole of the longest run, and keeps doing so as it grows.
    pub fn fit(&mut self) {
        let (s, e) = geometry::fit(self.run_end(), 1000.0);
        self.start = s;
        self.end = e;
        self.fitted = true;
        self.user_panned = false;
    }

    /// Zooms by `factor` (< 1 zooms in) keeping time `at` in place.
    pub fn zoom_at(&mut self, at: f64, factor: f64) {
        let (s, e) = geometry::zoom(self.start, self.end, at, factor, MIN_SPAN, self.max_span());
        self.fitted = false;
        self.set_window(s, e);
    }

    /// Zooms around the cursor when it is in view (what one usually looks at), else the middle.
    pub fn zoom_center(&mut self, factor: f64) {
        let at = if (self.start..=self.end).contains(&self.now) {
            self.now
        } else {
            0.5 * (self.start + self.end)
        };
        self.zoom_at(at, factor);
    }

    /// Pans by `dt` picoseconds.
    pub fn pan_by(&mut self, dt: f64) {
        self.fitted = false;
        self.user_panned = true;
        self.set_window(self.start + dt, self.end + dt);
    }

    /// After a run moved: refit, or scroll so the cursor stays in view (unless the user panned
    /// away on purpose). Calling it again changes nothing, so every timeline may call it.
    pub fn follow(&mut self) {
        let now = self.now;
        if self.fitted {
            self.fit();
        } else if !self.user_panned && !(self.start..=self.end).contains(&now) {
            let span = self.end - self.start;
            let start = if now > self.end {
                now - 0.25 * span
            } else {
                now - 0.75 * span
            };
            self.set_window(start, start + span);
        }
    }
}

/// A [`TimeAxis`] shared by the timelines of one page, compared by identity.
#[derive(Clone, Debug, Default)]
pub struct SharedAxis(pub Rc<RefCell<TimeAxis>>);

impl PartialEq for SharedAxis {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_fits_the_longest_run_and_forgets_a_member_that_leaves() {
        let mut axis = TimeAxis::default();
        let redraw: Rc<dyn Fn()> = Rc::new(|| {});
        let (a, b) = (axis.join(&redraw), axis.join(&redraw));
        axis.report(a, 1_000_000.0);
        axis.report(b, 3_000_000.0);
        axis.follow();
        assert_eq!((axis.start, axis.end), (0.0, 3_090_000.0));
        axis.leave(b);
        axis.follow();
        assert_eq!((axis.start, axis.end), (0.0, 1_030_000.0));
        assert_eq!(axis.redraws().len(), 1);
        drop(redraw);
        assert!(
            axis.redraws().is_empty(),
            "unmounted timelines are not redrawn"
        );
    }

    #[test]
    fn zoom_and_pan_stop_refitting_and_following_is_idempotent() {
        let mut axis = TimeAxis::default();
        let redraw: Rc<dyn Fn()> = Rc::new(|| {});
        let id = axis.join(&redraw);
        axis.report(id, 10_000_000.0);
        axis.fit();
        axis.now = 2_000_000.0;
        axis.zoom_center(0.5);
        assert!(!axis.fitted);
        let window = (axis.start, axis.end);
        assert!(
            (window.1 - window.0 - 5_150_000.0).abs() < 1.0,
            "{window:?}"
        );
        assert!((window.0..=window.1).contains(&2_000_000.0));
        // The cursor leaves the window: both timelines follow, and the second changes nothing.
        axis.now = 9_000_000.0;
        axis.follow();
        let once = (axis.start, axis.end);
        axis.follow();
        assert_eq!((axis.start, axis.end), once);
        assert!((once.0..=once.1).contains(&9_000_000.0));
        axis.pan_by(-1e9);
        assert!(axis.user_panned);
        assert!(axis.end > 0.0, "panning keeps part of the run in view");
    }
}
