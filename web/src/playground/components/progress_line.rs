//! The progress line under the run status while a run plays for more than a second: events done,
//! rate, ranks finished, an estimate of what is left, the operations the ranks executed and the
//! simulated time (`crate::playground::run_progress`), with a Stop button. It remembers when the current play
//! started (page time and event) between renders, and the quiet clock: after
//! [`HINT_AFTER_MS`] of playing without a new trace record (the ranks compute and call no MPI
//! function) it stops the run and says the loop may never end, with Continue and Stop.
//!
//! A rank computing a long loop hands control back to the page every slice of operations
//! (core's `Step::Pause`, `RunOptions::vm_limits`), so the page answers input while it runs.

use yew::prelude::*;

use crate::clock::now_ms;
use crate::i18n::Text;
use crate::playground::run_progress::{count, line, Now, Quiet, Start, HINT_AFTER_MS};
use crate::playground::session::SessionCell;

/// Props: the run, its generation (re-render per move), whether it plays, its event limit, and
/// the callbacks that stop and continue it.
#[derive(Properties, PartialEq)]
pub struct ProgressLineProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// Whether the run is playing.
    pub playing: bool,
    /// The run's event limit.
    pub max_events: u64,
    /// Stop (pause) the run.
    pub on_pause: Callback<()>,
    /// Continue the run.
    pub on_run: Callback<()>,
}

/// The line (nothing while paused or in the first second of a play), or the quiet hint.
#[function_component(ProgressLine)]
pub fn progress_line(props: &ProgressLineProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let start = use_mut_ref(|| None::<Start>);
    let quiet = use_mut_ref(|| None::<Quiet>);
    // The hint: the ms without an MPI call and the operations when the run was stopped for it.
    let hint = use_state(|| None::<(f64, u64)>);
    let wants_hint = use_state(|| None::<(f64, u64)>);
    {
        // The quiet clock ran out: stop the run and show the hint.
        let (hint, wants_hint, on_pause) =
            (hint.clone(), wants_hint.clone(), props.on_pause.clone());
        use_effect_with(*wants_hint, move |w| {
            if let Some(h) = *w {
                hint.set(Some(h));
                wants_hint.set(None);
                on_pause.emit(());
            }
        });
    }
    {
        // Playing again (Continue, Run or a key): the hint goes and the quiet clock restarts.
        let (hint, quiet) = (hint.clone(), quiet.clone());
        use_effect_with(props.playing, move |playing| {
            if *playing {
                hint.set(None);
                *quiet.borrow_mut() = None;
            }
        });
    }
    let Ok(s) = props.session.0.try_borrow() else {
        return Html::default();
    };
    let sim = s.history.sim();
    let ranks = sim.size();
    let ops: u64 = (0..ranks)
        .filter_map(|r| sim.program(r))
        .map(rankscope_core::lang::Vm::ops)
        .sum();
    if let Some((silent_ms, ops_then)) = *hint {
        let on_continue = props.on_run.reform(|_: MouseEvent| ());
        let hint_off = hint.clone();
        let on_stop = Callback::from(move |_: MouseEvent| hint_off.set(None));
        let seconds = format!("{:.0}", silent_ms / 1000.0);
        return html! {
            <div class="quiet-hint" role="alert" data-testid="quiet-hint">
                <p>{ lang.f(Text::QuietHint, &[&seconds, &count(ops_then)]) }</p>
                <button class="primary" onclick={on_continue} data-testid="quiet-continue">{ lang.t(Text::ContinueRun) }</button>
                <button onclick={on_stop} data-testid="quiet-stop">{ lang.tr("Stop") }</button>
            </div>
        };
    }
    let position = s.history.position();
    let finished = sim.is_finished() || sim.error().is_some();
    if !props.playing || finished {
        *start.borrow_mut() = None;
        *quiet.borrow_mut() = None;
        return Html::default();
    }
    let at_ms = now_ms();
    let records = sim.trace().len();
    let silent = quiet
        .borrow_mut()
        .get_or_insert(Quiet {
            records,
            since_ms: at_ms,
        })
        .observe(records, at_ms);
    if silent > HINT_AFTER_MS && wants_hint.is_none() {
        wants_hint.set(Some((silent, ops)));
    }
    let begun = *start.borrow_mut().get_or_insert(Start { at_ms, position });
    let known = sim.trace().known_steps();
    let ranks_done = (0..ranks)
        .filter(|&r| {
            matches!(
                sim.rank_state(r),
                Some(rankscope_core::engine::sim::RankState::Done)
            )
        })
        .count() as u32;
    let now = Now {
        at_ms,
        position,
        known_end: (known > position).then_some(known),
        limit: props.max_events,
        ranks_done,
        ranks,
        ops,
        simulated: sim.now().to_string(),
    };
    let on_stop = props.on_pause.reform(|_: MouseEvent| ());
    match line(begun, now) {
        Some(text) => html! {
            <p class="run-progress muted" data-testid="run-progress" role="status">
                { text }
                <button class="stop-run" onclick={on_stop} title={lang.t(Text::StopRunTitle)}
                    data-testid="run-stop">{ lang.tr("Stop") }</button>
            </p>
        },
        None => Html::default(),
    }
}
