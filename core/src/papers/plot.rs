//! A reproduced figure with how to show it, as data: a [`Plot`] is core's [`Figure`] plus its
//! axes, each series' marks, the values the paper states (points or levels) and how to list its
//! numbers. The web draws any plot with one generic chart; the CLI reports the figure.

use super::Figure;

/// How an axis maps values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Linear from 0.
    Linear,
    /// Logarithmic, around the values.
    Log,
}

/// How an axis's values read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// A plain number, without float noise: "0.05", "2", "4096".
    Number,
    /// A size in bytes: "4 B", "16.4 kB", "1.6 MB".
    Bytes,
}

/// One axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// What it shows, with its unit.
    pub label: String,
    /// Its scale.
    pub scale: Scale,
    /// How its ticks read.
    pub format: Format,
}

impl Axis {
    /// A linear axis of plain numbers.
    pub fn linear(label: impl Into<String>) -> Axis {
        Axis {
            label: label.into(),
            scale: Scale::Linear,
            format: Format::Number,
        }
    }

    /// A logarithmic axis of plain numbers.
    pub fn log(label: impl Into<String>) -> Axis {
        Axis {
            label: label.into(),
            scale: Scale::Log,
            format: Format::Number,
        }
    }

    /// Its ticks read as `format`.
    pub fn reading(mut self, format: Format) -> Axis {
        self.format = format;
        self
    }
}

/// How a series is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A line.
    Line,
    /// A line with a circle at each point.
    Circles,
    /// A line with a triangle at each point.
    Triangles,
    /// A line with a square at each point.
    Squares,
    /// A wide, light band (a ceiling the other series approach).
    Band,
}

/// A value the paper states, drawn over the simulated curves.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Stated {
    /// A point (a cross).
    Point {
        /// Its x.
        x: f64,
        /// Its y.
        y: f64,
    },
    /// A level over an x range (a dashed line).
    Level {
        /// Where it starts.
        from: f64,
        /// Where it ends.
        to: f64,
        /// Its y.
        y: f64,
    },
}

/// How the page lists a plot's numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One row per series, one column per x (few x values), under a disclosure.
    Table,
    /// One line per series: how many values it has and its lowest and highest (many x values).
    Summary,
}

/// Where a chart's legend goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Legend {
    /// Where the curves usually leave room (the page decides by the axes).
    Auto,
    /// The lower right (curves that start high on the left).
    LowerRight,
}

/// A figure as the page shows it and the CLI reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// Its identifier in the page (test ids: `{id}-chart`, `{id}-numbers`).
    pub id: &'static str,
    /// The figure.
    pub figure: Figure,
    /// Whether the CLI's report lists the figure among the paper's figures.
    pub in_report: bool,
    /// Whether the page draws it (otherwise it lists only its numbers).
    pub drawn: bool,
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// Each series' marks, in the figure's order (missing ones: [`Mark::Line`]).
    pub marks: Vec<Mark>,
    /// What the paper states, and the legend's words for it.
    pub stated: Vec<Stated>,
    /// The legend's words for the stated values.
    pub stated_label: String,
    /// The chart in words, for screen readers.
    pub description: String,
    /// A sentence under the chart (how to read the marks), if any.
    pub caption: Option<String>,
    /// How the numbers are listed.
    pub layout: Layout,
    /// The numbers' heading: the disclosure's (a table) or the summary's unit (a summary).
    pub numbers_title: String,
    /// The table's corner (what the columns are), or the summary's word for a value ("ranks").
    pub numbers_corner: String,
    /// Decimals of the listed numbers.
    pub digits: usize,
    /// Where the legend goes.
    pub legend: Legend,
}

impl Plot {
    /// `figure` drawn on axes `x` and `y` with plain lines, listed as a table of `digits`
    /// decimals under `numbers_title`, in the report.
    pub fn new(id: &'static str, figure: Figure, x: Axis, y: Axis) -> Plot {
        Plot {
            id,
            description: figure.title.clone(),
            numbers_title: "The curves' numbers".into(),
            numbers_corner: y.label.clone(),
            figure,
            in_report: true,
            drawn: true,
            x,
            y,
            marks: Vec::new(),
            stated: Vec::new(),
            stated_label: "stated in the paper's text".into(),
            caption: None,
            layout: Layout::Table,
            digits: 2,
            legend: Legend::Auto,
        }
    }

    /// The mark of series `n`.
    pub fn mark(&self, n: usize) -> Mark {
        self.marks.get(n).copied().unwrap_or(Mark::Line)
    }
}
