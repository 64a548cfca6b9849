//! The "Paper check" view for paper 003 (MPI RMA locks on FX100): Fig. 8's curve, Fig. 9 (FX10
//! against FX100), Fig. 10's per-rank totals, Figs. 11–12 (1 against 4 RDMA engines) and the
//! lock-algorithm comparison recomputed in the page by core's native lock workload in chunks,
//! next to the values the paper states, and a button that runs one shared lock + unlock round of
//! 65,536 processes in the page, showing the simulated time, the events and the wall time it
//! took here.

use std::rc::Rc;

use rankscope_core::reproduce::paper003;
use yew::prelude::*;

use crate::components::chunked_work::{control, use_chunked_work};

use crate::components::cells_table::CellsTable;
use crate::components::fig10_003_chart::Fig10Chart003;
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

/// What a part measures and how, in a sentence or two.
fn why(part: Part003) -> String {
    match part {
        Part003::Fig8 => format!(
            "Processes fill FX100's 128 nodes × 32 from node 0, where the lock lives; {} rounds each, the slowest process's time per round.",
            paper003::ROUNDS
        ),
        Part003::Fig9 => format!(
            "{} processes take and drop the shared lock on FX100 (Tofu2: RDMA atomics) and on FX10 (Tofu1: none, so every lock step is a message the target's software handles), {} rounds each.",
            paper003::FIG9_PROCESSES,
            paper003::ROUNDS
        ),
        Part003::Fig10 => format!(
            "Every process of {} FX100 nodes at 1, 8 and 32 processes per node takes and drops the shared lock {} times; each rank's total, scaled to the paper's 1000 rounds. The paper: the slowest rank grows with the processes (0.069, 0.52, 2.2 s) and at ppn 32 the ranks spread from 0.1 to 2.2 s by hop distance to the lock's node.",
            paper003::FIG10_NODES,
            paper003::ROUNDS
        ),
        Part003::Fig11_12 => format!(
            "All {} processes of the lock's node issue fetch_and_adds to it, through 1 receiving RDMA engine and through 4. The paper: 4 engines are about 40 % faster, not 4×.",
            paper003::FIG11_12_PROCESSES
        ),
        Part003::Algorithms => format!(
            "Not a figure of the paper, whose Sec. 3 argues from the algorithms: MCS-RW (the paper's), a test-and-set lock and foMPI's remote polling, one acquire in {} exclusive, {} rounds. The paper states no numbers here. Its 12 runs take longer than the rest of the page (test-and-set at 256 processes most), so this part starts when you ask; you can stop and resume it.",
            paper003::WRITER_EVERY,
            paper003::ROUNDS
        ),
        Part003::Scale => "One shared lock + unlock round of every process, simulated event by event in this page in chunks of about 25 ms, so the page keeps answering while it runs.".to_string(),
    }
}

/// The unit of a part's cells (for the table's column heads).
fn unit(part: Part003) -> &'static str {
    match part {
        Part003::Fig8 | Part003::Algorithms => "µs per round",
        Part003::Fig10 => "s",
        Part003::Fig9 | Part003::Fig11_12 | Part003::Scale => "unit as labelled",
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
    let section = |part: Part003, title: String, body: Html, table: bool| {
        let rows = Rc::new(check.rows(part));
        let wall = check.wall(part).elapsed_ms();
        html! {
            <section class="panel paper-part" data-testid={format!("part-{}", part.id())}
                aria-labelledby={format!("title-{}", part.id())}
                data-wall-ms={wall.map_or(String::new(), |w| format!("{w:.0}"))}
                data-longest-slice-ms={format!("{:.1}", check.longest_slice_ms(part))}>
                <div class="panel-head">
                    <h3 id={format!("title-{}", part.id())}>{ title.clone() }</h3>
                    { status(part) }
                </div>
                <p class="part-why">{ why(part) }</p>
                { body }
                if table {
                    <CellsTable {rows} unit={unit(part)} caption={title} />
                }
            </section>
        }
    };
    let fig8_rows = check.rows(Part003::Fig8);
    let points: Vec<Point> = paper003::FIG8_PROCESSES
        .iter()
        .zip(fig8_rows.iter())
        .map(|(&processes, row)| Point {
            processes,
            simulated: row.cell.simulated,
            paper: row.cell.paper,
        })
        .collect();
    let fig10 = check.fig10();
    let scale = check.rows(Part003::Scale).into_iter().next();
    let scale_events = check.events(Part003::Scale);
    let scale_wall = check.wall(Part003::Scale).elapsed_ms();
    let scale_status = check.status(Part003::Scale);
    let result = match (scale_status, scale.as_ref().and_then(|r| r.cell.simulated)) {
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
            <p class="fig10-error" role="alert" data-testid="scale-error">
                { scale.map(|r| r.cell.note).unwrap_or_default() }
            </p>
        },
        (Status::Idle, _) => html! {
            <p class="muted">{ format!("{SCALE_PROCESSES} processes on FX100 resized to {} nodes × 8. Press Start to run it here.", SCALE_PROCESSES / 8) }</p>
        },
        _ => html! {
            <p class="muted" data-testid="scale-running">{ format!("{scale_events} events so far…") }</p>
        },
    };
    let title = |part: Part003| check.title(part).to_string();
    html! {
        <main class="paper-check" data-testid="paper-check" data-paper="003">
            <section class="panel paper-intro">
                <a class="back" href="#" data-testid="back-to-playground">{ "← Back to the playground" }</a>
                { paper_switch("003") }
                <h2>{ "Paper check: MPI RMA lock synchronization on FX100 (paper 003)" }</h2>
                <p>
                    { "This page runs the paper's measurements — processes take and drop the MCS-RW lock \
                       on rank 0's memory, each step an RDMA atomic on the simulated Tofu2 network — as core's native \
                       lock workload, here in your browser." }
                </p>
                <p>
                    { "Only one number was calibrated: 2.3 µs per lock + unlock at 4 processes (the RDMA engine's \
                       atomic time). Everything else is a prediction, including the 2,200 µs the paper states at \
                       4096 processes. The error is (simulated − paper) / paper; — where the paper states no number." }
                </p>
                <div class="verdict-key" aria-label="how errors are marked">
                    <span class="mark verdict-close">{ "within 10 %" }</span>
                    <span class="mark verdict-near">{ "within 25 %" }</span>
                    <span class="mark verdict-miss">{ "miss: more than 25 % off" }</span>
                    <span class="muted">{ "— no value (the note says why) · … not computed yet" }</span>
                </div>
            </section>
            { section(Part003::Fig8, title(Part003::Fig8), html! { <Fig8Chart {points} /> }, true) }
            { section(Part003::Fig9, title(Part003::Fig9), Html::default(), true) }
            { section(Part003::Fig10, title(Part003::Fig10), html! { <Fig10Chart003 figure={fig10} /> }, true) }
            { section(Part003::Fig11_12, title(Part003::Fig11_12), Html::default(), true) }
            { section(Part003::Algorithms, title(Part003::Algorithms), Html::default(), true) }
            { section(Part003::Scale, "Run 65,536 processes".to_string(), result, false) }
        </main>
    }
}
