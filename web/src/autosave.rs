//! Autosave: the edit (program, machine, ranks, speed) kept in this browser's `localStorage`, so a
//! reload or an accidental tab close loses nothing. An effect at the edge; the state it restores
//! goes through the reducer like a share link.

use crate::url::{ShareState, LINK_VERSION};

/// The `localStorage` key (versioned with the link format it stores).
pub const KEY: &str = "rankscope.autosave.v1";

fn storage() -> Option<web_sys::Storage> {
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
