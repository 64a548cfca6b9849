//! Reading a file the user picked in an `<input type=file>` as text: the one effect behind
//! "Load profile…" and "Open lesson file…"; parsing happens in the reducer (core).

use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// An `onchange` handler that reads the picked file and calls `on_text` with its name and text
/// (or a sentence saying it could not be read), then clears the input so the same file can be
/// picked again.
pub fn on_file_text(on_text: Callback<(String, String)>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let cb = on_text.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.name();
            let text = match JsFuture::from(file.text()).await {
                Ok(v) => v.as_string().unwrap_or_default(),
                Err(_) => format!("could not read {name}"),
            };
            cb.emit((name, text));
        });
    })
}
