//! A paper-check part's progress line: runs finished out of all ("7 / 20 runs"), a progress bar,
//! the wall time spent computing it, and the button that starts, stops or resumes it.

use yew::prelude::*;

use rankscope_core::papers::{Progress, Status};

/// Props: where the part is and what its button does.
#[derive(Properties, PartialEq)]
pub struct PartStatusProps {
    /// The part's identifier (test ids).
    pub id: AttrValue,
    /// Its status.
    pub status: Status,
    /// How far it has come.
    pub progress: Progress,
    /// Start or resume it.
    pub on_start: Callback<()>,
    /// Stop it.
    pub on_stop: Callback<()>,
}

/// Milliseconds as "0.8 s", "12.4 s", "2 min 05 s".
fn duration(ms: f64) -> String {
    let s = ms / 1000.0;
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        let whole = s.round() as u64;
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}

/// The line.
#[function_component(PartStatus)]
pub fn part_status(props: &PartStatusProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let p = props.progress;
    let (word, status) = match props.status {
        Status::Idle => ("not started", "idle"),
        Status::Running => ("computing", "running"),
        Status::Stopped => ("stopped", "stopped"),
        Status::Done => ("done", "done"),
    };
    let button = match props.status {
        Status::Idle => Some(("Start", props.on_start.clone())),
        Status::Stopped => Some(("Resume", props.on_start.clone())),
        Status::Running => Some(("Stop", props.on_stop.clone())),
        Status::Done => None,
    };
    let time = (p.busy_ms > 0.0).then(|| lang.trf(" · {0} of computing", &[&duration(p.busy_ms)]));
    html! {
        <div class="part-status" data-testid={format!("status-{}", props.id)}
            data-status={status} data-done={p.done.to_string()} data-total={p.total.to_string()}
            data-busy-ms={format!("{:.0}", p.busy_ms)} aria-live="polite">
            <progress max={p.total.to_string()} value={p.done.to_string()}
                aria-label={lang.tr("runs finished")}></progress>
            <span>
                <span data-testid="runs">{ lang.trf("{0} / {1} runs", &[&p.done, &p.total]) }</span>
                { format!(" · {}", lang.tr(word)) }{ time.unwrap_or_default() }
            </span>
            if let Some((label, on_click)) = button {
                <button class={classes!("control", (props.status != Status::Running).then_some("primary"))}
                    data-testid={format!("action-{}", props.id)}
                    onclick={on_click.reform(|_| ())}>{ lang.tr(label) }</button>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration(800.0), "0.8 s");
        assert_eq!(duration(12_400.0), "12.4 s");
        assert_eq!(duration(125_000.0), "2 min 05 s");
    }
}
