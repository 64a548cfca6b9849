//! The parts of a paper check, as both paper pages run them: each part is one of core's
//! resumable experiments with a status the user changes (start, stop, resume); the running parts
//! take turns, one slice of events each, until a chunk's time budget is spent. A slice is sized
//! from the events that actually ran and how long they took (so a short job that finished early
//! does not ramp the next slice up unmeasured), and each part keeps the wall time it took in the
//! page. Pure: the clock is handed in.

use rankscope_core::reproduce::Experiment;

use crate::paper_check::{next_slice, CellState, Progress, Row, Status, SLICE_BOUNDS};

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

/// One part: its experiment, its status, the size of its next slice and the time it took.
#[derive(Debug)]
pub struct CheckPart {
    /// The runs (core's).
    pub experiment: Experiment,
    /// Where the user has put it.
    pub status: Status,
    slice: u64,
    /// Wall time spent computing it, in milliseconds.
    pub busy_ms: f64,
    /// The longest single slice (one `Experiment::advance`), in milliseconds.
    pub longest_ms: f64,
    /// From its first slice to its end.
    pub wall: Wall,
}

impl CheckPart {
    fn new(experiment: Experiment) -> CheckPart {
        CheckPart {
            experiment,
            status: Status::Idle,
            slice: SLICE_BOUNDS.0 * 10,
            busy_ms: 0.0,
            longest_ms: 0.0,
            wall: Wall::default(),
        }
    }

    /// Simulated events of its runs so far (finished and running).
    pub fn events(&self) -> u64 {
        self.experiment.jobs.iter().map(|j| j.events()).sum()
    }

    /// Events so far of the run in progress (0 between runs).
    pub fn current_events(&self) -> u64 {
        self.experiment
            .jobs
            .iter()
            .find(|j| !j.is_done())
            .map_or(0, |j| j.events())
    }

    /// How far it has come.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.experiment.done(),
            total: self.experiment.jobs.len(),
            events: self.current_events(),
            busy_ms: self.busy_ms,
        }
    }

    /// One row per run: finished, running (the first unfinished one, while the part runs) or
    /// pending.
    pub fn job_rows(&self) -> Vec<Row> {
        let current = self.experiment.jobs.iter().position(|j| !j.is_done());
        self.experiment
            .jobs
            .iter()
            .enumerate()
            .map(|(i, job)| Row {
                cell: job.cell.clone(),
                state: if job.is_done() {
                    CellState::Finished
                } else if Some(i) == current && self.status == Status::Running {
                    CellState::Running(job.events())
                } else {
                    CellState::Pending
                },
            })
            .collect()
    }

    /// Advances one slice, starting at `now` of `clock`; returns when it ended.
    fn advance(&mut self, now: f64, clock: &mut dyn FnMut() -> f64) -> f64 {
        self.wall.started.get_or_insert(now);
        let before = self.events();
        let finished = self.experiment.advance(self.slice);
        let after = clock();
        let took = (after - now).max(0.0);
        self.busy_ms += took;
        self.longest_ms = self.longest_ms.max(took);
        let ran = self.events().saturating_sub(before);
        self.slice = next_slice(ran.max(SLICE_BOUNDS.0), took);
        if finished {
            self.status = Status::Done;
            self.wall.finished = Some(after);
        }
        after
    }
}

/// A check's `N` parts, taking turns.
#[derive(Debug)]
pub struct CheckParts<const N: usize> {
    parts: [CheckPart; N],
    turn: usize,
}

impl<const N: usize> CheckParts<N> {
    /// These experiments as parts, none started.
    pub fn new(experiments: [Experiment; N]) -> Self {
        CheckParts {
            parts: experiments.map(CheckPart::new),
            turn: 0,
        }
    }

    /// Part `i`.
    pub fn get(&self, i: usize) -> &CheckPart {
        &self.parts[i]
    }

    /// The view opened: starts the parts `starts_on_open` names that have never run.
    pub fn open(&mut self, starts_on_open: impl Fn(usize) -> bool) {
        for i in 0..N {
            if starts_on_open(i) && self.parts[i].status == Status::Idle {
                self.start(i);
            }
        }
    }

    /// Starts part `i`, or resumes it where it stopped.
    pub fn start(&mut self, i: usize) {
        let part = &mut self.parts[i];
        if part.status != Status::Done {
            part.status = Status::Running;
        }
    }

    /// Stops part `i` (its finished runs and the run in progress are kept).
    pub fn stop(&mut self, i: usize) {
        let part = &mut self.parts[i];
        if part.status == Status::Running {
            part.status = Status::Stopped;
        }
    }

    /// Whether any part is running (the page should keep calling [`CheckParts::work`]).
    pub fn is_working(&self) -> bool {
        self.parts.iter().any(|p| p.status == Status::Running)
    }

    /// Advances the running parts, taking turns slice by slice (round robin, so a part started
    /// later moves while the others still compute), until `budget_ms` of wall time (read from
    /// `clock`, in milliseconds) has passed or nothing is running.
    pub fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        let start = clock();
        let mut now = start;
        while now - start < budget_ms {
            let Some(i) = (0..N)
                .map(|k| (self.turn + k) % N)
                .find(|&i| self.parts[i].status == Status::Running)
            else {
                break;
            };
            self.turn = (i + 1) % N;
            now = self.parts[i].advance(now, clock);
        }
    }
}
