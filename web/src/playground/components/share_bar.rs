//! The share bar: the link to this program, machine and options, selected and ready to copy —
//! and the same link as an embed snippet (an `<iframe>` of the page in its `#embed` layout, for a
//! slide or a course page), copied with one button.

use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props: the link and how to close the bar.
#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// The full URL (the fragment holds the compressed state).
    pub link: AttrValue,
    /// Hides the bar.
    pub on_close: Callback<()>,
}

/// The embed snippet of `link`: an `<iframe>` of the page in its embed layout (`&embed` added
/// to the fragment), 960×640 as slides frame it, the URL escaped for an HTML attribute.
pub fn embed_snippet(link: &str) -> String {
    let sep = if link.contains('#') { "&" } else { "#" };
    let src = format!("{link}{sep}embed")
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    format!(
        r#"<iframe src="{src}" width="960" height="640" style="border:0" title="Rankscope" loading="lazy"></iframe>"#
    )
}

/// What was copied last, and whether the clipboard took it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Copied {
    Link(bool),
    Snippet(bool),
}

/// Writes `text` to the clipboard, then sets `copied` to `make(ok)`.
fn copy(text: String, copied: UseStateHandle<Option<Copied>>, make: fn(bool) -> Copied) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        copied.set(Some(make(false)));
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let ok = JsFuture::from(clipboard.write_text(&text)).await.is_ok();
        copied.set(Some(make(ok)));
    });
}

/// Shows the link with Copy, Copy embed snippet and Close buttons; says whether copying worked.
#[function_component(ShareBar)]
pub fn share_bar(props: &ShareBarProps) -> Html {
    let input = use_node_ref();
    let copied = use_state(|| None::<Copied>);
    let lang = crate::ui_lang::use_lang();
    {
        let input = input.clone();
        use_effect_with(props.link.clone(), move |_| {
            if let Some(el) = input.cast::<HtmlInputElement>() {
                el.focus().ok();
                el.select();
            }
        });
    }
    let on_copy = {
        let (link, copied) = (props.link.to_string(), copied.clone());
        Callback::from(move |_| copy(link.clone(), copied.clone(), Copied::Link))
    };
    let snippet = embed_snippet(&props.link);
    let on_snippet = {
        let (snippet, copied) = (snippet.clone(), copied.clone());
        Callback::from(move |_| copy(snippet.clone(), copied.clone(), Copied::Snippet))
    };
    let status = match *copied {
        Some(Copied::Link(true)) => "copied to the clipboard",
        Some(Copied::Link(false)) => "copying was refused here: select the link and press Ctrl+C",
        Some(Copied::Snippet(true)) => "embed snippet copied: paste it into a slide or a course page (960×640, the embed layout)",
        Some(Copied::Snippet(false)) => "copying was refused here: select the snippet below and press Ctrl+C",
        None => "also in the address bar: opening it restores this program, machine and options",
    };
    let status = lang.tr(status);
    let show_snippet = matches!(*copied, Some(Copied::Snippet(_)));
    html! {
        <div class="share-bar" role="region" aria-label={lang.tr("Share link")} data-testid="share-bar">
            <label class="share-field">
                <span>{ lang.tr("Link") }</span>
                <input ref={input} readonly=true value={props.link.clone()} data-testid="share-link" />
            </label>
            <button class="control primary" onclick={on_copy} data-testid="copy-link">{ lang.tr("Copy") }</button>
            <button class="control" onclick={on_snippet} data-testid="copy-embed"
                title={crate::ui_lang::current().tr("an <iframe> of this page in its embed layout, for slides and course pages")}>
                { crate::ui_lang::current().tr("Copy embed snippet") }
            </button>
            <span class="muted" role="status" aria-live="polite" data-testid="share-status">{ status }</span>
            <button class="control ghost" aria-label={lang.tr("close the share bar")}
                onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
            if show_snippet {
                <label class="share-field share-snippet">
                    <span>{ crate::ui_lang::current().tr("Embed") }</span>
                    <input readonly=true value={snippet} data-testid="embed-snippet" />
                </label>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_frames_the_link_in_its_embed_layout() {
        assert_eq!(
            embed_snippet("https://x.org/rs/#s=abc&args=1%202"),
            r#"<iframe src="https://x.org/rs/#s=abc&amp;args=1%202&amp;embed" width="960" height="640" style="border:0" title="Rankscope" loading="lazy"></iframe>"#
        );
        assert!(embed_snippet("https://x.org/").contains(r#"src="https://x.org/#embed""#));
        assert!(!embed_snippet("https://x.org/#s=\"><script>").contains("<script>"));
    }
}
