//! The ACP view (paper 001) at the current event: what the last event did (core's sentences,
//! an arrow chip per network operation), the latest command whose source is another rank's as
//! the steps of Fig. 5 so far, and every rank's state as core's layer holds it — its command
//! queue with each command's stage, the commands other ranks wrote into its remote command
//! receive buffer, what its communication thread is doing, its registration table (each GA
//! decoded into its fields on hover or focus), its cache of other ranks' tables and its queue
//! pairs — with the memory of one rank by component (core's `acp::memory`), as bars. Shown once
//! the run has used ACP.
//!
//! The latest remote-to-remote command is followed by the session's `AcpLedger` (core's, extended
//! by `Session::after_move` like the lock ledger); a card is drawn for each of the first 16 ranks,
//! and the memory chart is the focus rank's.

use rankscope_core::lang::vm::memory::bytes_in_words;
use rankscope_core::proto::acp::command::{Command, Stage};
use rankscope_core::proto::acp::endpoint::Endpoint;
use rankscope_core::proto::acp::ledger::Trail;
use rankscope_core::proto::acp::{memory, Acp, AcpRecord, Ga, Gma, Path, StepKind};
use rankscope_core::trace::{Record, Records};
use yew::prelude::*;

use crate::playground::session::SessionCell;

/// Ranks shown (a run with more shows the first ones and says so).
const MAX_RANKS: u32 = 16;

/// Props: the run, its generation and the rank in focus (whose memory is charted).
#[derive(Properties, PartialEq)]
pub struct AcpViewProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The rank in focus.
    pub focus_rank: u32,
}

/// A GA as hex, its fields shown on hover or focus (rank + 1, color, tag, offset: the bits the
/// InfiniBand basic layer packs).
fn ga_chip(ga: Ga) -> Html {
    let raw = ga.pack().unwrap_or(0);
    let fields = [
        ("rank + 1", format!("{} (21 bits)", u64::from(ga.rank) + 1)),
        ("color", format!("{} (1 bit)", ga.color)),
        (
            "tag",
            if ga.tag == 0xff {
                "255: starter memory (8 bits)".to_string()
            } else {
                format!("{}: registration slot (8 bits)", ga.tag)
            },
        ),
        ("offset", format!("{} (34 bits)", ga.offset)),
    ];
    html! {
        <span class="acp-ga" tabindex="0" data-testid="acp-ga" title={ga.to_string()}>
            { format!("{raw:#018x}") }
            <span class="acp-ga-fields" role="tooltip">
                { for fields.iter().map(|(name, value)| html! {
                    <span class="acp-ga-field"><b>{ *name }</b>{ " " }{ value.clone() }</span>
                }) }
            </span>
        </span>
    }
}

/// A short line for a network step: "0 → 1 · command write".
fn chip(step: StepKind, from: u32, to: u32) -> Html {
    let lang = crate::ui_lang::current();
    let what = lang.tr(match step {
        StepKind::TableRead => "table read",
        StepKind::TableFlag => "table flag",
        StepKind::Put => "data write",
        StepKind::Get => "data read",
        StepKind::Tail => "fetch-and-add tail",
        StepKind::CommandPut => "command write",
        StepKind::Reply => "old value write",
        StepKind::Status => "completion write",
        StepKind::Invalidate => "invalidate",
        StepKind::Ack => "acknowledge",
        StepKind::Takes | StepKind::RemoteTakes => "thread takes",
        StepKind::Local => "local copy",
    });
    let text = if from == to {
        format!("{} · {what}", lang.trf("rank {0}", &[&from]))
    } else {
        format!("{from} → {to} · {what}")
    };
    html! { <span class={classes!("lock-arrow", if from == to { "local" } else { "remote" })}>{ text }</span> }
}

/// The last event's ACP records.
fn news<'a>(records: impl Iterator<Item = &'a Record>) -> Html {
    let items: Vec<Html> = records
        .filter_map(|r| {
            let a = r.layer::<AcpRecord>()?;
            let arrow = match a {
                AcpRecord::Step {
                    rank, step, peer, ..
                } => Some(chip(step, rank, peer)),
                _ => None,
            };
            Some(html! { <li>{ for arrow }{ r.explain() }</li> })
        })
        .collect();
    if items.is_empty() {
        return Html::default();
    }
    html! { <ul class="queue-news lock-news" data-testid="acp-news">{ for items }</ul> }
}

/// The steps of Fig. 5 so far for `trail`, the last one lit.
fn figure5(trail: &Trail, records: Records<'_>) -> Html {
    let shown = records.len();
    let steps: Vec<&(usize, AcpRecord)> = trail.steps_before(shown).collect();
    let done = trail.finished.is_some_and(|f| f < shown);
    let what = match trail.gma {
        Gma::Copy { size, .. } => crate::ui_lang::current().trf("copy of {0} bytes", &[&size]),
        Gma::Atomic { atomic, .. } => atomic.name().to_string(),
    };
    let src = trail.gma.src().rank;
    let dst = trail.gma.dst().rank;
    let last = steps.last().map(|(i, _)| *i);
    let rows = steps.iter().map(|(i, r)| {
        let record = records.get(*i);
        let time = record.map(|r| r.time.to_string()).unwrap_or_default();
        let sentence = record.map(Record::explain).unwrap_or_default();
        let arrow = match r {
            AcpRecord::Step {
                rank, step, peer, ..
            } => Some(chip(*step, *rank, *peer)),
            _ => None,
        };
        html! {
            <li class={classes!((Some(*i) == last).then_some("lit"))} data-testid="acp-fig5-step">
                <span class="acp-time">{ time }</span>{ for arrow }{ sentence }
            </li>
        }
    });
    html! {
        <div class="acp-fig5" data-testid="acp-fig5">
            <span class="queue-title">
                { crate::ui_lang::current().trf("rank {0}'s command {1}: {2} from rank {3} to rank {4} (Fig. 5)", &[&trail.rank, &trail.handle, &what, &src, &dst]) }
            </span>
            <ol class="acp-steps">{ for rows }</ol>
            <p class="muted">
                { if done { crate::ui_lang::current().tr("complete: the issuer's handle is done").to_string() }
                  else { crate::ui_lang::current().trf("{0} steps so far; it goes on", &[&steps.len()]) } }
            </p>
        </div>
    }
}

fn command_row(rank: u32, c: &Command) -> Html {
    let path = match c.gma.path(rank) {
        Path::Local => "local",
        Path::Put => "RDMA write",
        Path::Get => "RDMA read",
        Path::Remote => "via the source rank",
    };
    let order = match c.order {
        0 => String::new(),
        h => format!(" · after {h}"),
    };
    html! {
        <li class={classes!("acp-cmd", matches!(c.stage, Stage::Finished).then_some("muted"))}
            data-testid="acp-command" data-handle={c.handle.to_string()}>
            <span class="entry">{ format!("#{}", c.handle) }</span>
            { format!(" {} {} → {} · {path}{order} · {}", c.gma.call(), c.gma.src().rank, c.gma.dst().rank, c.stage) }
        </li>
    }
}

fn rank_card(rank: u32, e: &Endpoint, now: rankscope_core::time::SimTime) -> Html {
    let lang = crate::ui_lang::current();
    let thread = if e.thread.free_at() > now {
        lang.trf("thread busy until {0}", &[&e.thread.free_at()])
    } else if e.scan_due {
        lang.tr("thread about to take its next piece of work")
            .to_string()
    } else if e.queue.values().any(|c| c.stage == Stage::Issued) {
        lang.tr("thread idle; commands in flight").to_string()
    } else {
        lang.tr("thread idle").to_string()
    };
    let complete = if e.head > 1 {
        lang.trf("handles up to {0} complete", &[&(e.head - 1)])
    } else {
        lang.tr("no handle complete yet").to_string()
    };
    let regs: Vec<Html> = e
        .regs
        .in_use()
        .map(|(tag, r)| {
            let ga = Ga {
                rank,
                color: r.color,
                tag,
                offset: 0,
            };
            html! {
                <li data-testid="acp-registration">
                    { format!("slot {tag}: {} at {:#x} · ", bytes_in_words(r.size), r.base) }{ ga_chip(ga) }
                </li>
            }
        })
        .collect();
    let starter = e.starter.map(|s| {
        html! {
            <li data-testid="acp-starter">
                { format!("starter memory: {} · ", bytes_in_words(s.size)) }{ ga_chip(Ga::starter(rank, 0)) }
            </li>
        }
    });
    let cached: Vec<String> = e.cache.owners().map(|o| o.to_string()).collect();
    let remote: Vec<Html> = e
        .remote
        .iter()
        .map(|c| {
            let what = if c.completion {
                format!("completion of its command {}", c.handle)
            } else {
                format!(
                    "rank {}'s command {}: {} · {}",
                    c.issuer,
                    c.handle,
                    c.gma.call(),
                    c.stage
                )
            };
            html! { <li data-testid="acp-remote-command">{ what }</li> }
        })
        .collect();
    let live: Vec<&Command> = e.queue.values().collect();
    html! {
        <div class="acp-rank" data-testid="acp-rank" data-rank={rank.to_string()}>
            <div class="acp-rank-head">
                <span class="rank-id">{ lang.trf("rank {0}", &[&rank]) }</span>
                <span class="muted" data-testid="acp-thread">{ lang.trf("{0} · {1} · next handle {2}", &[&thread, &complete, &e.tail]) }</span>
            </div>
            <div class="acp-rank-body">
                <div>
                    <span class="queue-title">{ lang.tr("command queue") }</span>
                    if live.is_empty() { <p class="muted">{ lang.tr("empty") }</p> }
                    else { <ul class="acp-list">{ for live.iter().map(|c| command_row(rank, c)) }</ul> }
                    <span class="queue-title">{ lang.tr("remote command receive buffer") }</span>
                    if remote.is_empty() { <p class="muted">{ lang.tr("empty") }</p> }
                    else { <ul class="acp-list">{ for remote }</ul> }
                </div>
                <div>
                    <span class="queue-title">{ lang.tr("registration table") }</span>
                    <ul class="acp-list">{ for starter }{ for regs }</ul>
                    <span class="queue-title">{ lang.tr("table cache") }</span>
                    <p class="acp-cache" data-testid="acp-cache">
                        { match cached.as_slice() {
                            [] => lang.tr("no other rank's table").to_string(),
                            [one] => lang.trf("rank {0}'s table", &[one]),
                            many => lang.trf("the tables of ranks {0} (oldest first)", &[&many.join(", ")]),
                        } }
                        { e.fetching.map(|o| format!(" · reading rank {o}'s")).unwrap_or_default() }
                    </p>
                    <p class="muted">{ lang.trf("queue pairs used: {0}", &[&e.peers.len()]) }</p>
                </div>
            </div>
        </div>
    }
}

/// One rank's memory by component, as bars.
fn memory_chart(rank: u32, e: &Endpoint, ranks: u32) -> Html {
    let parts = memory::of(e, ranks);
    let max = parts.iter().map(|c| c.bytes).max().unwrap_or(1).max(1);
    let total = memory::total(&parts);
    html! {
        <div class="acp-memory" data-testid="acp-memory">
            <span class="queue-title">{ crate::ui_lang::current().trf("rank {0}'s ACP memory: {1} (paper 001 Table 2's components)", &[&rank, &bytes_in_words(total)]) }</span>
            { for parts.iter().map(|c| {
                let width = format!("width: {:.1}%", 100.0 * c.bytes as f64 / max as f64);
                html! {
                    <div class="acp-bar-row" title={c.how.clone()} data-testid="acp-memory-row">
                        <span class="acp-bar-name">{ c.name }</span>
                        <span class="acp-bar"><span class="acp-bar-fill" style={width}></span></span>
                        <span class="acp-bar-bytes">{ bytes_in_words(c.bytes) }</span>
                    </div>
                }
            }) }
        </div>
    }
}

/// The ACP view.
#[function_component(AcpPanel)]
pub fn acp_panel(props: &AcpViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let run = props.session.0.borrow();
    if run.acp_ledger.first_use().is_none() {
        return Html::default();
    }
    let sim = run.history.sim();
    let Some(acp) = sim.layer::<Acp>() else {
        return Html::default();
    };
    let trace = sim.trace();
    let position = run.history.position();
    let shown = trace.records().len();
    let from = trace.records_after_steps(position.saturating_sub(1));
    let ranks = sim.size();
    let now = sim.now();
    let trail = run.acp_ledger.latest_remote(shown);
    let focus = props.focus_rank.min(ranks.saturating_sub(1));
    let chart = acp
        .endpoint(focus)
        .or_else(|| acp.endpoint(0))
        .map(|e| memory_chart(focus, e, ranks));
    html! {
        <section class="panel acp-panel" aria-label="ACP" data-testid="acp-view">
            <div class="panel-head">
                <h2>{ lang.tr("ACP basic layer") }</h2>
                <span class="muted">{ lang.trf("at event {0} · {1} commands so far", &[&position, &run.acp_ledger.enqueued(shown)]) }</span>
            </div>
            { news(trace.records().range(from..shown)) }
            { for trail.map(|t| figure5(t, trace.records())) }
            <div class="acp-ranks">
                { for acp.endpoints().take(MAX_RANKS as usize).map(|(r, e)| rank_card(r, e, now)) }
            </div>
            if ranks > MAX_RANKS {
                <p class="muted">{ lang.f(crate::i18n::Text::AndMoreRanks, &[&(ranks - MAX_RANKS)]) }</p>
            }
            { for chart }
            <p class="muted lock-foot">
                { lang.tr("acp_copy and the atomics enqueue a command and return its handle; each rank's communication thread takes commands in handle order, skipping one whose order handle is incomplete. The timeline draws every network operation as an arrow. Click a rank in \"Ranks & console\" to chart its memory.") }
            </p>
        </section>
    }
}
