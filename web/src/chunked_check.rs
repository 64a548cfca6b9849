//! What the paper-check pages have in common: a check that computes in chunks of a time budget,
//! whose parts the user starts and stops. The view's chunk loop (`components::chunked_work`) drives
//! any such check.

/// A paper check computed in chunks.
pub trait ChunkedCheck {
    /// One part of the check (a table or figure the user can start and stop).
    type Part: Copy + 'static;
    /// The view opened: start the parts that start by themselves.
    fn open(&mut self);
    /// Whether some part still has work to do.
    fn is_working(&self) -> bool;
    /// Computes for about `budget_ms` of `clock`'s milliseconds.
    fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64);
    /// Starts (or resumes) a part.
    fn start(&mut self, part: Self::Part);
    /// Stops a part where it is.
    fn stop(&mut self, part: Self::Part);
}
