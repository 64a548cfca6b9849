//! "You are the network": under the run bar, every choice point met so far (core's
//! `ChoicePoint`: where messages from several ranks race to one rank), each with its racing
//! senders as buttons — the one that landed first pressed. Pressing another lands that
//! sender's message first: the run starts again with the earlier choices kept and stands at
//! that point. The engine decides what may race (`rankscope_core::engine::network`); this only
//! shows it.
//!
//! A press is `Action::Choose { point, rank }`: the reducer keeps the choices before that point,
//! adds this one, runs again and stands at the point.

use rankscope_core::engine::ChoicePoint;
use yew::prelude::*;

use crate::i18n::{Lang, Text};

use crate::playground::session::SessionCell;

/// Props: the run, the choices given, and the callbacks.
#[derive(Properties, PartialEq)]
pub struct NetworkBarProps {
    /// The current run, if any.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The choices the run was started with.
    pub choices: Vec<u32>,
    /// `(point, rank)`: land `rank`'s message first at choice point `point`.
    pub on_choose: Callback<(u32, u32)>,
    /// Go to the state after this many events (a choice point's own step).
    pub on_seek: Callback<u64>,
    /// Stop being the network (the machine model decides alone).
    pub on_off: Callback<()>,
}

/// One choice point's row.
fn point_row(p: &ChoicePoint, current: bool, props: &NetworkBarProps, lang: Lang) -> Html {
    let n = p.number;
    let seek = {
        let cb = props.on_seek.clone();
        let at = p.event;
        Callback::from(move |_| cb.emit(at))
    };
    let options = p.options.iter().map(|o| {
        let from = o.from;
        let pressed = from == p.chosen;
        let cb = props.on_choose.clone();
        let onclick = Callback::from(move |_| cb.emit((n, from)));
        let model = if from == p.model() {
            lang.tr(" (model)")
        } else {
            ""
        };
        let title = lang.trf(
            "{0}; the machine model lands it at {1}{2}",
            &[
                &o.what,
                &o.lands,
                &if pressed {
                    lang.tr(" — it lands first")
                } else {
                    lang.tr(" — press to land it first")
                },
            ],
        );
        html! {
            <button class={classes!("choice-option", pressed.then_some("chosen"))}
                aria-pressed={pressed.to_string()} data-from={from.to_string()} {title} {onclick}>
                { format!("{}{model}", lang.f(Text::RankN, &[&from])) }
            </button>
        }
    });
    let yours = (p.chosen != p.model())
        .then(|| html! { <span class="choice-yours">{ lang.tr("your choice") }</span> });
    html! {
        <li class={classes!("choice-point", current.then_some("current"))}
            data-testid={format!("choice-{n}")}>
            <button class="link-button choice-at" onclick={seek} title={lang.tr("Go to this choice")}>
                { lang.trf("Choice {0} · {1}", &[&n, &p.time]) }
            </button>
            <span class="choice-to">{ lang.trf("→ rank {0}:", &[&p.to]) }</span>
            { for options }
            { yours }
        </li>
    }
}

/// The bar.
#[function_component(NetworkBar)]
pub fn network_bar(props: &NetworkBarProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let body = match &props.session {
        None => html! {
            <p class="muted">{ lang.tr("Run the program: wherever messages from several ranks race to one rank, you choose which lands first.") }</p>
        },
        Some(cell) => {
            let run = cell.0.borrow();
            let sim = run.history.sim();
            let points = sim.choice_points();
            let position = run.history.position();
            if points.is_empty() {
                html! {
                    <p class="muted">{ if run.can_continue() {
                        lang.tr("No messages have raced to one rank yet: step on.")
                    } else {
                        lang.tr("No messages raced to one rank in this run: the network had nothing to choose.")
                    } }</p>
                }
            } else {
                let unused = props.choices.len().saturating_sub(points.len());
                html! {
                    <>
                        <ol class="choice-points">
                            { for points.iter().map(|p| point_row(p, p.event == position, props, lang)) }
                        </ol>
                        if unused > 0 && !run.can_continue() {
                            <p class="muted">{ if unused == 1 { lang.tr("1 later choice did not come up in this run.").to_string() } else { lang.trf("{0} later choices did not come up in this run.", &[&unused]) } }</p>
                        }
                    </>
                }
            }
        }
    };
    let off = props.on_off.clone();
    html! {
        <section class="network-bar" data-testid="network-bar" aria-label={lang.t(Text::YouAreTheNetwork)}>
            <div class="network-head">
                <strong>{ lang.t(Text::YouAreTheNetwork) }</strong>
                <span class="muted">{ lang.tr("Messages racing to one rank: press a sender to land its message first (the network only delays; the others land right after).") }</span>
                <button class="link-button" data-testid="network-off" onclick={Callback::from(move |_| off.emit(()))}
                    title={lang.tr("Let the machine model decide the order again")}>{ lang.tr("Let the model decide") }</button>
            </div>
            { body }
        </section>
    }
}
