//! The schedules page's **Run on the switch**, played: both schedules' runs of paper 002's
//! Fig. 4 (core's `workloads::scheduled::run`, which keeps every message's way through the
//! switch) on one time axis. A cursor moves through the run (Play, or drag the slider); for
//! each schedule the page shows its finish time, each output port's buffer as a bar filling and
//! draining at the cursor (`Outcome::buffered_at`), a timeline with one row per port (each
//! message a bar from its first to its last byte through the port, coloured by its sender;
//! each drop a red mark with a dashed line to its retransmission after the timeout), and the
//! latest drop before the cursor in the hardware model's words (`Outcome::drops_in_order`).
//! Nothing here computes the network: it only reads the outcomes.
//!
//! A port's buffer at the cursor is the crossbar's own formula (`Passage::buffered_at`).

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use rankscope_core::time::SimTime;
use rankscope_core::workloads::scheduled::{Outcome, PortDropSaid};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::schedules::view::pe_style;

/// Positions of the cursor along the run (the slider's steps).
const STEPS: u32 = 1000;
/// Milliseconds between two frames while playing.
const FRAME_MS: u32 = 40;
/// Steps per frame while playing: the whole run plays in about 8 s.
const STEPS_PER_FRAME: u32 = 5;

/// Props: both runs (or why one failed) and the number of PEs.
#[derive(Properties, PartialEq)]
pub struct SwitchRunProps {
    /// The Ring schedule's run.
    pub ring: Rc<Result<Outcome, String>>,
    /// The proposed schedule's run.
    pub delay: Rc<Result<Outcome, String>>,
    /// PEs (for the senders' colours).
    pub n: u32,
}

/// What a run shows at every cursor position, worked out once per run (not per frame).
#[derive(Debug, Default, PartialEq, Eq)]
struct Played {
    /// The ports that carried a message, ascending.
    ports: Vec<u32>,
    /// Every drop in time order, with its sentence.
    drops: Vec<PortDropSaid>,
}

impl Played {
    fn of(run: &Result<Outcome, String>) -> Played {
        run.as_ref().map_or_else(
            |_| Played::default(),
            |o| Played {
                ports: o.ports(),
                drops: o.drops_in_order(),
            },
        )
    }

    /// The top of `port`'s row on a timeline of rows `row_h` high.
    fn row(&self, port: u32, row_h: f64) -> f64 {
        self.ports.iter().position(|&p| p == port).unwrap_or(0) as f64 * row_h
    }

    /// The height of a row, and of the timeline.
    fn rows(&self) -> (f64, f64) {
        let row_h = (160.0 / self.ports.len().max(1) as f64).clamp(3.0, 24.0);
        (row_h, row_h * self.ports.len().max(1) as f64)
    }
}

/// Where time `t` lies on an axis of `span`, in the timeline's 0–1000 units.
fn x_of(t: SimTime, span: SimTime) -> f64 {
    1000.0 * t.as_secs_f64() / span.as_secs_f64().max(1e-12)
}

/// Props of one run's timeline.
#[derive(Properties, PartialEq)]
struct TimelineProps {
    run: Rc<Result<Outcome, String>>,
    played: Rc<Played>,
    label: AttrValue,
    span: SimTime,
    n: u32,
}

/// One run's timeline: a row per port, a bar per message, the drops in red. It does not
/// depend on the cursor, so playing re-renders only the cursor line over it.
#[function_component(PortTimeline)]
fn port_timeline(props: &TimelineProps) -> Html {
    let Ok(o) = props.run.as_ref() else {
        return Html::default();
    };
    let p = &props.played;
    let (row_h, height) = p.rows();
    let x = |t: SimTime| x_of(t, props.span);
    let ms = |t: SimTime| t.as_secs_f64() * 1e3;
    html! {
        <svg class="switch-timeline" viewBox={format!("0 0 1000 {height:.1}")} preserveAspectRatio="none"
            style={format!("height: {height:.0}px")} role="img"
            aria-label={format!("{}: each port's messages over time, drops in red", props.label)}>
            { for o.passes.iter().map(|pass| {
                let y = p.row(pass.port, row_h);
                let (a, b) = (x(pass.passage.start), x(pass.passage.finish));
                html! {
                    <rect x={format!("{a:.2}")} y={format!("{:.2}", y + row_h * 0.15)}
                        width={format!("{:.2}", (b - a).max(0.6))} height={format!("{:.2}", row_h * 0.7)}
                        class="pe-fill rank-coloured" style={pe_style(pass.from)}>
                        <title>{ format!("PE {} → PE {}: through the port from {:.3} to {:.3} ms", pass.from, pass.port, ms(pass.passage.start), ms(pass.passage.finish)) }</title>
                    </rect>
                }
            }) }
            { for p.drops.iter().map(|d| {
                let y = p.row(d.port, row_h) + row_h / 2.0;
                html! {
                    <g class="switch-drop">
                        <line x1={format!("{:.2}", x(d.at))} x2={format!("{:.2}", x(d.retransmit_at))}
                            y1={format!("{y:.2}")} y2={format!("{y:.2}")} />
                        <circle cx={format!("{:.2}", x(d.at))} cy={format!("{y:.2}")} r={format!("{:.2}", (row_h * 0.4).max(1.5))}>
                            <title>{ d.said.clone() }</title>
                        </circle>
                    </g>
                }
            }) }
        </svg>
    }
}

/// One schedule's run at the cursor `at`, on an axis of `span`.
fn panel(
    label: &'static str,
    testid: &str,
    run: &Rc<Result<Outcome, String>>,
    played: &Rc<Played>,
    at: SimTime,
    span: SimTime,
    n: u32,
) -> Html {
    let o = match run.as_ref() {
        Err(e) => {
            return html! { <p class="load-error" data-testid={testid.to_string()}>{ format!("{label}: {e}") }</p> }
        }
        Ok(o) => o,
    };
    let ports = &played.ports;
    let buffer = o.switch.map_or(1, |s| s.buffer_bytes.max(1));
    let buffered = o.buffered_at(at);
    let drops = &played.drops;
    let so_far = drops.iter().filter(|d| d.at <= at).count();
    let done = at >= o.end;
    let ms = |t: SimTime| t.as_secs_f64() * 1e3;
    let lang = crate::ui_lang::current();
    let end = format!("{:.2}", ms(o.end));
    let status = if done {
        lang.trf("finished at {0} ms", &[&end])
    } else {
        lang.trf("running (finishes at {0} ms)", &[&end])
    };
    let drops_said = match drops.len() {
        0 => lang.tr("no message dropped").to_string(),
        total => lang.trf("{0} of {1} drops so far", &[&so_far, &total]),
    };
    let latest = drops.iter().rev().find(|d| d.at <= at);
    let fullest = buffered
        .iter()
        .max_by_key(|(p, b)| (**b, std::cmp::Reverse(**p)))
        .map_or_else(
            || lang.tr("every port's buffer empty").to_string(),
            |(p, b)| {
                lang.trf(
                    "fullest: port {0}, {1} of {2} KiB",
                    &[p, &format!("{:.0}", *b as f64 / 1024.0), &(buffer / 1024)],
                )
            },
        );
    let first = ports.first().copied().unwrap_or(0);
    let last = ports.last().copied().unwrap_or(0);
    let rows = if ports.len() == 1 {
        lang.trf("port {0}", &[&first])
    } else {
        lang.trf(
            "{0} ports, {1} (top) to {2}",
            &[&ports.len(), &first, &last],
        )
    };
    html! {
        <div class={classes!("switch-run", done.then_some("done"))} data-testid={testid.to_string()}>
            <div class="switch-run-head">
                <strong>{ lang.tr_dyn(label) }</strong>
                <span class="switch-run-status" data-testid={format!("{testid}-status")}>{ status }</span>
                <span class="muted" data-testid={format!("{testid}-drops")}>{ drops_said }</span>
            </div>
            <div class="switch-ports" role="img"
                aria-label={format!("{label}: the switch's output-port buffers at {:.3} ms", ms(at))}>
                { for ports.iter().map(|&port| {
                    let b = buffered.get(&port).copied().unwrap_or(0);
                    let fill = 100.0 * b as f64 / buffer as f64;
                    let just_dropped = drops.iter().any(|d| d.port == port && d.at <= at && at < d.at + SimTime::from_us(500));
                    html! {
                        <span class={classes!("switch-port", just_dropped.then_some("dropping"))}
                            title={format!("port {port} (to PE {port}): {} of {} KiB buffered", b / 1024, buffer / 1024)}
                            data-testid="switch-port" data-port={port.to_string()} data-bytes={b.to_string()}>
                            <span class="switch-port-fill" style={format!("height: {fill:.1}%")}></span>
                        </span>
                    }
                }) }
                <span class="muted switch-fullest" data-testid={format!("{testid}-fullest")}>{ fullest }</span>
            </div>
            <div class="muted switch-rows">{ lang.trf("Each port's messages over time ({0}):", &[&rows]) }</div>
            <div class="switch-timeline-box">
                <PortTimeline run={run.clone()} played={played.clone()} label={label} {span} {n} />
                <span class="switch-cursor" style={format!("left: {:.2}%", x_of(at, span) / 10.0)}></span>
            </div>
            <div class="muted switch-axis" aria-hidden="true">
                <span>{ "0" }</span>
                <span>{ format!("{:.1}", ms(span) / 2.0) }</span>
                <span>{ format!("{:.1} ms", ms(span)) }</span>
            </div>
            <p class="muted switch-said" data-testid={format!("{testid}-said")}>
                { latest.map_or_else(
                    || if drops.is_empty() { lang.tr("Every message got through the first time.").to_string() } else { lang.tr("No drop yet.").to_string() },
                    |d| format!("{:.3} ms: {}", ms(d.at), d.said),
                ) }
            </p>
        </div>
    }
}

/// Both runs played on one time axis.
#[function_component(SwitchRun)]
pub fn switch_run(props: &SwitchRunProps) -> Html {
    let step = use_state(|| 0u32);
    let playing = use_state(|| false);
    {
        let (step, playing) = (step.clone(), playing.clone());
        use_effect_with((*step, *playing), move |&(s, on)| {
            let timer = on.then(|| {
                Timeout::new(FRAME_MS, move || {
                    let next = (s + STEPS_PER_FRAME).min(STEPS);
                    step.set(next);
                    if next == STEPS {
                        playing.set(false);
                    }
                })
            });
            move || drop(timer)
        });
    }
    let end = |r: &Result<Outcome, String>| r.as_ref().map_or(SimTime::ZERO, |o| o.end);
    let span = end(&props.ring).max(end(&props.delay));
    let ring_played = use_memo(props.ring.clone(), |r| Played::of(r));
    let delay_played = use_memo(props.delay.clone(), |r| Played::of(r));
    let at = SimTime::from_ps(
        (span.as_ps() as f64 * f64::from(*step) / f64::from(STEPS)).round() as u64,
    );
    let on_play = {
        let (step, playing) = (step.clone(), playing.clone());
        Callback::from(move |_| {
            if !*playing && *step >= STEPS {
                step.set(0);
            }
            playing.set(!*playing);
        })
    };
    let on_slide = {
        let (step, playing) = (step.clone(), playing.clone());
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<u32>() {
                playing.set(false);
                step.set(v.min(STEPS));
            }
        })
    };
    html! {
        <div class="switch-play" data-testid="switch-play">
            <div class="switch-play-controls">
                <button class="control" data-testid="switch-play-button" onclick={on_play}
                    title={crate::ui_lang::current().tr("play both runs on one clock, about 8 seconds from start to end")}>
                    { if *playing { crate::ui_lang::current().tr("❚❚ Pause") } else { crate::ui_lang::current().tr("▶ Play") } }
                </button>
                <input type="range" min="0" max={STEPS.to_string()} value={step.to_string()}
                    oninput={on_slide} data-testid="switch-time" aria-label={crate::ui_lang::current().tr("time in the run")} />
                <span class="switch-clock" data-testid="switch-clock">{ format!("t = {:.3} ms", at.as_secs_f64() * 1e3) }</span>
            </div>
            { panel("Ring", "switch-ring", &props.ring, &ring_played, at, span, props.n) }
            { panel("Proposed", "switch-delay", &props.delay, &delay_played, at, span, props.n) }
            <p class="muted switch-legend">{ crate::ui_lang::current().tr("Each row is one switch output port (the PE it leads to); a bar is a message passing through it, coloured by its sender; a red dot is a drop at a full buffer, its dashed line the wait for TCP's retransmission timeout. The columns above each timeline are the ports' buffers at the cursor.") }</p>
        </div>
    }
}
