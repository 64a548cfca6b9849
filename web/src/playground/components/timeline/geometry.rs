//! The pure arithmetic of the view: window, zoom, pan, axis ticks (tested natively).

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
