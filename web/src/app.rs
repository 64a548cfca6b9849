//! The root component: wires the reducer to the layout regions.

use yew::prelude::*;

use crate::components::{
    controls::Controls, editor::Editor, header::Header, machine_list::MachineList,
    machine_view::MachineView, run_panel::RunPanel,
};
use crate::state::{Action, State};
use crate::url;

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::default);
    // On first render: restore the state a share link carries (the only read of the URL).
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let hash = web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .unwrap_or_default();
            if hash.len() > 1 {
                state.dispatch(Action::Restore(url::decode(&hash)));
            }
        });
    }
    // "Share": write the link into the address bar, ready to copy.
    let on_share = {
        let state = state.clone();
        Callback::from(move |_| {
            let fragment = url::encode(&state.share_state());
            if let Some(location) = web_sys::window().map(|w| w.location()) {
                location.set_hash(&fragment).ok();
            }
        })
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |id: String| state.dispatch(Action::SelectProfile(id)))
    };
    let on_ranks = {
        let state = state.clone();
        Callback::from(move |n: u32| state.dispatch(Action::SetRanks(n)))
    };
    let on_load = {
        let state = state.clone();
        Callback::from(move |(origin, text): (String, String)| {
            state.dispatch(Action::LoadProfile { origin, text })
        })
    };
    let act = |a: Action| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(a.clone()))
    };
    let (on_run, on_step, on_back, on_reset) = (
        act(Action::Run),
        act(Action::Step),
        act(Action::Back),
        act(Action::Reset),
    );
    let on_example = {
        let state = state.clone();
        Callback::from(move |i: usize| state.dispatch(Action::OpenExample(i)))
    };
    let on_edit = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::Edit(text)))
    };
    let body = match &state.profiles {
        Err(message) => html! {
            <div class="error-banner" role="alert">{ "The built-in machine profiles failed to load: " }{ message }</div>
        },
        Ok(profiles) => html! {
            <main class="layout">
                <div class="main-col">
                    <Editor source={state.source.clone()} {on_edit} />
                    <RunPanel session={state.session.clone()} generation={state.generation}
                        diagnostics={state.diagnostics.clone()} source={state.source.clone()}
                        run_error={state.run_error.clone()} {on_run} {on_step} {on_back} {on_reset} />
                </div>
                <div class="side">
                    <Controls profiles={profiles.clone()} selected={state.selected.clone()}
                        ranks={state.ranks} capacity={state.capacity()}
                        on_select={on_select.clone()} {on_ranks} {on_load}
                        load_error={state.profile_error.clone()} {on_example} />
                    if let Some(p) = state.selected_profile() {
                        <MachineView profile={p.clone()} />
                    }
                    <MachineList profiles={profiles.clone()} selected={state.selected.clone()} {on_select} />
                </div>
            </main>
        },
    };
    html! {
        <div class="app" data-testid="app" data-ready="true">
            <Header core_version={rankscope_core::VERSION} {on_share} />
            if let Some(e) = &state.link_error {
                <div class="error-banner" role="alert" data-testid="link-error">{ e }</div>
            }
            { body }
            <footer class="foot muted">
                { "Deterministic simulation in your browser · profiles cite their papers · no data leaves this page" }
            </footer>
        </div>
    }
}
