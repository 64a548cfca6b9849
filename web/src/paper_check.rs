//! The paper-check view's state: paper 000's experiments (Table 1, Fig. 10, Table 3) recomputed
//! by core in the page, which of them are running, and how they advance — a time budget at a
//! time, in turns and slices (`check_parts`), so the page keeps answering input.
//! Pure: the clock is handed in; the timer that drives it is in the component.

use std::cell::RefCell;
use std::rc::Rc;

use rankscope_core::reproduce::{paper000, Cell, Experiment, Figure, Table};

use crate::check_parts::CheckParts;

/// The system size of Table 3 (the paper's).
pub const TABLE3_N: u32 = 2000;

/// Wall time one slice (one `Experiment::advance`) should take: a fifth of the budget of a
/// chunk, so a chunk overshoots its budget by a few milliseconds at most.
pub const SLICE_MS: f64 = 5.0;

/// Wall time a chunk — computing, then rendering what changed — should take before the page
/// yields to input and painting (as a playing run's chunk, see `playback`).
pub const CHUNK_MS: f64 = crate::playback::MAX_CHUNK_MS;

/// The least time a chunk computes, however long rendering took (so the check always moves).
pub const MIN_WORK_MS: f64 = 5.0;

/// Bounds of a slice, in simulated events.
pub const SLICE_BOUNDS: (u64, u64) = (100, 1_000_000);

/// |relative error| up to which a cell counts as close to the paper.
pub const CLOSE: f64 = 0.10;

/// |relative error| above which a cell counts as a miss.
pub const MISS: f64 = 0.25;

/// One part of the check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Table 1: one-way latencies of the naive and pre-posted ping-pong (14 runs).
    Table1,
    /// Fig. 10: throughput by message size (72 runs).
    Fig10,
    /// Table 3: back substitution, N = [`TABLE3_N`] (20 long runs).
    Table3,
}

/// Every part, in page order.
pub const PARTS: [Part; 3] = [Part::Table1, Part::Fig10, Part::Table3];

impl Part {
    fn index(self) -> usize {
        match self {
            Part::Table1 => 0,
            Part::Fig10 => 1,
            Part::Table3 => 2,
        }
    }

    /// Its identifier (for test ids and anchors).
    pub fn id(self) -> &'static str {
        match self {
            Part::Table1 => "table1",
            Part::Fig10 => "fig10",
            Part::Table3 => "table3",
        }
    }

    /// Whether it starts by itself when the view opens (Table 3 is long: the user starts it).
    pub fn starts_on_open(self) -> bool {
        self != Part::Table3
    }
}

/// Where a part's runs are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Never started.
    Idle,
    /// Being advanced.
    Running,
    /// Stopped by the user; starting again resumes where it stopped.
    Stopped,
    /// Every run finished (with a value or a note saying why not).
    Done,
}

/// How far a part has come.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Runs finished.
    pub done: usize,
    /// Runs in all.
    pub total: usize,
    /// Simulated events of the run in progress (0 between runs).
    pub events: u64,
    /// Wall time spent computing this part, in milliseconds.
    pub busy_ms: f64,
}

/// Where a cell of a shown table is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellState {
    /// Its run has not finished.
    Pending,
    /// Its run is the one being advanced (events so far).
    Running(u64),
    /// Its run finished: the cell has its value, or a note saying why there is none.
    Finished,
}

/// How a finished cell compares with the paper.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within [`CLOSE`].
    Close,
    /// Within [`MISS`].
    Near,
    /// Further than [`MISS`].
    Miss,
    /// The run gave no value (see the note).
    NoValue,
}

impl Verdict {
    /// The verdict on a finished cell.
    pub fn of(cell: &Cell) -> Verdict {
        match cell.relative_error() {
            None => Verdict::NoValue,
            Some(e) if !e.is_finite() => Verdict::NoValue,
            Some(e) if e.abs() <= CLOSE => Verdict::Close,
            Some(e) if e.abs() <= MISS => Verdict::Near,
            Some(_) => Verdict::Miss,
        }
    }

    /// Its identifier (a CSS class and test attribute).
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Close => "close",
            Verdict::Near => "near",
            Verdict::Miss => "miss",
            Verdict::NoValue => "no-value",
        }
    }
}

/// One row of a shown table: a core cell and where its run is.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The cell (label, paper value, simulated value, note).
    pub cell: Cell,
    /// Where its run is.
    pub state: CellState,
}

/// Paper 000's check: its three parts and whose turn it is.
#[derive(Debug)]
pub struct PaperCheck {
    parts: CheckParts<3>,
    /// Fig. 10 as of a number of finished runs (building it runs the raw remote write at every
    /// size, so it is built once per finished run, not once per frame).
    figure: RefCell<Option<(usize, Rc<Figure>)>>,
}

/// A [`PaperCheck`] shared by the page and its views, compared by identity.
#[derive(Clone, Debug)]
pub struct SharedPaperCheck(pub Rc<RefCell<PaperCheck>>);

impl PartialEq for SharedPaperCheck {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl SharedPaperCheck {
    /// Paper 000's check, none of it started.
    pub fn paper000() -> SharedPaperCheck {
        SharedPaperCheck(Rc::new(RefCell::new(PaperCheck::paper000())))
    }
}

impl PaperCheck {
    /// Paper 000 (MPI-EMX on EM-X): Table 1, Fig. 10 and Table 3 at N = [`TABLE3_N`], none started.
    pub fn paper000() -> PaperCheck {
        PaperCheck::new([
            paper000::table1_experiment(),
            paper000::fig10_experiment(),
            paper000::table3_experiment(TABLE3_N),
        ])
    }

    /// A check of these experiments (Table 1, Fig. 10, Table 3), none started. The Fig. 10
    /// experiment must be [`paper000::fig10_experiment`]'s layout.
    pub fn new(experiments: [Experiment; 3]) -> PaperCheck {
        PaperCheck {
            parts: CheckParts::new(experiments),
            figure: RefCell::new(None),
        }
    }

    /// The view opened: starts the parts that start by themselves and have never run.
    pub fn open(&mut self) {
        self.parts.open(|i| PARTS[i].starts_on_open());
    }

    /// Starts `part`, or resumes it where it stopped.
    pub fn start(&mut self, part: Part) {
        self.parts.start(part.index());
    }

    /// Stops `part` (its finished runs and the run in progress are kept).
    pub fn stop(&mut self, part: Part) {
        self.parts.stop(part.index());
    }

    /// The status of `part`.
    pub fn status(&self, part: Part) -> Status {
        self.parts.get(part.index()).status
    }

    /// How far `part` has come.
    pub fn progress(&self, part: Part) -> Progress {
        self.parts.get(part.index()).progress()
    }

    /// Whether any part is running (the page should keep calling [`PaperCheck::work`]).
    pub fn is_working(&self) -> bool {
        self.parts.is_working()
    }

    /// Advances the running parts in turns (so a started Table 3 moves while Fig. 10 is still
    /// computing) until `budget_ms` of wall time (read from `clock`) has passed.
    pub fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        self.parts.work(budget_ms, clock);
    }

    /// The title of `part` (core's: the table's, or the figure's).
    pub fn title(&self, part: Part) -> &str {
        &self.parts.get(part.index()).experiment.title
    }

    /// The rows `part` shows: Table 1's and Table 3's cells, or the values Fig. 10's text states.
    pub fn rows(&self, part: Part) -> Vec<Row> {
        let check = self.parts.get(part.index());
        match part {
            Part::Fig10 => {
                let finished = check.status == Status::Done;
                self.figure()
                    .points
                    .cells
                    .iter()
                    .cloned()
                    .map(|cell| Row {
                        state: if cell.simulated.is_some() || finished {
                            CellState::Finished
                        } else {
                            CellState::Pending
                        },
                        cell,
                    })
                    .collect()
            }
            _ => check.job_rows(),
        }
    }

    /// The table of `part` as far as its runs have come (core's).
    pub fn table(&self, part: Part) -> Table {
        match part {
            Part::Fig10 => self.figure().points.clone(),
            _ => self.parts.get(part.index()).experiment.table(),
        }
    }

    /// Fig. 10 as far as its runs have come: the curves (unfinished points missing), the raw
    /// remote write, and the values the text states.
    pub fn figure(&self) -> Rc<Figure> {
        let experiment = &self.parts.get(Part::Fig10.index()).experiment;
        let done = experiment.done();
        let mut cache = self.figure.borrow_mut();
        match &*cache {
            Some((at, figure)) if *at == done => figure.clone(),
            _ => {
                let figure = Rc::new(paper000::fig10_from(experiment));
                *cache = Some((done, figure.clone()));
                figure
            }
        }
    }
}

/// The next slice size, given that `events` took `elapsed_ms`: aims at [`SLICE_MS`], growing at
/// most 2× at a time, within [`SLICE_BOUNDS`].
pub fn next_slice(events: u64, elapsed_ms: f64) -> u64 {
    let events = events.max(1) as f64;
    let ideal = if elapsed_ms > 0.0 {
        events * SLICE_MS / elapsed_ms
    } else {
        events * 2.0
    };
    (ideal.min(events * 2.0) as u64).clamp(SLICE_BOUNDS.0, SLICE_BOUNDS.1)
}

/// How long the next chunk may compute, given that rendering the last one took `render_ms`:
/// what is left of [`CHUNK_MS`], at least [`MIN_WORK_MS`].
pub fn work_budget(render_ms: f64) -> f64 {
    (CHUNK_MS - render_ms.max(0.0)).max(MIN_WORK_MS)
}

/// The paper a URL fragment asks the paper-check view for (`#paper=000`), if any.
pub fn paper_in_fragment(fragment: &str) -> Option<&str> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("paper="))
        .filter(|paper| !paper.is_empty())
}

/// The URL fragment (without `#`) that opens the paper-check view for `paper`.
pub fn fragment_for(paper: &str) -> String {
    format!("paper={paper}")
}

impl crate::chunked_check::ChunkedCheck for PaperCheck {
    type Part = Part;
    fn open(&mut self) {
        PaperCheck::open(self);
    }
    fn is_working(&self) -> bool {
        PaperCheck::is_working(self)
    }
    fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        PaperCheck::work(self, budget_ms, clock);
    }
    fn start(&mut self, part: Part) {
        PaperCheck::start(self, part);
    }
    fn stop(&mut self, part: Part) {
        PaperCheck::stop(self, part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::proto::p2p::Matching;
    use rankscope_core::reproduce::Job;

    /// A clock that moves `step` milliseconds each time it is read.
    fn ticking(step: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += step;
            t
        }
    }

    fn run_until_idle(check: &mut PaperCheck) {
        let mut clock = ticking(1.0);
        for _ in 0..1_000_000 {
            if !check.is_working() {
                return;
            }
            check.work(25.0, &mut clock);
        }
        panic!("the check never finished");
    }

    #[test]
    fn opening_starts_table1_and_fig10_but_not_table3() {
        let mut check = PaperCheck::paper000();
        assert!(!check.is_working());
        check.open();
        assert_eq!(check.status(Part::Table1), Status::Running);
        assert_eq!(check.status(Part::Fig10), Status::Running);
        assert_eq!(check.status(Part::Table3), Status::Idle);
        let p = check.progress(Part::Table3);
        assert_eq!((p.done, p.total), (0, 20));
        assert_eq!(check.progress(Part::Table1).total, 14);
        assert_eq!(check.progress(Part::Fig10).total, 72);
        // Reopening after a stop does not restart what the user stopped.
        check.stop(Part::Fig10);
        check.open();
        assert_eq!(check.status(Part::Fig10), Status::Stopped);
    }

    #[test]
    fn chunked_table1_equals_the_whole_run() {
        let mut check = PaperCheck::paper000();
        check.open();
        check.stop(Part::Fig10);
        run_until_idle(&mut check);
        assert_eq!(check.status(Part::Table1), Status::Done);
        assert_eq!(check.table(Part::Table1), paper000::table1());
        assert!(check
            .rows(Part::Table1)
            .iter()
            .all(|r| r.state == CellState::Finished && r.cell.simulated.is_some()));
        assert!(check.progress(Part::Table1).busy_ms > 0.0);
        // Fig. 10 was stopped before it ran: its stated points are pending.
        assert!(check
            .rows(Part::Fig10)
            .iter()
            .all(|r| r.state == CellState::Pending));
    }

    #[test]
    fn chunked_fig10_equals_the_whole_figure() {
        let mut check = PaperCheck::paper000();
        check.open();
        check.stop(Part::Table1);
        let partial = check.figure();
        assert!(partial.series[0].values.iter().all(Option::is_none));
        run_until_idle(&mut check);
        assert_eq!(check.status(Part::Fig10), Status::Done);
        let figure = check.figure();
        assert_eq!(*figure, paper000::fig10());
        assert_eq!(figure.series.len(), 7);
        // Built once per finished run, not once per call.
        assert!(Rc::ptr_eq(&figure, &check.figure()));
        let rows = check.rows(Part::Fig10);
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| r.state == CellState::Finished));
        assert_eq!(check.table(Part::Fig10), figure.points);
    }

    #[test]
    fn a_chunk_keeps_to_its_budget() {
        let mut check = PaperCheck::paper000();
        check.open();
        // Every clock read is 10 ms later: a 25 ms budget allows three slices at most.
        let mut reads = 0u32;
        let mut t = 0.0;
        let mut clock = || {
            reads += 1;
            t += 10.0;
            t
        };
        check.work(25.0, &mut clock);
        assert!(reads <= 4, "{reads} clock reads");
        let busy = check.progress(Part::Table1).busy_ms + check.progress(Part::Fig10).busy_ms;
        assert!(busy <= 30.0, "{busy}");
    }

    #[test]
    fn parts_take_turns_and_stop_and_resume() {
        let mut check = PaperCheck::paper000();
        check.open();
        check.start(Part::Table3);
        // Each slice "takes" its target time, so slices keep their size.
        let mut clock = ticking(SLICE_MS);
        // Three slices: one for each running part.
        check.work(3.0 * SLICE_MS, &mut clock);
        for part in PARTS {
            let p = check.progress(part);
            assert!(p.busy_ms > 0.0, "{part:?} got no turn");
        }
        // Table 3's first run is under way and shown as running; stopping keeps it.
        let rows = check.rows(Part::Table3);
        assert!(matches!(rows[0].state, CellState::Running(_)), "{rows:?}");
        let before = check.progress(Part::Table3);
        check.stop(Part::Table3);
        assert!(matches!(
            check.rows(Part::Table3)[0].state,
            CellState::Pending
        ));
        check.work(2.0 * SLICE_MS, &mut clock);
        assert_eq!(check.progress(Part::Table3).busy_ms, before.busy_ms);
        check.start(Part::Table3);
        check.stop(Part::Table1);
        check.stop(Part::Fig10);
        assert!(check.is_working());
        check.work(SLICE_MS, &mut clock);
        let after = check.progress(Part::Table3);
        assert!(after.busy_ms > before.busy_ms);
        assert!(after.events > before.events || after.done > before.done);
        check.stop(Part::Table3);
        assert!(!check.is_working());
    }

    #[test]
    fn a_failing_run_is_a_cell_with_its_note() {
        let broken = Cell {
            label: "a broken program".into(),
            paper: 1.0,
            simulated: None,
            note: String::new(),
        };
        let job = Job::new(
            broken,
            "int main() { x = 1; }".into(),
            "emx",
            2,
            Matching::Eager,
            "value:",
        );
        let table1 = Experiment {
            title: "broken".into(),
            jobs: vec![job],
        };
        let mut check = PaperCheck::new([
            table1,
            paper000::fig10_experiment(),
            paper000::table3_experiment(TABLE3_N),
        ]);
        check.start(Part::Table1);
        run_until_idle(&mut check);
        let rows = check.rows(Part::Table1);
        assert_eq!(rows[0].state, CellState::Finished);
        assert_eq!(rows[0].cell.simulated, None);
        assert!(rows[0].cell.note.contains('x'), "{}", rows[0].cell.note);
        assert_eq!(Verdict::of(&rows[0].cell), Verdict::NoValue);
    }

    #[test]
    fn verdicts_by_relative_error() {
        let cell = |simulated: Option<f64>| Cell {
            label: String::new(),
            paper: 20.0,
            simulated,
            note: String::new(),
        };
        assert_eq!(Verdict::of(&cell(Some(21.0))), Verdict::Close);
        assert_eq!(Verdict::of(&cell(Some(22.0))), Verdict::Close);
        assert_eq!(Verdict::of(&cell(Some(15.5))), Verdict::Near);
        assert_eq!(Verdict::of(&cell(Some(26.0))), Verdict::Miss);
        assert_eq!(Verdict::of(&cell(Some(5.0))), Verdict::Miss);
        assert_eq!(Verdict::of(&cell(None)), Verdict::NoValue);
        let nan_paper = Cell {
            paper: f64::NAN,
            ..cell(Some(1.0))
        };
        assert_eq!(Verdict::of(&nan_paper), Verdict::NoValue);
    }

    #[test]
    fn slices_adapt_toward_their_target() {
        assert_eq!(next_slice(10_000, 10.0), 5_000);
        assert_eq!(next_slice(1_000, 1.0), 2_000);
        assert_eq!(next_slice(1_000, 0.0), 2_000);
        assert_eq!(next_slice(100, 1000.0), SLICE_BOUNDS.0);
        assert_eq!(next_slice(SLICE_BOUNDS.1, 0.1), SLICE_BOUNDS.1);
    }

    #[test]
    fn rendering_time_comes_out_of_the_chunk() {
        assert_eq!(work_budget(0.0), CHUNK_MS);
        assert_eq!(work_budget(10.0), CHUNK_MS - 10.0);
        assert_eq!(work_budget(80.0), MIN_WORK_MS);
        assert_eq!(work_budget(-1.0), CHUNK_MS);
    }

    #[test]
    fn fragments_name_the_paper() {
        assert_eq!(paper_in_fragment("#paper=000"), Some("000"));
        assert_eq!(paper_in_fragment("paper=000"), Some("000"));
        assert_eq!(paper_in_fragment("#x=1&paper=000"), Some("000"));
        assert_eq!(paper_in_fragment("#paper="), None);
        assert_eq!(paper_in_fragment("#s=cGFwZXI9MDAw"), None);
        assert_eq!(paper_in_fragment(""), None);
        assert_eq!(
            paper_in_fragment(&format!("#{}", fragment_for("000"))),
            Some("000")
        );
    }
}
