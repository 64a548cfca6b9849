//! Presentation mode's timeline takes the free height: its rows grow to fill the timeline's area
//! (up to a limit), or shrink so every rank's row fits a short one (a 1024×768 projector),
//! instead of keeping the height they have on the desktop page. The arithmetic
//! is pure and tested natively; [`free_height`] measures the DOM.

/// The tallest a row grows (a run of two ranks does not become two bands of 300 px).
pub const MAX_ROW_PX: f64 = 96.0;

/// The shortest a row shrinks to so every rank's row fits the free height (a 4-rank run on a
/// 768-px projector), still tall enough for its label.
pub const MIN_FIT_ROW_PX: f64 = 18.0;

/// One rank's row: exactly as tall as makes `ranks` rows and `chrome` pixels of axis fill
/// `fill` pixels (`fill` 0: no filling, `usual`), at most [`MAX_ROW_PX`] and at least the
/// smaller of `usual` and [`MIN_FIT_ROW_PX`] (so all rows fit a short area rather than the last
/// ones falling below its edge).
pub fn row_height(usual: f64, ranks: u32, fill: f64, chrome: f64) -> f64 {
    if fill <= 0.0 {
        return usual;
    }
    let each = (fill - chrome) / f64::from(ranks.max(1));
    each.min(MAX_ROW_PX).max(usual.min(MIN_FIT_ROW_PX))
}

/// The height the canvas in `wrap` may take in presentation mode: its area's visible height less
/// everything else in the area (headings, legend, a comparison); 0 outside presentation mode.
pub fn free_height(wrap: &web_sys::HtmlElement) -> f64 {
    let Ok(Some(area)) = wrap.closest(".app.present .area-timeline") else {
        return 0.0;
    };
    // The area's content from its first child's top to its last child's bottom (its scroll
    // height is at least its own height, so it cannot say how much is free).
    let children = area.children();
    let (mut top, mut bottom) = (f64::INFINITY, f64::NEG_INFINITY);
    for i in 0..children.length() {
        if let Some(child) = children.item(i) {
            let r = child.get_bounding_client_rect();
            top = top.min(r.top());
            bottom = bottom.max(r.bottom());
        }
    }
    if !top.is_finite() {
        return 0.0;
    }
    let others = (bottom - top) - f64::from(wrap.offset_height());
    (f64::from(area.client_height()) - others - 4.0).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_fill_the_free_height_within_limits() {
        assert_eq!(row_height(34.0, 4, 0.0, 34.0), 34.0, "not filling");
        assert_eq!(row_height(34.0, 4, 434.0, 34.0), 96.0, "capped");
        assert_eq!(row_height(34.0, 4, 274.0, 34.0), 60.0);
        // A short area (a 768-px projector): rows shrink so all four fit, down to a floor.
        assert_eq!(row_height(34.0, 4, 134.0, 34.0), 25.0, "all rows fit");
        assert_eq!(
            row_height(34.0, 4, 60.0, 34.0),
            MIN_FIT_ROW_PX,
            "never below a label's height"
        );
        // Rows already shorter than the floor (many ranks) never grow to it.
        assert_eq!(row_height(6.0, 64, 200.0, 34.0), 6.0);
        assert_eq!(
            row_height(3.0, 400, 1000.0, 34.0),
            3.0 - 3.0 + (966.0 / 400.0_f64).max(3.0)
        );
    }
}
