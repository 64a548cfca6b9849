//! A paper check's runs as resumable jobs: each [`Job`] is one program on one machine under one
//! engine (producing the number the program prints after a key), or one native workload run
//! ([`NativeRun`], producing its slowest rank's finish time and keeping every rank's), advanced a
//! slice of events at a time so a browser can spread a long check over frames. A native run may
//! also be of programs the caller made ([`Job::programs`], e.g. another lock algorithm). An
//! [`Experiment`] is a titled list of jobs that becomes a [`Table`] as they finish.

use super::native_run::NativeRun;
use super::{Cell, Table};
use crate::engine::{Program, Sim, SimError};
use crate::lang::{self, Vm, VmLimits};
use crate::machine::builtin_profiles;
use crate::proto::p2p::Matching;
use crate::proto::SimConfig;
use crate::time::SimTime;
use crate::trace::TraceMode;
use crate::workloads::Native;

/// Events a job runs per slice when run to completion natively.
const NATIVE_SLICE: u64 = 1 << 20;

/// Where a job is.
#[derive(Debug)]
enum Stage {
    /// Not started: the simulation is built on the first slice (so a list of jobs holds no
    /// memory until each runs).
    Waiting,
    /// Running a program.
    Running(Box<Sim<Vm>>),
    /// Running a native workload.
    RunningNative(Box<Sim<Native>>),
    /// Finished after this many events: the cell holds the value or why there is none.
    Done(u64),
}

/// What a job runs.
#[derive(Debug)]
enum Work {
    /// A program of the playground's language; the value is the number printed after `key`.
    Program {
        source: String,
        machine: &'static str,
        ranks: u32,
        matching: Matching,
        key: &'static str,
    },
    /// A native workload; the value is what its [`NativeRun::measure`] says.
    Native(Box<NativeRun>),
    /// Native programs made by the caller, run on `run`'s machine (`run.kind` unused) with
    /// `words` words per rank; the value is what `run.measure` says. Made (or taken) when the
    /// job starts.
    Programs {
        run: Box<NativeRun>,
        programs: MakePrograms,
        words: u32,
    },
    /// Nothing: the job could not be set up (its cell says why).
    Failed,
}

/// How a job gets its programs when it starts: made then, so that a page setting up many jobs
/// does not spend the time up front.
pub struct MakePrograms(Option<Box<Make>>);

/// What makes a job's programs (or says why it cannot).
type Make = dyn FnOnce() -> Result<Vec<Native>, String>;

impl MakePrograms {
    fn take(&mut self) -> Result<Vec<Native>, String> {
        match self.0.take() {
            Some(make) => make(),
            None => Err("the job's programs were already taken".to_string()),
        }
    }
}

impl std::fmt::Debug for MakePrograms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "MakePrograms(pending)"
        } else {
            "MakePrograms(taken)"
        })
    }
}

/// One run of a paper check.
#[derive(Debug)]
pub struct Job {
    /// The cell it fills (its `simulated` value is set when the job finishes).
    pub cell: Cell,
    work: Work,
    stage: Stage,
    /// Every rank's finish time, once a native run has finished (empty otherwise).
    finishes: Vec<SimTime>,
}

impl Job {
    /// A job that runs `source` on `ranks` ranks of built-in machine `machine` under
    /// `matching`, and reads the number the program prints after `key` (e.g.
    /// `"one-way latency:"`) into `cell`. `cell.note` is kept if the run succeeds.
    pub fn new(
        cell: Cell,
        source: String,
        machine: &'static str,
        ranks: u32,
        matching: Matching,
        key: &'static str,
    ) -> Job {
        Job {
            cell,
            work: Work::Program {
                source,
                machine,
                ranks,
                matching,
                key,
            },
            stage: Stage::Waiting,
            finishes: Vec::new(),
        }
    }

    /// A job that runs `run` and puts its measure into `cell`. `cell.note` is kept if the run
    /// succeeds (or replaced by what `run.note_from_run` reads, if set).
    pub fn native(cell: Cell, run: NativeRun) -> Job {
        Job {
            cell,
            work: Work::Native(Box::new(run)),
            stage: Stage::Waiting,
            finishes: Vec::new(),
        }
    }

    /// A job that runs `programs` (one per rank; `run.ranks` and `run.kind` are not used) on
    /// `run.profile` with `run.engines` receiving engines and `words` words per rank, and puts
    /// `run.measure` of the finished run into `cell`. `cell.note` is kept if the run succeeds
    /// (or replaced by what `run.note_from_run` reads, if set).
    pub fn programs(cell: Cell, run: NativeRun, programs: Vec<Native>, words: u32) -> Job {
        Self::programs_later(cell, run, move || Ok(programs), words)
    }

    /// Like [`Job::programs`], with the programs made by `make` when the job starts (an error
    /// from it is the cell's note).
    pub fn programs_later(
        cell: Cell,
        run: NativeRun,
        make: impl FnOnce() -> Result<Vec<Native>, String> + 'static,
        words: u32,
    ) -> Job {
        Job {
            cell,
            work: Work::Programs {
                run: Box::new(run),
                programs: MakePrograms(Some(Box::new(make))),
                words,
            },
            stage: Stage::Waiting,
            finishes: Vec::new(),
        }
    }

    /// A job that has already failed for `why` (its cell has no value and says why).
    pub fn failed(mut cell: Cell, why: String) -> Job {
        cell.simulated = None;
        cell.note = why;
        Job {
            cell,
            work: Work::Failed,
            stage: Stage::Done(0),
            finishes: Vec::new(),
        }
    }

    /// Whether the job has finished (with a value or an error note).
    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done(_))
    }

    /// Every rank's finish time once a native run has finished, in rank order (empty before,
    /// and for programs of the playground's language or a failed run).
    pub fn finish_times(&self) -> &[SimTime] {
        &self.finishes
    }

    /// Simulated events so far (0 before it starts; all of them once it has finished).
    pub fn events(&self) -> u64 {
        match &self.stage {
            Stage::Waiting => 0,
            Stage::Running(sim) => sim.events(),
            Stage::RunningNative(sim) => sim.events(),
            Stage::Done(events) => *events,
        }
    }

    /// Runs up to `events` more events. Returns whether the job is done.
    pub fn advance(&mut self, events: u64) -> bool {
        if let Stage::Waiting = self.stage {
            match &mut self.work {
                Work::Program { .. } => match self.build() {
                    Ok(sim) => self.stage = Stage::Running(Box::new(sim)),
                    Err(e) => return self.finish(Err(e), 0),
                },
                Work::Native(run) => match run.build() {
                    Ok(sim) => self.stage = Stage::RunningNative(Box::new(sim)),
                    Err(e) => return self.finish(Err(e), 0),
                },
                Work::Programs {
                    run,
                    programs,
                    words,
                } => match programs
                    .take()
                    .and_then(|programs| run.build_with(programs, *words))
                {
                    Ok(sim) => self.stage = Stage::RunningNative(Box::new(sim)),
                    Err(e) => return self.finish(Err(e), 0),
                },
                Work::Failed => return true,
            }
        }
        let (value, ran) = match (&mut self.stage, &self.work) {
            (Stage::Done(_), _) => return true,
            (Stage::Running(sim), Work::Program { key, .. }) => {
                let value = match slice(sim, events) {
                    Ok(false) => return false,
                    Ok(true) => sim
                        .console()
                        .iter()
                        .find_map(|l| {
                            let rest = &l.text[l.text.find(key)? + key.len()..];
                            rest.split_whitespace().next()?.parse().ok()
                        })
                        .ok_or_else(|| format!("the program printed no {key:?}")),
                    Err(e) => Err(e),
                };
                (value, sim.events())
            }
            (Stage::RunningNative(sim), Work::Native(run) | Work::Programs { run, .. }) => {
                let value = match slice(sim, events) {
                    Ok(false) => return false,
                    Ok(true) => run.value(sim),
                    Err(e) => Err(e),
                };
                if value.is_ok() {
                    self.finishes = finish_times(sim).unwrap_or_default();
                    if let Some(note) = run.note(sim) {
                        self.cell.note = note;
                    }
                }
                (value, sim.events())
            }
            _ => (Err("a job's stage does not match its work".to_string()), 0),
        };
        self.finish(value, ran)
    }

    /// Runs the job to the end and returns its cell.
    pub fn run(mut self) -> Cell {
        while !self.advance(NATIVE_SLICE) {}
        self.cell
    }

    fn build(&self) -> Result<Sim<Vm>, String> {
        let Work::Program {
            source,
            machine,
            ranks,
            matching,
            ..
        } = &self.work
        else {
            return Err("not a program".to_string());
        };
        let profile = builtin_profiles()
            .map_err(|e| e.to_string())?
            .into_iter()
            .find(|p| p.machine.id == *machine)
            .ok_or_else(|| format!("no built-in machine {machine:?}"))?;
        let launch = lang::Launch {
            profile: &profile,
            ranks: *ranks,
            args: &[],
            config: SimConfig {
                matching: *matching,
                trace: TraceMode::HashOnly,
                ..SimConfig::default()
            },
            limits: VmLimits::default(),
            network: None,
        };
        launch.sim(source, "program.c").map_err(|e| match e {
            lang::LaunchError::Compile(d) => d
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
            lang::LaunchError::Machine(m) => m,
        })
    }

    fn finish(&mut self, value: Result<f64, String>, events: u64) -> bool {
        match value {
            Ok(v) => self.cell.simulated = Some(v),
            Err(e) => {
                self.cell.simulated = None;
                self.cell.note = e;
            }
        }
        self.stage = Stage::Done(events);
        true
    }
}

/// Every rank's finish time of a finished lock or atomics run (`None` if one has none).
fn finish_times(sim: &Sim<Native>) -> Option<Vec<SimTime>> {
    (0..sim.size())
        .map(|r| match sim.program(r) {
            Some(Native::Lock(l)) => l.finished_at(),
            Some(Native::Atomics(a)) => a.finished_at(),
            _ => None,
        })
        .collect()
}

/// Runs up to `events` more events of `sim`; returns whether it finished, or why it stopped.
fn slice<P: Program>(sim: &mut Sim<P>, events: u64) -> Result<bool, String> {
    sim.run_events(events.max(1))
        .map_err(|e: SimError| e.to_string())?;
    Ok(sim.is_finished())
}

/// A titled list of jobs: a table being reproduced.
#[derive(Debug)]
pub struct Experiment {
    /// The table's title.
    pub title: String,
    /// Its jobs, in the table's order.
    pub jobs: Vec<Job>,
}

impl Experiment {
    /// Jobs finished so far.
    pub fn done(&self) -> usize {
        self.jobs.iter().filter(|j| j.is_done()).count()
    }

    /// Advances the first unfinished job by up to `events` events. Returns whether every job is
    /// done.
    pub fn advance(&mut self, events: u64) -> bool {
        match self.jobs.iter_mut().find(|j| !j.is_done()) {
            Some(job) => {
                job.advance(events);
                self.jobs.iter().all(Job::is_done)
            }
            None => true,
        }
    }

    /// Runs every job to the end.
    pub fn run(mut self) -> Table {
        self.run_to_end();
        self.table()
    }

    /// Runs every job to the end, in place.
    pub fn run_to_end(&mut self) {
        while !self.advance(NATIVE_SLICE) {}
    }

    /// The experiment with every job run to the end.
    pub fn finished(mut self) -> Experiment {
        self.run_to_end();
        self
    }

    /// The table as far as the jobs have come (unfinished cells have no value).
    pub fn table(&self) -> Table {
        Table {
            title: self.title.clone(),
            cells: self.jobs.iter().map(|j| j.cell.clone()).collect(),
        }
    }
}
