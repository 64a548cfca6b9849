//! The page header: brand, tagline, the links to the playground, to each paper's check (from
//! core's registry of papers) and to the reference, and the simulator version.

use rankscope_core::papers;
use yew::prelude::*;

use crate::paper_check::{fragment_for, reference_fragment};

/// Props: the core version string to show, and which view is open.
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// `rankscope_core::VERSION`.
    pub core_version: AttrValue,
    /// Called when the user asks for a share link.
    pub on_share: Callback<()>,
    /// Enter presentation mode.
    #[prop_or_default]
    pub on_present: Callback<()>,
    /// Whether a paper-check view is open (instead of the playground).
    #[prop_or_default]
    pub paper_open: bool,
    /// Whether the lessons page is open.
    #[prop_or_default]
    pub lessons_open: bool,
    /// The paper whose check is open, if it is one of the registry's.
    #[prop_or_default]
    pub paper: Option<&'static str>,
    /// Whether the reference page is open.
    #[prop_or_default]
    pub reference_open: bool,
    /// Whether the schedules page is open.
    #[prop_or_default]
    pub schedule_open: bool,
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
                <a class="nav-link" href="#lessons" data-testid="nav-lessons"
                    title="guided walks through runs, in English and Japanese"
                    aria-current={props.lessons_open.then_some("page")}>{ "Lessons" }</a>
                <a class="nav-link" href="#schedule" data-testid="nav-schedule"
                    title="paper 002's schedules of a many-to-many pattern: Ring against the proposed one, built step by step"
                    aria-current={props.schedule_open.then_some("page")}>{ "Schedules" }</a>
                { for papers::PAPERS.iter().map(|p| html! {
                    <a class="nav-link" href={format!("#{}", fragment_for(p.id))}
                        data-testid={format!("nav-paper-{}", p.id)}
                        aria-current={(props.paper == Some(p.id)).then_some("page")}
                        title={format!("paper {}'s tables and figures ({}) recomputed here, next to the published values", p.id, p.short)}>
                        { format!("Paper {}", p.id) }
                    </a>
                }) }
                <a class="nav-link" href={format!("#{}", reference_fragment(None))}
                    data-testid="nav-reference"
                    aria-current={props.reference_open.then_some("page")}
                    title="every C and MPI function a program may call, with its signature and how it is modelled">
                    { "Reference" }
                </a>
            </nav>
            if !props.paper_open {
                <button class="control" data-testid="present" onclick={props.on_present.reform(|_| ())}
                    title="presentation mode for a projector: large type, only the code, the timeline and the current view (P; Esc leaves)">
                    { "Present" }
                </button>
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
