//! A reproduced table as the page shows it: one row per core `Cell` — label, the paper's value,
//! the simulated value, the signed relative error (close, near and missed values marked) and
//! the note — with cells whose runs have not finished shown as pending, and cells the paper
//! states no number for shown without an error.

use std::rc::Rc;

use yew::prelude::*;

use rankscope_core::papers::{CellState, Row};

use crate::papers::Verdict;

/// Props: the rows, and what their values measure.
#[derive(Properties, PartialEq)]
pub struct CellsTableProps {
    /// The rows, in the paper's order.
    pub rows: Rc<Vec<Row>>,
    /// The unit of the values (for the column heads), e.g. "µs".
    pub unit: AttrValue,
    /// What the table shows, for screen readers.
    pub caption: AttrValue,
}

/// A value as shown: two decimals, or a dash when there is none.
fn value(v: Option<f64>) -> String {
    v.filter(|v| v.is_finite())
        .map_or("—".to_string(), |v| format!("{v:.2}"))
}

/// A signed percentage: "+4.2 %", "−13.0 %".
fn percent(error: f64) -> String {
    let p = error * 100.0;
    let sign = if p < 0.0 { "−" } else { "+" };
    format!("{sign}{:.1} %", p.abs())
}

/// Why a verdict, in words (the mark's tooltip).
fn verdict_title(verdict: Verdict) -> &'static str {
    crate::ui_lang::current().tr(match verdict {
        Verdict::Close => "within 10 % of the paper",
        Verdict::Near => "within 25 % of the paper",
        Verdict::Miss => "a miss: more than 25 % off the paper",
        Verdict::NoValue => "the run gave no value (see the note)",
    })
}

fn row(row: &Row) -> Html {
    let cell = &row.cell;
    let (class, simulated, error) = match row.state {
        CellState::Pending => (
            classes!("pending"),
            html! { <span class="muted">{ "…" }</span> },
            Html::default(),
        ),
        CellState::Running(events) => (
            classes!("running"),
            html! {
                <span class="muted" title={crate::ui_lang::current().tr("simulated events so far")}>
                    { crate::ui_lang::current().trf("running · {0} ev", &[&events]) }
                </span>
            },
            Html::default(),
        ),
        CellState::Finished if !cell.paper.is_finite() && cell.simulated.is_some() => (
            classes!("unstated"),
            html! { value(cell.simulated) },
            html! { <span class="muted" title={crate::ui_lang::current().tr("the paper states no number here")}>{ "—" }</span> },
        ),
        CellState::Finished => {
            let verdict = Verdict::of(cell);
            let error = match cell.relative_error().filter(|e| e.is_finite()) {
                Some(e) => html! {
                    <span class="mark" title={verdict_title(verdict)}>{ percent(e) }</span>
                },
                None => html! {
                    <span class="mark" title={verdict_title(verdict)}>{ crate::ui_lang::current().tr("no value") }</span>
                },
            };
            (
                classes!(format!("verdict-{}", verdict.id())),
                html! { value(cell.simulated) },
                error,
            )
        }
    };
    let verdict = match row.state {
        CellState::Finished => Verdict::of(cell).id(),
        CellState::Pending | CellState::Running(_) => "pending",
    };
    let raw = cell
        .simulated
        .filter(|v| v.is_finite())
        .map_or(String::new(), |v| v.to_string());
    html! {
        <tr class={class} data-testid="cell" data-label={cell.label.clone()}
            data-paper={cell.paper.to_string()} data-simulated={raw} data-verdict={verdict}>
            <td class="label">{ &cell.label }</td>
            <td class="num">{ value(Some(cell.paper)) }</td>
            <td class="num">{ simulated }</td>
            <td class="num">{ error }</td>
            <td class="note">{ &cell.note }</td>
        </tr>
    }
}

/// The table.
#[function_component(CellsTable)]
pub fn cells_table(props: &CellsTableProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    html! {
        <div class="cells-scroll">
            <table class="cells">
                <caption class="sr-only">{ props.caption.clone() }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ lang.tr("cell") }</th>
                        <th scope="col" class="num">{ lang.trf("paper ({0})", &[&props.unit]) }</th>
                        <th scope="col" class="num">{ lang.trf("simulated ({0})", &[&props.unit]) }</th>
                        <th scope="col" class="num">{ lang.tr("error") }</th>
                        <th scope="col">{ lang.tr("note") }</th>
                    </tr>
                </thead>
                <tbody>
                    { for props.rows.iter().map(row) }
                </tbody>
            </table>
        </div>
    }
}
