//! Fig. 10 in the page: core's [`Figure`] drawn by `fig10_svg` as an inline SVG (themed by the
//! stylesheet), and its numbers as a table under a disclosure, for reading exact values.

use std::rc::Rc;

use rankscope_core::reproduce::Figure;
use yew::prelude::*;

use crate::fig10_svg::{self, bytes_label};

/// Props: the figure as far as its runs have come.
#[derive(Properties, PartialEq)]
pub struct Fig10ChartProps {
    /// Core's figure.
    pub figure: Rc<Figure>,
}

/// The curves' numbers: one row per series, one column per message size.
fn data_table(figure: &Figure) -> Html {
    html! {
        <div class="cells-scroll">
            <table class="cells">
                <caption class="sr-only">{ &figure.title }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "MB/s by message size" }</th>
                        { for figure.x.iter().map(|x| html! {
                            <th scope="col" class="num">{ bytes_label(*x) }</th>
                        }) }
                    </tr>
                </thead>
                <tbody>
                    { for figure.series.iter().map(|s| html! {
                        <tr data-testid="series" data-label={s.label.clone()}>
                            <th scope="row">{ &s.label }</th>
                            { for s.values.iter().map(|v| html! {
                                <td class="num">{ v.map_or("…".to_string(), |v| format!("{v:.2}")) }</td>
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The chart and its data.
#[function_component(Fig10Chart)]
pub fn fig10_chart(props: &Fig10ChartProps) -> Html {
    let svg = use_memo(props.figure.clone(), |figure| {
        fig10_svg::render(figure).map(AttrValue::from)
    });
    let chart = match &*svg {
        Ok(svg) => html! {
            <div class="fig10-chart" data-testid="fig10-chart" role="img"
                aria-label="Fig. 10: throughput in MB/s against message size in bytes, one line per engine and the raw remote write">
                { Html::from_html_unchecked(svg.clone()) }
            </div>
        },
        Err(e) => html! { <p class="fig10-error" role="alert">{ e }</p> },
    };
    html! {
        <>
            { chart }
            <p class="part-why">
                { "Markers: buffered ●, get ▲, sync ■. Where curves coincide, the one drawn last hides the others; the numbers of every curve are below." }
            </p>
            <details class="fig10-data">
                <summary>{ "The curves' numbers" }</summary>
                { data_table(&props.figure) }
            </details>
        </>
    }
}
