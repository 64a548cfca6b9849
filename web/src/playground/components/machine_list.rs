//! The list of every built-in machine, one card each; clicking a card selects it.

use rankscope_core::machine::Profile;
use yew::prelude::*;

/// Props: the profiles and the current choice.
#[derive(Properties, PartialEq)]
pub struct MachineListProps {
    /// Built-in profiles.
    pub profiles: Vec<Profile>,
    /// Selected profile id.
    pub selected: AttrValue,
    /// Called with the id of the clicked machine.
    pub on_select: Callback<String>,
}

/// Cards for all machines.
#[function_component(MachineList)]
pub fn machine_list(props: &MachineListProps) -> Html {
    html! {
        <section class="panel view" aria-labelledby="machines-title">
            <div class="panel-head">
                <h2 id="machines-title">{ crate::ui_lang::current().tr("Machines") }</h2>
                <span class="muted">{ format!("{} profiles", props.profiles.len()) }</span>
            </div>
            <ul class="machines" data-testid="profile-list">
                { for props.profiles.iter().map(|p| {
                    let m = &p.machine;
                    let id = m.id.clone();
                    let onclick = {
                        let cb = props.on_select.clone();
                        let id = id.clone();
                        Callback::from(move |_| cb.emit(id.clone()))
                    };
                    let current = id == props.selected.as_str();
                    html! {
                        <li data-profile-id={id.clone()}>
                            <button class={classes!("machine", current.then_some("current"))}
                                aria-pressed={current.to_string()} {onclick}>
                                <span class="machine-name">{ &m.name }</span>
                                <span class="machine-meta">
                                    { if m.paper.is_empty() {
                                        format!("{} nodes × {}", m.nodes.value, m.ranks_per_node.value)
                                    } else {
                                        format!("{} nodes × {} · paper {}", m.nodes.value, m.ranks_per_node.value, m.paper)
                                    } }
                                </span>
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
