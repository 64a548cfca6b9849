//! A listener on the window for an event with no data the handler needs (`hashchange`,
//! `pagehide`…), removed when dropped: what an effect returns as its cleanup.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// `handler` listening for `kind` on the window until this is dropped.
pub struct WindowListener {
    kinds: &'static [&'static str],
    closure: Closure<dyn Fn()>,
}

impl WindowListener {
    /// Starts calling `handler` on each of `kinds`.
    pub fn new(kinds: &'static [&'static str], handler: impl Fn() + 'static) -> WindowListener {
        let closure = Closure::<dyn Fn()>::new(handler);
        if let Some(w) = web_sys::window() {
            for kind in kinds {
                w.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())
                    .ok();
            }
        }
        WindowListener { kinds, closure }
    }
}

impl Drop for WindowListener {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            for kind in self.kinds {
                w.remove_event_listener_with_callback(kind, self.closure.as_ref().unchecked_ref())
                    .ok();
            }
        }
    }
}
