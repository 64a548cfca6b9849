//! Paper checks: the papers' tables and figures recomputed by running their programs on the
//! simulated machines, next to the published values, with the relative error of every cell.
//! One registry ([`registry::PAPERS`]) lists the papers; each paper is one module describing its
//! parts ([`paper::Part`]); [`runner::Check`] runs any paper's parts resumably (the page), and
//! [`paper::Part::run`] runs one to the end (the CLI).
//!
//! A part's `Experiment` is per `Scope`: the report may run more than the page (e.g. Fig. 8's
//! K-computer round). `rankscope reproduce` walks the registry (`all`, a paper, or `PAPER PART`;
//! `--json`) with `Part::run`, the same jobs to the end, so page and CLI compute the same numbers.
//! Each run is a resumable [`job::Job`] (built lazily, `TraceMode::HashOnly`, advanced a slice of
//! events at a time): a program (`Sim<Vm>`, the number printed after a key) or a
//! [`native_run::NativeRun`] (`Sim<Native>`, the slowest rank's finish time or the run's end;
//! `NativeRun::note_from_run` writes the cell's note from the finished run, e.g. paper 002's port
//! drops from `Machine::port_drops`). Slices are sized from the events that actually ran (≈ 5 ms
//! each). Each paper's module says how its tables and figures are computed.

pub mod job;
pub mod native_run;
pub mod paper;
pub mod paper000;
pub mod paper001;
pub mod paper002;
pub mod paper003;
pub mod paper004;
pub mod plot;
pub mod registry;
pub mod runner;

pub use job::{Experiment, Job};
pub use native_run::{Measure, NativeRun};
pub use paper::{Display, Paper, Part, Reproduced, Scope, Start};
pub use plot::{Axis, Format, Layout, Legend, Mark, Plot, Scale, Stated};
pub use registry::{find, PAPERS};
pub use runner::{CellState, Check, CheckPart, Progress, Row, Status, Wall};

use serde::Serialize;

/// One cell of a reproduced table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Which row and column, in the paper's words.
    pub label: String,
    /// The published value.
    pub paper: f64,
    /// What the simulation gives (`None` when the run could not produce it; see `note`).
    pub simulated: Option<f64>,
    /// Why a value is missing or what it depends on.
    pub note: String,
}

impl Cell {
    /// A cell whose run has not given a value yet.
    pub fn pending(label: impl Into<String>, paper: f64, note: impl Into<String>) -> Cell {
        Cell {
            label: label.into(),
            paper,
            simulated: None,
            note: note.into(),
        }
    }

    /// (simulated − paper) / paper; 0 when they are equal, also when both are 0 (a flag the
    /// paper states as 0, e.g. paper 002's "no conflict").
    pub fn relative_error(&self) -> Option<f64> {
        self.simulated.map(|s| {
            if s == self.paper {
                0.0
            } else {
                (s - self.paper) / self.paper
            }
        })
    }
}

/// A reproduced table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table {
    /// Its title (paper, table number, quantity and unit).
    pub title: String,
    /// Its cells, in the paper's order.
    pub cells: Vec<Cell>,
}

impl Table {
    /// The simulated value of the cell labelled `label` (panics if there is none: for tests and
    /// checks that ask for a cell they made).
    pub fn value(&self, label: &str) -> f64 {
        self.cells
            .iter()
            .find(|c| c.label == label)
            .and_then(|c| c.simulated)
            .unwrap_or_else(|| panic!("no value for {label}"))
    }
}

/// One curve of a reproduced figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// What it shows (an engine, or the raw hardware).
    pub label: String,
    /// The y value at each x of the figure (`None` where the run failed).
    pub values: Vec<Option<f64>>,
}

/// A reproduced figure: curves over common x values, plus the points the paper states in numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// Its title (paper, figure number, axes and units).
    pub title: String,
    /// The x values.
    pub x: Vec<f64>,
    /// The curves.
    pub series: Vec<Series>,
    /// The paper's stated values, compared.
    pub points: Table,
}
