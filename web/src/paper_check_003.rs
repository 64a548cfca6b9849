//! The paper-check view's state for paper 003 (MPI RMA locks on FX100): Fig. 8's curve (shared
//! lock + unlock, 4 to 4096 processes) and, on request, one round of 65,536 processes — core's
//! resumable native jobs advanced a time budget at a time, in slices sized as paper 000's (see
//! `paper_check`), and the wall time each part took in the page. Pure: the clock is handed in.

use std::cell::RefCell;
use std::rc::Rc;

use rankscope_core::reproduce::{paper003, Experiment, Table};

use crate::paper_check::{next_slice, CellState, Progress, Row, Status, SLICE_BOUNDS};

/// Processes of the run at scale (FX100 resized to 8,192 nodes × 8).
pub const SCALE_PROCESSES: u32 = 65_536;

/// One part of paper 003's check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part003 {
    /// Fig. 8: µs per shared lock + unlock by processes (11 runs, starts on opening).
    Fig8,
    /// One shared lock + unlock round of [`SCALE_PROCESSES`] processes (started by the user).
    Scale,
}

impl Part003 {
    fn index(self) -> usize {
        match self {
            Part003::Fig8 => 0,
            Part003::Scale => 1,
        }
    }

    /// Its identifier (test ids).
    pub fn id(self) -> &'static str {
        match self {
            Part003::Fig8 => "fig8",
            Part003::Scale => "scale",
        }
    }
}

/// Wall-clock interval of a part in the page, in milliseconds of the handed-in clock.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Wall {
    /// When it first ran.
    pub started: Option<f64>,
    /// When its last run finished.
    pub finished: Option<f64>,
}

impl Wall {
    /// From first start to finish (`None` until finished).
    pub fn elapsed_ms(&self) -> Option<f64> {
        Some(self.finished? - self.started?)
    }
}

#[derive(Debug)]
struct Check {
    experiment: Experiment,
    status: Status,
    slice: u64,
    busy_ms: f64,
    wall: Wall,
}

/// Paper 003's check: Fig. 8 and the run at scale, taking turns.
#[derive(Debug)]
pub struct Paper003Check {
    checks: [Check; 2],
    turn: usize,
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

impl Paper003Check {
    /// Fig. 8 at [`paper003::ROUNDS`] rounds and one round of [`SCALE_PROCESSES`], none started.
    pub fn paper003() -> Paper003Check {
        Paper003Check::new(
            paper003::fig8_experiment(paper003::ROUNDS),
            Experiment {
                title: format!("One shared lock + unlock round of {SCALE_PROCESSES} processes"),
                jobs: vec![paper003::round_job(SCALE_PROCESSES)],
            },
        )
    }

    /// A check of these experiments (Fig. 8's, the run at scale), none started.
    pub fn new(fig8: Experiment, scale: Experiment) -> Paper003Check {
        let check = |experiment| Check {
            experiment,
            status: Status::Idle,
            slice: SLICE_BOUNDS.0 * 10,
            busy_ms: 0.0,
            wall: Wall::default(),
        };
        Paper003Check {
            checks: [check(fig8), check(scale)],
            turn: 0,
        }
    }

    /// The view opened: Fig. 8 starts if it never ran.
    pub fn open(&mut self) {
        if self.status(Part003::Fig8) == Status::Idle {
            self.start(Part003::Fig8);
        }
    }

    /// Starts `part`, or resumes it.
    pub fn start(&mut self, part: Part003) {
        let check = &mut self.checks[part.index()];
        if check.status != Status::Done {
            check.status = Status::Running;
        }
    }

    /// Stops `part` (what it computed is kept).
    pub fn stop(&mut self, part: Part003) {
        let check = &mut self.checks[part.index()];
        if check.status == Status::Running {
            check.status = Status::Stopped;
        }
    }

    /// The status of `part`.
    pub fn status(&self, part: Part003) -> Status {
        self.checks[part.index()].status
    }

    /// Whether anything is running.
    pub fn is_working(&self) -> bool {
        self.checks.iter().any(|c| c.status == Status::Running)
    }

    /// How far `part` has come.
    pub fn progress(&self, part: Part003) -> Progress {
        let check = &self.checks[part.index()];
        let e = &check.experiment;
        Progress {
            done: e.done(),
            total: e.jobs.len(),
            events: e
                .jobs
                .iter()
                .find(|j| !j.is_done())
                .map_or(0, |j| j.events()),
            busy_ms: check.busy_ms,
        }
    }

    /// The wall-clock interval of `part` in the page.
    pub fn wall(&self, part: Part003) -> Wall {
        self.checks[part.index()].wall
    }

    /// The title of `part` (core's).
    pub fn title(&self, part: Part003) -> &str {
        &self.checks[part.index()].experiment.title
    }

    /// The table of `part` as far as its runs have come.
    pub fn table(&self, part: Part003) -> Table {
        self.checks[part.index()].experiment.table()
    }

    /// Simulated events of `part`'s runs so far (finished and running).
    pub fn events(&self, part: Part003) -> u64 {
        self.checks[part.index()]
            .experiment
            .jobs
            .iter()
            .map(|j| j.events())
            .sum()
    }

    /// The rows `part` shows.
    pub fn rows(&self, part: Part003) -> Vec<Row> {
        let check = &self.checks[part.index()];
        let current = check.experiment.jobs.iter().position(|j| !j.is_done());
        check
            .experiment
            .jobs
            .iter()
            .enumerate()
            .map(|(i, job)| Row {
                cell: job.cell.clone(),
                state: if job.is_done() {
                    CellState::Finished
                } else if Some(i) == current && check.status == Status::Running {
                    CellState::Running(job.events())
                } else {
                    CellState::Pending
                },
            })
            .collect()
    }

    /// Advances the running parts, taking turns slice by slice, until `budget_ms` of wall time
    /// (read from `clock`, in milliseconds) has passed or nothing is running.
    pub fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        let start = clock();
        let mut now = start;
        while now - start < budget_ms {
            let n = self.checks.len();
            let Some(i) = (0..n)
                .map(|k| (self.turn + k) % n)
                .find(|&i| self.checks[i].status == Status::Running)
            else {
                break;
            };
            self.turn = (i + 1) % n;
            let check = &mut self.checks[i];
            check.wall.started.get_or_insert(now);
            let finished = check.experiment.advance(check.slice);
            let after = clock();
            let took = (after - now).max(0.0);
            check.busy_ms += took;
            check.slice = next_slice(check.slice, took);
            if finished {
                check.status = Status::Done;
                check.wall.finished = Some(after);
            }
            now = after;
        }
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

    fn small() -> Paper003Check {
        let mut fig8 = paper003::fig8_experiment(2);
        fig8.jobs.truncate(3);
        Paper003Check::new(
            fig8,
            Experiment {
                title: "scale".into(),
                jobs: vec![paper003::round_job(256)],
            },
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

    #[test]
    fn opening_starts_fig8_only_and_chunks_equal_the_whole_run() {
        let mut check = small();
        check.open();
        assert_eq!(check.status(Part003::Fig8), Status::Running);
        assert_eq!(check.status(Part003::Scale), Status::Idle);
        run_until_idle(&mut check);
        assert_eq!(check.status(Part003::Fig8), Status::Done);
        let mut whole = paper003::fig8_experiment(2);
        whole.jobs.truncate(3);
        let values = |t: Table| t.cells.iter().map(|c| c.simulated).collect::<Vec<_>>();
        let (chunked, whole) = (check.table(Part003::Fig8), whole.run());
        assert_eq!(values(chunked.clone()), values(whole.clone()));
        assert!(chunked.cells.iter().all(|c| c.simulated.is_some()));
        assert_eq!(chunked.title, whole.title);
        assert!(check.wall(Part003::Fig8).elapsed_ms().unwrap() > 0.0);
        assert_eq!(check.wall(Part003::Scale).elapsed_ms(), None);
    }

    #[test]
    fn the_run_at_scale_runs_on_request_and_reports_events_and_wall_time() {
        let mut check = small();
        check.start(Part003::Scale);
        run_until_idle(&mut check);
        assert_eq!(check.status(Part003::Fig8), Status::Idle);
        assert_eq!(check.status(Part003::Scale), Status::Done);
        let rows = check.rows(Part003::Scale);
        assert_eq!(rows[0].state, CellState::Finished);
        assert!(rows[0].cell.simulated.unwrap() > 0.0);
        assert!(check.events(Part003::Scale) > 256);
        assert!(check.wall(Part003::Scale).elapsed_ms().unwrap() > 0.0);
    }
}
