//! The page header: brand, tagline and the simulator version.

use yew::prelude::*;

/// Props: the core version string to show.
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// `rankscope_core::VERSION`.
    pub core_version: AttrValue,
    /// Called when the user asks for a share link.
    pub on_share: Callback<()>,
}

/// The top bar.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">
                    <span></span><span></span><span></span>
                </span>
                <h1>{ "Rankscope" }</h1>
            </div>
            <p class="tagline">{ "Watch MPI ranks talk, packet by packet, on machines that shaped parallel computing." }</p>
            <button class="share" data-testid="share" onclick={props.on_share.reform(|_| ())}
                title="put a link to this program, machine and rank count in the address bar">
                { "Share link" }
            </button>
            <span class="version" title="version of the simulator core running in this page">
                { "core v" }<span data-testid="core-version">{ props.core_version.clone() }</span>
            </span>
        </header>
    }
}
