//! Fig. 8 of paper 003 drawn as an SVG document with plotters, as `fig10_svg` draws paper 000's
//! Fig. 10: µs per shared lock + unlock of the slowest process against processes, both on log
//! scales, the simulated curve as far as its runs have come and the paper's stated values as
//! crosses, in the themed placeholder colours of [`Ink`]. Pure: points in, a string out.

use plotters::prelude::*;

use crate::fig10_svg::{Ink, SIZE};

/// One process count of the curve: processes, simulated µs (`None` until its run finishes) and
/// the paper's stated µs (NaN where it states none).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Point {
    /// Processes.
    pub processes: u32,
    /// Simulated µs per round.
    pub simulated: Option<f64>,
    /// The paper's µs per round, or NaN.
    pub paper: f64,
}

/// Draws the curve as an SVG document.
pub fn render(points: &[Point]) -> Result<String, String> {
    crate::fig10_svg::to_svg("Fig. 8", |svg| draw(points, svg))
}

fn draw(points: &[Point], svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    let x_first = points.first().map_or(1.0, |p| f64::from(p.processes));
    let x_last = points.last().map_or(10.0, |p| f64::from(p.processes));
    let (y_low, y_high) = crate::fig10_svg::log_range(
        points
            .iter()
            .flat_map(|p| [p.simulated.unwrap_or(f64::NAN), p.paper]),
        1.5,
        (1.0, 10_000.0),
    );
    let mut chart = ChartBuilder::on(&root)
        .margin_top(12)
        .margin_right(24)
        .margin_left(8)
        .margin_bottom(8)
        .x_label_area_size(52)
        .y_label_area_size(72)
        .build_cartesian_2d(
            ((x_first / 1.3)..(x_last.max(x_first * 2.0) * 1.3)).log_scale(),
            (y_low..y_high).log_scale(),
        )?;
    crate::fig10_svg::themed_mesh(
        chart
            .configure_mesh()
            .x_desc("processes (log scale)")
            .y_desc("µs per lock + unlock (log scale)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y}")),
    )
    .draw()?;
    let ink = Ink::Series(0).placeholder();
    let line = ink.stroke_width(2);
    let curve: Vec<(f64, f64)> = points
        .iter()
        .filter_map(|p| Some((f64::from(p.processes), p.simulated?)))
        .collect();
    chart
        .draw_series(LineSeries::new(curve.iter().copied(), line))?
        .label("simulated FX100, 1 RDMA engine")
        .legend(move |c| {
            EmptyElement::at(c)
                + PathElement::new(vec![(0, 0), (22, 0)], line)
                + Circle::new((11, 0), 4, ink.filled())
        });
    chart.draw_series(curve.iter().map(|&c| Circle::new(c, 4, ink.filled())))?;
    let stated: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.paper.is_finite())
        .map(|p| (f64::from(p.processes), p.paper))
        .collect();
    let style = Ink::Paper.placeholder().stroke_width(3);
    chart
        .draw_series(PointSeries::of_element(stated, 7, style, &|c, s, st| {
            Cross::new(c, s, st)
        }))?
        .label("stated in the paper's text")
        .legend(move |(x, y)| Cross::new((x + 11, y), 5, style));
    crate::fig10_svg::legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(simulated: [Option<f64>; 3]) -> Vec<Point> {
        [4, 64, 4096]
            .iter()
            .zip(simulated)
            .map(|(&processes, simulated)| Point {
                processes,
                simulated,
                paper: match processes {
                    4 => 2.3,
                    4096 => 2200.0,
                    _ => f64::NAN,
                },
            })
            .collect()
    }

    #[test]
    fn the_curve_its_points_and_the_papers_values() {
        let svg = render(&points([Some(2.3), Some(36.8), Some(2355.0)])).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
        let hex = Ink::Series(0).hex();
        assert!(svg.contains(&format!("stroke=\"{hex}\"")));
        // Three points and the legend's sample.
        assert_eq!(svg.matches("<circle").count(), 4);
        assert!(svg.contains(&Ink::Paper.hex()));
        assert!(svg.contains("stated in the paper"));
        assert!(svg.contains("processes (log scale)"));
    }

    #[test]
    fn a_curve_still_computing_draws_what_it_has() {
        let partial = render(&points([Some(2.3), None, None])).unwrap();
        assert_eq!(partial.matches("<circle").count(), 2);
        let empty = render(&points([None, None, None])).unwrap();
        assert!(empty.contains("µs per lock + unlock"));
    }
}
