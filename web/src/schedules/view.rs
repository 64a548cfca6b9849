//! The schedules page (`#schedule=…`): paper 002's Ring and proposed schedules of a pattern side
//! by side — the pattern as an adjacency matrix, each schedule as a PE × slot grid (each send
//! coloured by its target, δ cells hatched, two PEs into one port in one slot lit as a
//! conflict) — and **Build**, which replays Algorithm 1 turn by turn: the slot, the PEs still
//! to go in priority order with their `Q_p`, the current PE's free and taken targets, its
//! choice or δ, in words. Everything shown is core's (`proto::schedules`): the page only draws
//! it. **Run on the switch** plays both schedules as paper 002's Fig. 4 on the simulated
//! Gigabit Ethernet cluster (`workloads::scheduled::run`) with the δ the user sets, shows when
//! each finishes and where its port dropped messages, and plays both runs on one clock
//! (`switch_run`: the ports' buffers filling, drops and timeouts on a timeline). **Open as a C
//! program** opens the playground with Fig. 4 in C for either schedule (core's `fig4_c`). The
//! address follows what is shown, so a link opens the same pattern at the same turn.
//!
//! Build asks `delay_schedule(pattern, true)` for every recorded turn once and only chooses how
//! many to show. Run on the switch keeps the machine's port log (`Machine::keep_port_log`; drops
//! per port from `Machine::port_drops`, as paper 002's check counts them). Each PE takes the
//! playground's rank colours ([`crate::playground::rank_colour::rank_style`], class `rank-coloured`), so the
//! grids, the matrix and the switch timeline meet the same contrast checks. "Open as a C program"
//! is a share link with Open MPI's eager limit in its run options, which the app follows on
//! `hashchange`.

use rankscope_core::machine::builtin_profiles;
use rankscope_core::proto::p2p::OPEN_MPI_TCP_EAGER_LIMIT;
use rankscope_core::proto::schedules::{
    delay_schedule, fig4_c, makespan, pattern::SCALE_FREE, ring_schedule, Decision, LogGp, Pattern,
    Schedule,
};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use std::rc::Rc;

use crate::playground::components::switch_run::SwitchRun;
use crate::playground::run_options::RunOptions;
use crate::schedules::query::{ScheduleQuery, MAX_DELTA_US, MAX_N};
use crate::url::{self, ShareState, ONE_FILE_VERSION};
use rankscope_core::time::SimTime;
use rankscope_core::workloads::scheduled::{self, Outcome};

/// Bytes per message of a run: 63 KiB, the largest eager size of paper 002's cluster.
const BYTES: u64 = 63 * 1024;

/// Both schedules run on the switch, for the query they were run for.
#[derive(Clone, Debug, PartialEq)]
struct Runs {
    query: ScheduleQuery,
    ring: Rc<Result<Outcome, String>>,
    delay: Rc<Result<Outcome, String>>,
}

/// One schedule's run as a bar (scaled to the slower of the two) and its drops in words.
fn run_row(label: &str, testid: &str, run: &Result<Outcome, String>, longest: f64) -> Html {
    let lang = crate::ui_lang::current();
    let label = lang.tr_dyn(label);
    match run {
        Err(e) => {
            html! { <p class="load-error" data-testid={testid.to_string()}>{ format!("{label}: {e}") }</p> }
        }
        Ok(o) => {
            let ms = o.end.as_secs_f64() * 1e3;
            let drops: u64 = o.drops.values().sum();
            let said = if drops == 0 {
                lang.tr("no message dropped").to_string()
            } else {
                let ports: Vec<String> = o
                    .drops
                    .iter()
                    .map(|(p, k)| lang.trf("port {0}: {1}", &[p, k]))
                    .collect();
                lang.trf(
                    "{0} dropped, each sent again after the retransmission timeout ({1})",
                    &[&drops, &ports.join(", ")],
                )
            };
            html! {
                <div class="sched-run" data-testid={testid.to_string()}>
                    <span class="sched-run-label">{ label }</span>
                    <span class="sched-bar" style={format!("--w: {:.1}%", 100.0 * ms / longest.max(1e-9))}></span>
                    <span class="sched-run-ms">{ format!("{ms:.2} ms") }</span>
                    <span class="muted sched-run-drops">{ said }</span>
                </div>
            }
        }
    }
}

/// Props: what the address asks for.
#[derive(Properties, PartialEq)]
pub struct ScheduleViewProps {
    /// The pattern, n and turn from the address.
    pub query: ScheduleQuery,
}

/// The named patterns the picker offers, then "your edge list".
const PICKS: [&str; 4] = ["scatter", "gather", "alltoall", "triangle"];

/// A PE's colours (a target in the grids, a sender on the switch): the playground's rank colours,
/// contrast-checked per theme by [`crate::playground::rank_colour`] (its mark ≥ 3:1 on the page, text on its
/// tint ≥ 4.5:1), for an element of class `rank-coloured` (schedule.css picks `--rank`,
/// `--rank-tint`).
pub(crate) fn pe_style(pe: u32) -> String {
    crate::playground::rank_colour::rank_style(pe)
}

/// Everything the page draws for one query, computed by core.
struct Built {
    pattern: Pattern,
    ring: Schedule,
    delay: Schedule,
    turns: Vec<Decision>,
}

fn build(q: &ScheduleQuery) -> Result<Built, String> {
    let pattern = if q.pattern == "edges" {
        Pattern::from_edges("your edge list", &q.edges, Some(q.n))
    } else {
        Pattern::named(&q.pattern, q.n)
    }
    .map_err(|e| e.to_string())?;
    let ring = ring_schedule(&pattern);
    let (delay, turns) = delay_schedule(&pattern, true);
    Ok(Built {
        pattern,
        ring,
        delay,
        turns,
    })
}

/// The value of the field an event came from (a text or number input, a select, a text area).
fn value_of(e: &Event) -> String {
    let Some(target) = e.target() else {
        return String::new();
    };
    if let Some(i) = target.dyn_ref::<HtmlInputElement>() {
        i.value()
    } else if let Some(s) = target.dyn_ref::<HtmlSelectElement>() {
        s.value()
    } else if let Some(t) = target.dyn_ref::<HtmlTextAreaElement>() {
        t.value()
    } else {
        String::new()
    }
}

/// Writes the query into the address without a new history entry.
fn follow(q: &ScheduleQuery) {
    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("#{}", q.to_fragment())),
        );
    }
}

/// One schedule as a grid: rows PEs, columns slots; `upto` turns of Algorithm 1 shown (the
/// rest blank), the cell of turn `current` marked.
fn grid(
    s: &Schedule,
    label: &str,
    testid: &str,
    shown: Option<&[Vec<Option<u32>>]>,
    current: Option<(u32, u32)>,
) -> Html {
    let slots = shown.unwrap_or(&s.slots);
    let length = s.length();
    let conflicts = s.conflicts();
    let lit = |t: u32, q: u32| conflicts.iter().any(|c| c.slot == t && c.target == q);
    html! {
        <figure class="sched-grid-box" data-testid={testid.to_string()}>
            <figcaption>{ crate::ui_lang::current().tr_dyn(label) }</figcaption>
            <div class="sched-grid" style={format!("--slots: {length}")}>
                <span class="sched-corner">{ "PE\u{2009}\\\u{2009}slot" }</span>
                { for (0..length).map(|t| html! { <span class="sched-head">{ t }</span> }) }
                { for slots.iter().enumerate().map(|(p, row)| html! {
                    <>
                        <span class="sched-pe">{ p }</span>
                        { for (0..length as usize).map(|t| {
                            let here = current == Some((p as u32, t as u32));
                            match row.get(t) {
                                Some(Some(q)) => html! {
                                    <span class={classes!("sched-cell", "send", "rank-coloured", lit(t as u32, *q).then_some("conflict"), here.then_some("current"))}
                                        style={pe_style(*q)} title={format!("slot {t}: PE {p} sends to PE {q}{}", if lit(t as u32, *q) { " — a conflict: another PE sends to it in this slot" } else { "" })}>{ q }</span>
                                },
                                Some(None) => html! {
                                    <span class={classes!("sched-cell", "delay", here.then_some("current"))} title={format!("slot {t}: PE {p} waits (δ)")}>{ "δ" }</span>
                                },
                                None => html! { <span class="sched-cell empty"></span> },
                            }
                        }) }
                    </>
                }) }
            </div>
        </figure>
    }
}

/// A link that opens the playground with paper 002's Fig. 4 as a C program running `s`
/// (core's `fig4_c`), on the cluster with Open MPI's eager limit and δ as its argument.
fn c_link(s: &Schedule, p: &Pattern, delta_us: u32, testid: &str) -> Html {
    let which = if s.algo == "ring" { "Ring" } else { "proposed" };
    let what = format!("the {which} schedule of {} on {} PEs", p.name, p.n);
    let source = fig4_c::program(s, BYTES, delta_us, &what);
    let options = RunOptions {
        run: rankscope_core::run_config::RunConfig {
            eager_limit: OPEN_MPI_TCP_EAGER_LIMIT,
            ..Default::default()
        },
        ..RunOptions::default()
    };
    let state = ShareState {
        v: ONE_FILE_VERSION,
        source,
        first: None,
        files: Vec::new(),
        profile: "ethernet-1g".into(),
        ranks: p.n,
        speed: Default::default(),
        options,
        args: delta_us.to_string(),
        present: false,
        network: None,
        matches: None,
        rows: Default::default(),
        rows_problem: None,
    };
    let mib = fig4_c::receive_bytes(s, BYTES) as f64 / f64::from(1 << 20);
    let lang = crate::ui_lang::current();
    html! {
        <p class="sched-c">
            <a href={format!("#{}", url::encode(&state))} data-testid={testid.to_string()}
                title={lang.tr("paper 002's Fig. 4 with this schedule as a table: MPI_Send_init in schedule order, MPI_Start or nanosleep(δ) slot by slot, MPI_Waitall")}>
                { lang.tr("Open as a C program") }</a>
            <span class="muted">{ lang.trf(" — Fig. 4 in C, {0} ranks on ethernet-1g, δ = {1} µs as its argument; {2} MiB of receive buffers in all", &[&p.n, &delta_us, &format!("{mib:.1}")]) }</span>
        </p>
    }
}

/// The pattern as an adjacency matrix: a dot where row p sends to column q.
fn matrix(p: &Pattern) -> Html {
    html! {
        <figure class="sched-matrix-box" data-testid="pattern-matrix">
            <figcaption>{ crate::ui_lang::current().trf("Pattern: {0} sends, density {1}{2}", &[&p.sends(), &format!("{:.2}", p.density()), &crate::ui_lang::current().tr(if p.is_regular() { ", regular" } else { ", irregular" })]) }</figcaption>
            <div class="sched-matrix" style={format!("--n: {}", p.n)}>
                { for (0..p.n).flat_map(|a| (0..p.n).map(move |b| (a, b))).map(|(a, b)| {
                    if p.has(a, b) {
                        html! { <span class="dot rank-coloured" style={pe_style(b)} title={format!("PE {a} sends to PE {b}")}></span> }
                    } else {
                        html! { <span></span> }
                    }
                }) }
            </div>
        </figure>
    }
}

/// The page.
#[function_component(ScheduleView)]
pub fn schedule_view(props: &ScheduleViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let query = use_state(|| props.query.clone());
    {
        let query = query.clone();
        use_effect_with(props.query.clone(), move |q| {
            if *q != *query {
                query.set(q.clone());
            }
        });
    }
    let built = use_memo(
        (query.pattern.clone(), query.n, query.edges.clone()),
        |_| build(&query),
    );
    let set = {
        let query = query.clone();
        Callback::from(move |q: ScheduleQuery| {
            follow(&q);
            query.set(q);
        })
    };
    // A field's new value → the query it makes (or nothing, for a value that does not parse).
    let field = |apply: fn(&ScheduleQuery, &str) -> Option<ScheduleQuery>| {
        let (set, q) = (set.clone(), (*query).clone());
        Callback::from(move |e: Event| {
            if let Some(next) = apply(&q, &value_of(&e)) {
                set.emit(next);
            }
        })
    };
    let on_pattern = field(|q, v| {
        Some(ScheduleQuery {
            pattern: v.to_string(),
            step: None,
            ..q.clone()
        })
    });
    let on_n = field(|q, v| {
        let n = v.parse::<u32>().ok()?;
        Some(ScheduleQuery {
            n: n.clamp(2, MAX_N),
            step: None,
            ..q.clone()
        })
    });
    let on_delta = field(|q, v| {
        let d = v.parse::<u32>().ok()?;
        Some(ScheduleQuery {
            delta_us: d.min(MAX_DELTA_US),
            ..q.clone()
        })
    });
    let on_edges = field(|q, v| {
        Some(ScheduleQuery {
            edges: v.to_string(),
            step: None,
            ..q.clone()
        })
    });
    // The "Open as a C program" links (a program and a deflated share link each), made when
    // the schedules or δ change, not on every turn of Build.
    let c_links = {
        let built = built.clone();
        use_memo(
            (
                query.pattern.clone(),
                query.n,
                query.edges.clone(),
                query.delta_us,
            ),
            move |(_, _, _, delta)| {
                built.as_ref().as_ref().ok().map(|b| {
                    (
                        c_link(&b.ring, &b.pattern, *delta, "c-ring"),
                        c_link(&b.delay, &b.pattern, *delta, "c-delay"),
                    )
                })
            },
        )
    };
    let c_link_of = |ring: bool| -> Html {
        c_links
            .as_ref()
            .as_ref()
            .map(|(r, d)| if ring { r.clone() } else { d.clone() })
            .unwrap_or_default()
    };
    let runs = use_state(|| None::<Runs>);
    // The cluster the runs and the makespan model use (parsed once, not on every render).
    let cluster = use_memo((), |_| {
        builtin_profiles()
            .ok()
            .and_then(|ps| ps.into_iter().find(|p| p.machine.id == "ethernet-1g"))
    });
    let on_run = {
        let (runs, built, q, cluster) = (
            runs.clone(),
            built.clone(),
            (*query).clone(),
            cluster.clone(),
        );
        Callback::from(move |_| {
            let (Ok(b), Some(eth)) = (&*built, &*cluster) else {
                return;
            };
            let delta = SimTime::from_us_f64(f64::from(q.delta_us));
            runs.set(Some(Runs {
                query: q.clone(),
                ring: Rc::new(scheduled::run(&b.ring, eth, BYTES, delta)),
                delay: Rc::new(scheduled::run(&b.delay, eth, BYTES, delta)),
            }));
        })
    };
    let controls = html! {
        <div class="sched-controls">
            <label class="field">
                <span>{ lang.tr("Pattern") }</span>
                <select data-testid="schedule-pattern" onchange={on_pattern}>
                    { for PICKS.iter().chain(SCALE_FREE.iter().map(|(s, _)| s)).map(|name| html! {
                        <option value={*name} selected={query.pattern == *name}>{ *name }</option>
                    }) }
                    <option value="edges" selected={query.pattern == "edges"}>{ lang.tr("your edge list") }</option>
                </select>
            </label>
            <label class="field">
                <span>{ lang.tr("PEs") }<span class="muted">{ lang.trf(" (2 to {0})", &[&MAX_N]) }</span></span>
                <input type="number" min="2" max={MAX_N.to_string()} value={query.n.to_string()}
                    onchange={on_n} data-testid="schedule-n" />
            </label>
            if query.pattern == "edges" {
                <label class="field sched-edges">
                    <span>{ lang.tr("Edges: one “p q” per line (p sends once to q)") }</span>
                    <textarea rows="5" spellcheck="false" onchange={on_edges} data-testid="schedule-edges"
                        value={query.edges.clone()} />
                </label>
            }
        </div>
    };
    let body = match &*built {
        Err(e) => {
            html! { <p class="load-error" role="alert" data-testid="schedule-error">{ e.clone() }</p> }
        }
        Ok(b) => {
            let total = b.turns.len();
            let step = query.step.unwrap_or(total).min(total);
            // The proposed grid as Algorithm 1 has filled it after `step` turns.
            let mut partial: Vec<Vec<Option<u32>>> = vec![Vec::new(); b.pattern.n as usize];
            for d in &b.turns[..step] {
                partial[d.pe as usize].push(d.choice);
            }
            let current = step.checked_sub(1).map(|i| &b.turns[i]);
            let at = current.map(|d| (d.pe, partial[d.pe as usize].len() as u32 - 1));
            let go = |k: usize| {
                let (set, q) = (set.clone(), (*query).clone());
                Callback::from(move |_| {
                    set.emit(ScheduleQuery {
                        step: Some(k),
                        ..q.clone()
                    })
                })
            };
            let button = |label: &'static str,
                          title: &'static str,
                          testid: &'static str,
                          to: usize,
                          enabled: bool| {
                html! {
                    <button class="control" title={lang.tr(title)} data-testid={testid} disabled={!enabled} onclick={go(to)}>{ lang.tr(label) }</button>
                }
            };
            let predicted = |s: &Schedule| {
                cluster
                    .as_ref()
                    .as_ref()
                    .and_then(|p| makespan(s, &LogGp::of(p, BYTES)))
                    .map_or_else(
                        || {
                            lang.tr("no prediction: the model assumes no conflicts")
                                .to_string()
                        },
                        |(t, _)| {
                            lang.trf(
                                "predicted makespan {0} (63 KiB on ethernet-1g, eqs. 13–16)",
                                &[&t],
                            )
                        },
                    )
            };
            let summary = |s: &Schedule| format!("{} · {}", s.summary().join(" · "), predicted(s));
            let turn = match current {
                None => {
                    html! { <p class="muted" data-testid="build-say">{ lang.tr("Build: press Step to watch Algorithm 1 fill the first slot, one PE at a time in Algorithm 2's priority order.") }</p> }
                }
                Some(d) => html! {
                    <div class="sched-turn">
                        <p data-testid="build-say"><strong>{ lang.trf("Turn {0} of {1}. ", &[&step, &total]) }</strong>{ d.explain_in(lang.core()) }</p>
                        <p class="muted">{ lang.tr("Still to go in this slot, in priority order (Q = choices that conflict with nothing taken): ") }
                            { for d.order.iter().enumerate().map(|(i, (r, q))| html! {
                                <span class={classes!("sched-q", (i == 0).then_some("first"))}>{ format!("PE {r} (Q = {q})") }</span>
                            }) }
                        </p>
                    </div>
                },
            };
            html! {
                <>
                    <div class="sched-build">
                        { button("« Start", "before the first turn", "build-start", 0, step > 0) }
                        { button("◀ Back", "one turn back", "build-back", step.saturating_sub(1), step > 0) }
                        { button("Step ▶", "one more turn of Algorithm 1", "build-step", (step + 1).min(total), step < total) }
                        { button("End »", "every turn", "build-end", total, step < total) }
                        <span class="muted" data-testid="build-count">{ lang.trf("{0} / {1} turns", &[&step, &total]) }</span>
                    </div>
                    { turn }
                    <div class="sched-runbox" data-testid="schedule-run">
                        <div class="sched-run-controls">
                            <strong>{ lang.tr("Run on the switch") }</strong>
                            <span class="muted">{ lang.trf("paper 002's Fig. 4 on the simulated Gigabit Ethernet cluster, {0} KiB per message", &[&(BYTES / 1024)]) }</span>
                            <label class="field sched-delta">
                                <span>{ "δ (µs)" }</span>
                                <span class="sched-delta-pair">
                                    <input type="range" min="0" max="2000" step="50" aria-label={lang.tr("δ in µs")}
                                        value={query.delta_us.min(2000).to_string()} onchange={on_delta.clone()}
                                        data-testid="schedule-delta-slider" />
                                    <input type="number" min="0" max={MAX_DELTA_US.to_string()} step="50"
                                        value={query.delta_us.to_string()} onchange={on_delta} data-testid="schedule-delta" />
                                </span>
                            </label>
                            <button class="control primary" data-testid="schedule-run-button" onclick={on_run}>{ lang.tr("Run both") }</button>
                        </div>
                        { match &*runs {
                            Some(r) if r.query == ScheduleQuery { step: r.query.step, ..(*query).clone() } => {
                                let ms = |x: &Result<Outcome, String>| x.as_ref().map_or(0.0, |o| o.end.as_secs_f64() * 1e3);
                                let longest = ms(&r.ring).max(ms(&r.delay));
                                html! {
                                    <>
                                        { run_row("Ring", "run-ring", &r.ring, longest) }
                                        { run_row("Proposed", "run-delay", &r.delay, longest) }
                                        <SwitchRun ring={r.ring.clone()} delay={r.delay.clone()} n={b.pattern.n} />
                                    </>
                                }
                            }
                            _ => html! { <p class="muted">{ lang.tr("Press Run both: each PE posts its receives, starts its sends slot by slot and sleeps δ in a delay slot; a switch port whose buffer overflows drops the message, which is sent again after TCP's 200 ms timeout.") }</p> },
                        } }
                    </div>
                    <div class="sched-row">
                        { matrix(&b.pattern) }
                        <div class="sched-col">
                            { grid(&b.ring, "Ring (Thakur et al., as paper 002 applies it)", "grid-ring", None, None) }
                            <p class="muted sched-sum" data-testid="ring-summary">{ summary(&b.ring) }</p>
                            { c_link_of(true) }
                        </div>
                        <div class="sched-col">
                            { grid(&b.delay, "Proposed (Algorithm 1 + 2)", "grid-delay", Some(&partial), at) }
                            <p class="muted sched-sum" data-testid="delay-summary">{ summary(&b.delay) }</p>
                            { c_link_of(false) }
                        </div>
                    </div>
                </>
            }
        }
    };
    html! {
        <main class="schedule-page" data-testid="schedule-page">
            <section class="panel view">
                <div class="panel-head"><h2>{ lang.tr("Schedules (paper 002)") }</h2></div>
                <p class="summary muted">
                    { lang.tr("Irregular many-to-many on one Ethernet switch: when two PEs send to one PE in the same slot, its switch port overflows and TCP waits out a 200 ms timeout. Ring (left) follows the all-to-all ring and moves later sends up into the gaps, so on a gather everyone sends to PE 0 at once; the proposed schedule (right) fills slot after slot, gives the PE with the fewest choices its turn first, and inserts a delay δ where every target it has left is taken. Lit cells are conflicts. The same from the command line: rankscope schedule --pattern gather -n 8 --steps.") }
                </p>
                <p class="muted sched-links">
                    { lang.tr("See it run message by message in the ") }
                    <a href="#lesson=incast&step=1" data-testid="schedule-lesson-link">{ lang.tr("Incast lesson") }</a>
                    { lang.tr(", and the paper's tables and figures recomputed in ") }
                    <a href="#paper=002" data-testid="schedule-paper-link">{ lang.tr("Paper 002's check") }</a>{ lang.tr(".") }
                </p>
                { controls }
                { body }
            </section>
        </main>
    }
}
