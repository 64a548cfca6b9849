//! The happens-before view: the run's sends and receives placed by causality, not by time
//! (core's [`Order`]: vector clocks, causal columns), with an edge for every message and, for each
//! `MPI_ANY_SOURCE` receive, dashed edges from the sends that could have matched it under another
//! order. Filters: one rank (and only the ranks that talked to it), one communicator, one tag.
//! Clicking an event selects it, says what it is and what else it could have taken, and moves
//! the run to it (Step and Back go on from there).

use rankscope_core::proto::p2p::happens_before::{Order, OrderKind};
use rankscope_core::proto::p2p::{tag_label_in, WORLD};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::playground::rank_colour::rank_style;
use crate::playground::session::SessionCell;

/// Events taken from the start of the run (each carries a clock of one integer per rank, so
/// fewer on many ranks: [`Order::limit_for`]).
const LIMIT: usize = 600;
/// Ranks drawn at most (a run with more draws the first ones; the rank filter reaches the rest).
const MAX_RANKS: u32 = 32;
/// Pixels: a column, a row, the labels' margin, an event's radius.
const COL: f64 = 30.0;
const ROW: f64 = 26.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 18.0;
const DOT: f64 = 5.5;

/// Props: the run, its generation, and how to move it.
#[derive(Properties, PartialEq)]
pub struct OrderViewProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// Go to the state after this many events.
    pub on_seek: Callback<u64>,
    /// It is the view shown: a hidden one computes nothing (the views stay rendered, and this
    /// one reads the whole known trace).
    pub active: bool,
}

/// What the filters keep.
#[derive(Clone, Default, PartialEq)]
struct Filter {
    rank: Option<u32>,
    peers_only: bool,
    context: Option<u32>,
    tag: Option<i32>,
    candidates: bool,
}

/// A communicator's name: the world's, or its context id.
fn context_name(c: u32, lang: Lang) -> String {
    if c == WORLD {
        "MPI_COMM_WORLD".to_string()
    } else {
        lang.trf("communicator (context {0})", &[&c])
    }
}

/// One event in words.
fn sentence(order: &Order, e: usize, lang: Lang) -> String {
    let ev = &order.events[e];
    match ev.kind {
        OrderKind::Send { dst, tag, .. } => lang.trf(
            "rank {0} sends to rank {1} ({2}) at {3}",
            &[&ev.rank, &dst, &tag_label_in(tag, lang.core()), &ev.time],
        ),
        OrderKind::Receive {
            src, tag, wildcard, ..
        } => {
            let how = if wildcard {
                lang.tr(" with MPI_ANY_SOURCE")
            } else {
                ""
            };
            lang.trf(
                "rank {0} takes rank {1}'s message ({2}){3} at {4}",
                &[
                    &ev.rank,
                    &src,
                    &tag_label_in(tag, lang.core()),
                    &how,
                    &ev.time,
                ],
            )
        }
    }
}

/// The view.
#[function_component(OrderView)]
pub fn order_view(props: &OrderViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let filter = use_state(|| Filter {
        candidates: true,
        ..Filter::default()
    });
    let selected = use_state(|| None::<usize>);
    // A picked event's detail scrolls into sight with the diagram beside or above it (the view
    // may be taller than its box).
    let detail_ref = use_node_ref();
    {
        let detail_ref = detail_ref.clone();
        use_effect_with(*selected, move |_| {
            // The diagram and the detail together (the clicked event stays in sight too).
            if let Some(el) = detail_ref
                .cast::<web_sys::Element>()
                .and_then(|d| d.parent_element())
            {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    }
    if !props.active {
        return Html::default();
    }
    let run = props.session.0.borrow();
    let sim = run.history.sim();
    let trace = sim.trace();
    let shown_records = trace.records().len();
    let limit = Order::limit_for(sim.size(), LIMIT);
    let order = Order::of(trace.known_records(), sim.size(), limit);
    let f = (*filter).clone();

    // The ranks drawn, top to bottom.
    let ranks: Vec<u32> = match f.rank {
        Some(r) if f.peers_only => {
            let mut v = order.peers_of(r);
            v.push(r);
            v.sort_unstable();
            v
        }
        Some(r) => vec![r],
        None => (0..sim.size().min(MAX_RANKS)).collect(),
    };
    let row_of = |r: u32| ranks.iter().position(|&x| x == r);
    let keep = |e: usize| {
        let ev = &order.events[e];
        row_of(ev.rank).is_some()
            && f.context.is_none_or(|c| ev.kind.context() == c)
            && f.tag.is_none_or(|t| ev.kind.tag() == t)
    };
    let kept: Vec<usize> = (0..order.events.len()).filter(|&e| keep(e)).collect();
    // Causal columns, packed to those the kept events use.
    let mut columns: Vec<u32> = kept.iter().map(|&e| order.events[e].column).collect();
    columns.sort_unstable();
    columns.dedup();
    let x_of = |e: usize| {
        let c = order.events[e].column;
        LEFT + COL * columns.binary_search(&c).unwrap_or(0) as f64
    };
    let y_of = |e: usize| TOP + ROW * row_of(order.events[e].rank).unwrap_or(0) as f64;
    let width = LEFT + COL * columns.len().max(1) as f64 + 20.0;
    let height = TOP + ROW * ranks.len().saturating_sub(1) as f64 + 14.0;
    let selected_event = selected.filter(|&e| e < order.events.len());
    // How many other sends each event (a wildcard receive) could have taken.
    let mut others_of = vec![0usize; order.events.len()];
    for c in &order.candidates {
        others_of[c.receive] += 1;
    }

    let pick = |e: usize| {
        let selected = selected.clone();
        let on_seek = props.on_seek.clone();
        let to_step = trace.steps_to_show(order.events[e].record);
        Callback::from(move |_| {
            selected.set(Some(e));
            on_seek.emit(to_step);
        })
    };
    let line = |a: usize, b: usize, class: &'static str, testid: &'static str| {
        let (x1, y1, x2, y2) = (x_of(a), y_of(a), x_of(b), y_of(b));
        let lit = selected_event.is_some_and(|s| s == a || s == b);
        html! {
            <line class={classes!(class, lit.then_some("lit"))} data-testid={testid}
                x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()}
                marker-end="url(#order-arrow)" />
        }
    };
    let edges = order
        .edges
        .iter()
        .filter(|m| keep(m.send) && keep(m.receive))
        .map(|m| line(m.send, m.receive, "order-edge", "order-edge"));
    let candidates = order
        .candidates
        .iter()
        .filter(|c| f.candidates && keep(c.send) && keep(c.receive))
        .map(|c| line(c.send, c.receive, "order-candidate", "order-candidate"));
    let dots = kept.iter().map(|&e| {
        let ev = &order.events[e];
        let (x, y) = (x_of(e), y_of(e));
        let happened = ev.record < shown_records;
        let wildcard = ev.kind.is_wildcard();
        let others = others_of[e];
        let class = classes!(
            "order-event",
            "rank-coloured",
            matches!(ev.kind, OrderKind::Send { .. }).then_some("send"),
            matches!(ev.kind, OrderKind::Receive { .. }).then_some("receive"),
            wildcard.then_some("wildcard"),
            (others > 0).then_some("could-differ"),
            (!happened).then_some("future"),
            (selected_event == Some(e)).then_some("selected"),
        );
        let shape = if wildcard {
            let d = DOT + 1.5;
            html! { <rect x={(x - d).to_string()} y={(y - d).to_string()} width={(2.0 * d).to_string()}
                height={(2.0 * d).to_string()} transform={format!("rotate(45 {x} {y})")} /> }
        } else {
            html! { <circle cx={x.to_string()} cy={y.to_string()} r={DOT.to_string()} /> }
        };
        html! {
            <g class={class} style={rank_style(ev.rank)} data-testid="order-event"
                data-rank={ev.rank.to_string()} data-record={ev.record.to_string()}
                data-candidates={others.to_string()}
                role="button" tabindex="0" onclick={pick(e)}>
                <title>{ sentence(&order, e, lang) }</title>
                { shape }
            </g>
        }
    });
    let rows = ranks.iter().enumerate().map(|(i, &r)| {
        let y = TOP + ROW * i as f64;
        html! {
            <g class="order-row rank-coloured" style={rank_style(r)}>
                <text x="6" y={(y + 4.0).to_string()}>{ lang.f(Text::RankN, &[&r]) }</text>
                <line x1={LEFT.to_string()} y1={y.to_string()} x2={(width - 10.0).to_string()} y2={y.to_string()} />
            </g>
        }
    });

    // The filters.
    let set = |change: fn(&mut Filter, String)| {
        let filter = filter.clone();
        Callback::from(move |e: Event| {
            let value = if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                s.value()
            } else {
                let input: HtmlInputElement = e.target_unchecked_into();
                if input.type_() == "checkbox" {
                    input.checked().to_string()
                } else {
                    input.value()
                }
            };
            let mut next = (*filter).clone();
            change(&mut next, value);
            filter.set(next);
        })
    };
    let wildcards = order.events.iter().filter(|e| e.kind.is_wildcard()).count();
    let differ = others_of.iter().filter(|&&n| n > 0).count();
    let detail = selected_event.map(|e| {
        let others: Vec<usize> = order.candidates_of(e).collect();
        let partner = match order.events[e].kind {
            OrderKind::Send { .. } => order.receive_of(e),
            OrderKind::Receive { .. } => order.send_of(e),
        };
        html! {
            <div class="order-detail" data-testid="order-detail" ref={detail_ref.clone()}>
                <p>{ sentence(&order, e, lang) }
                    if let Some(p) = partner {
                        { " " }<button type="button" class="link-button" onclick={pick(p)}>{ lang.tr("(its other end)") }</button>
                    }
                </p>
                if order.events[e].kind.is_wildcard() {
                    if others.is_empty() {
                        <p data-testid="order-no-candidates">{ lang.tr("No other send could have matched it: every other matching send was taken before it or happens after it.") }</p>
                    } else {
                        <p data-testid="order-candidate-list">
                            { lang.trf("Under another order it could have taken {0} other send(s):", &[&others.len()]) }
                            { for others.iter().map(|&s| html! {
                                <>{ " " }<button type="button" class="link-button" title={sentence(&order, s, lang)} onclick={pick(s)}>
                                    { lang.trf("rank {0}'s", &[&order.events[s].rank]) }
                                </button></>
                            }) }
                        </p>
                    }
                }
            </div>
        }
    });
    let contexts = order.contexts();
    html! {
        <section class="panel view-panel order-view" data-testid="order-view"
            aria-label={lang.tr("Happens-before order")}>
            <div class="order-filters">
                <label>{ lang.tr("Rank") }{ " " }
                    <select data-testid="order-rank" onchange={set(|f, v| { f.rank = v.parse().ok(); })}>
                        <option value="" selected={f.rank.is_none()}>{ lang.t(Text::AllRanks) }</option>
                        { for (0..sim.size().min(1024)).map(|r| html! {
                            <option value={r.to_string()} selected={f.rank == Some(r)}>{ lang.f(Text::RankN, &[&r]) }</option>
                        }) }
                    </select>
                </label>
                <label>
                    <input type="checkbox" data-testid="order-peers" checked={f.peers_only} disabled={f.rank.is_none()}
                        onchange={set(|f, v| f.peers_only = v == "true")} />
                    { lang.tr("and the ranks it talked to") }
                </label>
                <label>{ lang.tr("Communicator") }{ " " }
                    <select data-testid="order-context" onchange={set(|f, v| { f.context = v.parse().ok(); })}>
                        <option value="" selected={f.context.is_none()}>{ lang.tr("all") }</option>
                        { for contexts.iter().map(|&c| html! {
                            <option value={c.to_string()} selected={f.context == Some(c)}>{ context_name(c, lang) }</option>
                        }) }
                    </select>
                </label>
                <label>{ lang.tr("Tag") }{ " " }
                    <input type="number" class="order-tag" data-testid="order-tag" placeholder={lang.tr("any")}
                        value={f.tag.map(|t| t.to_string()).unwrap_or_default()}
                        onchange={set(|f, v| { f.tag = v.trim().parse().ok(); })} />
                </label>
                <label>
                    <input type="checkbox" data-testid="order-candidates" checked={f.candidates}
                        onchange={set(|f, v| f.candidates = v == "true")} />
                    { lang.tr("could have matched") }
                </label>
            </div>
            if order.events.is_empty() {
                <p class="muted" data-testid="order-empty">{ lang.tr("No message has been sent yet (or this engine records no sends: paper 000's request-based engines).") }</p>
            } else {
                <div class="order-main">
                <div class="order-scroll">
                    <svg class="order-svg" width={width.to_string()} height={(height + 6.0).to_string()}
                        role="img" aria-label={lang.tr("Happens-before order")}>
                        <defs>
                            <marker id="order-arrow" viewBox="0 0 10 10" refX="19" refY="5" markerWidth="5" markerHeight="5" orient="auto">
                                <path d="M 0 0 L 10 5 L 0 10 z" />
                            </marker>
                        </defs>
                        { for rows }
                        { for candidates }
                        { for edges }
                        { for dots }
                    </svg>
                </div>
                { detail.unwrap_or_default() }
                </div>
                <p class="order-legend muted">
                    { lang.tr("● send · ○ receive · ◆ receive with MPI_ANY_SOURCE · solid: the message it took · dashed: a send it could have taken · faded: not reached yet") }
                </p>
            }
            <p class="order-summary muted" data-testid="order-summary">
                { lang.trf("{0} sends and receives placed by causality, not by time: an event is right of everything that happens before it. {1} wildcard receives, {2} of them could have matched another send (dashed).", &[&order.events.len(), &wildcards, &differ]) }
                if order.truncated {
                    { " " }{ lang.trf("Only the first {0} events are drawn.", &[&limit]) }
                }
                if f.rank.is_none() && sim.size() > MAX_RANKS {
                    { " " }{ lang.trf("Ranks 0 to {0} are drawn; pick a rank to see another.", &[&(MAX_RANKS - 1)]) }
                }
            </p>
        </section>
    }
}
