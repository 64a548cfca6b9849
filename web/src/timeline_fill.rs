//! Presentation mode's timeline takes the free height: its rows grow to fill the timeline's area
//! (up to a limit), instead of keeping the height they have on the desktop page. The arithmetic
//! is pure and tested natively; [`free_height`] measures the DOM.

/// The tallest a row grows (a run of two ranks does not become two bands of 300 px).
pub const MAX_ROW_PX: f64 = 96.0;

/// One rank's row: `usual`, or taller so `ranks` rows and `chrome` pixels of axis fill `fill`
/// pixels (`fill` 0: no filling), at most [`MAX_ROW_PX`].
pub fn row_height(usual: f64, ranks: u32, fill: f64, chrome: f64) -> f64 {
    if fill <= 0.0 {
        return usual;
    }
    let each = (fill - chrome) / f64::from(ranks.max(1));
    each.min(MAX_ROW_PX).max(usual)
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
        assert_eq!(
            row_height(34.0, 4, 100.0, 34.0),
            34.0,
            "never below the usual"
        );
        assert_eq!(
            row_height(3.0, 400, 1000.0, 34.0),
            3.0 - 3.0 + (966.0 / 400.0_f64).max(3.0)
        );
    }
}
