//! The paper-check view's state for paper 003 (MPI RMA locks on FX100): Figs. 8, 9, 10 and 11–12,
//! the lock-algorithm comparison and, on request, one round of 65,536 processes — core's
//! resumable native jobs advanced a time budget at a time, in turns and slices (see
//! `check_parts`), the figures built from them by core's `*_from` functions, and the wall time
//! each part took in the page. Pure: the clock is handed in.

use std::cell::RefCell;
use std::rc::Rc;

use rankscope_core::reproduce::paper003::{self, Fig10};
use rankscope_core::reproduce::{Experiment, Table};

use crate::check_parts::CheckParts;
pub use crate::check_parts::Wall;
use crate::paper_check::{CellState, Progress, Row, Status};

/// Processes of the run at scale (FX100 resized to 8,192 nodes × 8).
pub const SCALE_PROCESSES: u32 = 65_536;

/// One part of paper 003's check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part003 {
    /// Fig. 8: µs per shared lock + unlock by processes (11 runs, starts on opening).
    Fig8,
    /// Fig. 9: FX10 against FX100 at 256 processes (2 runs, starts on opening).
    Fig9,
    /// Fig. 10: per-rank totals at ppn 1, 8 and 32 on 128 nodes (3 runs, starts on opening).
    Fig10,
    /// Figs. 11–12: fetch_and_adds through 1 and 4 RDMA engines (2 runs, starts on opening).
    Fig11_12,
    /// The lock algorithms compared (12 runs, some long: started by the user).
    Algorithms,
    /// One shared lock + unlock round of [`SCALE_PROCESSES`] processes (started by the user).
    Scale,
}

/// Every part, in page order.
pub const PARTS_003: [Part003; 6] = [
    Part003::Fig8,
    Part003::Fig9,
    Part003::Fig10,
    Part003::Fig11_12,
    Part003::Algorithms,
    Part003::Scale,
];

impl Part003 {
    fn index(self) -> usize {
        match self {
            Part003::Fig8 => 0,
            Part003::Fig9 => 1,
            Part003::Fig10 => 2,
            Part003::Fig11_12 => 3,
            Part003::Algorithms => 4,
            Part003::Scale => 5,
        }
    }

    /// Its identifier (test ids).
    pub fn id(self) -> &'static str {
        match self {
            Part003::Fig8 => "fig8",
            Part003::Fig9 => "fig9",
            Part003::Fig10 => "fig10",
            Part003::Fig11_12 => "fig11-12",
            Part003::Algorithms => "algorithms",
            Part003::Scale => "scale",
        }
    }

    /// Whether it starts by itself when the view opens (the long ones wait for the user).
    pub fn starts_on_open(self) -> bool {
        !matches!(self, Part003::Algorithms | Part003::Scale)
    }
}

/// Paper 003's check: its parts, taking turns.
#[derive(Debug)]
pub struct Paper003Check {
    parts: CheckParts<6>,
    /// The rounds of Fig. 10's runs (its totals are scaled from them to the paper's 1000).
    fig10_rounds: u32,
    /// Fig. 10 as of a number of finished runs (built once per finished run, not per frame).
    fig10: RefCell<Option<(usize, Rc<Fig10>)>>,
}

/// A [`Paper003Check`] shared by the page and its views, compared by identity.
#[derive(Clone, Debug)]
pub struct SharedPaper003Check(pub Rc<RefCell<Paper003Check>>);

impl PartialEq for SharedPaper003Check {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl SharedPaper003Check {
    /// Paper 003's check, none of it started.
    pub fn paper003() -> SharedPaper003Check {
        SharedPaper003Check(Rc::new(RefCell::new(Paper003Check::paper003())))
    }
}

/// Rows of a table built from a part's runs (core's `*_from`): a cell with a value, or of a
/// finished part, is finished; the first one still without a value is the one running.
fn derived_rows(table: Table, status: Status, events: u64) -> Vec<Row> {
    let mut running = status == Status::Running;
    table
        .cells
        .into_iter()
        .map(|cell| {
            let state = if cell.simulated.is_some() || status == Status::Done {
                CellState::Finished
            } else if running {
                running = false;
                CellState::Running(events)
            } else {
                CellState::Pending
            };
            Row { cell, state }
        })
        .collect()
}

impl Paper003Check {
    /// Every part at [`paper003::ROUNDS`] rounds, and one round of [`SCALE_PROCESSES`], none
    /// started.
    pub fn paper003() -> Paper003Check {
        let rounds = paper003::ROUNDS;
        Paper003Check::new(
            [
                paper003::fig8_experiment(rounds),
                paper003::fig9_experiment(rounds),
                paper003::fig10_experiment(rounds),
                paper003::fig11_12_experiment(),
                paper003::algorithms_experiment(rounds),
                Experiment {
                    title: format!("One shared lock + unlock round of {SCALE_PROCESSES} processes"),
                    jobs: vec![paper003::round_job(SCALE_PROCESSES)],
                },
            ],
            rounds,
        )
    }

    /// A check of these experiments, in [`PARTS_003`]'s order (each core's layout for its part;
    /// Fig. 10's run `fig10_rounds` rounds), none started.
    pub fn new(experiments: [Experiment; 6], fig10_rounds: u32) -> Paper003Check {
        Paper003Check {
            parts: CheckParts::new(experiments),
            fig10_rounds,
            fig10: RefCell::new(None),
        }
    }

    /// The view opened: the parts that start by themselves start if they never ran.
    pub fn open(&mut self) {
        self.parts.open(|i| PARTS_003[i].starts_on_open());
    }

    /// Starts `part`, or resumes it.
    pub fn start(&mut self, part: Part003) {
        self.parts.start(part.index());
    }

    /// Stops `part` (what it computed is kept).
    pub fn stop(&mut self, part: Part003) {
        self.parts.stop(part.index());
    }

    /// The status of `part`.
    pub fn status(&self, part: Part003) -> Status {
        self.parts.get(part.index()).status
    }

    /// Whether anything is running.
    pub fn is_working(&self) -> bool {
        self.parts.is_working()
    }

    /// How far `part` has come.
    pub fn progress(&self, part: Part003) -> Progress {
        self.parts.get(part.index()).progress()
    }

    /// The wall-clock interval of `part` in the page.
    pub fn wall(&self, part: Part003) -> Wall {
        self.parts.get(part.index()).wall
    }

    /// The longest single slice of `part` so far, in milliseconds of the handed-in clock.
    pub fn longest_slice_ms(&self, part: Part003) -> f64 {
        self.parts.get(part.index()).longest_ms
    }

    /// The title of `part` (core's).
    pub fn title(&self, part: Part003) -> &str {
        &self.parts.get(part.index()).experiment.title
    }

    /// The table of `part` as far as its runs have come (core's: for Figs. 9, 10 and 11–12 the
    /// figure's cells, built from the runs).
    pub fn table(&self, part: Part003) -> Table {
        let experiment = &self.parts.get(part.index()).experiment;
        match part {
            Part003::Fig9 => paper003::fig9_from(experiment),
            Part003::Fig10 => self.fig10().table.clone(),
            Part003::Fig11_12 => paper003::fig11_12_from(experiment),
            Part003::Fig8 | Part003::Algorithms | Part003::Scale => experiment.table(),
        }
    }

    /// Fig. 10 as far as its runs have come: the totals' table, each rank's total by ppn and
    /// the ppn-32 totals by hops (core's [`paper003::fig10_from`]).
    pub fn fig10(&self) -> Rc<Fig10> {
        let experiment = &self.parts.get(Part003::Fig10.index()).experiment;
        let done = experiment.done();
        let mut cache = self.fig10.borrow_mut();
        match &*cache {
            Some((at, figure)) if *at == done => figure.clone(),
            _ => {
                let figure = Rc::new(paper003::fig10_from(experiment, self.fig10_rounds));
                *cache = Some((done, figure.clone()));
                figure
            }
        }
    }

    /// Simulated events of `part`'s runs so far (finished and running).
    pub fn events(&self, part: Part003) -> u64 {
        self.parts.get(part.index()).events()
    }

    /// The rows `part` shows.
    pub fn rows(&self, part: Part003) -> Vec<Row> {
        let check = self.parts.get(part.index());
        if matches!(part, Part003::Fig9 | Part003::Fig10 | Part003::Fig11_12) {
            return derived_rows(self.table(part), check.status, check.current_events());
        }
        check.job_rows()
    }

    /// Advances the running parts in turns until `budget_ms` of wall time (read from `clock`,
    /// in milliseconds) has passed or nothing is running.
    pub fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        self.parts.work(budget_ms, clock);
    }
}

impl crate::chunked_check::ChunkedCheck for Paper003Check {
    type Part = Part003;
    fn open(&mut self) {
        Paper003Check::open(self);
    }
    fn is_working(&self) -> bool {
        Paper003Check::is_working(self)
    }
    fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        Paper003Check::work(self, budget_ms, clock);
    }
    fn start(&mut self, part: Part003) {
        Paper003Check::start(self, part);
    }
    fn stop(&mut self, part: Part003) {
        Paper003Check::stop(self, part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small check: Fig. 8 up to 16 processes, Figs. 9 and 11–12 whole, Fig. 10 at ppn 1 only,
    /// the algorithms at 4 processes, 2 rounds, and a round of 256 processes.
    fn small() -> Paper003Check {
        let mut fig8 = paper003::fig8_experiment(2);
        fig8.jobs.truncate(3);
        let mut fig10 = paper003::fig10_experiment(2);
        fig10.jobs.truncate(1);
        let mut algorithms = paper003::algorithms_experiment(2);
        algorithms
            .jobs
            .retain(|j| j.cell.label.ends_with(", 4 processes"));
        Paper003Check::new(
            [
                fig8,
                paper003::fig9_experiment(2),
                fig10,
                paper003::fig11_12_experiment(),
                algorithms,
                Experiment {
                    title: "scale".into(),
                    jobs: vec![paper003::round_job(256)],
                },
            ],
            2,
        )
    }

    fn run_until_idle(check: &mut Paper003Check) {
        let mut t = 0.0;
        let mut clock = || {
            t += 1.0;
            t
        };
        for _ in 0..1_000_000 {
            if !check.is_working() {
                return;
            }
            check.work(25.0, &mut clock);
        }
        panic!("the check never finished");
    }

    fn values(t: &Table) -> Vec<Option<f64>> {
        t.cells.iter().map(|c| c.simulated).collect()
    }

    #[test]
    fn opening_starts_the_figures_and_chunks_equal_the_whole_runs() {
        let mut check = small();
        check.open();
        for part in [
            Part003::Fig8,
            Part003::Fig9,
            Part003::Fig10,
            Part003::Fig11_12,
        ] {
            assert_eq!(check.status(part), Status::Running, "{part:?}");
        }
        assert_eq!(check.status(Part003::Algorithms), Status::Idle);
        assert_eq!(check.status(Part003::Scale), Status::Idle);
        // While they run, the derived tables show one running cell and no value yet.
        check.work(3.0, &mut {
            let mut t = 0.0;
            move || {
                t += 1.0;
                t
            }
        });
        let rows = check.rows(Part003::Fig11_12);
        assert_eq!(rows.len(), 3);
        run_until_idle(&mut check);
        for part in [
            Part003::Fig8,
            Part003::Fig9,
            Part003::Fig10,
            Part003::Fig11_12,
        ] {
            assert_eq!(check.status(part), Status::Done, "{part:?}");
            assert!(check.wall(part).elapsed_ms().unwrap() > 0.0, "{part:?}");
            assert!(check.longest_slice_ms(part) > 0.0, "{part:?}");
        }
        let mut whole = paper003::fig8_experiment(2);
        whole.jobs.truncate(3);
        let (chunked, whole) = (check.table(Part003::Fig8), whole.run());
        assert_eq!(values(&chunked), values(&whole));
        assert!(chunked.cells.iter().all(|c| c.simulated.is_some()));
        assert_eq!(chunked.title, whole.title);
        // (NaN paper values make whole tables unequal: compare the values and labels.)
        let same = |a: Table, b: Table| {
            assert_eq!(values(&a), values(&b));
            let labels = |t: &Table| t.cells.iter().map(|c| c.label.clone()).collect::<Vec<_>>();
            assert_eq!(labels(&a), labels(&b));
        };
        same(check.table(Part003::Fig9), paper003::fig9(2));
        same(check.table(Part003::Fig11_12), paper003::fig11_12());
        let fig9_rows = check.rows(Part003::Fig9);
        assert!(fig9_rows.iter().all(|r| r.state == CellState::Finished));
        assert!(fig9_rows.iter().all(|r| r.cell.simulated.is_some()));
        // Fig. 10 at ppn 1: 128 ranks' totals, the slowest in the table.
        let fig10 = check.fig10();
        let ppn1: Vec<f64> = fig10.per_rank.series[0]
            .values
            .iter()
            .flatten()
            .copied()
            .collect();
        assert_eq!(ppn1.len(), 128);
        let slowest = ppn1.iter().copied().fold(0.0, f64::max);
        assert_eq!(fig10.table.cells[0].simulated, Some(slowest));
        assert!(
            Rc::ptr_eq(&fig10, &check.fig10()),
            "built once per finished run"
        );
        assert_eq!(check.wall(Part003::Scale).elapsed_ms(), None);
    }

    #[test]
    fn the_long_parts_run_on_request_and_report_events_and_wall_time() {
        let mut check = small();
        check.start(Part003::Scale);
        check.start(Part003::Algorithms);
        run_until_idle(&mut check);
        assert_eq!(check.status(Part003::Fig8), Status::Idle);
        assert_eq!(check.status(Part003::Scale), Status::Done);
        let rows = check.rows(Part003::Scale);
        assert_eq!(rows[0].state, CellState::Finished);
        assert!(rows[0].cell.simulated.unwrap() > 0.0);
        assert!(check.events(Part003::Scale) > 256);
        assert!(check.wall(Part003::Scale).elapsed_ms().unwrap() > 0.0);
        let algorithms = check.rows(Part003::Algorithms);
        assert_eq!(algorithms.len(), 3);
        assert!(algorithms.iter().all(|r| r.cell.simulated.is_some()));
    }

    #[test]
    fn a_stopped_part_resumes_where_it_stopped() {
        let mut check = small();
        check.start(Part003::Algorithms);
        let mut t = 0.0;
        let mut clock = || {
            t += 1.0;
            t
        };
        check.work(2.0, &mut clock);
        check.stop(Part003::Algorithms);
        assert_eq!(check.status(Part003::Algorithms), Status::Stopped);
        let events = check.events(Part003::Algorithms);
        assert!(events > 0);
        check.work(25.0, &mut clock);
        assert_eq!(
            check.events(Part003::Algorithms),
            events,
            "a stopped part does not move"
        );
        check.start(Part003::Algorithms);
        run_until_idle(&mut check);
        let direct = {
            let mut e = paper003::algorithms_experiment(2);
            e.jobs.retain(|j| j.cell.label.ends_with(", 4 processes"));
            e.run()
        };
        assert_eq!(values(&check.table(Part003::Algorithms)), values(&direct));
    }
}
