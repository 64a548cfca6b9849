//! The run bar: Run/Pause, Step, Back, Reset and speed; where the run is; a scrubber over every
//! known event; the stepping keys; compile errors and the error that stopped the run (core's
//! `Diagnostic` and `SimError` text). The ranks, console and event log are their own views
//! (`rank_list`, `event_log`).

use rankscope_core::lang::{Diagnostic, SourceFile};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::i18n::Text;
use crate::playground::components::icon::Icon;
use crate::playground::playback::{Speed, SPEEDS};
use crate::playground::session::SessionCell;

/// Props: the run (if any), compile errors, and the control callbacks.
#[derive(Properties, PartialEq)]
pub struct RunBarProps {
    /// The current run.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// Compile errors of the last Run.
    pub diagnostics: Vec<Diagnostic>,
    /// The program's files (to render diagnostics with their source lines).
    pub files: Vec<SourceFile>,
    /// Show a file's tab (a click on one of its errors).
    #[prop_or_default]
    pub on_open_file: Callback<String>,
    /// Why the run could not start, if not compile errors.
    pub run_error: Option<String>,
    /// Whether the run is playing.
    pub playing: bool,
    /// Playback speed.
    pub speed: Speed,
    /// Run / continue.
    pub on_run: Callback<()>,
    /// Pause.
    pub on_pause: Callback<()>,
    /// One event forward.
    pub on_step: Callback<()>,
    /// One event back.
    pub on_back: Callback<()>,
    /// Back to the start.
    pub on_reset: Callback<()>,
    /// New speed.
    pub on_speed: Callback<Speed>,
    /// Go to the state after this many events.
    pub on_seek: Callback<u64>,
    /// The run's event limit (for the progress line's estimate).
    #[prop_or(crate::playground::run_options::DEFAULT_MAX_EVENTS)]
    pub max_events: u64,
}

/// One compile error rendered against its file; in a program of several files a click (or
/// Enter) on it shows that file's tab.
fn diagnostic(
    d: &Diagnostic,
    files: &[SourceFile],
    on_open: &Callback<String>,
    lang: crate::i18n::Lang,
) -> Html {
    let file = files.iter().find(|f| f.name == d.file).or(files.first());
    let (name, text) = file.map_or(("program.c", ""), |f| (f.name.as_str(), f.text.as_str()));
    let rendered = d.render(name, text);
    if files.len() < 2 {
        return html! { <pre class="diagnostic">{ rendered }</pre> };
    }
    let open = {
        let (cb, name) = (on_open.clone(), name.to_string());
        move || cb.emit(name.clone())
    };
    let onclick = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open())
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            open();
        }
    });
    html! {
        <pre class="diagnostic opens-file" role="button" tabindex="0" data-file={name.to_string()}
            title={lang.trf("Show {0}", &[&name])} {onclick} {onkeydown}>{ rendered }</pre>
    }
}

/// The bar.
#[function_component(RunBar)]
pub fn run_bar(props: &RunBarProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let button = |icon: Icon,
                  label: &'static str,
                  title: &'static str,
                  cb: &Callback<()>,
                  testid: &'static str,
                  enabled: bool| {
        let cb = cb.clone();
        html! {
            <button class="control" {title} data-testid={testid} disabled={!enabled}
                onclick={Callback::from(move |_| cb.emit(()))}>{ icon.html() }<span>{ label }</span></button>
        }
    };
    let on_speed = {
        let cb = props.on_speed.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(s) = Speed::from_id(&select.value()) {
                cb.emit(s);
            }
        })
    };
    let has_run = props.session.is_some();
    let play = if props.playing {
        let cb = props.on_pause.clone();
        html! {
            <button class="control primary" title={lang.t(Text::PauseTitle)} data-testid="pause"
                onclick={Callback::from(move |_| cb.emit(()))}>{ Icon::Pause.html() }<span>{ lang.t(Text::Pause) }</span></button>
        }
    } else {
        let cb = props.on_run.clone();
        html! {
            <button class="control primary" title={lang.t(Text::RunTitle)}
                data-testid="run" onclick={Callback::from(move |_| cb.emit(()))}>{ Icon::Play.html() }<span>{ lang.t(Text::Run) }</span></button>
        }
    };
    let body = match &props.session {
        None => html! {
            <p class="muted hint">{ lang.t(Text::RunHint) }</p>
        },
        Some(cell) => {
            let s = cell.0.borrow();
            let sim = s.history.sim();
            let position = s.history.position();
            let trace = sim.trace();
            let known_steps = trace.known_steps().max(position);
            let status = if sim.error().is_some() {
                Text::StatusError
            } else if sim.is_finished() {
                Text::StatusFinished
            } else if props.playing {
                Text::StatusRunning
            } else {
                Text::StatusPaused
            };
            let status = lang.f(status, &[&position]);
            let on_scrub = {
                let cb = props.on_seek.clone();
                Callback::from(move |e: InputEvent| {
                    let input: HtmlInputElement = e.target_unchecked_into();
                    if let Ok(n) = input.value().parse::<u64>() {
                        cb.emit(n);
                    }
                })
            };
            html! {
                <>
                    <p class="run-status" data-testid="run-status" aria-live="polite">
                        <strong>{ status }</strong>{ lang.f(Text::StatusDetail, &[&sim.now(), &sim.size(), &s.machine]) }
                    </p>
                    <crate::playground::components::progress_line::ProgressLine session={cell.clone()}
                        generation={props.generation} playing={props.playing} max_events={props.max_events}
                        on_pause={props.on_pause.clone()} on_run={props.on_run.clone()} />
                    <label class="scrubber">
                        <span class="sr-only">{ lang.t(Text::Event) }</span>
                        <input type="range" min="0" max={known_steps.to_string()} value={position.to_string()}
                            step="1" oninput={on_scrub} data-testid="scrubber"
                            aria-valuetext={lang.f(Text::EventOf, &[&position, &known_steps])} />
                        <span class="muted scrub-label">{ format!("{position} / {known_steps}") }</span>
                    </label>
                    <p class="run-keys muted" data-testid="run-keys">
                        { lang.t(Text::Keys) }
                        { for crate::playground::keys::KEYS_HELP.iter().enumerate().map(|(i, (keys, what))| html! {
                            <>
                                if i > 0 { { " · " } }
                                <kbd>{ *keys }</kbd>{ format!(" {}", lang.tr(what)) }
                            </>
                        }) }
                    </p>
                    if let Some(e) = s.error_text_in(lang) {
                        <pre class="run-error" role="alert" data-testid="run-error">{ e }</pre>
                    }
                </>
            }
        }
    };
    let speed_select = html! {
        <label class="speed">
            <span>{ lang.t(Text::Speed) }</span>
            <select onchange={on_speed} data-testid="speed-select">
                { for SPEEDS.iter().map(|s| html! {
                    <option value={s.id()} selected={*s == props.speed}>{ lang.tr(s.label()) }</option>
                }) }
            </select>
        </label>
    };
    html! {
        <section class="panel run" aria-label={lang.t(Text::Run)} data-generation={props.generation.to_string()}>
            <div class="panel-head">
                <h2>{ lang.t(Text::Run) }</h2>
                <div class="controls-row" role="toolbar" aria-label={lang.t(Text::RunControls)}>
                    { play }
                    { button(Icon::StepBack, lang.t(Text::Back), lang.t(Text::BackTitle), &props.on_back, "back", has_run) }
                    { button(Icon::StepForward, lang.t(Text::Step), lang.t(Text::StepTitle), &props.on_step, "step", true) }
                    { button(Icon::Reset, lang.t(Text::Reset), lang.t(Text::ResetTitle), &props.on_reset, "reset", has_run) }
                    { speed_select }
                </div>
            </div>
            if let Some(e) = &props.run_error {
                <p class="run-error" role="alert" data-testid="start-error">{ e }</p>
            }
            if !props.diagnostics.is_empty() {
                <div class="diagnostics" data-testid="diagnostics" role="alert">
                    <p><strong>{ match props.diagnostics.len() { 1 => lang.t(Text::OneError).to_string(), n => lang.f(Text::Errors, &[&n]) } }</strong></p>
                    { for props.diagnostics.iter().map(|d| diagnostic(d, &props.files, &props.on_open_file, lang)) }
                </div>
            }
            { body }
        </section>
    }
}
