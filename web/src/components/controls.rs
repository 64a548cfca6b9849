//! The run controls: machine profile picker and rank count.

use rankscope_core::machine::{Profile, ProfileError};
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Props: the profiles to choose from and the current choice.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Built-in profiles.
    pub profiles: Vec<Profile>,
    /// Selected profile id.
    pub selected: AttrValue,
    /// Rank count.
    pub ranks: u32,
    /// Largest rank count the selected machine holds.
    pub capacity: u32,
    /// Called with a profile id.
    pub on_select: Callback<String>,
    /// Called with a rank count.
    pub on_ranks: Callback<u32>,
    /// Called with `(file name, text)` of a profile file the user picked.
    pub on_load: Callback<(String, String)>,
    /// Why the last loaded profile was rejected.
    pub load_error: Option<ProfileError>,
    /// Called with the index of the example the user picked.
    pub on_example: Callback<usize>,
}

/// The toolbar above the views.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let on_change = {
        let cb = props.on_select.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            cb.emit(select.value());
        })
    };
    let on_ranks = {
        let cb = props.on_ranks.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().trim().parse::<u32>() {
                cb.emit(n);
            }
        })
    };
    // Reading the file is the one effect here; parsing happens in the reducer (core).
    let on_file = {
        let cb = props.on_load.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let cb = cb.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                let text = match JsFuture::from(file.text()).await {
                    Ok(v) => v.as_string().unwrap_or_default(),
                    Err(_) => format!("could not read {name}"),
                };
                cb.emit((name, text));
            });
        })
    };
    let on_pick = {
        let cb = props.on_example.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse::<usize>() {
                cb.emit(i);
            }
            select.set_value("");
        })
    };
    html! {
        <section class="panel controls" aria-label="Run controls">
            <label class="field">
                <span>{ "Example" }</span>
                <select data-testid="example-select" onchange={on_pick}>
                    <option value="" selected=true>{ "Open an example…" }</option>
                    { for crate::examples::EXAMPLES.iter().enumerate().map(|(i, (path, source))| html! {
                        <option value={i.to_string()} title={crate::examples::title(source)}>{ *path }</option>
                    }) }
                </select>
            </label>
            <label class="field">
                <span>{ "Machine" }</span>
                <select data-testid="profile-select" onchange={on_change}>
                    { for props.profiles.iter().map(|p| {
                        let id = p.machine.id.clone();
                        html! {
                            <option value={id.clone()} selected={id == props.selected.as_str()}>
                                { &p.machine.name }
                            </option>
                        }
                    }) }
                </select>
            </label>
            <label class="field">
                <span>{ "Ranks" }</span>
                <input type="number" min="1" max={props.capacity.to_string()}
                    value={props.ranks.to_string()} onchange={on_ranks} data-testid="ranks-input" />
            </label>
            <span class="muted capacity">{ format!("up to {} on this machine", props.capacity) }</span>
            <label class="file-button" title="a TOML profile like those in profiles/: every number needs a source or an assume">
                { "Load profile…" }
                <input type="file" accept=".toml,text/plain" onchange={on_file} data-testid="profile-file" />
            </label>
            if let Some(e) = &props.load_error {
                <p class="load-error" role="alert" data-testid="profile-error">{ e.to_string() }</p>
            }
        </section>
    }
}
