//! Any paper's figure drawn as an SVG document with plotters: core's [`Plot`] (a figure, its axes,
//! each series' marks and the paper's stated values) in, a string out. Log or linear axes, ticks
//! as numbers or byte sizes, a line per series with its marker (or a light band), the stated
//! values as crosses or dashed levels, a legend and axis labels. Pure.
//!
//! Colours follow the page's theme: the chart is drawn in placeholder colours ([`Ink`]) that
//! `static/paper-check.css` maps to the theme's (CSS beats SVG presentation attributes), so one
//! drawing is readable in light and dark, and as a vector it is crisp at any pixel ratio.
//!
//! A test checks that every placeholder colour is themed in `static/paper-check.css`. Why SVG and
//! not a canvas: ARCHITECTURE.md, "Decisions".

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::AsRangedCoord;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use rankscope_core::papers::{Format, Legend, Mark, Plot, Scale, Stated};

/// The drawing's size in pixels (it scales with the page: the SVG has a `viewBox`).
pub const SIZE: (u32, u32) = (880, 460);

/// The font text is measured and drawn in (the page's).
pub const FONT: &str = "Inter";

/// Font sizes as plotters takes them (it draws text at size / 1.24): tick labels and legend
/// at 13 px, axis descriptions at 14 px.
pub const LABEL_SIZE: f64 = 16.0;
/// See [`LABEL_SIZE`].
pub const AXIS_SIZE: f64 = 17.5;

/// What a colour in the drawing stands for; the stylesheet gives each its theme colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Text and axes.
    Text,
    /// Grid lines and the legend's border.
    Grid,
    /// The legend's background.
    Panel,
    /// The values stated in the paper.
    Paper,
    /// The `n`th series (0-based, in the figure's order).
    Series(u8),
}

impl Ink {
    /// The placeholder colour drawn for it (never a colour the chart means literally).
    pub fn placeholder(self) -> RGBColor {
        match self {
            Ink::Text => RGBColor(1, 2, 3),
            Ink::Grid => RGBColor(1, 2, 4),
            Ink::Panel => RGBColor(1, 2, 5),
            Ink::Paper => RGBColor(1, 2, 6),
            Ink::Series(n) => RGBColor(1, 3, n % SERIES_INKS + 1),
        }
    }

    /// The placeholder as it appears in the SVG's attributes (`#RRGGBB`).
    pub fn hex(self) -> String {
        let RGBColor(r, g, b) = self.placeholder();
        format!("#{r:02X}{g:02X}{b:02X}")
    }
}

/// How many series the stylesheet has theme colours for (more series reuse them).
pub const SERIES_INKS: u8 = 8;

/// `bytes` as a label: 4 B, 1 kB, 1.6 MB (decimal, as the paper's MB/s).
pub fn bytes_label(bytes: f64) -> String {
    let (value, unit) = if bytes >= 1e6 {
        (bytes / 1e6, "MB")
    } else if bytes >= 1e3 {
        (bytes / 1e3, "kB")
    } else {
        (bytes, "B")
    };
    let text = format!("{value:.1}");
    let text = text.trim_end_matches(".0");
    format!("{text} {unit}")
}

/// A number as a label, without float noise: "0.05", "0.3", "2", "4096".
pub fn number_label(v: f64) -> String {
    let text = if v.abs() >= 10.0 {
        format!("{v:.0}")
    } else if v.abs() >= 1.0 {
        format!("{v:.1}")
    } else if v == 0.0 || v.abs() >= 0.001 {
        format!("{v:.3}")
    } else {
        // Small values keep their first significant digit (0.0001, not 0).
        let decimals = (-v.abs().log10()).ceil() as usize;
        format!("{v:.decimals$}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A value as an axis of `format` reads it.
pub fn label(format: Format, v: f64) -> String {
    match format {
        Format::Bytes => bytes_label(v),
        Format::Number => number_label(v),
    }
}

/// A log axis's ticks between `low` and `high`: 1, 2 and 5 times the powers of ten, or only the
/// powers of ten over more than three decades.
pub fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let wide = high / low > 1000.0;
    let (first, last) = (low.log10().floor() as i32, high.log10().ceil() as i32);
    (first..=last)
        .flat_map(|e| {
            let p = 10f64.powi(e);
            if wide {
                vec![p]
            } else {
                vec![p, 2.0 * p, 5.0 * p]
            }
        })
        .filter(|t| (low..=high).contains(t))
        .collect()
}

/// The lowest and highest of the finite positive `values`, widened by `margin` on a log axis
/// (divided and multiplied), or `fallback` when there are none.
pub fn log_range(
    values: impl Iterator<Item = f64>,
    margin: f64,
    fallback: (f64, f64),
) -> (f64, f64) {
    let (low, high) = values
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if high > 0.0 {
        (low / margin, high * margin)
    } else {
        fallback
    }
}

/// The range of an axis over `values`: log around them, or linear from 0 to a round top above
/// them.
fn range(scale: Scale, values: Vec<f64>) -> (f64, f64) {
    match scale {
        Scale::Log => log_range(values.into_iter(), 1.4, (1.0, 10.0)),
        Scale::Linear => {
            let high = values
                .into_iter()
                .filter(|v| v.is_finite())
                .fold(0.0f64, f64::max);
            if high <= 0.0 {
                return (0.0, 1.0);
            }
            let step = 10f64.powf((high * 1.08).log10().floor()) / 2.0;
            (0.0, ((high * 1.08) / step).ceil() * step)
        }
    }
}

/// The y values of the series and stated values, and the x values drawn.
fn extent(plot: &Plot) -> (Vec<f64>, Vec<f64>) {
    let mut xs = plot.figure.x.clone();
    let mut ys: Vec<f64> = plot
        .figure
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten().copied())
        .collect();
    for s in &plot.stated {
        match *s {
            Stated::Point { x, y } => {
                xs.push(x);
                ys.push(y);
            }
            Stated::Level { from, to, y } => {
                xs.extend([from, to]);
                ys.push(y);
            }
        }
    }
    (xs, ys)
}

/// Draws `plot` as an SVG document, or says why it could not.
pub fn render(plot: &Plot) -> Result<String, String> {
    let mut svg = String::new();
    draw(plot, &mut svg).map_err(|e| format!("drawing {} failed: {e}", plot.id))?;
    Ok(svg)
}

/// Sets the axes, grid lines and fonts every chart shares, themed with [`Ink`] placeholders.
fn themed_mesh<'a, 'b, X, Y, XT, YT, DB>(
    mesh: &'b mut MeshStyle<'a, 'b, X, Y, DB>,
) -> &'b mut MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged<ValueType = XT> + ValueFormatter<XT>,
    Y: Ranged<ValueType = YT> + ValueFormatter<YT>,
    DB: DrawingBackend,
{
    let text = Ink::Text.placeholder();
    let grid = Ink::Grid.placeholder();
    mesh.axis_style(text)
        .bold_line_style(grid.mix(0.9))
        .light_line_style(grid.mix(0.35))
        .label_style((FONT, LABEL_SIZE).into_font().color(&text))
        .axis_desc_style((FONT, AXIS_SIZE).into_font().color(&text))
}

/// A log axis over `(low, high)` with ticks at [`log_ticks`].
fn log_axis(
    (low, high): (f64, f64),
) -> impl AsRangedCoord<Value = f64, CoordDescType: ValueFormatter<f64>> {
    (low..high)
        .log_scale()
        .with_key_points(log_ticks(low, high))
}

fn draw(plot: &Plot, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    let (xs, ys) = extent(plot);
    let x_range = match plot.x.scale {
        Scale::Log => log_range(xs.into_iter(), 1.25, (1.0, 10.0)),
        Scale::Linear => {
            let high = xs.into_iter().filter(|v| v.is_finite()).fold(1.0, f64::max);
            (0.0, high * 1.02)
        }
    };
    let y_range = range(plot.y.scale, ys);
    let linear = |(low, high): (f64, f64)| low..high;
    match (plot.x.scale, plot.y.scale) {
        (Scale::Log, Scale::Log) => draw_on(plot, &root, log_axis(x_range), log_axis(y_range)),
        (Scale::Log, Scale::Linear) => draw_on(plot, &root, log_axis(x_range), linear(y_range)),
        (Scale::Linear, Scale::Log) => draw_on(plot, &root, linear(x_range), log_axis(y_range)),
        (Scale::Linear, Scale::Linear) => draw_on(plot, &root, linear(x_range), linear(y_range)),
    }?;
    root.present()?;
    Ok(())
}

/// Whether `v` can be drawn on an axis of `scale`.
fn drawable(scale: Scale, v: f64) -> bool {
    v.is_finite() && (scale == Scale::Linear || v > 0.0)
}

fn draw_on<X, Y>(
    plot: &Plot,
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    x: X,
    y: Y,
) -> Result<(), Box<dyn std::error::Error>>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let (xs_, ys_) = (plot.x.scale, plot.y.scale);
    let mut chart = ChartBuilder::on(root)
        .margin_top(12)
        .margin_right(24)
        .margin_left(8)
        .margin_bottom(8)
        .x_label_area_size(52)
        .y_label_area_size(72)
        .build_cartesian_2d(x, y)?;
    let (xf, yf) = (plot.x.format, plot.y.format);
    let x_label = move |v: &f64| label(xf, *v);
    let y_label = move |v: &f64| label(yf, *v);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(plot.x.label.as_str())
        .y_desc(plot.y.label.as_str())
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_labels(9)
        .y_labels(9);
    themed_mesh(&mut mesh).draw()?;

    let figure = &plot.figure;
    for (n, series) in figure.series.iter().enumerate() {
        let ink = Ink::Series(u8::try_from(n).unwrap_or(u8::MAX)).placeholder();
        let points: Vec<(f64, f64)> = figure
            .x
            .iter()
            .zip(&series.values)
            .filter_map(|(&x, v)| Some((x, (*v)?)))
            .filter(|&(x, y)| drawable(xs_, x) && drawable(ys_, y))
            .collect();
        let mark = plot.mark(n);
        let line = match mark {
            Mark::Band => ink.mix(0.45).stroke_width(7),
            Mark::Line => ink.stroke_width(3),
            _ => ink.stroke_width(2),
        };
        let style = ink.filled();
        let sample =
            move |(x, y)| EmptyElement::at((x, y)) + PathElement::new(vec![(0, 0), (22, 0)], line);
        let curve = chart
            .draw_series(LineSeries::new(points.iter().copied(), line))?
            .label(series.label.as_str());
        match mark {
            Mark::Circles => curve.legend(move |c| sample(c) + Circle::new((11, 0), 4, style)),
            Mark::Triangles => {
                curve.legend(move |c| sample(c) + TriangleMarker::new((11, 0), 5, style))
            }
            Mark::Squares => {
                curve.legend(move |c| sample(c) + Rectangle::new([(8, -3), (14, 3)], style))
            }
            Mark::Line | Mark::Band => curve.legend(sample),
        };
        match mark {
            Mark::Circles => {
                chart.draw_series(points.iter().map(|&c| Circle::new(c, 4, style)))?;
            }
            Mark::Triangles => {
                chart.draw_series(points.iter().map(|&c| TriangleMarker::new(c, 5, style)))?;
            }
            Mark::Squares => {
                chart.draw_series(
                    points
                        .iter()
                        .map(|&c| EmptyElement::at(c) + Rectangle::new([(-3, -3), (3, 3)], style)),
                )?;
            }
            Mark::Line | Mark::Band => {}
        }
    }
    let paper = Ink::Paper.placeholder();
    let crosses: Vec<(f64, f64)> = plot
        .stated
        .iter()
        .filter_map(|s| match *s {
            Stated::Point { x, y } => Some((x, y)),
            Stated::Level { .. } => None,
        })
        .filter(|&(x, y)| drawable(xs_, x) && drawable(ys_, y))
        .collect();
    let cross = paper.stroke_width(3);
    let dash = paper.stroke_width(2);
    let mut labelled = false;
    if !crosses.is_empty() {
        chart
            .draw_series(PointSeries::of_element(crosses, 7, cross, &|c, s, st| {
                Cross::new(c, s, st)
            }))?
            .label(plot.stated_label.as_str())
            .legend(move |(x, y)| Cross::new((x + 11, y), 5, cross));
        labelled = true;
    }
    for s in &plot.stated {
        let Stated::Level { from, to, y } = *s else {
            continue;
        };
        if !(drawable(xs_, from) && drawable(xs_, to) && drawable(ys_, y)) {
            continue;
        }
        let drawn = chart.draw_series(DashedLineSeries::new([(from, y), (to, y)], 6, 4, dash))?;
        if !labelled {
            drawn
                .label(plot.stated_label.as_str())
                .legend(move |(x, y)| {
                    EmptyElement::at((x, y))
                        + PathElement::new(vec![(0, 0), (8, 0)], dash)
                        + PathElement::new(vec![(13, 0), (22, 0)], dash)
                });
            labelled = true;
        }
    }
    // Curves rising to the right leave the upper left free; flat ones over ranks, the right;
    // a plot may say its free corner is the lower right.
    let position = if plot.legend == Legend::LowerRight {
        SeriesLabelPosition::LowerRight
    } else if xs_ == Scale::Linear {
        SeriesLabelPosition::MiddleRight
    } else {
        SeriesLabelPosition::UpperLeft
    };
    chart
        .configure_series_labels()
        .position(position)
        .margin(12)
        .legend_area_size(30)
        .background_style(Ink::Panel.placeholder().mix(0.92))
        .border_style(Ink::Grid.placeholder())
        .label_font(
            (FONT, LABEL_SIZE)
                .into_font()
                .color(&Ink::Text.placeholder()),
        )
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::papers::{paper000, paper003, Experiment};

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// Paper 000's Fig. 10 as its part makes it, with every engine at `values` (3 sizes).
    fn fig10(values: [Option<f64>; 3]) -> Plot {
        let mut plot = (paper000::parts()[1].result)(&paper000::fig10_experiment())
            .plots
            .remove(0);
        plot.figure.x = vec![4.0, 512.0, 1_600_000.0];
        for s in &mut plot.figure.series {
            s.values = values.to_vec();
        }
        plot
    }

    #[test]
    fn every_series_is_a_coloured_line_with_its_marker_in_the_legend() {
        let svg = render(&fig10([Some(0.5), Some(15.0), Some(31.0)])).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
        for n in 0..7u8 {
            let hex = Ink::Series(n).hex();
            assert!(count(&svg, &format!("stroke=\"{hex}\"")) >= 2, "series {n}");
        }
        for label in ["both-sides:buffered", "receiver-only:sync", "remote write"] {
            assert!(svg.contains(label), "legend lacks {label}");
        }
        // Each protocol's marker: 3 points and a legend sample for each of 2 engines.
        assert_eq!(count(&svg, "<circle"), 8, "buffered: circles");
        assert!(count(&svg, "<rect") >= 8, "sync: squares");
        assert!(count(&svg, "<polygon") >= 8, "get: triangles");
        assert!(svg.contains("stated in the paper"));
        assert!(svg.contains("message size (bytes, log scale)"));
        assert!(svg.contains("throughput (MB/s)"));
        assert!(svg.contains(&Ink::Paper.hex()));
    }

    #[test]
    fn a_figure_still_computing_draws_what_it_has() {
        let partial = render(&fig10([Some(0.5), None, None])).unwrap();
        assert!(partial.contains("receiver-only:buffered"));
        let empty = render(&fig10([None, None, None])).unwrap();
        assert!(empty.contains("throughput (MB/s)"));
    }

    #[test]
    fn levels_are_dashed_and_log_axes_tick_one_two_five() {
        let mut e = paper003::fig10_experiment(2);
        e.jobs.truncate(1);
        e.run_to_end();
        let plots = (paper003::parts()[2].result)(&e).plots;
        let svg = render(&plots[0]).unwrap();
        assert!(svg.contains(&format!("stroke=\"{}\"", Ink::Series(0).hex())));
        assert!(svg.contains("ppn 1 (128 processes)"));
        assert!(svg.contains("stated in the paper (slowest rank"));
        assert!(count(&svg, &format!("stroke=\"{}\"", Ink::Paper.hex())) >= 4);
        assert_eq!(log_ticks(0.04, 0.6), vec![0.05, 0.1, 0.2, 0.5]);
        assert_eq!(log_ticks(1.0, 5000.0), vec![1.0, 10.0, 100.0, 1000.0]);
        // Nothing run yet: the axes are still drawn.
        let none = Experiment {
            title: String::new(),
            jobs: Vec::new(),
        };
        let fig8 = (paper003::parts()[0].result)(&none).plots.remove(0);
        assert!(render(&fig8).unwrap().contains("processes (log scale)"));
    }

    #[test]
    fn the_stylesheet_themes_every_placeholder() {
        let css = include_str!("../../../static/paper-check.css");
        let mut inks = vec![Ink::Text, Ink::Grid, Ink::Panel, Ink::Paper];
        inks.extend((0..SERIES_INKS).map(Ink::Series));
        for ink in inks {
            assert!(
                css.contains(&ink.hex()),
                "{ink:?} ({}) not themed",
                ink.hex()
            );
        }
    }

    #[test]
    fn labels_read_naturally() {
        assert_eq!(bytes_label(4.0), "4 B");
        assert_eq!(bytes_label(16_384.0), "16.4 kB");
        assert_eq!(bytes_label(1_600_000.0), "1.6 MB");
        assert_eq!(number_label(0.05), "0.05");
        assert_eq!(number_label(0.30000000000000004), "0.3");
        assert_eq!(number_label(2.0), "2");
        assert_eq!(number_label(1.5), "1.5");
        assert_eq!(number_label(4096.0), "4096");
        assert_eq!(number_label(0.0001), "0.0001");
        assert_eq!(number_label(0.00025), "0.0003");
    }
}
