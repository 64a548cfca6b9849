//! One part of a paper check as the page shows it, for any part of core's registry: its heading
//! and progress line (start, stop, resume), what it measures (core's text), then its plots and
//! its table of cells next to the paper's values — or, for a run at scale, its measurement (the
//! simulated value, the events and the wall time it took in the page).

use std::rc::Rc;

use rankscope_core::papers::{CheckPart, Display, Status};
use yew::prelude::*;

use crate::papers::cells_table::CellsTable;
use crate::papers::page::prose;
use crate::papers::part_status::PartStatus;
use crate::papers::plot::PaperPlot;

/// One run's measurement: its value, events and wall time once done; a note before it starts.
fn measurement(part: &CheckPart) -> Html {
    let lang = crate::ui_lang::current();
    let id = part.id();
    let row = part.rows().into_iter().next();
    let events = part.events();
    let wall = part.wall().elapsed_ms().unwrap_or_default();
    match (part.status(), row.as_ref().and_then(|r| r.cell.simulated)) {
        (Status::Done, Some(value)) => html! {
            <dl class="measurement" data-testid={format!("{id}-result")}
                data-simulated={format!("{value}")} data-events={events.to_string()}
                data-wall-ms={format!("{wall:.0}")}>
                <dt>{ row.map(|r| r.cell.label).unwrap_or_default() }</dt>
                <dd data-testid={format!("{id}-simulated")}>{ format!("{value:.1} {}", part.part.unit) }</dd>
                <dt>{ lang.tr("Simulated events") }</dt>
                <dd data-testid={format!("{id}-events")}>{ events.to_string() }</dd>
                <dt>{ lang.tr("Wall time in this page") }</dt>
                <dd data-testid={format!("{id}-wall")}>{ format!("{:.2} s", wall / 1000.0) }</dd>
            </dl>
        },
        (Status::Done, None) => html! {
            <p class="paper-chart-error" role="alert" data-testid={format!("{id}-error")}>
                { row.map(|r| r.cell.note).unwrap_or_default() }
            </p>
        },
        (Status::Idle, _) => html! {
            <p class="muted">{ part.part.idle_note.clone().unwrap_or_default() }</p>
        },
        _ => html! {
            <p class="muted" data-testid={format!("{id}-running")}>{ lang.trf("{0} events so far…", &[&events]) }</p>
        },
    }
}

/// The part's section.
pub fn section(part: &CheckPart, on_start: Callback<()>, on_stop: Callback<()>) -> Html {
    let id = part.id();
    let result = part.result();
    let heading = part.heading().to_string();
    let body = match part.part.display {
        Display::Measurement => measurement(part),
        Display::Table => {
            let rows = Rc::new(part.rows());
            let table_title = (result.table.title != heading).then(|| result.table.title.clone());
            html! {
                <>
                    { for result.plots.iter().map(|p| html! { <PaperPlot plot={Rc::new(p.clone())} /> }) }
                    if let Some(title) = table_title {
                        <h4>{ title }</h4>
                    }
                    <CellsTable {rows} unit={part.part.unit} caption={heading.clone()} />
                </>
            }
        }
    };
    let wall = part.wall().elapsed_ms();
    html! {
        <section class="panel paper-part" data-testid={format!("part-{id}")}
            aria-labelledby={format!("title-{id}")}
            data-wall-ms={wall.map_or(String::new(), |w| format!("{w:.0}"))}
            data-longest-slice-ms={format!("{:.1}", part.longest_slice_ms())}>
            <div class="panel-head">
                <h3 id={format!("title-{id}")}>{ heading.clone() }</h3>
                <PartStatus {id} status={part.status()} progress={part.progress()}
                    {on_start} {on_stop} />
            </div>
            { prose(&part.part.about, "part-why") }
            { body }
        </section>
    }
}
