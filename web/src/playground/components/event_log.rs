//! The explained event log around the cursor: each record's sentence from core
//! (`Record::explain`), the last event's records lit, a few of the known future faded; click a
//! line to go to that event.

use yew::prelude::*;

use crate::playground::session::SessionCell;

/// Log lines shown before the cursor.
const LOG_BEFORE: usize = 120;
/// Log lines of the known future shown after the cursor (few, so the current line stays in view
/// in a log that is scrolled to its end).
const LOG_AFTER: usize = 3;

/// Props: the run.
#[derive(Properties, PartialEq)]
pub struct EventLogProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// Go to the state after this many events.
    pub on_seek: Callback<u64>,
}

/// The log.
#[function_component(EventLog)]
pub fn event_log(props: &EventLogProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let s = props.session.0.borrow();
    let sim = s.history.sim();
    let position = s.history.position();
    let trace = sim.trace();
    let known = trace.known_records();
    let shown = trace.records().len();
    // The records the last event wrote are "current".
    let current_from = trace.records_after_steps(position.saturating_sub(1));
    let from = shown.saturating_sub(LOG_BEFORE);
    let to = (shown + LOG_AFTER).min(known.len());
    html! {
        <div class="event-log-panel">
            <h3>{ lang.f(crate::i18n::Text::EventLogOf, &[&shown, &known.len()]) }</h3>
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
                                <button class="log-line" title={lang.t(crate::i18n::Text::GoToEvent)}
                                    onclick={Callback::from(move |_| cb.emit(to_step))}>
                                    <span class="t">{ r.time.to_string() }</span>{ r.explain_in(lang.core()) }
                                </button>
                            </li>
                        }
                    }) }
                </ol>
            </div>
        </div>
    }
}
