//! A paper check's runs as resumable jobs: each [`Job`] is one program on one machine under one
//! engine, advanced a slice of events at a time (so a browser can spread a long check over
//! frames), producing the number the program prints after a key. An [`Experiment`] is a titled
//! list of jobs that becomes a [`Table`] as they finish.

use super::{Cell, Table};
use crate::engine::{Matching, Sim, SimConfig};
use crate::lang::{self, Vm, VmLimits};
use crate::machine::{builtin_profiles, Machine};
use crate::trace::TraceMode;

/// Events a job runs per slice when run to completion natively.
const NATIVE_SLICE: u64 = 1 << 20;

/// Where a job is.
#[derive(Debug)]
enum Stage {
    /// Not started: the simulation is built on the first slice (so a list of jobs holds no
    /// memory until each runs).
    Waiting,
    /// Running.
    Running(Box<Sim<Vm>>),
    /// Finished: the cell holds the value or why there is none.
    Done,
}

/// One run of a paper check.
#[derive(Debug)]
pub struct Job {
    /// The cell it fills (its `simulated` value is set when the job finishes).
    pub cell: Cell,
    source: String,
    machine: &'static str,
    ranks: u32,
    matching: Matching,
    key: &'static str,
    stage: Stage,
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
            source,
            machine,
            ranks,
            matching,
            key,
            stage: Stage::Waiting,
        }
    }

    /// Whether the job has finished (with a value or an error note).
    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done)
    }

    /// Simulated events so far (0 before it starts and after it finishes).
    pub fn events(&self) -> u64 {
        match &self.stage {
            Stage::Running(sim) => sim.events(),
            _ => 0,
        }
    }

    /// Runs up to `events` more events. Returns whether the job is done.
    pub fn advance(&mut self, events: u64) -> bool {
        match &mut self.stage {
            Stage::Done => return true,
            Stage::Waiting => match self.build() {
                Ok(sim) => self.stage = Stage::Running(Box::new(sim)),
                Err(e) => return self.finish(Err(e)),
            },
            Stage::Running(_) => {}
        }
        let Stage::Running(sim) = &mut self.stage else {
            return false;
        };
        if let Err(e) = sim.run_events(events.max(1)) {
            return self.finish(Err(e.to_string()));
        }
        if !sim.is_finished() {
            return false;
        }
        let key = self.key;
        let value = sim
            .console()
            .iter()
            .find_map(|l| {
                let rest = &l.text[l.text.find(key)? + key.len()..];
                rest.split_whitespace().next()?.parse().ok()
            })
            .ok_or_else(|| format!("the program printed no {key:?}"));
        self.finish(value)
    }

    /// Runs the job to the end and returns its cell.
    pub fn run(mut self) -> Cell {
        while !self.advance(NATIVE_SLICE) {}
        self.cell
    }

    fn build(&self) -> Result<Sim<Vm>, String> {
        let compiled = lang::load(&self.source, "program.c").map_err(|d| {
            d.iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        let profile = builtin_profiles()
            .map_err(|e| e.to_string())?
            .into_iter()
            .find(|p| p.machine.id == self.machine)
            .ok_or_else(|| format!("no built-in machine {:?}", self.machine))?;
        let machine = Machine::new(&profile, self.ranks).map_err(|e| e.to_string())?;
        let config = SimConfig {
            matching: self.matching,
            trace: TraceMode::HashOnly,
            words_per_rank: lang::RMA_WORDS,
            ..SimConfig::default()
        };
        Ok(Sim::new(
            machine,
            lang::ranks(&compiled, self.ranks, VmLimits::default()),
            config,
        ))
    }

    fn finish(&mut self, value: Result<f64, String>) -> bool {
        match value {
            Ok(v) => self.cell.simulated = Some(v),
            Err(e) => {
                self.cell.simulated = None;
                self.cell.note = e;
            }
        }
        self.stage = Stage::Done;
        true
    }
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
        while !self.advance(NATIVE_SLICE) {}
        self.table()
    }

    /// The table as far as the jobs have come (unfinished cells have no value).
    pub fn table(&self) -> Table {
        Table {
            title: self.title.clone(),
            cells: self.jobs.iter().map(|j| j.cell.clone()).collect(),
        }
    }
}
