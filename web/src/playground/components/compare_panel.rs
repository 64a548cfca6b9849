//! The side-by-side comparison: the same program under a second engine, drawn by the timeline
//! component below the main run's on the same time axis, headed by its engine and both end
//! times; the error that stopped it (a deadlock, say) is shown as data above its diagram.
//!
//! The run stays the cursor's owner: the comparison is drawn with the run's time as its cursor, and
//! the reducer advances it behind the run (`State::compare`).

use rankscope_core::proto::p2p::Matching;
use rankscope_core::time::SimTime;
use yew::prelude::*;

use super::time_axis::SharedAxis;
use super::timeline::Timeline;
use crate::i18n::{Lang, Text};
use crate::playground::session::{RunEnd, Session, SessionCell};

/// Props: both runs, the comparison's engine, the shared axis and where a click goes.
#[derive(Properties, PartialEq)]
pub struct ComparePanelProps {
    /// The comparison run, if it started.
    pub compare: Option<SessionCell>,
    /// Why it could not start.
    pub error: Option<String>,
    /// Its engine.
    pub engine: Matching,
    /// The main run (its time is the cursor).
    pub primary: SessionCell,
    /// Changes whenever either run moves.
    pub generation: u64,
    /// The time axis shared with the main timeline.
    pub axis: SharedAxis,
    /// Moves the main run to a simulated time (a click in the diagram).
    pub on_seek_time: Callback<SimTime>,
}

/// Where a run stands, for the comparison's heading: `finished at 1.234 ms`.
fn standing(run: &Session, lang: Lang) -> String {
    match run.ended {
        Some(RunEnd::Finished(t)) => lang.f(Text::FinishedAt, &[&t]),
        Some(RunEnd::Stopped(t)) => lang.f(Text::StoppedAt, &[&t]),
        None => lang.f(Text::AtSoFar, &[&run.history.sim().now()]),
    }
}

/// The comparison's status line: its standing, the main run's, and when both finished how much
/// shorter or longer the comparison took. A run that has finished once keeps its end time when
/// the user steps back.
pub fn status_line(compare: &Session, primary: &Session, lang: Lang) -> String {
    let main = match primary.ended {
        Some(RunEnd::Finished(t)) => lang.f(Text::PrimaryAt, &[&t]),
        Some(RunEnd::Stopped(t)) => lang.f(Text::PrimaryStopped, &[&t]),
        None => lang.f(Text::PrimaryNow, &[&primary.history.sim().now()]),
    };
    let ratio = match (compare.ended, primary.ended) {
        (Some(RunEnd::Finished(c)), Some(RunEnd::Finished(p))) if p > SimTime::ZERO => {
            let pct = ((c.as_ps() as f64 / p.as_ps() as f64 - 1.0) * 100.0).round();
            if pct == 0.0 {
                lang.t(Text::SameTime).to_string()
            } else if pct < 0.0 {
                lang.f(Text::PctShorter, &[&-pct])
            } else {
                lang.f(Text::PctLonger, &[&pct])
            }
        }
        _ => String::new(),
    };
    lang.f(
        Text::CompareStatus,
        &[&standing(compare, lang), &main, &ratio],
    )
}

/// The panel.
#[function_component(ComparePanel)]
pub fn compare_panel(props: &ComparePanelProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let title = lang.f(Text::CompareTitle, &[&props.engine]);
    let Some(cell) = &props.compare else {
        let why = props
            .error
            .clone()
            .unwrap_or_else(|| lang.t(Text::CompareNotStarted).to_string());
        return html! {
            <section class="panel timeline compare" aria-label={title.clone()} data-testid="compare">
                <div class="panel-head"><h2>{ title }</h2></div>
                <p class="run-error" role="alert" data-testid="compare-error">
                    { lang.f(Text::CompareCouldNotStart, &[&why]) }
                </p>
            </section>
        };
    };
    let (status, error, cursor) = {
        let (run, main) = (cell.0.borrow(), props.primary.0.borrow());
        (
            status_line(&run, &main, lang),
            run.error_text_in(lang),
            main.history.sim().now(),
        )
    };
    html! {
        <Timeline session={cell.clone()} generation={props.generation} axis={props.axis.clone()}
            on_seek_time={props.on_seek_time.clone()} cursor={cursor}
            title={title} status={AttrValue::from(status)}
            subject={lang.f(Text::CompareSubject, &[&props.engine])}
            testid="compare" legend={false} class="compare">
            if let Some(e) = error {
                <pre class="run-error" role="alert" data-testid="compare-error">{ e }</pre>
            }
        </Timeline>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playground::run_options::RunOptions;
    use rankscope_core::machine::builtin_profiles;
    use rankscope_core::proto::p2p::Protocol;

    fn finished(matching: Matching) -> SessionCell {
        let profiles = builtin_profiles().unwrap();
        let emx = profiles.iter().find(|p| p.machine.id == "emx").unwrap();
        let source = include_str!("../../../../examples/pingpong_naive.c");
        let options = RunOptions {
            run: rankscope_core::run_config::RunConfig {
                engine: matching,
                ..Default::default()
            },
            ..RunOptions::default()
        };
        let cell = crate::playground::session::start(source, emx, 3, options, &[], None).unwrap();
        {
            let mut run = cell.0.borrow_mut();
            let _ = run.history.forward(u64::MAX);
            run.after_move();
        }
        cell
    }

    #[test]
    fn the_status_line_gives_both_end_times_and_how_they_compare() {
        let primary = finished(Matching::BothSides(Protocol::Sync));
        let compare = finished(Matching::ReceiverOnly(Protocol::Sync));
        let (p, c) = (primary.0.borrow(), compare.0.borrow());
        let line = status_line(&c, &p, Lang::En);
        let (pt, ct) = (p.history.sim().now(), c.history.sim().now());
        assert!(
            line.starts_with(&format!("finished at {ct} (primary: {pt}; ")),
            "{line}"
        );
        assert!(
            line.ends_with("% shorter)") || line.ends_with("% longer)"),
            "{line}"
        );
        let fresh = crate::playground::session::start(
            "int main() { return 0; }",
            &builtin_profiles().unwrap()[0],
            2,
            RunOptions::default(),
            &[],
            None,
        )
        .unwrap();
        let line = status_line(&fresh.0.borrow(), &p, Lang::En);
        assert_eq!(line, format!("at 0 ps so far (primary: {pt})"));
        // Stepping the main run back keeps its end time in the line.
        drop(p);
        {
            let mut run = primary.0.borrow_mut();
            let _ = run.history.goto(10);
            run.after_move();
        }
        let line = status_line(&c, &primary.0.borrow(), Lang::En);
        assert!(line.contains(&format!("(primary: {pt}; ")), "{line}");
        assert!(line.starts_with(&format!("finished at {ct}")), "{line}");
    }
}
