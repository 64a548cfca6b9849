//! The reference page (`#reference`, `#reference=MPI_Send`): core's `lang::reference` — every C
//! and MPI function a program may call, with its signature and how it is modelled, built from
//! the checker's tables — with a filter box (core's `Reference::filter`) and an anchor per
//! function, scrolled into view when the URL names it.
//!
//! It is a route like a paper (`routes::Route::Reference`, followed by
//! [`crate::routes`]). Nothing in it is typed twice: the data is core's, which `rankscope
//! reference` prints as Markdown or JSON too.

use rankscope_core::lang::reference::{reference, Constant, Entry, Reference, Section};
use yew::prelude::*;

use crate::papers::page::prose;
use crate::routes::reference_fragment;

/// The element id of a function's or section's anchor.
fn element_id(anchor: &str) -> String {
    format!("ref-{anchor}")
}

/// Props: the anchor the URL names, if any.
#[derive(Properties, PartialEq)]
pub struct ReferenceViewProps {
    /// A function's anchor (`MPI_Send`) or a section's id (`stdio.h`) to scroll to.
    #[prop_or_default]
    pub target: Option<AttrValue>,
}

/// The page.
#[function_component(ReferenceView)]
pub fn reference_view(props: &ReferenceViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let all = use_memo((), |_| reference());
    let query = use_state(String::new);
    let shown = {
        let all = all.clone();
        use_memo((*query).clone(), move |q| all.filter(q))
    };
    // Scroll the named anchor into view (after the render that drew it).
    use_effect_with(props.target.clone(), |target| {
        if let Some(t) = target {
            let element = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&element_id(t)));
            if let Some(e) = element {
                e.scroll_into_view();
                // Once the web fonts are in, the lines above may have moved: scroll again.
                let ready = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.fonts().ready().ok());
                if let Some(ready) = ready {
                    wasm_bindgen_futures::spawn_local(async move {
                        if wasm_bindgen_futures::JsFuture::from(ready).await.is_ok() {
                            e.scroll_into_view();
                        }
                    });
                }
            }
        }
    });
    let on_input = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            query.set(input.value());
        })
    };
    let target = props.target.as_deref();
    let count = shown.len();
    html! {
        <main class="reference" data-testid="reference">
            <section class="panel reference-intro">
                <a class="back" href="#" data-testid="back-to-playground">{ lang.tr("← Back to the playground") }</a>
                <h2>{ lang.tr("Reference") }</h2>
                <p>{ lang.tr("Every C and MPI function a program may call, with its signature and one line on how Rankscope models it: what costs time, what is eager, what needs the receiver's processor. It is generated from the tables the checker reads, so it lists exactly what compiles; ") }<code>{ "rankscope reference" }</code>{ lang.tr(" prints the same.") }</p>
                <div class="reference-search">
                    <input type="search" data-testid="reference-filter" aria-label={lang.tr("filter the reference")}
                        placeholder={lang.tr("Filter: MPI_Send, eager, malloc, RAND_MAX…")}
                        value={(*query).clone()} oninput={on_input} />
                    <span class="muted" data-testid="reference-count">
                        { if count == 1 { lang.tr("1 function").to_string() } else { lang.trf("{0} functions", &[&count]) } }
                    </span>
                </div>
                { contents(&all) }
            </section>
            // The results in a box of their own (`display: contents`, so the page's layout is the
            // same): the intro with the filter field stays the same element however many parts
            // match, and keeps the focus while the reader types.
            <div class="reference-results">
            if shown.is_empty() {
                <p class="panel reference-none" data-testid="reference-none">
                    { lang.trf("Nothing matches “{0}”.", &[&*query]) }
                </p>
            }
            { for shown.parts.iter().map(|part| html! {
                <section class="panel reference-part" data-testid={format!("reference-part-{}", part.id)}>
                    <h2>{ part.title }</h2>
                    { prose(&part.about, "reference-about") }
                    { for part.sections.iter().map(|s| section(s, target, !query.is_empty())) }
                </section>
            }) }
            </div>
        </main>
    }
}

/// Links to every section of the whole reference (not only the filtered one).
fn contents(all: &Reference) -> Html {
    html! {
        <nav class="reference-contents" aria-label={crate::ui_lang::current().tr("reference sections")}>
            { for all.parts.iter().map(|part| html! {
                <p>
                    <span class="muted">{ format!("{}: ", part.title) }</span>
                    // A space after each link: the line may break between links (each link
                    // keeps its words together), so a long list wraps inside the panel.
                    { for part.sections.iter().filter(|s| !s.entries.is_empty()).map(|s| html! {
                        <><a href={format!("#{}", reference_fragment(Some(&s.id)))}>{ s.title.clone() }</a>{ " " }</>
                    }) }
                </p>
            }) }
        </nav>
    }
}

/// A section; its constants are unfolded while the filter is in use.
fn section(s: &Section, target: Option<&str>, filtering: bool) -> Html {
    html! {
        <section class="reference-section" id={element_id(&s.id)}>
            <h3>{ s.title.clone() }</h3>
            { prose(&s.about, "reference-about") }
            if !s.entries.is_empty() {
                <dl class="reference-entries">
                    { for s.entries.iter().map(|e| entry(e, target)) }
                </dl>
            }
            if !s.constants.is_empty() {
                { constants(&s.constants, filtering) }
            }
        </section>
    }
}

fn entry(e: &Entry, target: Option<&str>) -> Html {
    let current = target == Some(e.anchor.as_str());
    html! {
        <div class={classes!("reference-entry", current.then_some("target"))} id={element_id(&e.anchor)}
            data-testid="reference-entry" data-name={e.name}>
            <dt>
                <a class="reference-anchor" href={format!("#{}", reference_fragment(Some(&e.anchor)))}
                    title={crate::ui_lang::current().tr("link to this function")}>
                    <code class="reference-signature" data-testid="reference-signature">{ e.signature.clone() }</code>
                </a>
            </dt>
            <dd>{ prose(&e.note, "reference-note") }</dd>
        </div>
    }
}

fn constants(list: &[Constant], open: bool) -> Html {
    html! {
        <details class="reference-constants" {open}>
            <summary>{ crate::ui_lang::current().trf("Constants ({0})", &[&list.len()]) }</summary>
            <ul>
                { for list.iter().map(|c| html! {
                    <li>
                        <code>{ c.name.clone() }</code>
                        if !c.value.is_empty() {
                            <span class="muted">{ " = " }</span><code class="muted">{ c.value.clone() }</code>
                        }
                    </li>
                }) }
            </ul>
        </details>
    }
}
