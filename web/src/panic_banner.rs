//! A panic hook that keeps a crash visible: it logs the panic to the console and shows a banner,
//! because a panic in WebAssembly stops the app and would otherwise leave a silent, frozen page.

use wasm_bindgen::JsValue;

/// Installs the hook. Call once, before mounting the app.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("Rankscope crashed: {info}");
        web_sys::console::error_1(&JsValue::from_str(&message));
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            if let (Ok(banner), Some(body)) = (document.create_element("div"), document.body()) {
                banner.set_class_name("panic-banner");
                banner.set_attribute("role", "alert").ok();
                banner.set_text_content(Some(&format!(
                    "{message}. Reload the page to continue; please report this with the link you were on."
                )));
                body.prepend_with_node_1(&banner).ok();
            }
        }
    }));
}
