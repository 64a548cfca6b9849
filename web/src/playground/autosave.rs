//! Autosave: the edit (program, machine, ranks, speed) kept in this browser's `localStorage`, so a
//! reload or an accidental tab close loses nothing. An effect at the edge; the state it restores
//! goes through the reducer like a share link. [`use_autosave`] writes once the edits pause (a
//! keystroke in a long program then serializes and stores nothing) and at once when the page is
//! hidden or left, so the last edit is never lost.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::url::{ShareState, LINK_VERSION};

/// How long the edits must pause before the autosave is written.
pub const PAUSE_MS: u32 = 400;

/// The `localStorage` key (versioned with the link format it stores).
pub const KEY: &str = "rankscope.autosave.v1";

/// This browser's `localStorage`, where there is one.
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The autosaved edit, if there is one this version can read (anything else is ignored: an
/// autosave is a convenience, never a reason to fail).
pub fn load() -> Option<ShareState> {
    let text = storage()?.get_item(KEY).ok()??;
    let saved: ShareState = serde_json::from_str(&text).ok()?;
    (saved.v <= LINK_VERSION).then_some(saved)
}

/// Saves `state` (quietly does nothing where storage is unavailable, e.g. a sandboxed iframe).
pub fn save(state: &ShareState) {
    if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(state)) {
        storage.set_item(KEY, &text).ok();
    }
}

/// What is waiting to be saved, and the timer that will save it.
#[derive(Default)]
struct Pending {
    state: Option<ShareState>,
    timer: Option<Timeout>,
}

impl Pending {
    /// Saves what is waiting, now.
    fn flush(&mut self) {
        self.timer = None;
        if let Some(state) = self.state.take() {
            save(&state);
        }
    }
}

/// Autosaves `state` whenever it changes (when `enabled`), [`PAUSE_MS`] after the last change, or
/// at once when the page is hidden (another tab, closing, reloading).
#[hook]
pub fn use_autosave(state: ShareState, enabled: bool) {
    let pending = use_mut_ref(Pending::default);
    {
        let pending = pending.clone();
        use_effect_with(state, move |state| {
            if enabled {
                let mut p = pending.borrow_mut();
                p.state = Some(state.clone());
                let later = pending.clone();
                p.timer = Some(Timeout::new(PAUSE_MS, move || {
                    if let Ok(mut p) = later.try_borrow_mut() {
                        p.flush();
                    }
                }));
            }
        });
    }
    use_effect_with((), move |_| {
        let flush = {
            let pending: Rc<RefCell<Pending>> = pending.clone();
            crate::window_events::WindowListener::new(
                &["pagehide", "visibilitychange"],
                move || {
                    if let Ok(mut p) = pending.try_borrow_mut() {
                        p.flush();
                    }
                },
            )
        };
        move || {
            drop(flush);
            if let Ok(mut p) = pending.try_borrow_mut() {
                p.flush();
            }
        }
    });
}
