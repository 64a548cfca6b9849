//! Paper 003's Fig. 10 in the page: each rank's total by rank drawn by `fig10_003_svg` as an
//! inline SVG (themed by the stylesheet), a line per ppn saying how many ranks finished and
//! their fastest and slowest totals, and the ppn-32 totals by hops under a disclosure.

use std::rc::Rc;

use rankscope_core::reproduce::paper003::Fig10;
use yew::prelude::*;

use crate::fig10_003_svg;

/// Props: the figure as far as its runs have come.
#[derive(Properties, PartialEq)]
pub struct Fig10Chart003Props {
    /// Core's Fig. 10.
    pub figure: Rc<Fig10>,
}

/// Seconds with three significant digits: "0.0737 s", "2.36 s".
fn secs(s: f64) -> String {
    let digits = if s >= 1.0 {
        2
    } else if s >= 0.1 {
        3
    } else {
        4
    };
    format!("{s:.digits$} s")
}

/// One line per ppn: its ranks' fastest and slowest totals.
fn spread(figure: &Fig10) -> Html {
    html! {
        <dl class="scale-result" data-testid="fig10-spread">
            { for figure.per_rank.series.iter().map(|s| {
                let v: Vec<f64> = s.values.iter().flatten().copied().collect();
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let (text, min, max) = if v.is_empty() {
                    ("not computed yet".to_string(), String::new(), String::new())
                } else {
                    (
                        format!("{} ranks, {} to {}", v.len(), secs(lo), secs(hi)),
                        lo.to_string(),
                        hi.to_string(),
                    )
                };
                html! {
                    <>
                        <dt>{ &s.label }</dt>
                        <dd data-testid="fig10-series" data-label={s.label.clone()}
                            data-ranks={v.len().to_string()} data-min={min} data-max={max}>{ text }</dd>
                    </>
                }
            }) }
        </dl>
    }
}

/// The ppn-32 mean totals by hop distance to the lock's node.
fn by_hops(figure: &Fig10) -> Html {
    let hops = &figure.by_hops;
    let Some(series) = hops.series.first() else {
        return html! { <p class="muted">{ "Computed when ppn 32's run finishes." }</p> };
    };
    html! {
        <div class="cells-scroll">
            <table class="cells">
                <caption class="sr-only">{ &hops.title }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "hops to the lock's node" }</th>
                        { for hops.x.iter().map(|x| html! { <th scope="col" class="num">{ format!("{x:.0}") }</th> }) }
                    </tr>
                </thead>
                <tbody>
                    <tr data-testid="fig10-hops">
                        <th scope="row">{ "mean total (s)" }</th>
                        { for series.values.iter().map(|v| html! {
                            <td class="num">{ v.map_or("—".to_string(), |v| format!("{v:.4}")) }</td>
                        }) }
                    </tr>
                </tbody>
            </table>
        </div>
    }
}

/// The chart, the spread of each ppn and the totals by hops.
#[function_component(Fig10Chart003)]
pub fn fig10_chart_003(props: &Fig10Chart003Props) -> Html {
    let svg = use_memo(props.figure.clone(), |figure| {
        fig10_003_svg::render(figure).map(AttrValue::from)
    });
    let chart = match &*svg {
        Ok(svg) => html! {
            <div class="fig10-chart" data-testid="fig10-003-chart" role="img"
                aria-label="Fig. 10: each rank's total of 1000 shared lock + unlock rounds in seconds (log scale) against its rank, one line per processes-per-node, and the totals the paper states as dashed lines">
                { Html::from_html_unchecked(svg.clone()) }
            </div>
        },
        Err(e) => html! { <p class="fig10-error" role="alert">{ e }</p> },
    };
    html! {
        <>
            { chart }
            { spread(&props.figure) }
            <details class="fig10-data">
                <summary>{ "ppn 32: mean total by Tofu hops to the lock's node" }</summary>
                { by_hops(&props.figure) }
            </details>
        </>
    }
}
