//! "Start here": what a newcomer sees beside the code before the first run — what the page is,
//! what the program in the editor does, and three ways in (run the ring, take the first lesson,
//! look at the machine) — instead of a machine's parameter table.
//!
//! Shown before the first run and until a view is picked (not in a lesson or presentation mode),
//! above the views; the page opens on `state::DEFAULT_PROFILE`, the InfiniBand cluster, with the
//! ring.

use yew::prelude::*;

/// Props: the machine's name and the callbacks of the three ways in.
#[derive(Properties, PartialEq)]
pub struct StartHereProps {
    /// The selected machine's name.
    pub machine: AttrValue,
    /// The rank count.
    pub ranks: u32,
    /// The editor holds the starter ring (else another program: an example, a restored edit).
    pub ring: bool,
    /// Run the program in the editor.
    pub on_run: Callback<()>,
    /// Show the machine's parameters.
    pub on_machine: Callback<()>,
}

/// The card.
#[function_component(StartHere)]
pub fn start_here(props: &StartHereProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    html! {
        <section class="panel start-here" aria-labelledby="start-here-title" data-testid="start-here">
            <h2 id="start-here-title">{ lang.tr("Start here") }</h2>
            <p>
                { lang.tr("Rankscope runs MPI programs in your browser on models of real machines and shows every message. ") }
                if props.ring {
                    { lang.trf("The editor holds a ring for {0} ranks on the {1}: rank 0 sends a token to rank 1, each rank passes it on, and it comes back to rank 0.", &[&props.ranks, &props.machine]) }
                } else {
                    { lang.trf("Run the program in the editor on {0} ranks of the {1} and watch its messages.", &[&props.ranks, &props.machine]) }
                }
            </p>
            <div class="start-here-ways">
                <button class="control primary" data-testid="start-run"
                    onclick={props.on_run.reform(|_| ())}>{ if props.ring { lang.tr("▶ Run the ring") } else { lang.tr("▶ Run it") } }</button>
                <a class="control" href="#lesson=first-mpi" data-testid="start-lesson">{ lang.tr("Take the first lesson →") }</a>
                <button class="control" data-testid="start-machine"
                    onclick={props.on_machine.reform(|_| ())}>{ lang.tr("The machine's parameters") }</button>
            </div>
            <p class="muted">
                { lang.tr("After Run, press Step (→ or PageDown) to go one event at a time and watch the timeline, the queues and the console; ") }
                { lang.tr("open another example from the picker, or write your own program and keep it under My programs.") }
            </p>
        </section>
    }
}
