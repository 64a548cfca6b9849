//! The run panel: Run/Pause, Step, Back, Reset and speed; a scrubber over every known event; each
//! rank's status and console; the explained event log around the cursor (click a line to go
//! there); the error that stopped the run. Everything shown comes from core
//! (`Sim::describe_rank`, `Record::explain`, `SimError`'s text).

use rankscope_core::lang::Diagnostic;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::editor::rank_hue;
use crate::components::icon::Icon;
use crate::playback::{Speed, SPEEDS};
use crate::session::SessionCell;

/// Log lines shown before the cursor.
const LOG_BEFORE: usize = 120;
/// Log lines of the known future shown after the cursor (few, so the current line stays in view
/// in a log that is scrolled to its end).
const LOG_AFTER: usize = 3;
/// Console lines shown (the newest).
const CONSOLE_TAIL: usize = 300;

/// Props: the run (if any), compile errors, and the control callbacks.
#[derive(Properties, PartialEq)]
pub struct RunPanelProps {
    /// The current run.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// Compile errors of the last Run.
    pub diagnostics: Vec<Diagnostic>,
    /// The editor text (to render diagnostics with their source lines).
    pub source: AttrValue,
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
    /// The embed view: fewer panels.
    #[prop_or_default]
    pub compact: bool,
    /// The rank in focus (its line is marked strongly in the editor).
    #[prop_or_default]
    pub focus_rank: u32,
    /// Called when a rank in the list is clicked: put it in focus.
    #[prop_or_default]
    pub on_focus: Callback<u32>,
}

/// Ranks listed at once; the rest are behind a "N more ranks" disclosure.
const SHOWN_RANKS: u32 = 16;
/// Ranks listed at most (behind the disclosure too).
const LISTED_RANKS: u32 = 256;

/// The panel.
#[function_component(RunPanel)]
pub fn run_panel(props: &RunPanelProps) -> Html {
    let console_rank = use_state(|| None::<u32>);
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
            <button class="control primary" title="pause (the run stays where it is)" data-testid="pause"
                onclick={Callback::from(move |_| cb.emit(()))}>{ Icon::Pause.html() }<span>{ "Pause" }</span></button>
        }
    } else {
        let cb = props.on_run.clone();
        html! {
            <button class="control primary" title="compile and run (continues a paused run) — Ctrl+Enter in the editor"
                data-testid="run" onclick={Callback::from(move |_| cb.emit(()))}>{ Icon::Play.html() }<span>{ "Run" }</span></button>
        }
    };
    let body = match &props.session {
        None => html! {
            <p class="muted hint">{ "Press Run to compile the program and watch its ranks; then step forward and back one event at a time, or drag the scrubber." }</p>
        },
        Some(cell) => {
            let s = cell.0.borrow();
            let sim = s.history.sim();
            let position = s.history.position();
            let trace = sim.trace();
            let known_steps = trace.known_steps().max(position);
            let status = if sim.error().is_some() {
                format!("stopped by an error after {position} events")
            } else if sim.is_finished() {
                format!("finished after {position} events")
            } else if props.playing {
                format!("running… event {position}")
            } else {
                format!("paused at event {position}")
            };
            let known = trace.known_records();
            let shown = trace.records().len();
            // The records the last event wrote are "current".
            let current_from = trace.records_after_steps(position.saturating_sub(1));
            let from = shown.saturating_sub(LOG_BEFORE);
            let to = (shown + LOG_AFTER).min(known.len());
            let on_scrub = {
                let cb = props.on_seek.clone();
                Callback::from(move |e: InputEvent| {
                    let input: HtmlInputElement = e.target_unchecked_into();
                    if let Ok(n) = input.value().parse::<u64>() {
                        cb.emit(n);
                    }
                })
            };
            // One rank in the list: a button that focuses it, and what it is doing.
            let rank_item = |r: u32| {
                let focused = r == props.focus_rank;
                let on_focus = props.on_focus.clone();
                let style = format!("--rank-hue: {}", rank_hue(r));
                html! {
                    <li class={classes!(focused.then_some("focused"))} {style}>
                        <button class="rank-id" type="button"
                            title={format!("Mark rank {r}'s line strongly in the program")}
                            aria-pressed={focused.to_string()}
                            data-testid={format!("focus-rank-{r}")}
                            onclick={Callback::from(move |_| on_focus.emit(r))}>
                            { format!("rank {r}") }
                        </button>
                        { sim.describe_rank(r) }
                    </li>
                }
            };
            // The console of every rank, or of the one chosen in the filter.
            let console: Vec<_> = sim
                .console()
                .iter()
                .filter(|l| console_rank.is_none_or(|r| l.rank == r))
                .collect();
            let console_from = console.len().saturating_sub(CONSOLE_TAIL);
            let on_console_rank = {
                let console_rank = console_rank.clone();
                Callback::from(move |e: Event| {
                    let select: HtmlSelectElement = e.target_unchecked_into();
                    console_rank.set(select.value().parse::<u32>().ok());
                })
            };
            html! {
                <>
                    <p class="run-status" data-testid="run-status" aria-live="polite">
                        <strong>{ status }</strong>{ format!(" · simulated time {} · {} ranks on {}", sim.now(), sim.size(), s.machine) }
                    </p>
                    <label class="scrubber">
                        <span class="sr-only">{ "Event" }</span>
                        <input type="range" min="0" max={known_steps.to_string()} value={position.to_string()}
                            step="1" oninput={on_scrub} data-testid="scrubber"
                            aria-valuetext={format!("event {position} of {known_steps}")} />
                        <span class="muted scrub-label">{ format!("{position} / {known_steps}") }</span>
                    </label>
                    <p class="run-keys muted" data-testid="run-keys">
                        { "Keys: " }
                        { for crate::keys::KEYS_HELP.iter().enumerate().map(|(i, (keys, what))| html! {
                            <>
                                if i > 0 { { " · " } }
                                <kbd>{ *keys }</kbd>{ format!(" {what}") }
                            </>
                        }) }
                    </p>
                    if let Some(e) = s.error_text() {
                        <pre class="run-error" role="alert" data-testid="run-error">{ e }</pre>
                    }
                    <div class={classes!("run-grid", props.compact.then_some("compact"))}>
                        <div>
                            <h3>{ "Ranks" }</h3>
                            <ul class="ranks" data-testid="ranks">
                                { for (0..sim.size().min(SHOWN_RANKS)).map(&rank_item) }
                            </ul>
                            if sim.size() > SHOWN_RANKS {
                                // Long lists stay a click away instead of thousands of pixels long.
                                <details class="more-ranks" data-testid="more-ranks">
                                    <summary>{ format!("{} more ranks", sim.size() - SHOWN_RANKS) }</summary>
                                    <ul class="ranks">
                                        { for (SHOWN_RANKS..sim.size().min(LISTED_RANKS)).map(&rank_item) }
                                        if sim.size() > LISTED_RANKS {
                                            <li class="muted">{ format!("… and {} more ranks", sim.size() - LISTED_RANKS) }</li>
                                        }
                                    </ul>
                                </details>
                            }
                            <div class="console-head">
                                <h3>{ "Console" }</h3>
                                <label class="speed">
                                    <span class="sr-only">{ "Show the console of" }</span>
                                    <select onchange={on_console_rank} data-testid="console-rank">
                                        <option value="" selected={console_rank.is_none()}>{ "all ranks" }</option>
                                        { for (0..sim.size().min(256)).map(|r| html! {
                                            <option value={r.to_string()} selected={*console_rank == Some(r)}>{ format!("rank {r}") }</option>
                                        }) }
                                    </select>
                                </label>
                            </div>
                            // Scrollers with `column-reverse` stay at their end as lines arrive, with
                            // no script reading the layout on every chunk.
                            <div class="console stick-to-end">
                                <pre data-testid="console">
                                    if console_from > 0 {
                                        <span class="muted">{ format!("({console_from} earlier lines)\n") }</span>
                                    }
                                    { for console[console_from..].iter().map(|l| format!("[rank {} @ {}] {}\n", l.rank, l.time, l.text)) }
                                </pre>
                            </div>
                        </div>
                        <div>
                            <h3>{ format!("Event log ({shown} of {} records)", known.len()) }</h3>
                            <div class="event-log stick-to-end">
                            <ol data-testid="event-log" start={(from + 1).to_string()}>
                                { for known.range(from..to).enumerate().map(|(k, r)| {
                                    let i = from + k;
                                    let class = if (current_from..shown).contains(&i) {
                                        "current"
                                    } else if i >= shown {
                                        "future"
                                    } else {
                                        ""
                                    };
                                    let to_step = trace.steps_to_show(i);
                                    let cb = props.on_seek.clone();
                                    html! {
                                        <li class={class} data-record={i.to_string()}>
                                            <button class="log-line" title="go to this event"
                                                onclick={Callback::from(move |_| cb.emit(to_step))}>
                                                <span class="t">{ r.time.to_string() }</span>{ r.explain() }
                                            </button>
                                        </li>
                                    }
                                }) }
                            </ol>
                            </div>
                        </div>
                    </div>
                </>
            }
        }
    };
    let speed_select = html! {
        <label class="speed">
            <span>{ "Speed" }</span>
            <select onchange={on_speed} data-testid="speed-select">
                { for SPEEDS.iter().map(|s| html! {
                    <option value={s.id()} selected={*s == props.speed}>{ s.label() }</option>
                }) }
            </select>
        </label>
    };
    html! {
        <section class="panel run" aria-label="Run" data-generation={props.generation.to_string()}>
            <div class="panel-head">
                <h2>{ "Run" }</h2>
                <div class="controls-row" role="toolbar" aria-label="Run controls">
                    { play }
                    { button(Icon::StepBack, "Back", "one event back (exact: checkpoint and replay)", &props.on_back, "back", has_run) }
                    { button(Icon::StepForward, "Step", "one event forward", &props.on_step, "step", true) }
                    { button(Icon::Reset, "Reset", "back to the start of the run", &props.on_reset, "reset", has_run) }
                    { speed_select }
                </div>
            </div>
            if let Some(e) = &props.run_error {
                <p class="run-error" role="alert" data-testid="start-error">{ e }</p>
            }
            if !props.diagnostics.is_empty() {
                <div class="diagnostics" data-testid="diagnostics" role="alert">
                    <p><strong>{ format!("{} error{} — nothing was run", props.diagnostics.len(), if props.diagnostics.len() == 1 { "" } else { "s" }) }</strong></p>
                    { for props.diagnostics.iter().map(|d| html! {
                        <pre class="diagnostic">{ d.render("program.c", &props.source) }</pre>
                    }) }
                </div>
            }
            { body }
        </section>
    }
}
