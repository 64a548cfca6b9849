//! The page header: brand, tagline, the links to the playground, to each paper's check (from
//! core's registry of papers) and to the reference, and the simulator version.

use rankscope_core::papers;
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::routes::{fragment_for, reference_fragment};
use crate::ui_lang::use_lang;

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
    /// The page's language is chosen.
    #[prop_or_default]
    pub on_lang: Callback<Lang>,
}

/// The top bar.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let lang = use_lang();
    let on_lang = {
        let cb = props.on_lang.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(l) = Lang::from_code(&select.value()) {
                cb.emit(l);
            }
        })
    };
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">
                    <span></span><span></span><span></span>
                </span>
                <h1>{ "Rankscope" }</h1>
            </div>
            <p class="tagline">{ lang.t(Text::Tagline) }</p>
            <nav class="views" aria-label={lang.t(Text::Pages)}>
                <a class="nav-link" href="#" data-testid="nav-playground"
                    aria-current={(!props.paper_open).then_some("page")}>{ lang.t(Text::Playground) }</a>
                <a class="nav-link" href="#lessons" data-testid="nav-lessons"
                    title={lang.t(Text::LessonsTitle)}
                    aria-current={props.lessons_open.then_some("page")}>{ lang.t(Text::Lessons) }</a>
                <a class="nav-link" href="#schedule" data-testid="nav-schedule"
                    title={lang.t(Text::SchedulesTitle)}
                    aria-current={props.schedule_open.then_some("page")}>{ lang.t(Text::Schedules) }</a>
                { for papers::PAPERS.iter().map(|p| html! {
                    <a class="nav-link" href={format!("#{}", fragment_for(p.id))}
                        data-testid={format!("nav-paper-{}", p.id)}
                        aria-current={(props.paper == Some(p.id)).then_some("page")}
                        title={lang.f(Text::PaperTitle, &[&p.id, &p.short])}>
                        { lang.f(Text::Paper, &[&p.id]) }
                    </a>
                }) }
                <a class="nav-link" href={format!("#{}", reference_fragment(None))}
                    data-testid="nav-reference"
                    aria-current={props.reference_open.then_some("page")}
                    title={lang.t(Text::ReferenceTitle)}>
                    { lang.t(Text::Reference) }
                </a>
            </nav>
            if !props.paper_open {
                <button class="control" data-testid="present" onclick={props.on_present.reform(|_| ())}
                    title={lang.t(Text::PresentTitle)}>
                    { lang.t(Text::Present) }
                </button>
                <button class="share" data-testid="share" onclick={props.on_share.reform(|_| ())}
                    title={lang.t(Text::ShareLinkTitle)}>
                    { lang.t(Text::ShareLink) }
                </button>
            }
            <select class="ui-lang" data-testid="ui-lang" aria-label={lang.t(Text::Language)}
                title={lang.t(Text::Language)} onchange={on_lang}>
                { for Lang::ALL.iter().map(|l| html! {
                    <option value={l.code()} lang={l.code()} selected={*l == lang}>{ l.name() }</option>
                }) }
            </select>
            <span class="version" title={lang.t(Text::CoreVersionTitle)}>
                { "core v" }<span data-testid="core-version">{ props.core_version.clone() }</span>
            </span>
        </header>
    }
}
