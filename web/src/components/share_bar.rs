//! The share bar: the link to this program, machine and options, selected and ready to copy.

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

/// Shows the link with Copy and Close buttons; says whether copying worked.
#[function_component(ShareBar)]
pub fn share_bar(props: &ShareBarProps) -> Html {
    let input = use_node_ref();
    let copied = use_state(|| None::<bool>);
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
        Callback::from(move |_| {
            let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
                copied.set(Some(false));
                return;
            };
            let (link, copied) = (link.clone(), copied.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let ok = JsFuture::from(clipboard.write_text(&link)).await.is_ok();
                copied.set(Some(ok));
            });
        })
    };
    let status = match *copied {
        Some(true) => "copied to the clipboard",
        Some(false) => "copying was refused here: select the link and press Ctrl+C",
        None => "also in the address bar: opening it restores this program, machine and options",
    };
    let status = lang.tr(status);
    html! {
        <div class="share-bar" role="region" aria-label={lang.tr("Share link")} data-testid="share-bar">
            <label class="share-field">
                <span>{ lang.tr("Link") }</span>
                <input ref={input} readonly=true value={props.link.clone()} data-testid="share-link" />
            </label>
            <button class="control primary" onclick={on_copy} data-testid="copy-link">{ lang.tr("Copy") }</button>
            <span class="muted" aria-live="polite">{ status }</span>
            <button class="control ghost" aria-label={lang.tr("close the share bar")}
                onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
        </div>
    }
}
