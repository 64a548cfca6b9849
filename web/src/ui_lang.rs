//! The page's language as the reader chose it: from a link's `lang=` part, else kept in this
//! browser (localStorage), else the language last chosen for a lesson, else the browser's; given
//! to every component by a Yew context ([`use_lang`]) and written to `<html lang>`.
//!
//! The header's chooser sets it (and an open lesson's language; the lesson pane's buttons set the
//! page's); share links carry `&lang=ja`. Helpers outside a component read the rendering language
//! with [`current`] (set by [`use_lang`]).

use yew::prelude::*;

use crate::i18n::Lang;

/// Where the choice is kept.
pub const KEY: &str = "rankscope.lang";

/// The language a link asks for: a `lang=` part of its fragment or query (`#s=…&lang=ja`,
/// `?embed=1&lang=ja`).
pub fn link_lang(fragment: &str, query: &str) -> Option<Lang> {
    [fragment, query].iter().find_map(|s| {
        s.trim_start_matches(['#', '?'])
            .split('&')
            .find_map(|p| p.strip_prefix("lang="))
            .and_then(Lang::from_code)
    })
}

/// `fragment` with the page's language added for a share link (English, the default, adds
/// nothing).
pub fn with_lang(fragment: String, lang: Lang) -> String {
    match lang {
        Lang::En => fragment,
        _ => format!("{fragment}&lang={}", lang.code()),
    }
}

/// The language chosen before in this browser, if any.
pub fn stored() -> Option<Lang> {
    let code = crate::playground::autosave::storage()?
        .get_item(KEY)
        .ok()??;
    Lang::from_code(&code)
}

/// The language the page opens in (see the module's doc).
pub fn initial() -> Lang {
    let location = web_sys::window().map(|w| w.location());
    let (hash, query) = location.map_or_else(Default::default, |l| {
        (l.hash().unwrap_or_default(), l.search().unwrap_or_default())
    });
    link_lang(&hash, &query)
        .or_else(stored)
        .or_else(|| {
            crate::lessons::progress::load()
                .lang
                .as_deref()
                .and_then(Lang::from_code)
        })
        .or_else(|| {
            let browser = web_sys::window().and_then(|w| w.navigator().language())?;
            Lang::from_code(&browser)
        })
        .unwrap_or_default()
}

/// Keeps `lang` as this browser's choice.
pub fn save(lang: Lang) {
    if let Some(s) = crate::playground::autosave::storage() {
        s.set_item(KEY, lang.code()).ok();
    }
}

/// Writes `lang` to `<html lang>` (screen readers and fonts follow it).
pub fn apply(lang: Lang) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        root.set_attribute("lang", lang.code()).ok();
    }
}

/// The page's language, from the context the app provides (English outside it). It is also
/// kept as the language being rendered ([`current`]) for the plain functions a component calls.
#[hook]
pub fn use_lang() -> Lang {
    let lang = use_context::<Lang>().unwrap_or_default();
    CURRENT.with(|c| c.set(lang));
    lang
}

thread_local! {
    /// The language of the components rendering now (set by [`use_lang`]).
    static CURRENT: std::cell::Cell<Lang> = const { std::cell::Cell::new(Lang::En) };
}

/// The language of the component rendering now, for a helper function that builds part of its
/// HTML without the component's hooks (every component that renders text calls [`use_lang`]
/// first, and the page has one language).
pub fn current() -> Lang {
    CURRENT.with(|c| c.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_language_in_the_fragment_or_the_query() {
        assert_eq!(link_lang("#s=abc&lang=ja", ""), Some(Lang::Ja));
        assert_eq!(link_lang("", "?embed=1&lang=ja-JP"), Some(Lang::Ja));
        assert_eq!(
            link_lang("#lesson=first-mpi&step=2&lang=en", "?lang=ja"),
            Some(Lang::En)
        );
        assert_eq!(link_lang("#s=abc", ""), None);
        assert_eq!(link_lang("#lang=xx", ""), None);
        assert_eq!(link_lang("#slang=ja", ""), None);
    }

    #[test]
    fn share_links_carry_a_language_other_than_english() {
        assert_eq!(with_lang("s=abc".into(), Lang::En), "s=abc");
        assert_eq!(with_lang("s=abc".into(), Lang::Ja), "s=abc&lang=ja");
        assert_eq!(
            link_lang(&with_lang("lesson=x&step=1".into(), Lang::Ja), ""),
            Some(Lang::Ja)
        );
    }
}
