//! The "Paper check" view, for any paper of core's registry: its introduction, the switch between
//! the papers, and each of its parts (`papers::part`) recomputed in the page by core's runner in
//! chunks of about [`CHUNK_MS`](crate::papers::CHUNK_MS), computing and rendering, between
//! which the page paints and takes input; cells fill in as their runs finish. An id the registry
//! lacks gets a page saying so, with links to the papers there are.
//!
//! The state is core's runner, `papers::Check`, one per paper, made on first opening and kept in
//! `papers::Checks`; `components::chunked_work` runs one chunk per timer tick. The texts are
//! core's Markdown-ish strings ([`crate::markdown`]); the header's links come from the registry
//! too. A run that fails is a cell with core's note. `#s=` share links are untouched by the routes.
//! Why the checks are not in the reducer: ARCHITECTURE.md, "Decisions".

use rankscope_core::papers::{self, Paper};
use yew::prelude::*;

use crate::markdown::{paragraphs, Span};
use crate::papers::part::section;
use crate::papers::SharedCheck;
use crate::playground::components::chunked_work::{control, use_chunked_work};
use crate::routes::fragment_for;

/// Markdown-ish text (paragraphs, `code`) as paragraphs of the page, with `class`.
pub fn prose(text: &str, class: &'static str) -> Html {
    html! {
        { for paragraphs(text).into_iter().map(|spans| html! {
            <p class={class}>
                { for spans.into_iter().map(|s| match s {
                    Span::Text(t) => html! { { t } },
                    Span::Code(c) => html! { <code>{ c }</code> },
                }) }
            </p>
        }) }
    }
}

/// Links to every paper's check, the open one (if any) marked.
pub fn paper_switch(open: Option<&str>) -> Html {
    html! {
        <nav class="paper-switch" aria-label={crate::ui_lang::current().tr("papers")} data-testid="paper-switch">
            { for papers::PAPERS.iter().map(|p| html! {
                <a class="nav-link" href={format!("#{}", fragment_for(p.id))}
                    data-testid={format!("switch-{}", p.id)}
                    aria-current={(Some(p.id) == open).then_some("page")}>
                    { crate::ui_lang::current().trf("Paper {0}: {1}", &[&p.id, &p.short]) }
                </a>
            }) }
        </nav>
    }
}

fn back() -> Html {
    html! { <a class="back" href="#" data-testid="back-to-playground">{ crate::ui_lang::current().tr("← Back to the playground") }</a> }
}

/// Props of the page for an id the registry lacks.
#[derive(Properties, PartialEq)]
pub struct UnknownPaperProps {
    /// The id the URL names.
    pub id: AttrValue,
}

/// "No paper 007": the papers there are, as links.
#[function_component(UnknownPaper)]
pub fn unknown_paper(props: &UnknownPaperProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let ids: Vec<&str> = papers::PAPERS.iter().map(|p| p.id).collect();
    html! {
        <main class="paper-check" data-testid="paper-check" data-paper={props.id.clone()}
            data-unknown="true">
            <section class="panel paper-intro" data-testid="unknown-paper">
                { back() }
                <h2>{ lang.trf("No paper {0}: available {1}", &[&props.id, &ids.join(", ")]) }</h2>
                <p>{ lang.tr("There is no check for this paper here. The papers with a check:") }</p>
                { paper_switch(None) }
            </section>
        </main>
    }
}

/// Props: the paper and its check's state (kept by the page across visits).
#[derive(Properties, PartialEq)]
pub struct PaperCheckViewProps {
    /// The paper's id (one of the registry's).
    pub paper: AttrValue,
    /// Its check.
    pub check: SharedCheck,
}

/// The view.
#[function_component(PaperCheckView)]
pub fn paper_check_view(props: &PaperCheckViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let tick = use_chunked_work(props.check.clone());
    let check = props.check.0.borrow();
    let paper: Paper = check.paper;
    html! {
        <main class="paper-check" data-testid="paper-check" data-paper={props.paper.clone()}>
            <section class="panel paper-intro">
                { back() }
                { paper_switch(Some(paper.id)) }
                <h2>{ lang.trf("Paper check: {0} (paper {1})", &[&paper.title, &paper.id]) }</h2>
                { prose(paper.intro, "") }
                <div class="verdict-key" aria-label={lang.tr("how errors are marked")}>
                    <span class="mark verdict-close">{ lang.tr("within 10 %") }</span>
                    <span class="mark verdict-near">{ lang.tr("within 25 %") }</span>
                    <span class="mark verdict-miss">{ lang.tr("miss: more than 25 % off") }</span>
                    <span class="muted">{ lang.tr("— no value (the note says why) · … not computed yet") }</span>
                </div>
            </section>
            { for check.parts().iter().map(|part| section(
                part,
                control(&props.check, &tick, part.id(), true),
                control(&props.check, &tick, part.id(), false),
            )) }
        </main>
    }
}
