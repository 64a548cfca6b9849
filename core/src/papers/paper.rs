//! What a paper check is, as data: a [`Paper`] (its id, names and introduction) and its
//! [`Part`]s — each a table or figure of the paper with the resumable [`Experiment`] that
//! recomputes it, how its finished (or partial) jobs become a [`Reproduced`] table and plots next
//! to the paper's values, whether it starts when the page opens, its unit and the explanation the
//! page shows. The texts are Markdown-ish: paragraphs separated by blank lines, `code` in
//! backticks. The CLI and the web read nothing else per paper.

use std::fmt;

use super::plot::Plot;
use super::{Experiment, Table};

/// Where a part's experiment runs: the CLI's report may run more than the page (e.g. paper 003's
/// Fig. 8 also runs the K computer's 663,552 processes, too long for a page).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In the browser, in chunks.
    Page,
    /// `rankscope reproduce`, run to the end.
    Report,
}

/// When a part starts in the page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// As soon as the page opens.
    OnOpen,
    /// When the user asks (long parts).
    OnRequest,
}

/// How the page shows a part's result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Display {
    /// Its plots, then its table of cells next to the paper's values.
    Table,
    /// One run's measurement: the first cell's value, the simulated events and the wall time it
    /// took in the page (a run at scale).
    Measurement,
}

/// What a part's jobs have become so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Reproduced {
    /// The cells the page lists, next to the paper's values.
    pub table: Table,
    /// Whether `table.cells[i]` is job `i`'s cell (so the page can mark the run in progress on
    /// its own row); otherwise the cells are derived from the jobs (ratios, extremes, means).
    pub rows_are_jobs: bool,
    /// Whether the CLI's report lists `table` among the paper's tables.
    pub table_in_report: bool,
    /// The part's figures, with how to draw them.
    pub plots: Vec<Plot>,
}

impl Reproduced {
    /// A table of the jobs' own cells, in the report.
    pub fn jobs(experiment: &Experiment) -> Reproduced {
        Reproduced {
            table: experiment.table(),
            rows_are_jobs: true,
            table_in_report: true,
            plots: Vec::new(),
        }
    }

    /// A table derived from the jobs (not one cell per job), in the report.
    pub fn derived(table: Table) -> Reproduced {
        Reproduced {
            table,
            rows_are_jobs: false,
            table_in_report: true,
            plots: Vec::new(),
        }
    }
}

/// Builds a part's experiment.
pub type MakeExperiment = Box<dyn Fn(Scope) -> Experiment>;

/// Turns a part's experiment (finished or not) into what it reproduces.
pub type MakeResult = Box<dyn Fn(&Experiment) -> Reproduced>;

/// One table or figure of a paper, as a check computes it.
pub struct Part {
    /// Its identifier: `table1`, `fig10`… (the CLI's part name, the page's test ids).
    pub id: &'static str,
    /// The page's heading for it (`None`: the experiment's title).
    pub heading: Option<String>,
    /// The unit of its cells' values (the table's column heads).
    pub unit: &'static str,
    /// What it measures and how, Markdown-ish (shown under its heading).
    pub about: String,
    /// Shown instead of the result while it has not started (`None`: nothing).
    pub idle_note: Option<String>,
    /// When it starts in the page.
    pub start: Start,
    /// Whether `rankscope reproduce PAPER` runs it (a part the page alone runs, e.g. a demo of
    /// a run at scale, can still be named: `rankscope reproduce PAPER PART`).
    pub in_report: bool,
    /// How the page shows it.
    pub display: Display,
    /// Its runs.
    pub experiment: MakeExperiment,
    /// Its result from its runs so far.
    pub result: MakeResult,
}

impl fmt::Debug for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Part")
            .field("id", &self.id)
            .field("start", &self.start)
            .field("in_report", &self.in_report)
            .finish_non_exhaustive()
    }
}

impl Part {
    /// A part shown as a table, in the report, that starts when the page opens; set the rest
    /// with the fields' builders.
    pub fn new(
        id: &'static str,
        unit: &'static str,
        about: impl Into<String>,
        experiment: impl Fn(Scope) -> Experiment + 'static,
        result: impl Fn(&Experiment) -> Reproduced + 'static,
    ) -> Part {
        Part {
            id,
            heading: None,
            unit,
            about: about.into(),
            idle_note: None,
            start: Start::OnOpen,
            in_report: true,
            display: Display::Table,
            experiment: Box::new(experiment),
            result: Box::new(result),
        }
    }

    /// Starts only when the user asks.
    pub fn on_request(mut self) -> Part {
        self.start = Start::OnRequest;
        self
    }

    /// Run by the page only (and by the CLI when named).
    pub fn page_only(mut self) -> Part {
        self.in_report = false;
        self
    }

    /// Shown as one run's measurement, under `heading`, with `idle_note` before it starts.
    pub fn measurement(mut self, heading: impl Into<String>, idle_note: impl Into<String>) -> Part {
        self.display = Display::Measurement;
        self.heading = Some(heading.into());
        self.idle_note = Some(idle_note.into());
        self
    }

    /// Runs its experiment to the end (`scope`'s) and returns what it reproduces.
    pub fn run(&self, scope: Scope) -> Reproduced {
        let mut experiment = (self.experiment)(scope);
        experiment.run_to_end();
        (self.result)(&experiment)
    }
}

/// A paper with a check.
#[derive(Copy, Clone, Debug)]
pub struct Paper {
    /// Its number in the project: `000`, `003`… (the URL's `#paper=`, the CLI's argument).
    pub id: &'static str,
    /// A short name for links: "MPI-EMX on EM-X".
    pub short: &'static str,
    /// Its full name for the page's heading.
    pub title: &'static str,
    /// What the check does and what was calibrated, Markdown-ish (the page's introduction).
    pub intro: &'static str,
    /// Its parts, in the paper's (and the page's) order.
    pub parts: fn() -> Vec<Part>,
}
