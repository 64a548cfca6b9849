//! The machine view: the selected profile with every parameter and where its value comes from.

use rankscope_core::machine::{parameters, Basis, Profile};
use yew::prelude::*;

/// Props: the profile to show.
#[derive(Properties, PartialEq)]
pub struct MachineViewProps {
    /// The selected profile.
    pub profile: Profile,
}

/// Details of one machine: summary, then the parameter table from core, section by section.
#[function_component(MachineView)]
pub fn machine_view(props: &MachineViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let m = &props.profile.machine;
    let rows = parameters(&props.profile);
    let assumed = rows
        .iter()
        .filter(|r| matches!(r.basis, Basis::Assume(_)))
        .count();
    let mut body = Vec::new();
    let mut section = "";
    for r in &rows {
        if r.section != section {
            section = &r.section;
            body.push(html! {
                <tr class="section"><th colspan="3" scope="rowgroup">{ format!("[{section}]") }</th></tr>
            });
        }
        let (class, kind, text) = match &r.basis {
            Basis::Source(s) => ("cite", lang.tr("source"), s.clone()),
            Basis::Assume(a) => ("assume", lang.tr("assumption"), a.clone()),
        };
        body.push(html! {
            <tr data-key={r.key.clone()}>
                <th scope="row" title={r.key.clone()}>{ &r.name }</th>
                <td class="num">{ &r.value }</td>
                <td class={class}><span class="tag">{ kind }</span>{ " " }{ text }</td>
            </tr>
        });
    }
    html! {
        <section class="panel view" aria-labelledby="machine-title" data-testid="machine-view">
            <div class="panel-head">
                <h2 id="machine-title">{ &m.name }</h2>
                if !m.paper.is_empty() {
                    <span class="pill">{ format!("paper {}", m.paper) }</span>
                }
            </div>
            <p class="summary">{ &m.summary }</p>
            <p class="muted">
                { lang.f(crate::i18n::Text::Interconnect, &[&m.interconnect, &rows.len(), &(rows.len() - assumed), &assumed]) }
            </p>
            // Focusable, so the keyboard can scroll it (axe-core: scrollable-region-focusable).
            <div class="params-scroll" tabindex="0" role="region" aria-labelledby="machine-title">
                <table class="params">
                    <thead><tr><th>{ lang.tr("parameter") }</th><th>{ lang.tr("value") }</th><th>{ lang.tr("basis") }</th></tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
        </section>
    }
}
