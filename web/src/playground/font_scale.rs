//! Presentation mode's type size: a few sizes from small to very large (the present bar's
//! A−/A+ buttons and the +/− keys), in percent of the default, remembered in this browser.
//! Every text of the mode is sized from it (`--present-scale` in `static/present.css`).
//!
//! `--present-scale` is set inline on `.app` from `State::font_scale`: it sizes the code (19 px ×
//! it, 16 px under 1200 px of width; lines a whole number of pixels), zooms the run bar and the
//! views as a whole to the same size, and scales the timeline's canvas text (`--tl-text-scale`).
//! Under 1200 px a lesson's column (`.layout:has(.area-lesson)`) takes 1.5 shares of the width and
//! the run bar and views keep zoom 1 beside it, so a lecture program wraps less.

/// The sizes, in percent of the default.
pub const SIZES: [u32; 8] = [70, 80, 90, 100, 115, 130, 150, 175];

/// The default size.
pub const DEFAULT: u32 = 100;

/// Where the size is remembered (`localStorage`).
const KEY: &str = "rankscope-present-scale";

/// The size nearest to `scale` among [`SIZES`].
pub fn clamp(scale: u32) -> u32 {
    SIZES
        .into_iter()
        .min_by_key(|s| s.abs_diff(scale))
        .unwrap_or(DEFAULT)
}

/// The size `by` sizes larger (negative: smaller) than `scale`, within [`SIZES`]; `by == 0` the
/// default.
pub fn step(scale: u32, by: i32) -> u32 {
    if by == 0 {
        return DEFAULT;
    }
    let at = SIZES.iter().position(|&s| s == clamp(scale)).unwrap_or(3) as i32;
    let to = (at + by).clamp(0, SIZES.len() as i32 - 1);
    SIZES[to as usize]
}

/// The size remembered in this browser, if any.
pub fn load() -> Option<u32> {
    let stored = crate::playground::autosave::storage()?
        .get_item(KEY)
        .ok()??;
    stored.parse().ok().map(clamp)
}

/// Remembers `scale`.
pub fn save(scale: u32) {
    if let Some(s) = crate::playground::autosave::storage() {
        s.set_item(KEY, &scale.to_string()).ok();
    }
}

/// The inline style that sizes presentation mode's type: `--present-scale` for the style
/// sheets, `--tl-text-scale` (a plain number the timeline's canvas reads) for the timeline.
pub fn style(scale: u32) -> String {
    let k = f64::from(clamp(scale)) / 100.0;
    format!("--present-scale: {k:.2}; --tl-text-scale: {:.4}", 1.25 * k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_within_the_sizes() {
        assert_eq!(step(100, 1), 115);
        assert_eq!(step(100, -1), 90);
        assert_eq!(step(175, 1), 175);
        assert_eq!(step(70, -1), 70);
        assert_eq!(step(130, 0), DEFAULT);
        assert_eq!(clamp(1000), 175);
        assert_eq!(clamp(0), 70);
        assert_eq!(clamp(112), 115);
        assert_eq!(style(130), "--present-scale: 1.30; --tl-text-scale: 1.6250");
    }
}
