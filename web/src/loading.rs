//! The static loading screen of `index.html` (shown from the page's first byte, while the wasm
//! downloads and compiles) leaves once the app has mounted: [`dismiss`] removes it.
//!
//! The screen is static HTML and `static/loading.css` in `index.html`; the app calls [`dismiss`] in
//! its first effect. The progress line of a long run is `components::progress_line`.

/// The loading screen's element id in `index.html`.
pub const ID: &str = "loading";

/// Removes the loading screen, if it is still there (the app calls it once its first render is on
/// the page, so there is never a blank moment between the two).
pub fn dismiss() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(ID))
    {
        el.remove();
    }
}
