//! The matching queues of every rank at the current event, as core holds them: with the eager
//! engine the posted receives and the unexpected messages; with paper 000's engines also the
//! send requests waiting at the receiver, the receive requests in the sender's associative
//! memory and both request-issued queues. Entries the last event touched light up, and the last
//! event's protocol sentences are listed above (from `Record::explain`).

use rankscope_core::engine::ReqId;
use rankscope_core::proto::p2p::{
    tag_label, Matching, P2p, P2pRecord, RecvMode, ReqKind, Source, TagSel,
};
use yew::prelude::*;

use crate::session::SessionCell;

/// Ranks shown (a run with more shows the first ones and says so).
const MAX_RANKS: u32 = 16;

/// Props: the run and its generation.
#[derive(Properties, PartialEq)]
pub struct QueueViewProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
}

fn source(s: Source) -> String {
    match s {
        Source::Rank(r) => format!("from {r}"),
        Source::Any => "from any".into(),
    }
}

fn tag(t: TagSel) -> String {
    match t {
        TagSel::Tag(t) => tag_label(t),
        TagSel::Any => "any tag".into(),
    }
}

/// One queue: a title and its entries (`(text, lit)`).
fn queue(title: &str, testid: &str, entries: Vec<(String, bool)>) -> Html {
    html! {
        <div class="queue" data-testid={testid.to_string()}>
            <span class="queue-title">{ title }</span>
            if entries.is_empty() {
                <span class="queue-empty muted">{ "empty" }</span>
            }
            { for entries.into_iter().map(|(text, lit)| html! {
                <span class={classes!("entry", lit.then_some("lit"))}>{ text }</span>
            }) }
        </div>
    }
}

/// The view.
#[function_component(QueueView)]
pub fn queue_view(props: &QueueViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let run = props.session.0.borrow();
    let sim = run.history.sim();
    let trace = sim.trace();
    let position = run.history.position();
    let from = trace.records_after_steps(position.saturating_sub(1));
    let last: Vec<_> = trace.records().range(from..trace.records().len()).collect();
    // Requests the last event touched.
    let touched: Vec<ReqId> = last
        .iter()
        .filter_map(|r| match r.layer::<P2pRecord>() {
            Some(
                P2pRecord::Protocol { req, .. }
                | P2pRecord::Matched { req, .. }
                | P2pRecord::RecvPosted { req, .. },
            ) => Some(req),
            _ => None,
        })
        .collect();
    let lit = |r: &ReqId| touched.contains(r);
    let Some(p2p) = sim.layer::<P2p>() else {
        return Html::default();
    };
    let recv_label = |q: &ReqId| match p2p.kind(*q) {
        Some(ReqKind::Recv { src, tag: t, .. }) => {
            format!("{q} · {} · {}", source(*src), tag(*t))
        }
        _ => q.to_string(),
    };
    let ranks = sim.size().min(MAX_RANKS);
    let engine = p2p.matching();
    let rows = (0..ranks).map(|rank| {
        let queues = if engine == Matching::Eager {
            let mb = p2p.mailbox(rank);
            let posted = mb.map_or(Vec::new(), |m| {
                m.posted.iter().map(|q| (recv_label(q), lit(q))).collect()
            });
            let unexpected = mb.map_or(Vec::new(), |m| {
                m.unexpected
                    .iter()
                    .map(|msg| {
                        // What a receive would match on: its sender and tag.
                        let text = match p2p.message(*msg) {
                            Some(m) => format!("{msg} · from {} · tag {}", m.src, m.tag),
                            None => msg.to_string(),
                        };
                        (text, false)
                    })
                    .collect()
            });
            html! {
                <>
                    { queue("posted receives", "posted", posted) }
                    { queue("unexpected messages", "unexpected", unexpected) }
                </>
            }
        } else {
            let p = p2p.protocol_queues(rank);
            let posted = p.map_or(Vec::new(), |p| {
                p.posted
                    .iter()
                    .map(|(q, mode)| {
                        let m = match mode {
                            RecvMode::Open => "",
                            RecvMode::Requested => " · request out",
                            RecvMode::Promised => " · promised to a one-sided send",
                        };
                        (format!("{}{m}", recv_label(q)), lit(q))
                    })
                    .collect()
            });
            let sends = p.map_or(Vec::new(), |p| {
                p.send_requests
                    .iter()
                    .map(|s| {
                        let temp = if s.in_temp.is_some() {
                            " · data in temp buffer"
                        } else {
                            ""
                        };
                        (
                            format!("{} of rank {} · {}{temp}", s.send, s.src, tag_label(s.tag)),
                            lit(&s.send),
                        )
                    })
                    .collect()
            });
            let assoc = p.map_or(Vec::new(), |p| {
                p.assoc
                    .iter()
                    .flat_map(|((receiver, _, t), list)| {
                        list.iter().map(move |r| {
                            (
                                format!(
                                    "to {receiver} · {}: {} of rank {receiver}",
                                    tag_label(*t),
                                    r.recv
                                ),
                                r.recv,
                            )
                        })
                    })
                    .map(|(text, r)| (text, lit(&r)))
                    .collect()
            });
            let issued = p.map_or(Vec::new(), |p| {
                let sends = p.issued_sends.iter().flat_map(|((to, _, t), list)| {
                    list.iter().map(move |(q, _)| {
                        (
                            format!("send request of {q} → rank {to} · {}", tag_label(*t)),
                            *q,
                        )
                    })
                });
                let recvs = p.issued_recvs.iter().flat_map(|((from, _, t), list)| {
                    list.iter().map(move |q| {
                        (
                            format!("receive request of {q} → rank {from} · {}", tag_label(*t)),
                            *q,
                        )
                    })
                });
                sends
                    .chain(recvs)
                    .map(|(text, q)| (text, lit(&q)))
                    .collect()
            });
            html! {
                <>
                    { queue("posted receives", "posted", posted) }
                    { queue("send requests waiting", "send-requests", sends) }
                    { queue("associative memory (receive requests)", "assoc", assoc) }
                    { queue("request-issued", "issued", issued) }
                </>
            }
        };
        html! {
            <div class="queue-row" data-rank={rank.to_string()}>
                <span class="rank-id">{ format!("rank {rank}") }</span>
                <div class="queues">{ queues }</div>
            </div>
        }
    });
    let sentences: Vec<String> = last
        .iter()
        .filter(|r| {
            matches!(
                r.layer::<P2pRecord>(),
                Some(
                    P2pRecord::Protocol { .. }
                        | P2pRecord::Matched { .. }
                        | P2pRecord::Unexpected { .. }
                )
            )
        })
        .map(|r| r.explain())
        .collect();
    html! {
        <section class="panel queues-panel" aria-label={lang.tr("Matching queues")} data-testid="queue-view">
            <div class="panel-head">
                <h2>{ lang.tr("Matching queues") }</h2>
                <span class="muted">{ format!("engine: {engine} · at event {position}") }</span>
            </div>
            if !sentences.is_empty() {
                <ul class="queue-news" data-testid="queue-news">
                    { for sentences.iter().map(|s| html! { <li>{ s }</li> }) }
                </ul>
            }
            <div class="queue-rows">{ for rows }</div>
            if sim.size() > MAX_RANKS {
                <p class="muted">{ format!("… and {} more ranks", sim.size() - MAX_RANKS) }</p>
            }
        </section>
    }
}
