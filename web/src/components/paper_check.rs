//! The "Paper check" view: paper 000's Table 1, Fig. 10 and Table 3 recomputed in the page by
//! core, next to the published values. The computation runs in chunks of about
//! [`CHUNK_MS`](crate::paper_check::CHUNK_MS), computing and rendering, between which the page
//! paints and takes input; cells fill in as their runs finish.

use yew::prelude::*;

use crate::components::chunked_work::{control, use_chunked_work};

use crate::components::cells_table::CellsTable;
use crate::components::fig10_chart::Fig10Chart;
use crate::components::part_status::PartStatus;
use crate::paper_check::{Part, SharedPaperCheck, TABLE3_N};

/// The papers with a check in the page.
const PAPERS: [&str; 2] = ["000", "003"];

/// Props: which paper, and its check's state (kept by the page across visits).
#[derive(Properties, PartialEq)]
pub struct PaperCheckViewProps {
    /// The paper the URL names.
    pub paper: AttrValue,
    /// Paper 000's check.
    pub check: SharedPaperCheck,
}

/// The unit of a part's values.
fn unit(part: Part) -> &'static str {
    match part {
        Part::Table1 => "µs",
        Part::Fig10 => "MB/s",
        Part::Table3 => "MFlops/PE",
    }
}

/// What a part measures and how, in a sentence or two.
fn why(part: Part) -> Html {
    match part {
        Part::Table1 => html! {
            <>
                { "One-way latency of a 4-byte message: the naive ping-pong (Fig. 8, " }
                <code>{ "examples/pingpong_naive.c" }</code>
                { ": the receive is posted after the message may have arrived) and the pre-posted one (Fig. 9, " }
                <code>{ "pingpong_preposted.c" }</code>
                { "), under each of the six matching engines, and what pre-posting a receive costs. 3 PEs per run." }
            </>
        },
        Part::Fig10 => html! {
            <>
                { "Throughput of the pre-posted ping-pong (" }<code>{ "throughput_preposted.c" }</code>
                { ") from 4 B to 1.6 MB under each engine, and the raw remote write (SYSWR) it rides on. \
                   The paper gives the curves as a plot; its text states two values (the crosses), compared below." }
            </>
        },
        Part::Table3 => html! {
            <>
                { format!("Pipelined back substitution of a {TABLE3_N} × {TABLE3_N} system on 5 PEs (") }
                <code>{ "back_substitution.c" }</code>
                { "), with and without " }<code>{ "yield()" }</code>
                { " and pre-posted receives: MFlops per PE. Its 20 runs take far longer than the rest of the page together, so this part starts when you ask; you can stop and resume it." }
            </>
        },
    }
}

/// The view.
#[function_component(PaperCheckView)]
pub fn paper_check_view(props: &PaperCheckViewProps) -> Html {
    let tick = use_chunked_work(props.check.0.clone());
    let control = |part: Part, start: bool| control(&props.check.0, &tick, part, start);

    let back = html! { <a class="back" href="#" data-testid="back-to-playground">{ "← Back to the playground" }</a> };
    if !PAPERS.contains(&props.paper.as_str()) {
        return html! {
            <main class="paper-check" data-testid="paper-check">
                <section class="panel paper-intro">
                    { back }
                    <h2>{ format!("No check for paper {:?} yet", props.paper.as_str()) }</h2>
                    <p>{ "The papers with a check here: " }
                        { for PAPERS.iter().map(|p| html! { <a href={format!("#paper={p}")}>{ *p }</a> }) }
                    </p>
                </section>
            </main>
        };
    }

    let check = props.check.0.borrow();
    let figure = check.figure();
    let part = |part: Part, body: Html| {
        let rows = std::rc::Rc::new(check.rows(part));
        html! {
            <section class="panel paper-part" data-testid={format!("part-{}", part.id())}
                aria-labelledby={format!("title-{}", part.id())}>
                <div class="panel-head">
                    <h3 id={format!("title-{}", part.id())}>{ check.title(part) }</h3>
                    <PartStatus id={part.id()} status={check.status(part)}
                        progress={check.progress(part)} on_start={control(part, true)}
                        on_stop={control(part, false)} />
                </div>
                <p class="part-why">{ why(part) }</p>
                { body }
                if part == Part::Fig10 {
                    <h4>{ check.table(part).title }</h4>
                }
                <CellsTable {rows} unit={unit(part)} caption={check.title(part).to_string()} />
            </section>
        }
    };
    html! {
        <main class="paper-check" data-testid="paper-check" data-paper={props.paper.clone()}>
            <section class="panel paper-intro">
                { back }
                { crate::components::paper_check_003::paper_switch("000") }
                <h2>{ "Paper check: MPI-EMX on EM-X (paper 000)" }</h2>
                <p>
                    { "This page runs the paper's own programs on the simulated EM-X, here in your browser, \
                       under each of the six matching engines (receiver-only or both-sides matching, each with \
                       the buffered, get or sync protocol), and puts every number next to the one the paper publishes." }
                </p>
                <p>
                    { "Only three numbers were calibrated to the paper: the 15.3 µs latency of a one-sided \
                       message, the 31.4 MB/s of the remote write and the 3.66 MFlops of one PE. \
                       Everything else is a prediction of the models: the matching protocols, the handlers \
                       and EM-X's atomic blocks. The error is (simulated − paper) / paper." }
                </p>
                <div class="verdict-key" aria-label="how errors are marked">
                    <span class="mark verdict-close">{ "within 10 %" }</span>
                    <span class="mark verdict-near">{ "within 25 %" }</span>
                    <span class="mark verdict-miss">{ "miss: more than 25 % off" }</span>
                    <span class="muted">{ "— no value (the note says why) · … not computed yet" }</span>
                </div>
            </section>
            { part(Part::Table1, Html::default()) }
            { part(Part::Fig10, html! { <Fig10Chart figure={figure.clone()} /> }) }
            { part(Part::Table3, Html::default()) }
        </main>
    }
}
