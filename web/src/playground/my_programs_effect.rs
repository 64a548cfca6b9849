//! "My programs" at the edge: the list is read from this browser once when the page opens and
//! written back whenever it changes (never in an embed, which must not touch the viewer's own
//! programs).

use yew::prelude::*;

use crate::playground::my_programs::ProgramAction;
use crate::state::{Action, State};

/// Loads the saved programs into the state once, then stores every change.
#[hook]
pub fn use_my_programs(state: &UseReducerHandle<State>, enabled: bool) {
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            if enabled {
                state.dispatch(Action::Programs(ProgramAction::Loaded(
                    crate::playground::programs::load(),
                )));
            }
        });
    }
    // The first run sees the empty list the page starts with: storing it would erase the
    // browser's list before it is read.
    let first = use_mut_ref(|| true);
    use_effect_with(state.programs.clone(), move |programs| {
        if std::mem::take(&mut *first.borrow_mut()) {
            return;
        }
        if enabled {
            crate::playground::programs::store(programs);
        }
    });
}
