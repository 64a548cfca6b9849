//! The page's one clock: `performance.now()`, monotonic milliseconds (0 without a window). Every
//! timing in the page (playback chunks, the paper checks' budgets, timeline frames, benchmarks)
//! reads this.

/// Milliseconds since the page opened, monotonic.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
