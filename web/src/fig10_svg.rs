//! Fig. 10 of paper 000 drawn as an SVG document with plotters: throughput (MB/s) against message
//! size (bytes, log scale), one line per engine plus the raw remote write, the values the paper's
//! text states as crosses, a legend and axis labels. Pure: a core [`Figure`] in, a string out.
//!
//! Colours follow the page's theme: the chart is drawn in placeholder colours ([`Ink`]) that
//! `static/paper-check.css` maps to the theme's (CSS beats SVG presentation attributes), so one
//! drawing is readable in light and dark.

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use rankscope_core::proto::p2p::{Matching, Protocol};
use rankscope_core::reproduce::Figure;

/// The drawing's size in pixels (it scales with the page: the SVG has a `viewBox`).
pub const SIZE: (u32, u32) = (880, 460);

/// The font text is measured and drawn in (the page's).
pub const FONT: &str = "Inter";

/// Font sizes as plotters takes them (it draws text at size / 1.24): tick labels and legend
/// at 13 px, axis descriptions at 14 px.
pub const LABEL_SIZE: f64 = 16.0;
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
    /// The values stated in the paper's text.
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
            Ink::Series(n) => RGBColor(1, 3, n.saturating_add(1)),
        }
    }

    /// The placeholder as it appears in the SVG's attributes (`#RRGGBB`).
    pub fn hex(self) -> String {
        let RGBColor(r, g, b) = self.placeholder();
        format!("#{r:02X}{g:02X}{b:02X}")
    }
}

/// How many series the stylesheet has theme colours for.
pub const SERIES_INKS: u8 = 8;

/// `bytes` as an axis label: 4 B, 1 kB, 1.6 MB (decimal, as the paper's MB/s).
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

/// The top of the throughput axis: above every value (simulated or stated) by a margin, rounded
/// up to 5 MB/s.
fn y_top(figure: &Figure) -> f64 {
    let highest = figure
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .chain(figure.points.cells.iter().map(|c| &c.paper))
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    ((highest * 1.08 / 5.0).ceil() * 5.0).max(5.0)
}

/// The x of a stated value: the message size its label names ("… at 512 B", "… at 1.6 MB").
fn stated_x(label: &str) -> Option<f64> {
    let at = label.rfind(" at ")?;
    let mut words = label[at + 4..].split_whitespace();
    let number: f64 = words.next()?.parse().ok()?;
    let unit = words.next()?;
    let scale = match unit {
        "B" => 1.0,
        "kB" | "KB" => 1e3,
        "MB" => 1e6,
        _ => return None,
    };
    Some(number * scale)
}

/// Draws `figure` (throughput in MB/s over message sizes in bytes) as an SVG document.
pub fn render(figure: &Figure) -> Result<String, String> {
    to_svg("Fig. 10", |svg| draw(figure, svg))
}

/// The SVG document `draw` writes, or why drawing `what` failed.
pub fn to_svg(
    what: &str,
    draw: impl FnOnce(&mut String) -> Result<(), Box<dyn std::error::Error>>,
) -> Result<String, String> {
    let mut svg = String::new();
    draw(&mut svg).map_err(|e| format!("drawing {what} failed: {e}"))?;
    Ok(svg)
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

/// Sets the axes, grid lines and fonts every paper-check chart shares, themed with [`Ink`]
/// placeholders.
pub fn themed_mesh<'a, 'b, X, Y, XT, YT, DB>(
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

fn draw(figure: &Figure, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    let x_first = figure.x.first().copied().unwrap_or(1.0).max(1.0);
    let x_last = figure.x.last().copied().unwrap_or(10.0).max(x_first * 10.0);
    let x_range = (x_first / 1.25)..(x_last * 1.25);
    let mut chart = ChartBuilder::on(&root)
        .margin_top(12)
        .margin_right(24)
        .margin_left(8)
        .margin_bottom(8)
        .x_label_area_size(52)
        .y_label_area_size(64)
        .build_cartesian_2d(x_range.log_scale(), 0f64..y_top(figure))?;
    themed_mesh(
        chart
            .configure_mesh()
            .x_desc("message size (bytes, log scale)")
            .y_desc("throughput (MB/s)")
            .x_label_formatter(&|x| bytes_label(*x))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_labels(8)
            .y_labels(8),
    )
    .draw()?;

    for (n, series) in figure.series.iter().enumerate() {
        let ink = Ink::Series(u8::try_from(n).unwrap_or(u8::MAX)).placeholder();
        // A series named by an engine gets its protocol's marker; the other one is the raw
        // remote write, the ceiling the engines approach: a wide, light band under them.
        let protocol = series
            .label
            .parse::<Matching>()
            .ok()
            .and_then(Matching::protocol);
        let points: Vec<(f64, f64)> = figure
            .x
            .iter()
            .zip(&series.values)
            .filter_map(|(&x, v)| Some((x, (*v)?)))
            .collect();
        let line = match protocol {
            Some(_) => ink.stroke_width(2),
            None => ink.mix(0.45).stroke_width(7),
        };
        let style = ink.filled();
        let sample =
            move |(x, y)| EmptyElement::at((x, y)) + PathElement::new(vec![(0, 0), (22, 0)], line);
        let curve = chart
            .draw_series(LineSeries::new(points.iter().copied(), line))?
            .label(series.label.as_str());
        // Buffered a circle, get a triangle, sync a square, in the legend and at every point, so
        // curves that coincide still show each engine's marks.
        match protocol {
            Some(Protocol::Buffered) => {
                curve.legend(move |c| sample(c) + Circle::new((11, 0), 4, style))
            }
            Some(Protocol::Get) => {
                curve.legend(move |c| sample(c) + TriangleMarker::new((11, 0), 5, style))
            }
            Some(Protocol::Sync) => {
                curve.legend(move |c| sample(c) + Rectangle::new([(8, -3), (14, 3)], style))
            }
            None => curve.legend(sample),
        };
        match protocol {
            Some(Protocol::Buffered) => {
                chart.draw_series(points.iter().map(|&c| Circle::new(c, 4, style)))?;
            }
            Some(Protocol::Get) => {
                chart.draw_series(points.iter().map(|&c| TriangleMarker::new(c, 5, style)))?;
            }
            Some(Protocol::Sync) => {
                chart.draw_series(
                    points
                        .iter()
                        .map(|&c| EmptyElement::at(c) + Rectangle::new([(-3, -3), (3, 3)], style)),
                )?;
            }
            None => {}
        }
    }
    let paper = Ink::Paper.placeholder();
    let stated: Vec<(f64, f64)> = figure
        .points
        .cells
        .iter()
        .filter_map(|c| Some((stated_x(&c.label)?, c.paper)))
        .collect();
    if !stated.is_empty() {
        let style = paper.stroke_width(3);
        chart
            .draw_series(PointSeries::of_element(stated, 7, style, &|c, s, st| {
                Cross::new(c, s, st)
            }))?
            .label("stated in the paper's text")
            .legend(move |(x, y)| Cross::new((x + 11, y), 5, style));
    }
    legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    root.present()?;
    Ok(())
}

/// Draws a chart's legend the way every paper-check chart does: themed panel background, grid
/// border, label font, at `position`.
pub fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
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
        .draw()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::proto::p2p::ENGINES;
    use rankscope_core::reproduce::{Cell, Series, Table};

    fn figure(values: Vec<Option<f64>>) -> Figure {
        let x = vec![4.0, 512.0, 1_600_000.0];
        let series = ENGINES
            .iter()
            .filter(|m| m.protocol().is_some())
            .map(ToString::to_string)
            .chain(["remote write (SYSWR)".to_string()])
            .map(|label| Series {
                label,
                values: values.clone(),
            })
            .collect();
        let stated = |label: &str, paper: f64| Cell {
            label: label.into(),
            paper,
            simulated: None,
            note: String::new(),
        };
        Figure {
            title: "Fig. 10".into(),
            x,
            series,
            points: Table {
                title: "stated".into(),
                cells: vec![
                    stated("both-sides:sync at 1.6 MB (calibration)", 31.4),
                    stated("both-sides:sync at 512 B (half of the peak)", 15.7),
                ],
            },
        }
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn every_series_is_a_coloured_line_in_the_legend() {
        let svg = render(&figure(vec![Some(0.5), Some(15.0), Some(31.0)])).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
        assert!(svg.contains("viewBox"));
        for n in 0..7u8 {
            let hex = Ink::Series(n).hex();
            // The line and its legend sample.
            assert!(
                count(&svg, &format!("stroke=\"{hex}\"")) >= 2,
                "series {n} ({hex}) missing"
            );
        }
        for label in [
            "both-sides:buffered",
            "receiver-only:sync",
            "remote write (SYSWR)",
        ] {
            assert!(svg.contains(label), "legend lacks {label}");
        }
        // Each protocol's marker: 3 points and a legend sample for each of 2 engines.
        assert_eq!(count(&svg, "<circle"), 8, "buffered: circles");
        assert!(count(&svg, "<rect") >= 8, "sync: squares");
        assert!(count(&svg, "<polygon") >= 8, "get: triangles");
        assert!(svg.contains("stated in the paper"));
        assert!(svg.contains("message size (bytes, log scale)"));
        assert!(svg.contains("throughput (MB/s)"));
        assert!(svg.contains("1.6 MB") || svg.contains("1 MB"));
        assert!(svg.contains(&Ink::Paper.hex()));
    }

    #[test]
    fn a_figure_still_computing_draws_what_it_has() {
        let partial = render(&figure(vec![Some(0.5), None, None])).unwrap();
        assert!(partial.contains("receiver-only:buffered"));
        let empty = render(&figure(vec![None, None, None])).unwrap();
        assert!(empty.contains("throughput (MB/s)"));
    }

    #[test]
    fn the_stylesheet_themes_every_placeholder() {
        let css = include_str!("../../static/paper-check.css");
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
    fn byte_labels() {
        assert_eq!(bytes_label(4.0), "4 B");
        assert_eq!(bytes_label(1000.0), "1 kB");
        assert_eq!(bytes_label(16_384.0), "16.4 kB");
        assert_eq!(bytes_label(1_600_000.0), "1.6 MB");
        assert_eq!(stated_x("both-sides:sync at 512 B (half)"), Some(512.0));
        assert_eq!(stated_x("x at 1.6 MB (calibration)"), Some(1_600_000.0));
        assert_eq!(stated_x("no size"), None);
    }
}
