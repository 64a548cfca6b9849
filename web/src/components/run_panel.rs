//! The run panel: Run / Step / Back / Reset, where the run is, each rank's status and console,
//! the explained event log up to the cursor, and the error that stopped the run. Everything shown
//! comes from core (`Sim::describe_rank`, `Record::explain`, `SimError`'s text).

use rankscope_core::engine::SimError;
use rankscope_core::lang::Diagnostic;
use yew::prelude::*;

use crate::session::SessionCell;

/// Events of the log shown before the cursor.
const LOG_TAIL: usize = 150;

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
    /// Run / continue.
    pub on_run: Callback<()>,
    /// One event forward.
    pub on_step: Callback<()>,
    /// One event back.
    pub on_back: Callback<()>,
    /// Back to the start.
    pub on_reset: Callback<()>,
}

/// The panel.
#[function_component(RunPanel)]
pub fn run_panel(props: &RunPanelProps) -> Html {
    // Keep the newest events and console lines in view as the run moves.
    let log_ref = use_node_ref();
    let console_ref = use_node_ref();
    {
        let (log_ref, console_ref) = (log_ref.clone(), console_ref.clone());
        use_effect_with(props.generation, move |_| {
            for r in [log_ref, console_ref] {
                if let Some(el) = r.cast::<web_sys::Element>() {
                    el.set_scroll_top(el.scroll_height());
                }
            }
        });
    }
    let button = |label: &'static str,
                  title: &'static str,
                  cb: &Callback<()>,
                  testid: &'static str,
                  enabled: bool| {
        let cb = cb.clone();
        html! {
            <button class="control" {title} data-testid={testid} disabled={!enabled}
                onclick={Callback::from(move |_| cb.emit(()))}>{ label }</button>
        }
    };
    let has_run = props.session.is_some();
    let body = match &props.session {
        None => html! {
            <p class="muted hint">{ "Press Run to compile the program and watch its ranks; then step forward and back one event at a time." }</p>
        },
        Some(cell) => {
            let s = cell.0.borrow();
            let sim = s.history.sim();
            let position = s.history.position();
            let status = if sim.error().is_some() {
                format!("stopped by an error after {position} events")
            } else if sim.is_finished() {
                format!("finished after {position} events")
            } else {
                format!("paused at event {position}")
            };
            let records = sim.trace().records();
            let start = records.len().saturating_sub(LOG_TAIL);
            html! {
                <>
                    <p class="run-status" data-testid="run-status">
                        <strong>{ status }</strong>{ format!(" · simulated time {} · {} ranks on {}", sim.now(), sim.size(), s.machine) }
                    </p>
                    if let Some(e) = sim.error() {
                        <pre class="run-error" role="alert" data-testid="run-error">{
                            // A program's runtime error is already a rendered diagnostic.
                            match e {
                                SimError::Program { message, .. } => message.clone(),
                                other => other.to_string(),
                            }
                        }</pre>
                    }
                    <div class="run-grid">
                        <div>
                            <h3>{ "Ranks" }</h3>
                            <ul class="ranks" data-testid="ranks">
                                { for (0..sim.size()).map(|r| html! {
                                    <li><span class="rank-id">{ format!("rank {r}") }</span>{ sim.describe_rank(r) }</li>
                                }) }
                            </ul>
                            <h3>{ "Console" }</h3>
                            <pre class="console" data-testid="console" ref={console_ref.clone()}>
                                { for sim.console().iter().map(|l| format!("[rank {} @ {}] {}\n", l.rank, l.time, l.text)) }
                            </pre>
                        </div>
                        <div>
                            <h3>{ format!("Event log ({} records)", records.len()) }</h3>
                            <ol class="event-log" data-testid="event-log" start={(start + 1).to_string()} ref={log_ref.clone()}>
                                { for records[start..].iter().map(|r| html! {
                                    <li><span class="t">{ r.time.to_string() }</span>{ r.explain() }</li>
                                }) }
                            </ol>
                        </div>
                    </div>
                </>
            }
        }
    };
    html! {
        <section class="panel run" aria-label="Run" data-generation={props.generation.to_string()}>
            <div class="panel-head">
                <h2>{ "Run" }</h2>
                <div class="controls-row">
                    { button("▶ Run", "compile and run (continues a paused run)", &props.on_run, "run", true) }
                    { button("Step ›", "one event forward", &props.on_step, "step", true) }
                    { button("‹ Back", "one event back (exact: checkpoint and replay)", &props.on_back, "back", has_run) }
                    { button("⟲ Reset", "back to the start of the run", &props.on_reset, "reset", has_run) }
                </div>
            </div>
            if let Some(e) = &props.run_error {
                <p class="run-error" role="alert">{ e }</p>
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
