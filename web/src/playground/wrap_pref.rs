//! Whether the editor soft-wraps long lines outside presentation mode: on unless the reader
//! unticked the editor's "Wrap" box, remembered in this browser.

/// Where the choice is remembered (`localStorage`).
const KEY: &str = "rankscope-wrap";

/// The stored text for a choice.
fn text(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The choice a stored text means (anything unknown: wrapping, the default).
fn parse(stored: Option<&str>) -> bool {
    stored != Some("off")
}

/// The choice remembered in this browser (on when none).
pub fn load() -> bool {
    let stored =
        crate::playground::autosave::storage().and_then(|s| s.get_item(KEY).ok().flatten());
    parse(stored.as_deref())
}

/// Remembers the choice.
pub fn save(on: bool) {
    if let Some(s) = crate::playground::autosave::storage() {
        s.set_item(KEY, text(on)).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_is_on_unless_turned_off() {
        assert!(parse(None));
        assert!(parse(Some("on")));
        assert!(parse(Some("garbage")));
        assert!(!parse(Some(text(false))));
        assert!(parse(Some(text(true))));
    }
}
