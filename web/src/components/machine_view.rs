//! The machine view: the selected profile with every parameter and where its value comes from.

use rankscope_core::machine::{Basis, Cited, Profile};
use yew::prelude::*;

/// Props: the profile to show.
#[derive(Properties, PartialEq)]
pub struct MachineViewProps {
    /// The selected profile.
    pub profile: Profile,
}

fn row<T: std::fmt::Display>(label: &str, unit: &str, p: &Cited<T>) -> Html {
    let (class, kind, text) = match &p.basis {
        Basis::Source(s) => ("cite", "source", s.clone()),
        Basis::Assume(a) => ("assume", "assumption", a.clone()),
    };
    html! {
        <tr>
            <th scope="row">{ label }</th>
            <td class="num">{ format!("{} {unit}", p.value) }</td>
            <td class={class}><span class="tag">{ kind }</span>{ " " }{ text }</td>
        </tr>
    }
}

/// Details of one machine.
#[function_component(MachineView)]
pub fn machine_view(props: &MachineViewProps) -> Html {
    let m = &props.profile.machine;
    html! {
        <section class="panel view" aria-labelledby="machine-title" data-testid="machine-view">
            <div class="panel-head">
                <h2 id="machine-title">{ &m.name }</h2>
                <span class="pill">{ format!("paper {}", m.paper) }</span>
            </div>
            <p class="summary">{ &m.summary }</p>
            <p class="muted">{ "Interconnect: " }{ &m.interconnect }</p>
            <table class="params">
                <thead><tr><th>{ "parameter" }</th><th>{ "value" }</th><th>{ "basis" }</th></tr></thead>
                <tbody>
                    { row("nodes", "", &m.nodes) }
                    { row("ranks per node", "", &m.ranks_per_node) }
                    { row("clock", "MHz", &m.clock_mhz) }
                </tbody>
            </table>
        </section>
    }
}
