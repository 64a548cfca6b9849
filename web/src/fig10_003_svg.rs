//! Fig. 10 of paper 003 drawn as an SVG document with plotters, as `fig8_svg` draws Fig. 8: each
//! rank's total of 1000 shared lock + unlock rounds (s, log scale) against its rank, one line per
//! ppn as far as its run has come, and the totals the paper states (each ppn's slowest rank and
//! ppn 32's fastest) as dashed lines over that ppn's ranks, in the themed placeholder colours of
//! [`Ink`]. Pure: core's [`Fig10`] in, a string out.

use plotters::prelude::*;
use rankscope_core::reproduce::paper003::{Fig10, FIG10_NODES, FIG10_PPN};

use crate::fig10_svg::{Ink, SIZE};

/// Seconds as a tick label: "0.05", "0.3", "2" (no float noise).
pub fn secs_label(s: f64) -> String {
    let text = if s >= 10.0 {
        format!("{s:.0}")
    } else if s >= 1.0 {
        format!("{s:.1}")
    } else {
        format!("{s:.3}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// The y axis's ticks between `low` and `high`: 1, 2 and 5 times the powers of ten.
fn ticks(low: f64, high: f64) -> Vec<f64> {
    (-4..=3)
        .flat_map(|e| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(e)))
        .filter(|t| (low..=high).contains(t))
        .collect()
}

/// A value the paper states, drawn over ranks `0..ranks`.
struct Stated {
    ranks: u32,
    seconds: f64,
}

/// The stated totals: each ppn's slowest rank over its ranks, then the last ppn's fastest (the
/// table's cells in core's order).
fn stated(fig: &Fig10) -> Vec<Stated> {
    let ranks: Vec<u32> = FIG10_PPN
        .iter()
        .map(|&(ppn, _)| FIG10_NODES * ppn)
        .collect();
    fig.table
        .cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let ranks = *ranks.get(i).or(ranks.last())?;
            c.paper.is_finite().then_some(Stated {
                ranks,
                seconds: c.paper,
            })
        })
        .collect()
}

/// Draws Fig. 10 as an SVG document.
pub fn render(fig: &Fig10) -> Result<String, String> {
    crate::fig10_svg::to_svg("Fig. 10", |svg| draw(fig, svg))
}

fn draw(fig: &Fig10, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    let stated = stated(fig);
    let figure = &fig.per_rank;
    let x_last = figure.x.last().copied().unwrap_or(1.0).max(1.0);
    let (y_low, y_high) = crate::fig10_svg::log_range(
        figure
            .series
            .iter()
            .flat_map(|s| s.values.iter().flatten().copied())
            .chain(stated.iter().map(|s| s.seconds)),
        1.6,
        (0.01, 10.0),
    );
    let mut chart = ChartBuilder::on(&root)
        .margin_top(12)
        .margin_right(24)
        .margin_left(8)
        .margin_bottom(8)
        .x_label_area_size(52)
        .y_label_area_size(72)
        .build_cartesian_2d(
            0f64..x_last * 1.02,
            (y_low..y_high)
                .log_scale()
                .with_key_points(ticks(y_low, y_high)),
        )?;
    crate::fig10_svg::themed_mesh(
        chart
            .configure_mesh()
            .x_desc("rank")
            .y_desc("total of 1000 rounds (s, log scale)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| secs_label(*y))
            .x_labels(9),
    )
    .draw()?;
    for (n, series) in figure.series.iter().enumerate() {
        let ink = Ink::Series(u8::try_from(n).unwrap_or(u8::MAX)).placeholder();
        let line = ink.stroke_width(3);
        let points: Vec<(f64, f64)> = figure
            .x
            .iter()
            .zip(&series.values)
            .filter_map(|(&x, v)| Some((x, (*v)?)))
            .collect();
        chart
            .draw_series(LineSeries::new(points, line))?
            .label(series.label.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 22, y)], line));
    }
    let paper = Ink::Paper.placeholder().stroke_width(2);
    for (i, s) in stated.iter().enumerate() {
        let line = [(0.0, s.seconds), (f64::from(s.ranks.max(1) - 1), s.seconds)];
        let drawn = chart.draw_series(DashedLineSeries::new(line, 6, 4, paper))?;
        if i == 0 {
            drawn
                .label("stated in the paper (slowest rank; ppn 32's fastest)")
                .legend(move |(x, y)| {
                    EmptyElement::at((x, y))
                        + PathElement::new(vec![(0, 0), (8, 0)], paper)
                        + PathElement::new(vec![(13, 0), (22, 0)], paper)
                });
        }
    }
    crate::fig10_svg::legend(&mut chart, SeriesLabelPosition::MiddleRight)?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::reproduce::paper003;

    /// Fig. 10 with ppn 1 run for 2 rounds (the others not run).
    fn partial() -> Fig10 {
        let mut e = paper003::fig10_experiment(2);
        e.jobs.truncate(1);
        while !e.advance(u64::MAX) {}
        paper003::fig10_from(&e, 2)
    }

    #[test]
    fn ticks_are_one_two_five() {
        assert_eq!(ticks(0.04, 0.6), vec![0.05, 0.1, 0.2, 0.5]);
    }

    #[test]
    fn tick_labels_read_naturally() {
        assert_eq!(secs_label(0.05), "0.05");
        assert_eq!(secs_label(0.30000000000000004), "0.3");
        assert_eq!(secs_label(2.0), "2");
        assert_eq!(secs_label(1.5), "1.5");
        assert_eq!(secs_label(20.0), "20");
    }

    #[test]
    fn a_line_per_finished_ppn_and_the_papers_values_dashed() {
        let svg = render(&partial()).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
        assert!(svg.contains(&format!("stroke=\"{}\"", Ink::Series(0).hex())));
        assert!(svg.contains(&Ink::Paper.hex()));
        assert!(svg.contains("ppn 1 (128 processes)"));
        assert!(svg.contains("stated in the paper"));
        assert!(svg.contains("total of 1000 rounds"));
    }

    #[test]
    fn nothing_computed_yet_still_draws_the_axes() {
        let e = paper003::fig10_experiment(2);
        let svg = render(&paper003::fig10_from(&e, 2)).unwrap();
        assert!(svg.contains("rank"));
        assert_eq!(stated(&paper003::fig10_from(&e, 2)).len(), 4);
    }
}
