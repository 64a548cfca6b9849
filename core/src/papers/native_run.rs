//! A native workload run as a paper check's job: which workload, on which machine profile, how
//! many ranks and rounds, and what number of the finished run the cell shows (the slowest rank's
//! finish time, per round or whole, or the run's end) and, if asked, what its trace adds to the
//! cell's note. Built into a `Sim<Native>` on a job's first slice.

use crate::engine::{Limits, Sim};
use crate::machine::{Machine, Profile};
use crate::proto::SimConfig;
use crate::time::SimTime;
use crate::trace::TraceMode;
use crate::workloads::{programs, Native, WorkloadKind, WorkloadParams};

/// What a finished native run gives its cell.
#[derive(Copy, Clone, Debug)]
pub enum Measure {
    /// The slowest rank's finish time in µs, divided by the rounds.
    SlowestUsPerRound,
    /// The slowest rank's finish time in seconds.
    SlowestSecs,
    /// The run's end (its last event's time) in ms: for programs that keep no finish time of
    /// their own (paper 002's scheduled exchange, `workloads::scheduled`).
    EndMs,
    /// The run's end in seconds scaled to 1000 of the run's repetitions (this many): paper
    /// 002's unit, s per 1000 collectives.
    EndSecsPer1000(u32),
    /// A number read from the finished run by this function (paper 001: a rank's ACP memory
    /// from the layer's state, a copy's time from the program's).
    Read(ReadRun),
}

/// Reads a cell's number from a finished native run.
pub type ReadRun = fn(&Sim<Native>) -> Result<f64, String>;

/// One native workload run.
#[derive(Clone, Debug)]
pub struct NativeRun {
    /// The machine, at the size the run needs.
    pub profile: Profile,
    /// The workload every rank runs.
    pub kind: WorkloadKind,
    /// Ranks.
    pub ranks: u32,
    /// Rounds (the workload's iterations).
    pub rounds: u32,
    /// Receiving RDMA engines in use (`None`: the profile's).
    pub engines: Option<u32>,
    /// What the cell shows.
    pub measure: Measure,
    /// What the finished run adds to its cell's note, read from the simulation (e.g. paper
    /// 002: how many messages a switch port dropped, `Machine::port_drops`). Runs keep only
    /// the trace's hash, as long runs must.
    pub note_from_run: Option<fn(&Sim<Native>) -> String>,
    /// The eager engine's eager limit (`None`: the engine's default, MPICH's), e.g. Open MPI's
    /// over TCP for paper 002.
    pub eager_limit: Option<u64>,
    /// Which FCP design FOLON's message passing uses (paper 004; ignored elsewhere).
    pub fcp: crate::proto::fcp::Variant,
    /// How PVM's messages travel (paper 004; ignored elsewhere).
    pub pvm: crate::proto::pvm::PvmConfig,
}

impl NativeRun {
    /// The simulation, not started (no event limits: these runs are long on purpose).
    pub fn build(&self) -> Result<Sim<Native>, String> {
        let params = WorkloadParams {
            bytes: 8,
            iterations: self.rounds,
        };
        self.build_with(
            programs(self.kind, self.ranks, params),
            self.kind.words_per_rank(),
        )
    }

    /// The run on this machine (with its engines in use) of `programs` instead of the
    /// workload's, with `words` one-sided words per rank.
    pub fn build_with(&self, programs: Vec<Native>, words: u32) -> Result<Sim<Native>, String> {
        let ranks = u32::try_from(programs.len()).map_err(|e| e.to_string())?;
        let mut machine = Machine::new(&self.profile, ranks).map_err(|e| e.to_string())?;
        if let Some(n) = self.engines {
            machine.set_engines_in_use(n).map_err(|e| e.to_string())?;
        }
        let config = SimConfig {
            limits: Limits::unbounded(),
            trace: TraceMode::HashOnly,
            words_per_rank: words,
            eager_limit: self
                .eager_limit
                .unwrap_or(crate::proto::p2p::DEFAULT_EAGER_LIMIT),
            fcp: self.fcp,
            pvm: self.pvm,
            ..SimConfig::default()
        };
        Ok(Sim::new(machine, programs, config))
    }

    /// The cell's value once `sim` has finished.
    pub fn value(&self, sim: &Sim<Native>) -> Result<f64, String> {
        Ok(match self.measure {
            Measure::SlowestUsPerRound => {
                slowest_finish(sim)?.as_us_f64() / f64::from(self.rounds.max(1))
            }
            Measure::SlowestSecs => slowest_finish(sim)?.as_secs_f64(),
            Measure::EndMs => sim.now().as_secs_f64() * 1000.0,
            Measure::EndSecsPer1000(repetitions) => {
                sim.now().as_secs_f64() * 1000.0 / f64::from(repetitions.max(1))
            }
            Measure::Read(read) => read(sim)?,
        })
    }

    /// What the finished `sim` adds to its cell's note ([`NativeRun::note_from_run`]'s), if
    /// anything.
    pub fn note(&self, sim: &Sim<Native>) -> Option<String> {
        self.note_from_run.map(|f| f(sim))
    }
}

/// The latest finish time over the ranks of a finished lock or atomics run.
pub fn slowest_finish(sim: &Sim<Native>) -> Result<SimTime, String> {
    (0..sim.size())
        .map(|r| match sim.program(r) {
            Some(Native::Lock(l)) => l.finished_at(),
            Some(Native::Atomics(a)) => a.finished_at(),
            _ => None,
        })
        .try_fold(SimTime::ZERO, |max, t| t.map(|t| max.max(t)))
        .ok_or_else(|| "a rank did not finish".to_string())
}
