//! The paper-check view's chunk loop, as a hook: on opening, start the parts that start by
//! themselves; after each render while something runs, yield to the page with a timer, then
//! compute one chunk of core's runner, whose budget is 25 ms minus what rendering the last chunk
//! took. Also the start/stop callbacks of a part.
//!
//! A chunk is `Check::work(budget, clock)`, the clock [`crate::clock::now_ms`], the page's one
//! clock.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::clock::now_ms;
use crate::papers::{work_budget, SharedCheck};

/// Drives `check`; the returned handle re-renders the view after each chunk and makes the
/// start/stop callbacks ([`control`]).
#[hook]
pub fn use_chunked_work(check: SharedCheck) -> UseStateHandle<u64> {
    let tick = use_state(|| 0u64);
    {
        let tick = tick.clone();
        use_effect_with(check.clone(), move |check| {
            check.0.borrow_mut().open();
            tick.set(*tick + 1);
        });
    }
    let working = check.0.borrow().is_working();
    let computed_at = use_mut_ref(|| None::<f64>);
    {
        let tick = tick.clone();
        use_effect_with((*tick, working, check), move |(n, working, check)| {
            let n = *n;
            let render_ms = computed_at
                .borrow_mut()
                .take()
                .map_or(0.0, |at| now_ms() - at);
            let check = check.clone();
            let timer = working.then(|| {
                Timeout::new(0, move || {
                    let mut clock = now_ms;
                    check
                        .0
                        .borrow_mut()
                        .work(work_budget(render_ms), &mut clock);
                    *computed_at.borrow_mut() = Some(now_ms());
                    tick.set(n + 1);
                })
            });
            move || drop(timer)
        });
    }
    tick
}

/// A callback that starts (`start`) or stops part `part` and re-renders.
pub fn control(
    check: &SharedCheck,
    tick: &UseStateHandle<u64>,
    part: &'static str,
    start: bool,
) -> Callback<()> {
    let (check, tick) = (check.clone(), tick.clone());
    Callback::from(move |()| {
        let mut check = check.0.borrow_mut();
        if start {
            check.start(part);
        } else {
            check.stop(part);
        }
        tick.set(*tick + 1);
    })
}
