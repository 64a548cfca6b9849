//! The Bus view (paper 004) at the current event: what the last event did (core's sentences for
//! every word crossing the VME bus, every socket send and PVM hop), who holds the bus now, the
//! latest PVM message's route so far (task → pvmd → pvmd → task, or task → task), the six PEs
//! with the processes on each and the words of their receive buffers' management areas (the
//! words the last event touched lit), the buffer table, and where the microseconds went so far
//! (FCP's time by purpose, PVM's by hop). Everything is read from core's layers (`proto::fcp`,
//! `proto::pvm`) and records; shown once the run has used PVM or FCP.
//!
//! Who holds the bus is `FcpEngine::in_flight` (an access across the bus, or a test&set, under way
//! at the event's time); the management-area words are `FcpEngine::area` (named as core names
//! them), the buffer table `FcpEngine::entry`, the packets a pvmd holds for an acknowledgement
//! `Pvm::held`, the time bars `FcpEngine::spent` by `Cost` and `Pvm::spent` by `Leg`. The selects
//! "FCP" and "PVM route" under "Protocol and limits" set `RunOptions::fcp` and `RunOptions::pvm`
//! (share links carry their ids; old links mean FCP and UDP), as run hints (`--fcp`, `--pvm-route`)
//! and lesson scenarios (`fcp`, `pvm_route`) do.

use std::collections::BTreeSet;

use rankscope_core::proto::fcp::records::who;
use rankscope_core::proto::fcp::{
    AccessKind, Cost, Fcp, FcpEngine, FcpRecord, Field, Structure, DAEMON,
};
use rankscope_core::proto::pvm::{Leg, Pvm, PvmRecord};
use rankscope_core::proto::sockets::SocketRecord;
use rankscope_core::time::SimTime;
use rankscope_core::trace::{Record, Records};
use yew::prelude::*;

use crate::playground::session::SessionCell;

/// Props: the run and its generation.
#[derive(Properties, PartialEq)]
pub struct BusViewProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
}

/// A short line for an access or a hop: "0 → 1's area · across the bus".
fn access_chip(rank: u32, owner: u32, field: Field, across: bool) -> Html {
    let place = match field.structure() {
        Structure::Table => "table",
        Structure::Area => "area",
        Structure::Header => "header",
        Structure::Data => "data",
        Structure::Mailbox => "mailbox",
    };
    let text = format!("{} → {}'s {place}", short(rank), short(owner));
    html! { <span class={classes!("lock-arrow", if across { "remote" } else { "local" })}>{ text }</span> }
}

/// "0" for rank 0, "pvmd 2" for PE 2's daemon.
fn short(label: u32) -> String {
    if label & DAEMON != 0 {
        format!("pvmd {}", label & !DAEMON)
    } else {
        label.to_string()
    }
}

fn leg_chip(leg: Leg, from: u32, to: u32) -> Html {
    html! {
        <span class={classes!("lock-arrow", "remote")}>{ format!("{} → {} · {}", short(from), short(to), leg.name()) }</span>
    }
}

/// The last event's records of VCL, FCP, sockets and PVM; and the words its accesses touched.
fn news<'a>(records: impl Iterator<Item = &'a Record>) -> (Html, BTreeSet<(u32, Field)>) {
    let mut touched = BTreeSet::new();
    let items: Vec<Html> = records
        .filter_map(|r| {
            let chip = if let Some(a) = r.layer::<FcpRecord>() {
                match a {
                    FcpRecord::Access {
                        rank,
                        owner,
                        field,
                        across,
                        kind,
                        ..
                    } => {
                        touched.insert((owner, field));
                        if kind == AccessKind::Poll {
                            None
                        } else {
                            Some(access_chip(rank, owner, field, across))
                        }
                    }
                    _ => None,
                }
            } else if let Some(p) = r.layer::<PvmRecord>() {
                match p {
                    PvmRecord::Hop { from, to, leg, .. } => Some(leg_chip(leg, from, to)),
                    _ => None,
                }
            } else if r.layer::<SocketRecord>().is_some() {
                None
            } else {
                return None;
            };
            Some(html! { <li>{ for chip }{ r.explain() }</li> })
        })
        .collect();
    if items.is_empty() {
        return (Html::default(), touched);
    }
    (
        html! { <ul class="queue-news lock-news" data-testid="bus-news">{ for items }</ul> },
        touched,
    )
}

/// Who holds the bus at `now`, in words.
fn bus_status(engine: Option<&FcpEngine>, now: SimTime) -> String {
    let lang = crate::ui_lang::current();
    let Some(e) = engine else {
        return lang
            .tr("the VME bus carries nothing on this route: PVM's daemons talk over the Ethernet")
            .to_string();
    };
    let holding = e
        .in_flight()
        .into_iter()
        .find(|f| (f.across || f.test_and_set) && f.start <= now && now < f.end);
    match holding {
        Some(f) if f.test_and_set => lang.trf(
            "the bus is locked by {0} for a test&set of {1}'s lock, until {2}",
            &[&who(f.by), &who(f.owner), &f.end],
        ),
        Some(f) => {
            let verb = if f.store { "storing" } else { "loading" };
            let words = if f.words == 1 {
                "a word".to_string()
            } else {
                format!("{} words", f.words)
            };
            format!(
                "the bus is held by {}, {verb} {words} of {}'s {} (2.1 µs a word), until {}",
                who(f.by),
                who(f.owner),
                f.field.describe(),
                f.end
            )
        }
        None => lang.tr("the bus is free").to_string(),
    }
}

/// The latest PVM message's hops so far, the last one lit.
fn route(records: Records<'_>, shown: usize) -> Html {
    let mut latest = None;
    for i in (0..shown).rev() {
        if let Some(PvmRecord::Sent { msg, .. }) = records.get(i).and_then(|r| r.layer()) {
            latest = Some((i, msg));
            break;
        }
    }
    let Some((first, msg)) = latest else {
        return Html::default();
    };
    let mut rows = Vec::new();
    let mut done = false;
    for i in first..shown {
        let Some(r) = records.get(i) else { continue };
        let Some(p) = r.layer::<PvmRecord>() else {
            continue;
        };
        let mine = match p {
            PvmRecord::Sent { msg: m, .. }
            | PvmRecord::Hop { msg: m, .. }
            | PvmRecord::Held { msg: m, .. } => m == msg,
            PvmRecord::Received { msg: m, .. } => {
                if m == msg {
                    done = true;
                }
                m == msg
            }
        };
        if mine {
            let chip = match p {
                PvmRecord::Hop { from, to, leg, .. } => Some(leg_chip(leg, from, to)),
                _ => None,
            };
            rows.push((r.time, chip, r.explain()));
        }
    }
    let last = rows.len().saturating_sub(1);
    html! {
        <div class="acp-fig5" data-testid="bus-route">
            <span class="queue-title">{ crate::ui_lang::current().trf("message {0}'s route so far", &[&msg]) }</span>
            <ol class="acp-steps">
                { for rows.into_iter().enumerate().map(|(i, (time, chip, sentence))| html! {
                    <li class={classes!((i == last).then_some("lit"))} data-testid="bus-route-step">
                        <span class="acp-time">{ time.to_string() }</span>{ for chip }{ sentence }
                    </li>
                }) }
            </ol>
            <p class="muted">{ if done { crate::ui_lang::current().tr("delivered: pvm_recv has it") } else { crate::ui_lang::current().tr("on its way") } }</p>
        </div>
    }
}

/// A word's value in words: a lock's holder and an owner by name (both hold a FOLON process
/// id, the engine's process number + 1), offsets unpacked.
fn word_value(e: &FcpEngine, field: Field, value: u32) -> String {
    match field {
        Field::Lock if value == 0 => "free".to_string(),
        Field::Lock => format!("held by {}", who(e.label(value - 1))),
        Field::Owner | Field::EntryPid if value > 0 => who(e.label(value - 1)),
        Field::Offsets => format!("w {} · r {}", value & 0xffff, value >> 16),
        Field::EntryPacked if value & 1 == 1 => format!("running · group {}", value >> 8),
        Field::EntryPacked => "not running".to_string(),
        _ => value.to_string(),
    }
}

/// A PE's card: its processes, each with its area's words.
fn pe_card(e: &FcpEngine, pe: u32, touched: &BTreeSet<(u32, Field)>, pvm: Option<&Pvm>) -> Html {
    let procs: Vec<u32> = (0..e.procs()).filter(|p| e.pe(*p) == pe).collect();
    let rows = procs.iter().map(|&p| {
        let label = e.label(p);
        let name = match pvm.and_then(|v| (label & DAEMON == 0).then(|| v.tid(label)).flatten()) {
            Some(tid) => format!("{} ({tid})", who(label)),
            None => who(label),
        };
        let words = e.area(p).into_iter().map(|(f, v)| {
            let lit = touched.contains(&(label, f));
            html! {
                <span class={classes!("bus-word", lit.then_some("lit"))} data-testid="bus-word"
                    title={f.describe()}>
                    <b>{ f.describe() }</b>{ " " }{ word_value(e, f, v) }
                </span>
            }
        });
        html! {
            <li data-testid="bus-proc">
                <span class="rank-id">{ name }</span>
                <span class="bus-words">{ for words }</span>
            </li>
        }
    });
    html! {
        <div class="bus-pe" data-testid="bus-pe" data-pe={pe.to_string()}>
            <span class="queue-title">{ crate::ui_lang::current().trf("PE {0} · 128 KB dual-port memory", &[&pe]) }</span>
            <ul class="acp-list">{ for rows }</ul>
        </div>
    }
}

fn table(e: &FcpEngine, touched: &BTreeSet<(u32, Field)>) -> Html {
    let rows = (0..e.procs()).map(|p| {
        let label = e.label(p);
        let words = e.entry(p).into_iter().map(|(f, v)| {
            let lit = touched.contains(&(label, f));
            html! { <span class={classes!("bus-word", lit.then_some("lit"))}><b>{ f.describe() }</b>{ " " }{ word_value(e, f, v) }</span> }
        });
        html! { <li><span class="rank-id">{ who(label) }</span><span class="bus-words">{ for words }</span></li> }
    });
    html! {
        <div class="bus-table" data-testid="bus-table">
            <span class="queue-title">{ crate::ui_lang::current().trf("buffer table (PE 0's memory, {0} words an entry)", &[&e.variant().layout().entry.len()]) }</span>
            <ul class="acp-list">{ for rows }</ul>
        </div>
    }
}

fn bars(title: String, rows: Vec<(String, SimTime)>, test_id: &'static str) -> Html {
    let max = rows.iter().map(|r| r.1.as_ps()).max().unwrap_or(1).max(1);
    html! {
        <div class="acp-memory" data-testid={test_id}>
            <span class="queue-title">{ title }</span>
            { for rows.into_iter().map(|(name, t)| {
                let width = format!("width: {:.1}%", 100.0 * t.as_ps() as f64 / max as f64);
                html! {
                    <div class="acp-bar-row">
                        <span class="acp-bar-name">{ name }</span>
                        <span class="acp-bar"><span class="acp-bar-fill" style={width}></span></span>
                        <span class="acp-bar-bytes">{ t.to_string() }</span>
                    </div>
                }
            }) }
        </div>
    }
}

/// The Bus view.
#[function_component(BusPanel)]
pub fn bus_panel(props: &BusViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let run = props.session.0.borrow();
    if !crate::playground::views::View::BUS.shows(Some(&run)) {
        return Html::default();
    }
    let sim = run.history.sim();
    let pvm = sim.layer::<Pvm>().filter(|p| p.is_set_up());
    let fcp_layer = sim.layer::<Fcp>().filter(|f| f.engine().is_set_up());
    let engine: Option<&FcpEngine> = match (pvm, fcp_layer) {
        (Some(p), _) if p.fcp().is_set_up() => Some(p.fcp()),
        (_, Some(f)) => Some(f.engine()),
        _ => None,
    };
    let trace = sim.trace();
    let position = run.history.position();
    let shown = trace.records().len();
    let from = trace.records_after_steps(position.saturating_sub(1));
    let (news, touched) = news(trace.records().range(from..shown));
    let now = sim.now();
    let route_name = pvm.map(|p| p.config().name());
    let pes = engine.map_or(0, |e| {
        (0..e.procs()).map(|p| e.pe(p) + 1).max().unwrap_or(0)
    });
    let costs = engine.map(|e| {
        let rows: Vec<(String, SimTime)> = Cost::ALL
            .iter()
            .map(|c| (c.name().to_string(), e.spent(*c)))
            .filter(|r| r.1 > SimTime::ZERO)
            .collect();
        bars(
            lang.trf(
                "{0}: time of its accesses so far, by purpose",
                &[&e.variant()],
            ),
            rows,
            "bus-costs",
        )
    });
    let legs = pvm.map(|p| {
        let rows: Vec<(String, SimTime)> = Leg::ALL
            .iter()
            .map(|l| (l.name().to_string(), p.spent(*l)))
            .filter(|r| r.1 > SimTime::ZERO)
            .collect();
        bars(
            lang.tr("PVM: time of its hops so far (from send to the next process's read)")
                .to_string(),
            rows,
            "bus-legs",
        )
    });
    let held: Vec<String> = pvm
        .map(|p| {
            (0..p.hosts())
                .flat_map(|h| {
                    p.held(h).into_iter().map(move |(to, n)| {
                        lang.trf(
                            "pvmd {0} holds {1} for pvmd {2} (awaiting an acknowledgement)",
                            &[&h, &n, &to],
                        )
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    html! {
        <section class="panel bus-panel" aria-label={lang.tr("Bus")} data-testid="bus-view">
            <div class="panel-head">
                <h2>{ lang.tr("FOLON's VME bus") }</h2>
                <span class="muted">
                    { lang.trf("at event {0}", &[&position]) }
                    { for route_name.map(|r| format!(" · PVM {r}")) }
                    { for engine.map(|e| format!(" · {}", e.variant())) }
                </span>
            </div>
            <p class="bus-status" data-testid="bus-status">{ bus_status(engine, now) }</p>
            { news }
            { route(trace.records(), shown) }
            if !held.is_empty() {
                <p class="muted" data-testid="bus-held">{ held.join(" · ") }</p>
            }
            if let Some(e) = engine {
                <div class="bus-pes">
                    { for (0..pes).map(|pe| pe_card(e, pe, &touched, pvm)) }
                </div>
                { table(e, &touched) }
            }
            { for costs }
            { for legs }
            <p class="muted lock-foot">
                { lang.tr("Every protocol word is a load or a store of a PE's dual-port memory: 400 ns in the PE's own, 2.1 µs in another's across the bus, which carries one at a time; a test&set is a system call, the bus locked for a load and a store, and a system call. PVM's hops are socket transfers (TCP within a PE, UDP on the Ethernet) or FCP transfers, as the route says (Protocol and limits).") }
            </p>
        </section>
    }
}
