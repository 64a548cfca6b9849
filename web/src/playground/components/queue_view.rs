//! The matching queues of every rank at the current event, as core holds them: with the eager
//! engine the posted receives and the unexpected messages; with paper 000's engines also the
//! send requests waiting at the receiver, the receive requests in the sender's associative
//! memory and both request-issued queues. Entries the last event touched light up, and the last
//! event's protocol sentences are listed above (from `Record::explain`).

use rankscope_core::engine::ReqId;
use rankscope_core::proto::p2p::{
    tag_label_in, Matching, P2p, P2pRecord, RecvMode, ReqKind, Source, TagSel,
};
use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::playground::session::SessionCell;

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

fn source(s: Source, lang: Lang) -> String {
    match s {
        Source::Rank(r) => lang.trf("from {0}", &[&r]),
        Source::Any => lang.tr("from any").into(),
    }
}

fn tag(t: TagSel, lang: Lang) -> String {
    match t {
        TagSel::Tag(t) => tag_label_in(t, lang.core()),
        TagSel::Any => lang.tr("any tag").into(),
    }
}

/// One queue: a title and its entries (`(text, lit)`).
fn queue(title: &'static str, testid: &str, entries: Vec<(String, bool)>, lang: Lang) -> Html {
    html! {
        <div class="queue" data-testid={testid.to_string()}>
            <span class="queue-title">{ lang.tr(title) }</span>
            if entries.is_empty() {
                <span class="queue-empty muted">{ lang.tr("empty") }</span>
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
    let core = lang.core();
    let recv_label = |q: &ReqId| match p2p.kind(*q) {
        Some(ReqKind::Recv { src, tag: t, .. }) => {
            format!(
                "{} · {} · {}",
                core.req(q.0),
                source(*src, lang),
                tag(*t, lang)
            )
        }
        _ => core.req(q.0),
    };
    let ranks = sim.size().min(MAX_RANKS);
    let engine = p2p.matching();
    let rows = (0..ranks).map(|rank| {
        let queues = if engine == Matching::Eager {
            let mb = p2p.mailbox(rank);
            // Receives held back while every match is explored follow the posted ones, marked.
            let posted = mb.map_or(Vec::new(), |m| {
                (m.posted.iter().map(|q| (recv_label(q), lit(q))))
                    .chain(m.held.iter().map(|q| {
                        let held = lang.tr(" · held until every rank waits");
                        (format!("{}{held}", recv_label(q)), lit(q))
                    }))
                    .collect()
            });
            let unexpected = mb.map_or(Vec::new(), |m| {
                m.unexpected
                    .iter()
                    .map(|msg| {
                        // What a receive would match on: its sender and tag.
                        let text = match p2p.message(*msg) {
                            Some(m) => format!(
                                "{} · {} · {}",
                                core.msg(msg.0),
                                lang.trf("from {0}", &[&m.src]),
                                // A user's tag, or the collective an internal one is for.
                                tag_label_in(m.tag, lang.core())
                            ),
                            None => core.msg(msg.0),
                        };
                        (text, false)
                    })
                    .collect()
            });
            html! {
                <>
                    { queue("posted receives", "posted", posted, lang) }
                    { queue("unexpected messages", "unexpected", unexpected, lang) }
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
                            RecvMode::Requested => lang.tr(" · request out"),
                            RecvMode::Promised => lang.tr(" · promised to a one-sided send"),
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
                            lang.tr(" · data in temp buffer")
                        } else {
                            ""
                        };
                        (
                            lang.trf(
                                "{0} of rank {1} · {2}{3}",
                                &[
                                    &core.req(s.send.0),
                                    &s.src,
                                    &tag_label_in(s.tag, lang.core()),
                                    &temp,
                                ],
                            ),
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
                                lang.trf(
                                    "to {0} · {1}: {2} of rank {0}",
                                    &[
                                        receiver,
                                        &tag_label_in(*t, lang.core()),
                                        &core.req(r.recv.0),
                                    ],
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
                            lang.trf(
                                "send request of {0} → rank {1} · {2}",
                                &[&core.req(q.0), to, &tag_label_in(*t, lang.core())],
                            ),
                            *q,
                        )
                    })
                });
                let recvs = p.issued_recvs.iter().flat_map(|((from, _, t), list)| {
                    list.iter().map(move |q| {
                        (
                            lang.trf(
                                "receive request of {0} → rank {1} · {2}",
                                &[&core.req(q.0), from, &tag_label_in(*t, lang.core())],
                            ),
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
                    { queue("posted receives", "posted", posted, lang) }
                    { queue("send requests waiting", "send-requests", sends, lang) }
                    { queue("associative memory (receive requests)", "assoc", assoc, lang) }
                    { queue("request-issued", "issued", issued, lang) }
                </>
            }
        };
        html! {
            <div class="queue-row" data-rank={rank.to_string()}>
                <span class="rank-id">{ lang.f(Text::RankN, &[&rank]) }</span>
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
        .map(|r| r.explain_in(lang.core()))
        .collect();
    html! {
        <section class="panel queues-panel" aria-label={lang.tr("Matching queues")} data-testid="queue-view">
            <div class="panel-head">
                <h2>{ lang.tr("Matching queues") }</h2>
                <span class="muted">{ lang.trf("engine: {0} · at event {1}", &[&engine, &position]) }</span>
            </div>
            if !sentences.is_empty() {
                <ul class="queue-news" data-testid="queue-news">
                    { for sentences.iter().map(|s| html! { <li>{ s }</li> }) }
                </ul>
            }
            <div class="queue-rows">{ for rows }</div>
            if sim.size() > MAX_RANKS {
                <p class="muted">{ lang.f(Text::AndMoreRanks, &[&(sim.size() - MAX_RANKS)]) }</p>
            }
        </section>
    }
}
