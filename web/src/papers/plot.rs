//! A figure of a paper check in the page, for any of core's [`Plot`]s: the chart drawn by
//! `chart_svg` as an inline SVG (themed by the stylesheet; redrawn only when the figure
//! changes), a sentence on reading it, and its numbers — a table under a disclosure (few x
//! values), or each series' count, lowest and highest (many).

use std::rc::Rc;

use rankscope_core::papers::{Layout, Plot};
use yew::prelude::*;

use crate::papers::chart_svg;

/// Props: the plot as far as its runs have come.
#[derive(Properties, PartialEq)]
pub struct PaperPlotProps {
    /// Core's plot.
    pub plot: Rc<Plot>,
}

/// `v` with three significant digits: "0.0737", "2.36", "147".
fn significant(v: f64) -> String {
    let digits = if v.abs() >= 100.0 {
        0
    } else if v.abs() >= 10.0 {
        1
    } else if v.abs() >= 1.0 {
        2
    } else if v.abs() >= 0.1 {
        3
    } else {
        4
    };
    format!("{v:.digits$}")
}

/// One row per series, one column per x.
fn table(plot: &Plot) -> Html {
    let figure = &plot.figure;
    if figure.series.is_empty() {
        return html! { <p class="muted part-why">{ crate::ui_lang::current().tr("Not computed yet.") }</p> };
    }
    let digits = plot.digits;
    html! {
        <details class="paper-numbers" data-testid={format!("{}-numbers", plot.id)}>
            <summary>{ &plot.numbers_title }</summary>
            <div class="cells-scroll">
                <table class="cells">
                    <caption class="sr-only">{ &figure.title }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ &plot.numbers_corner }</th>
                            { for figure.x.iter().map(|x| html! {
                                <th scope="col" class="num">{ chart_svg::label(plot.x.format, *x) }</th>
                            }) }
                        </tr>
                    </thead>
                    <tbody>
                        { for figure.series.iter().map(|s| html! {
                            <tr data-testid="series" data-label={s.label.clone()}>
                                <th scope="row">{ &s.label }</th>
                                { for s.values.iter().map(|v| html! {
                                    <td class="num">{ v.map_or("…".to_string(), |v| format!("{v:.digits$}")) }</td>
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// One line per series: how many values, the lowest and the highest.
fn summary(plot: &Plot) -> Html {
    html! {
        <dl class="measurement" data-testid={format!("{}-numbers", plot.id)}>
            { for plot.figure.series.iter().map(|s| {
                let v: Vec<f64> = s.values.iter().flatten().copied().collect();
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let (text, min, max) = if v.is_empty() {
                    (crate::ui_lang::current().tr("not computed yet").to_string(), String::new(), String::new())
                } else {
                    (
                        format!("{} {}, {} to {} {}", v.len(), plot.numbers_corner,
                            significant(lo), significant(hi), plot.numbers_title),
                        lo.to_string(),
                        hi.to_string(),
                    )
                };
                html! {
                    <>
                        <dt>{ &s.label }</dt>
                        <dd data-testid="series" data-label={s.label.clone()}
                            data-count={v.len().to_string()} data-min={min} data-max={max}>{ text }</dd>
                    </>
                }
            }) }
        </dl>
    }
}

/// The chart and its numbers.
#[function_component(PaperPlot)]
pub fn paper_plot(props: &PaperPlotProps) -> Html {
    let plot = &props.plot;
    let svg = use_memo(props.plot.clone(), |plot| {
        plot.drawn
            .then(|| chart_svg::render(plot).map(AttrValue::from))
    });
    let chart = match &*svg {
        Some(Ok(svg)) => html! {
            <div class="paper-chart" data-testid={format!("{}-chart", plot.id)} role="img"
                aria-label={plot.description.clone()}>
                { Html::from_html_unchecked(svg.clone()) }
            </div>
        },
        Some(Err(e)) => html! { <p class="paper-chart-error" role="alert">{ e }</p> },
        None => Html::default(),
    };
    html! {
        <>
            { chart }
            if let Some(caption) = &plot.caption {
                <p class="part-why">{ caption }</p>
            }
            { match plot.layout {
                Layout::Table => table(plot),
                Layout::Summary => summary(plot),
            } }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::significant;

    #[test]
    fn three_significant_digits() {
        assert_eq!(significant(0.07371), "0.0737");
        assert_eq!(significant(2.3612), "2.36");
        assert_eq!(significant(0.5213), "0.521");
        assert_eq!(significant(147.21), "147");
    }
}
