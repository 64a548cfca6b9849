//! "Every match": under the run bar, the program explored over every match MPI allows (core's
//! `explore`: each `MPI_ANY_SOURCE` receive may take any sender's message once every rank
//! waits), and the run shown's own match choice points.
//!
//! - **Explore** runs the exploration (within the page's budget of runs) and lists its distinct
//!   outcomes: how each run ended (finished, a deadlock, a failure) and what the ranks printed,
//!   a wrong one in red, each with **Replay**, which runs its witness (its choices) so Step and
//!   Back walk it, and a share link carries it.
//! - The run's match choice points, each with the senders its receive could take as buttons —
//!   the one taken pressed; pressing another runs again with the earlier choices kept and
//!   stands at that point (`Action::ChooseMatch`), a branch of the tree of runs.
//!
//! - The **tree of choices** the explored runs form: each match choice point with the senders
//!   its receive could take, each branch down to the outcome it gives (a wrong one red); a node
//!   pressed runs the choices down to it and stands at that choice (`Action::JumpMatches`).
//!
//! The engine decides what may match (`rankscope_core::engine::matches`); this only shows it.

use rankscope_core::engine::MatchPoint;
use rankscope_core::explore::{Ending, Exploration, Found, Path};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::playground::session::SessionCell;

/// Props: the run, the exploration, and the callbacks.
#[derive(Properties, PartialEq)]
pub struct ExplorePanelProps {
    /// The current run, if any.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The program's exploration, if it was explored as it stands.
    pub exploration: Option<Exploration>,
    /// Why the last exploration could not run.
    pub error: Option<AttrValue>,
    /// A lesson's question waits for its answer: exploring would show it, so Explore waits too.
    #[prop_or_default]
    pub locked: bool,
    /// Explore the program.
    pub on_explore: Callback<()>,
    /// Replay an outcome's witness.
    pub on_replay: Callback<Vec<u32>>,
    /// `(choices, event)`: run with these choices and stand at that event (a tree node).
    pub on_jump: Callback<(Vec<u32>, u64)>,
    /// `(point, rank)`: at match choice point `point`, take `rank`'s message.
    pub on_choose: Callback<(u32, u32)>,
    /// Go to the state after this many events (a choice point's own step).
    pub on_seek: Callback<u64>,
    /// Stop: receives match in the machine's order again.
    pub on_off: Callback<()>,
}

/// How a run ended, in words.
fn ending(found: &Found, lang: Lang) -> String {
    match &found.outcome.ending {
        Ending::Finished => lang.tr("finished").to_string(),
        Ending::Deadlock { blocked } => {
            let ranks: Vec<String> = blocked.iter().map(|(r, _)| r.to_string()).collect();
            lang.trf(
                "deadlock · blocked for ever: rank {0}",
                &[&ranks.join(", ")],
            )
        }
        Ending::Failed {
            rank: Some(r),
            message,
        } => lang.trf("failed: rank {0}: {1}", &[r, message]),
        Ending::Failed {
            rank: None,
            message,
        } => lang.trf("failed: {0}", &[message]),
    }
}

/// "1 run", "6 runs".
fn runs_text(n: usize, lang: Lang) -> String {
    if n == 1 {
        lang.tr("1 run").to_string()
    } else {
        lang.trf("{0} runs", &[&n])
    }
}

/// One outcome's row.
fn outcome_row(
    i: usize,
    found: &Found,
    shown: bool,
    props: &ExplorePanelProps,
    lang: Lang,
) -> Html {
    let printed: Vec<String> = found
        .outcome
        .output
        .iter()
        .enumerate()
        .flat_map(|(r, lines)| lines.iter().map(move |l| format!("[{r}] {l}")))
        .collect();
    let replay = {
        let cb = props.on_replay.clone();
        let witness = found.witness.clone();
        Callback::from(move |_| cb.emit(witness.clone()))
    };
    let bad = found.outcome.is_bad();
    let runs = runs_text(found.runs, lang);
    let order: Vec<String> = found.witness.iter().map(u32::to_string).collect();
    html! {
        <li class={classes!("outcome", bad.then_some("bad"), shown.then_some("current"))}
            data-testid={format!("outcome-{}", i + 1)}>
            <span class="outcome-n muted">{ format!("{}.", i + 1) }</span>
            <span class="outcome-end">{ ending(found, lang) }</span>
            <span class="muted">{ format!(" · {runs}") }</span>
            if !printed.is_empty() {
                <code class="outcome-printed">{ printed.join(" | ") }</code>
            }
            <button class="choice-option" data-testid={format!("replay-{}", i + 1)} onclick={replay}
                title={lang.trf("Run it again with these choices: {0}", &[&if order.is_empty() { lang.tr("the first sender at every choice").to_string() } else { order.join(", ") }])}>
                { if shown { lang.tr("Shown") } else { lang.tr("Replay") } }
            </button>
        </li>
    }
}

/// The exploration's summary and outcomes.
fn results(found: &Exploration, props: &ExplorePanelProps, lang: Lang) -> Html {
    let n = found.outcomes.len();
    let runs = runs_text(found.runs, lang);
    let outcomes = if n == 1 {
        lang.tr("1 distinct outcome").to_string()
    } else {
        lang.trf("{0} distinct outcomes", &[&n])
    };
    let coverage = if found.complete {
        lang.tr("every choice explored").to_string()
    } else {
        lang.trf(
            "the page's budget of {0} runs ended with {1} orders not run",
            &[&crate::state::PAGE_BUDGET, &found.unexplored],
        )
    };
    // The run shown, as the choices it made (an outcome whose witness they are is "Shown").
    let shown = props.session.as_ref().map(|cell| {
        let run = cell.0.borrow();
        run.history
            .sim()
            .match_points()
            .iter()
            .map(|p| p.chosen)
            .collect::<Vec<u32>>()
    });
    let wrong = found.outcomes.iter().filter(|f| f.outcome.is_bad()).count();
    html! {
        <>
            <p data-testid="explore-summary">
                { format!("{runs} · {outcomes} · {coverage}") }
                if wrong > 0 {
                    <strong class="outcome-wrong">{ format!(" · {}", if wrong == 1 { lang.tr("1 goes wrong").to_string() } else { lang.trf("{0} go wrong", &[&wrong]) }) }</strong>
                }
            </p>
            <ol class="outcomes">
                { for found.outcomes.iter().enumerate().map(|(i, f)| outcome_row(i, f, shown.as_deref() == Some(f.witness.as_slice()), props, lang)) }
            </ol>
            <details class="explore-tree-box" data-testid="explore-tree" open={found.runs <= 24}>
                <summary>{ lang.tr("Tree of choices") }</summary>
                { tree(&found.paths.iter().collect::<Vec<_>>(), &[], found, props, lang) }
            </details>
        </>
    }
}

/// The tree below the choices `prefix` (made at its first `prefix.len()` points): the next
/// point's senders, each a branch to its subtree, its outcome, or "not run" (the budget ended).
fn tree(
    paths: &[&Path],
    prefix: &[u32],
    found: &Exploration,
    props: &ExplorePanelProps,
    lang: Lang,
) -> Html {
    let depth = prefix.len();
    let Some(next) = paths.iter().find_map(|p| p.choices.get(depth)) else {
        // A leaf: the run with exactly these choices.
        let Some(outcome) = paths.first().map(|p| p.outcome) else {
            return Html::default();
        };
        let f = &found.outcomes[outcome];
        return html! {
            <span class={classes!("tree-leaf", f.outcome.is_bad().then_some("bad"))}
                data-testid={format!("leaf-{}", prefix.iter().map(u32::to_string).collect::<Vec<_>>().join("-"))}>
                { lang.trf("outcome {0}: {1}", &[&(outcome + 1), &ending(f, lang)]) }
            </span>
        };
    };
    let branches = next.options.iter().map(|&o| {
        let mut choices = prefix.to_vec();
        choices.push(o);
        let below: Vec<&Path> = paths
            .iter()
            .copied()
            .filter(|p| p.choices.get(depth).is_some_and(|c| c.chosen == o))
            .collect();
        let label = lang.trf("rank {0} takes rank {1}'s", &[&next.rank, &o]);
        if below.is_empty() {
            return html! {
                <li><span class="muted">{ format!("{label} · {}", lang.tr("not run")) }</span></li>
            };
        }
        let jump = {
            let cb = props.on_jump.clone();
            let (choices, event) = (choices.clone(), next.event);
            Callback::from(move |_| cb.emit((choices.clone(), event)))
        };
        let testid = format!(
            "node-{}",
            choices
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("-")
        );
        html! {
            <li>
                <button class="link-button tree-node" data-testid={testid} onclick={jump}
                    title={lang.tr("Run these choices and stand at this one")}>{ label }</button>
                { " " }{ tree(&below, &choices, found, props, lang) }
            </li>
        }
    });
    html! { <ul class="explore-tree">{ for branches }</ul> }
}

/// One match choice point's row.
fn point_row(p: &MatchPoint, current: bool, props: &ExplorePanelProps, lang: Lang) -> Html {
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
        let title = if pressed {
            lang.trf("{0} — the receive takes it", &[&o.what])
        } else {
            lang.trf("{0} — press to take it instead", &[&o.what])
        };
        html! {
            <button class={classes!("choice-option", pressed.then_some("chosen"))}
                aria-pressed={pressed.to_string()} data-from={from.to_string()} {title} {onclick}>
                { lang.f(Text::RankN, &[&from]) }
            </button>
        }
    });
    html! {
        <li class={classes!("choice-point", current.then_some("current"))}
            data-testid={format!("match-{n}")}>
            <button class="link-button choice-at" onclick={seek} title={lang.tr("Go to this choice")}>
                { lang.trf("Match {0} · {1}", &[&n, &p.time]) }
            </button>
            <span class="choice-to">{ lang.trf("rank {0}'s receive ({1}) takes:", &[&p.rank, &p.receive]) }</span>
            { for options }
        </li>
    }
}

/// The panel.
#[function_component(ExplorePanel)]
pub fn explore_panel(props: &ExplorePanelProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let points = match &props.session {
        None => Html::default(),
        Some(cell) => {
            let run = cell.0.borrow();
            let points = run.history.sim().match_points();
            let position = run.history.position();
            if points.is_empty() {
                html! {
                    <p class="muted">{ if run.can_continue() {
                        lang.tr("No wildcard receive has had a choice of senders yet: step on.")
                    } else {
                        lang.tr("No wildcard receive had a choice of senders in this run.")
                    } }</p>
                }
            } else {
                html! {
                    <ol class="choice-points" data-testid="match-points">
                        { for points.iter().map(|p| point_row(p, p.event == position, props, lang)) }
                    </ol>
                }
            }
        }
    };
    let body = match (&props.exploration, &props.error) {
        (_, Some(e)) => {
            html! { <p class="run-error" data-testid="explore-error">{ e.clone() }</p> }
        }
        (Some(found), None) => results(found, props, lang),
        (None, None) => html! {
            <p class="muted">{ lang.tr("Explore runs the program once for every match MPI allows and lists what can come out.") }</p>
        },
    };
    let off = props.on_off.clone();
    let explore = props.on_explore.clone();
    html! {
        <section class="network-bar explore-panel" data-testid="explore-panel" aria-label={lang.tr("Every match")}>
            <div class="network-head">
                <strong>{ lang.tr("Every match") }</strong>
                <span class="muted">{ lang.tr("Each MPI_ANY_SOURCE receive waits until every rank waits, then may take any sender's message, whatever the machine's timing.") }</span>
                <button class="choice-option" data-testid="explore-run" onclick={Callback::from(move |_| explore.emit(()))}
                    disabled={props.locked}
                    title={if props.locked { lang.tr("Answer the question first: exploring would show the answer") } else { lang.tr("Run the program for every match MPI allows") }}>{ lang.tr("Explore") }</button>
                <button class="link-button" data-testid="explore-off" onclick={Callback::from(move |_| off.emit(()))}
                    title={lang.tr("Let receives match in the machine's order again")}>{ lang.tr("Let the machine decide") }</button>
            </div>
            { body }
            { points }
        </section>
    }
}
