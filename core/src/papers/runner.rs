//! The one resumable runner of a paper check, as a page runs it: each [`Part`] of a [`Paper`] is
//! its experiment with a status the user changes (start, stop, resume); the running parts take
//! turns, one slice of events each, until a time budget is spent. A slice is sized from the
//! events that actually ran and how long they took (so a short job that finished early does not
//! ramp the next slice up unmeasured), and each part keeps the wall time it took. Pure: the
//! clock (milliseconds, monotonic) is handed in by the caller.

use super::paper::{Paper, Part, Reproduced, Scope, Start};
use super::{Cell, Experiment};

/// Wall time one slice (one `Experiment::advance`) should take, in ms: a fifth of a 25 ms
/// chunk, so a chunk overshoots its budget by a few milliseconds at most.
pub const SLICE_MS: f64 = 5.0;

/// Bounds of a slice, in simulated events.
pub const SLICE_BOUNDS: (u64, u64) = (100, 1_000_000);

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

/// Where a listed cell is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellState {
    /// Its run has not finished.
    Pending,
    /// Its run is the one being advanced (events so far).
    Running(u64),
    /// Its run finished: the cell has its value, or a note saying why there is none.
    Finished,
}

/// One listed row: a cell and where its run is.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The cell (label, paper value, simulated value, note).
    pub cell: Cell,
    /// Where its run is.
    pub state: CellState,
}

/// Wall-clock interval of a part, in milliseconds of the handed-in clock.
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

/// One part of a running check: its description, its runs, its status, the size of its next
/// slice, the time it took, and its result as of its last finished run.
#[derive(Debug)]
pub struct CheckPart {
    /// What it is (id, unit, texts…).
    pub part: Part,
    experiment: Experiment,
    status: Status,
    slice: u64,
    busy_ms: f64,
    longest_ms: f64,
    wall: Wall,
    /// The result and how many runs had finished when it was made (made again only when
    /// another run finishes: some results are costly, e.g. hop distances of 4096 ranks).
    result: (usize, Reproduced),
}

impl CheckPart {
    /// `part` with its page experiment, not started.
    pub fn new(part: Part) -> CheckPart {
        let experiment = (part.experiment)(Scope::Page);
        let result = (part.result)(&experiment);
        CheckPart {
            part,
            result: (experiment.done(), result),
            experiment,
            status: Status::Idle,
            slice: SLICE_BOUNDS.0 * 10,
            busy_ms: 0.0,
            longest_ms: 0.0,
            wall: Wall::default(),
        }
    }

    /// Its identifier.
    pub fn id(&self) -> &'static str {
        self.part.id
    }

    /// Its heading: the part's own, or its experiment's title.
    pub fn heading(&self) -> &str {
        self.part
            .heading
            .as_deref()
            .unwrap_or(&self.experiment.title)
    }

    /// Its status.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Its runs.
    pub fn experiment(&self) -> &Experiment {
        &self.experiment
    }

    /// What it reproduces as of its last finished run.
    pub fn result(&self) -> &Reproduced {
        &self.result.1
    }

    /// The longest single slice so far, in milliseconds.
    pub fn longest_slice_ms(&self) -> f64 {
        self.longest_ms
    }

    /// From its first slice to its end.
    pub fn wall(&self) -> Wall {
        self.wall
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

    /// The rows it lists: one per job (finished; running, the first unfinished one while the
    /// part runs; or pending), or, for a table derived from the jobs, a cell with a value (or of
    /// a finished part) finished and the first one still without a value running.
    pub fn rows(&self) -> Vec<Row> {
        let result = self.result();
        let running = self.status == Status::Running;
        if result.rows_are_jobs {
            let current = self.experiment.jobs.iter().position(|j| !j.is_done());
            return self
                .experiment
                .jobs
                .iter()
                .enumerate()
                .map(|(i, job)| Row {
                    cell: job.cell.clone(),
                    state: if job.is_done() {
                        CellState::Finished
                    } else if Some(i) == current && running {
                        CellState::Running(job.events())
                    } else {
                        CellState::Pending
                    },
                })
                .collect();
        }
        let events = self.current_events();
        let mut running = running;
        result
            .table
            .cells
            .iter()
            .map(|cell| {
                let state = if cell.simulated.is_some() || self.status == Status::Done {
                    CellState::Finished
                } else if running {
                    running = false;
                    CellState::Running(events)
                } else {
                    CellState::Pending
                };
                Row {
                    cell: cell.clone(),
                    state,
                }
            })
            .collect()
    }

    /// Advances one slice, starting at `now` of `clock`; returns when it ended.
    fn advance(&mut self, now: f64, clock: &mut dyn FnMut() -> f64) -> f64 {
        self.wall.started.get_or_insert(now);
        let before = self.events();
        let finished = self.experiment.advance(self.slice);
        let done = self.experiment.done();
        if done != self.result.0 {
            self.result = (done, (self.part.result)(&self.experiment));
        }
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

/// A paper's check in a page: its parts, taking turns.
#[derive(Debug)]
pub struct Check {
    /// The paper.
    pub paper: Paper,
    parts: Vec<CheckPart>,
    turn: usize,
}

impl Check {
    /// `paper`'s check, none of it started.
    pub fn new(paper: Paper) -> Check {
        Check::of(paper, (paper.parts)())
    }

    /// A check of `paper` with these parts (e.g. smaller ones, for tests), none started.
    pub fn of(paper: Paper, parts: Vec<Part>) -> Check {
        Check {
            paper,
            parts: parts.into_iter().map(CheckPart::new).collect(),
            turn: 0,
        }
    }

    /// Its parts, in the paper's order.
    pub fn parts(&self) -> &[CheckPart] {
        &self.parts
    }

    /// The part called `id`.
    pub fn part(&self, id: &str) -> Option<&CheckPart> {
        self.parts.iter().find(|p| p.id() == id)
    }

    fn part_mut(&mut self, id: &str) -> Option<&mut CheckPart> {
        self.parts.iter_mut().find(|p| p.id() == id)
    }

    /// The page opened: starts the parts that start on opening and have never run.
    pub fn open(&mut self) {
        for p in &mut self.parts {
            if p.part.start == Start::OnOpen && p.status == Status::Idle {
                p.status = Status::Running;
            }
        }
    }

    /// Starts part `id`, or resumes it where it stopped (nothing if there is no such part).
    pub fn start(&mut self, id: &str) {
        if let Some(p) = self.part_mut(id) {
            if p.status != Status::Done {
                p.status = Status::Running;
            }
        }
    }

    /// Stops part `id` (its finished runs and the run in progress are kept).
    pub fn stop(&mut self, id: &str) {
        if let Some(p) = self.part_mut(id) {
            if p.status == Status::Running {
                p.status = Status::Stopped;
            }
        }
    }

    /// Whether any part is running (the page should keep calling [`Check::work`]).
    pub fn is_working(&self) -> bool {
        self.parts.iter().any(|p| p.status == Status::Running)
    }

    /// Advances the running parts, taking turns slice by slice (round robin, so a part started
    /// later moves while the others still compute), until `budget_ms` of wall time (read from
    /// `clock`, in milliseconds) has passed or nothing is running.
    pub fn work(&mut self, budget_ms: f64, clock: &mut dyn FnMut() -> f64) {
        let n = self.parts.len();
        let start = clock();
        let mut now = start;
        while now - start < budget_ms {
            let Some(i) = (0..n)
                .map(|k| (self.turn + k) % n)
                .find(|&i| self.parts[i].status == Status::Running)
            else {
                break;
            };
            self.turn = (i + 1) % n;
            now = self.parts[i].advance(now, clock);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::papers::{paper000, paper003, Job, Table};
    use crate::proto::p2p::Matching;

    /// A clock that moves `step` milliseconds each time it is read.
    fn ticking(step: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += step;
            t
        }
    }

    fn run_until_idle(check: &mut Check) {
        let mut clock = ticking(1.0);
        for _ in 0..1_000_000 {
            if !check.is_working() {
                return;
            }
            check.work(25.0, &mut clock);
        }
        panic!("the check never finished");
    }

    fn part<'a>(check: &'a Check, id: &str) -> &'a CheckPart {
        check.part(id).unwrap_or_else(|| panic!("no part {id}"))
    }

    fn values(t: &Table) -> Vec<Option<f64>> {
        t.cells.iter().map(|c| c.simulated).collect()
    }

    #[test]
    fn opening_starts_what_starts_on_opening_and_keeps_what_the_user_stopped() {
        let mut check = Check::new(paper000::PAPER);
        assert!(!check.is_working());
        check.open();
        assert_eq!(part(&check, "table1").status(), Status::Running);
        assert_eq!(part(&check, "fig10").status(), Status::Running);
        assert_eq!(part(&check, "table3").status(), Status::Idle);
        let p = part(&check, "table3").progress();
        assert_eq!((p.done, p.total), (0, 20));
        assert_eq!(part(&check, "table1").progress().total, 14);
        assert_eq!(part(&check, "fig10").progress().total, 72);
        check.stop("fig10");
        check.open();
        assert_eq!(part(&check, "fig10").status(), Status::Stopped);
        // Unknown parts are ignored.
        check.start("fig99");
        check.stop("fig99");
    }

    #[test]
    fn chunked_table1_and_fig10_equal_the_whole_runs() {
        let mut check = Check::new(paper000::PAPER);
        check.open();
        let pending = part(&check, "fig10").rows();
        assert!(pending.iter().all(|r| r.cell.simulated.is_none()));
        run_until_idle(&mut check);
        let t1 = part(&check, "table1");
        assert_eq!(t1.status(), Status::Done);
        assert_eq!(t1.result().table, paper000::table1());
        assert!(t1
            .rows()
            .iter()
            .all(|r| r.state == CellState::Finished && r.cell.simulated.is_some()));
        assert!(t1.progress().busy_ms > 0.0);
        let f10 = part(&check, "fig10");
        let plot = &f10.result().plots[0];
        let whole = paper000::fig10();
        assert_eq!(plot.figure.series, whole.series);
        assert_eq!(plot.figure.series.len(), 7);
        let rows = f10.rows();
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| r.state == CellState::Finished));
        assert_eq!(values(&f10.result().table), values(&whole.points));
        // What the page computed is what the CLI reports.
        assert_eq!(f10.result(), &paper000::parts()[1].run(Scope::Report));
    }

    #[test]
    fn a_chunk_keeps_to_its_budget() {
        let mut check = Check::new(paper000::PAPER);
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
        let busy: f64 = check.parts().iter().map(|p| p.progress().busy_ms).sum();
        assert!(busy <= 30.0, "{busy}");
    }

    #[test]
    fn parts_take_turns_and_stop_and_resume() {
        let mut check = Check::new(paper000::PAPER);
        check.open();
        check.start("table3");
        // Each slice "takes" its target time, so slices keep their size.
        let mut clock = ticking(SLICE_MS);
        check.work(3.0 * SLICE_MS, &mut clock);
        for p in check.parts() {
            assert!(p.progress().busy_ms > 0.0, "{} got no turn", p.id());
        }
        let rows = part(&check, "table3").rows();
        assert!(matches!(rows[0].state, CellState::Running(_)), "{rows:?}");
        let before = part(&check, "table3").progress();
        check.stop("table3");
        assert_eq!(part(&check, "table3").rows()[0].state, CellState::Pending);
        check.work(2.0 * SLICE_MS, &mut clock);
        assert_eq!(part(&check, "table3").progress().busy_ms, before.busy_ms);
        check.start("table3");
        check.stop("table1");
        check.stop("fig10");
        assert!(check.is_working());
        check.work(SLICE_MS, &mut clock);
        let after = part(&check, "table3").progress();
        assert!(after.busy_ms > before.busy_ms);
        assert!(after.events > before.events || after.done > before.done);
        check.stop("table3");
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
        let make = move |_| Experiment {
            title: "broken".into(),
            jobs: vec![Job::new(
                broken.clone(),
                "int main() { x = 1; }".into(),
                "emx",
                2,
                Matching::Eager,
                "value:",
            )],
        };
        let mut check = Check::of(
            paper000::PAPER,
            vec![Part::new("broken", "µs", "a test", make, Reproduced::jobs)],
        );
        check.open();
        run_until_idle(&mut check);
        let rows = part(&check, "broken").rows();
        assert_eq!(rows[0].state, CellState::Finished);
        assert_eq!(rows[0].cell.simulated, None);
        assert!(rows[0].cell.note.contains('x'), "{}", rows[0].cell.note);
    }

    #[test]
    fn slices_adapt_toward_their_target() {
        assert_eq!(next_slice(10_000, 10.0), 5_000);
        assert_eq!(next_slice(1_000, 1.0), 2_000);
        assert_eq!(next_slice(1_000, 0.0), 2_000);
        assert_eq!(next_slice(100, 1000.0), SLICE_BOUNDS.0);
        assert_eq!(next_slice(SLICE_BOUNDS.1, 0.1), SLICE_BOUNDS.1);
    }

    /// Paper 003's parts, small: Fig. 9 and Figs. 11–12 whole at 2 rounds, Fig. 10 at ppn 1,
    /// and a round of 4096 processes on request, shown as a measurement.
    fn small_003() -> Check {
        let fig10 = |_| {
            let mut e = paper003::fig10_experiment(2);
            e.jobs.truncate(1);
            e
        };
        Check::of(
            paper003::PAPER,
            vec![
                Part::new(
                    "fig9",
                    "µs",
                    "a test",
                    |_| paper003::fig9_experiment(2),
                    |e| Reproduced::derived(paper003::fig9_from(e)),
                ),
                Part::new("fig10", "s", "a test", fig10, |e| {
                    Reproduced::derived(paper003::fig10_from(e, 2).table)
                }),
                Part::new(
                    "fig11-12",
                    "µs",
                    "a test",
                    |_| paper003::fig11_12_experiment(),
                    |e| Reproduced::derived(paper003::fig11_12_from(e)),
                ),
                Part::new(
                    "scale",
                    "µs",
                    "a test",
                    |_| Experiment {
                        title: "scale".into(),
                        jobs: vec![paper003::round_job(4096)],
                    },
                    Reproduced::jobs,
                )
                .on_request()
                .page_only()
                .measurement("Run 4096 processes", "not yet"),
            ],
        )
    }

    #[test]
    fn derived_tables_fill_in_and_equal_the_whole_runs() {
        let mut check = small_003();
        check.open();
        assert_eq!(part(&check, "scale").status(), Status::Idle);
        check.work(3.0, &mut ticking(1.0));
        let rows = part(&check, "fig11-12").rows();
        assert_eq!(rows.len(), 3);
        run_until_idle(&mut check);
        for id in ["fig9", "fig10", "fig11-12"] {
            let p = part(&check, id);
            assert_eq!(p.status(), Status::Done, "{id}");
            assert!(p.wall().elapsed_ms().unwrap() > 0.0, "{id}");
            assert!(p.longest_slice_ms() > 0.0, "{id}");
            assert!(p.rows().iter().all(|r| r.state == CellState::Finished));
        }
        assert_eq!(
            values(&part(&check, "fig9").result().table),
            values(&paper003::fig9(2))
        );
        assert_eq!(
            values(&part(&check, "fig11-12").result().table),
            values(&paper003::fig11_12())
        );
        assert!(values(&part(&check, "fig10").result().table)[0].is_some());
        assert_eq!(part(&check, "scale").wall().elapsed_ms(), None);
    }

    #[test]
    fn a_part_on_request_runs_stops_and_resumes() {
        let mut check = small_003();
        check.start("scale");
        let mut clock = ticking(1.0);
        check.work(2.0, &mut clock);
        check.stop("scale");
        let scale = part(&check, "scale");
        assert_eq!(scale.status(), Status::Stopped);
        assert_eq!(scale.heading(), "Run 4096 processes");
        let events = scale.events();
        assert!(events > 0);
        check.work(25.0, &mut clock);
        assert_eq!(
            part(&check, "scale").events(),
            events,
            "stopped means stopped"
        );
        check.start("scale");
        run_until_idle(&mut check);
        let scale = part(&check, "scale");
        assert_eq!(part(&check, "fig9").status(), Status::Idle);
        assert_eq!(scale.status(), Status::Done);
        assert!(scale.events() > 4096);
        let mut direct = paper003::round_job(4096);
        while !direct.advance(u64::MAX) {}
        assert_eq!(scale.rows()[0].cell.simulated, direct.cell.simulated);
    }
}
