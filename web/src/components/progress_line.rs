//! The progress line under the run status while a run plays for more than a second: events done,
//! rate, ranks finished and an estimate of what is left (`crate::run_progress`). It remembers
//! when the current play started (page time and event) between renders.

use yew::prelude::*;

use crate::clock::now_ms;
use crate::run_progress::{line, Now, Start};
use crate::session::SessionCell;

/// Props: the run, its generation (re-render per move), whether it plays, its event limit.
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
}

/// The line (nothing while paused or in the first second of a play).
#[function_component(ProgressLine)]
pub fn progress_line(props: &ProgressLineProps) -> Html {
    let start = use_mut_ref(|| None::<Start>);
    let Ok(s) = props.session.0.try_borrow() else {
        return Html::default();
    };
    let sim = s.history.sim();
    let position = s.history.position();
    let finished = sim.is_finished() || sim.error().is_some();
    if !props.playing || finished {
        *start.borrow_mut() = None;
        return Html::default();
    }
    let at_ms = now_ms();
    let begun = *start.borrow_mut().get_or_insert(Start { at_ms, position });
    let known = sim.trace().known_steps();
    let ranks = sim.size();
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
    };
    match line(begun, now) {
        Some(text) => html! {
            <p class="run-progress muted" data-testid="run-progress" role="status">{ text }</p>
        },
        None => Html::default(),
    }
}
