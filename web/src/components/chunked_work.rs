//! The paper-check views' chunk loop, as a hook: on opening, start the parts that start by
//! themselves; after each render while something runs, yield to the page with a timer, then
//! compute one chunk, whose budget is 25 ms minus what rendering the last chunk took. Also the
//! start/stop callbacks of a part.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::chunked_check::ChunkedCheck;
use crate::paper_check::work_budget;

/// The page's monotonic clock in milliseconds (0 without a window).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Drives `check`; the returned handle re-renders the view after each chunk and makes the
/// start/stop callbacks ([`control`]).
#[hook]
pub fn use_chunked_work<C: ChunkedCheck + 'static>(check: Rc<RefCell<C>>) -> UseStateHandle<u64> {
    let tick = use_state(|| 0u64);
    {
        let (check, tick) = (check.clone(), tick.clone());
        use_effect_with((), move |_| {
            check.borrow_mut().open();
            tick.set(*tick + 1);
        });
    }
    let working = check.borrow().is_working();
    let computed_at = use_mut_ref(|| None::<f64>);
    {
        let tick = tick.clone();
        use_effect_with((*tick, working), move |&(n, working)| {
            let render_ms = computed_at
                .borrow_mut()
                .take()
                .map_or(0.0, |at| now_ms() - at);
            let timer = working.then(|| {
                Timeout::new(0, move || {
                    let mut clock = now_ms;
                    check.borrow_mut().work(work_budget(render_ms), &mut clock);
                    *computed_at.borrow_mut() = Some(now_ms());
                    tick.set(n + 1);
                })
            });
            move || drop(timer)
        });
    }
    tick
}

/// A callback that starts (`start`) or stops `part` and re-renders.
pub fn control<C: ChunkedCheck + 'static>(
    check: &Rc<RefCell<C>>,
    tick: &UseStateHandle<u64>,
    part: C::Part,
    start: bool,
) -> Callback<()> {
    let (check, tick) = (check.clone(), tick.clone());
    Callback::from(move |()| {
        let mut check = check.borrow_mut();
        if start {
            check.start(part);
        } else {
            check.stop(part);
        }
        tick.set(*tick + 1);
    })
}
