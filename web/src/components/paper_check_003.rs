//! The "Paper check" view for paper 003 (MPI RMA locks on FX100): Fig. 8's curve recomputed in
//! the page by core's native lock workload in chunks, next to the two values the paper states,
//! and a button that runs one shared lock + unlock round of 65,536 processes in the page, showing
//! the simulated time, the events and the wall time it took here.

use yew::prelude::*;

use crate::components::chunked_work::{control, use_chunked_work};

use crate::components::cells_table::CellsTable;
use crate::components::part_status::PartStatus;
use crate::fig8_svg::{self, Point};
use crate::paper_check::Status;
use crate::paper_check_003::{Part003, SharedPaper003Check, SCALE_PROCESSES};

/// Props: the check's state (kept by the page across visits).
#[derive(Properties, PartialEq)]
pub struct PaperCheck003ViewProps {
    /// Paper 003's check.
    pub check: SharedPaper003Check,
}

/// Links between the papers' checks, the open one marked.
pub fn paper_switch(open: &str) -> Html {
    html! {
        <nav class="paper-switch" aria-label="papers" data-testid="paper-switch">
            { for [("000", "MPI-EMX on EM-X"), ("003", "MPI RMA locks on FX100")].iter().map(|(p, what)| html! {
                <a class="nav-link" href={format!("#{}", crate::paper_check::fragment_for(p))}
                    data-testid={format!("switch-{p}")}
                    aria-current={(*p == open).then_some("page")}>{ format!("Paper {p}: {what}") }</a>
            }) }
        </nav>
    }
}

/// Props of the chart: the curve's points as far as its runs have come.
#[derive(Properties, PartialEq)]
struct Fig8ChartProps {
    points: Vec<Point>,
}

/// Fig. 8 as an inline SVG, redrawn when a point changes.
#[function_component(Fig8Chart)]
fn fig8_chart(props: &Fig8ChartProps) -> Html {
    let svg = use_memo(props.points.clone(), |points| {
        fig8_svg::render(points).map(AttrValue::from)
    });
    match &*svg {
        Ok(svg) => html! {
            <div class="fig10-chart" data-testid="fig8-chart" role="img"
                aria-label="Fig. 8: µs per shared lock + unlock against processes, both on log scales, and the paper's stated values">
                { Html::from_html_unchecked(svg.clone()) }
            </div>
        },
        Err(e) => html! { <p class="fig10-error" role="alert">{ e }</p> },
    }
}

/// The view.
#[function_component(PaperCheck003View)]
pub fn paper_check_003_view(props: &PaperCheck003ViewProps) -> Html {
    let tick = use_chunked_work(props.check.0.clone());
    let control = |part: Part003, start: bool| control(&props.check.0, &tick, part, start);

    let check = props.check.0.borrow();
    let status = |part: Part003| {
        html! {
            <PartStatus id={part.id()} status={check.status(part)} progress={check.progress(part)}
                on_start={control(part, true)} on_stop={control(part, false)} />
        }
    };
    let fig8_rows = std::rc::Rc::new(check.rows(Part003::Fig8));
    let points: Vec<Point> = rankscope_core::reproduce::paper003::FIG8_PROCESSES
        .iter()
        .zip(fig8_rows.iter())
        .map(|(&processes, row)| Point {
            processes,
            simulated: row.cell.simulated,
            paper: row.cell.paper,
        })
        .collect();
    let scale = check.rows(Part003::Scale).remove(0);
    let scale_events = check.events(Part003::Scale);
    let scale_wall = check.wall(Part003::Scale).elapsed_ms();
    let scale_status = check.status(Part003::Scale);
    let result = match (scale_status, scale.cell.simulated) {
        (Status::Done, Some(us)) => html! {
            <dl class="scale-result" data-testid="scale-result" data-simulated-us={format!("{us}")}
                data-events={scale_events.to_string()}
                data-wall-ms={format!("{:.0}", scale_wall.unwrap_or_default())}>
                <dt>{ "Simulated time of the slowest process" }</dt>
                <dd data-testid="scale-simulated">{ format!("{us:.1} µs") }</dd>
                <dt>{ "Simulated events" }</dt>
                <dd data-testid="scale-events">{ scale_events.to_string() }</dd>
                <dt>{ "Wall time in this page" }</dt>
                <dd data-testid="scale-wall">{ format!("{:.2} s", scale_wall.unwrap_or_default() / 1000.0) }</dd>
            </dl>
        },
        (Status::Done, None) => html! {
            <p class="fig10-error" role="alert" data-testid="scale-error">{ &scale.cell.note }</p>
        },
        (Status::Idle, _) => html! {
            <p class="muted">{ format!("{SCALE_PROCESSES} processes on FX100 resized to {} nodes × 8. Press Start to run it here.", SCALE_PROCESSES / 8) }</p>
        },
        _ => html! {
            <p class="muted" data-testid="scale-running">{ format!("{scale_events} events so far…") }</p>
        },
    };
    html! {
        <main class="paper-check" data-testid="paper-check" data-paper="003">
            <section class="panel paper-intro">
                <a class="back" href="#" data-testid="back-to-playground">{ "← Back to the playground" }</a>
                { paper_switch("003") }
                <h2>{ "Paper check: MPI RMA lock synchronization on FX100 (paper 003)" }</h2>
                <p>
                    { "This page runs the paper's measurement — every process takes and drops the MCS-RW shared lock \
                       on rank 0's memory, each step an RDMA atomic on the simulated Tofu2 network — as core's native \
                       lock workload, here in your browser." }
                </p>
                <p>
                    { "Only one number was calibrated: 2.3 µs per lock + unlock at 4 processes (the RDMA engine's \
                       atomic time). Everything else is a prediction, including the 2,200 µs the paper states at \
                       4096 processes. The error is (simulated − paper) / paper; — where the paper states no number." }
                </p>
            </section>
            <section class="panel paper-part" data-testid="part-fig8" aria-labelledby="title-fig8">
                <div class="panel-head">
                    <h3 id="title-fig8">{ check.title(Part003::Fig8) }</h3>
                    { status(Part003::Fig8) }
                </div>
                <p class="part-why">
                    { format!("Processes fill FX100's 128 nodes × 32 from node 0, where the lock lives; {} rounds each, the slowest process's time per round.", rankscope_core::reproduce::paper003::ROUNDS) }
                </p>
                <Fig8Chart {points} />
                <CellsTable rows={fig8_rows} unit="µs per round" caption={check.title(Part003::Fig8).to_string()} />
            </section>
            <section class="panel paper-part" data-testid="part-scale" aria-labelledby="title-scale">
                <div class="panel-head">
                    <h3 id="title-scale">{ "Run 65,536 processes" }</h3>
                    { status(Part003::Scale) }
                </div>
                <p class="part-why">
                    { "One shared lock + unlock round of every process, simulated event by event in this page in chunks of about 25 ms, so the page keeps answering while it runs." }
                </p>
                { result }
            </section>
        </main>
    }
}
