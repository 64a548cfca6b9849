//! The page header: brand, tagline, the links between the playground and the paper check, and
//! the simulator version.

use yew::prelude::*;

/// Props: the core version string to show.
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// `rankscope_core::VERSION`.
    pub core_version: AttrValue,
    /// Called when the user asks for a share link.
    pub on_share: Callback<()>,
    /// Whether the paper-check view is open (instead of the playground).
    #[prop_or_default]
    pub paper_open: bool,
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
            <nav class="views" aria-label="views">
                <a class="nav-link" href="#" data-testid="nav-playground"
                    aria-current={(!props.paper_open).then_some("page")}>{ "Playground" }</a>
                <a class="nav-link" href={format!("#{}", crate::paper_check::fragment_for("000"))}
                    data-testid="nav-paper-check" aria-current={props.paper_open.then_some("page")}
                    title="paper 000's tables and Fig. 10 recomputed here, next to the published values">
                    { "Paper check" }
                </a>
            </nav>
            if !props.paper_open {
                <button class="share" data-testid="share" onclick={props.on_share.reform(|_| ())}
                    title="put a link to this program, machine and rank count in the address bar">
                    { "Share link" }
                </button>
            }
            <span class="version" title="version of the simulator core running in this page">
                { "core v" }<span data-testid="core-version">{ props.core_version.clone() }</span>
            </span>
        </header>
    }
}
