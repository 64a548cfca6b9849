//! A step's run spelled out — program, machine, ranks, run options, arguments — and
//! running it to its end, deterministically, keeping the time of every event so positions and
//! measures can be read from it.

use std::fmt;

use crate::engine::{Progress, Sim, SimError};
use crate::lang::{Launch, Vm};
use crate::machine::Profile;
use crate::run_config::RunConfig;
use crate::time::SimTime;

/// Events a lesson's run may take by default (the playground's default bound, so it plays there
/// too; a scenario's `max_events` changes it).
pub const MAX_EVENTS: u64 = crate::run_config::DEFAULT_MAX_EVENTS;

/// A program: where it came from and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramText {
    /// Its path as the lesson names it, or `inline` for a `source = """…"""`.
    pub name: String,
    /// The C source.
    pub source: String,
}

/// Everything a run needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The program.
    pub program: ProgramText,
    /// A built-in machine's id.
    pub machine: String,
    /// Ranks.
    pub ranks: u32,
    /// The run options: engine, lock scheme, eager limit, FCP design, PVM route, limits.
    pub config: RunConfig,
    /// `main`'s arguments after `argv[0]`.
    pub args: Vec<String>,
    /// The student is the network: the rank chosen at each choice point (past the end, the
    /// machine model's order); `None`: no choice points.
    pub network: Option<Vec<u32>>,
    /// Every match MPI allows: the sender chosen at each match choice point (past the end, the
    /// first sender's); `None`: receives match in the machine's order.
    pub matches: Option<Vec<u32>>,
}

/// `ring.c on folon, 4 ranks, eager[, lock li][, eager-limit 65536][, args 10 20]`: every run
/// option that is not its default, by its key.
impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.program.name.rsplit('/').next().unwrap_or_default();
        write!(
            f,
            "{name} on {}, {} ranks, {}",
            self.machine, self.ranks, self.config.engine
        )?;
        for (key, value) in self.config.changes_from(&RunConfig::default()) {
            if key != "engine" {
                write!(f, ", {key} {value}")?;
            }
        }
        if !self.args.is_empty() {
            write!(f, ", args {}", self.args.join(" "))?;
        }
        match self.network.as_deref() {
            Some([]) => write!(f, ", you are the network")?,
            Some(choices) => {
                let c: Vec<String> = choices.iter().map(u32::to_string).collect();
                write!(f, ", you are the network (choices {})", c.join(" "))?;
            }
            None => {}
        }
        match self.matches.as_deref() {
            Some([]) => write!(f, ", every match")?,
            Some(choices) => {
                let c: Vec<String> = choices.iter().map(u32::to_string).collect();
                write!(f, ", every match (choices {})", c.join(" "))?;
            }
            None => {}
        }
        Ok(())
    }
}

/// A scenario run to its end (every rank done, or an error).
#[derive(Debug)]
pub struct Run {
    /// The simulation where it stopped (its trace holds every record).
    pub sim: Sim<Vm>,
    /// The simulated time of each event, in order (`times[n - 1]` is event `n`'s).
    pub times: Vec<SimTime>,
}

impl Run {
    /// Events the run took.
    pub fn events(&self) -> u64 {
        self.times.len() as u64
    }

    /// When its last event happened.
    pub fn end(&self) -> SimTime {
        self.times.last().copied().unwrap_or(SimTime::ZERO)
    }

    /// Whether every rank finished.
    pub fn finished(&self) -> bool {
        self.sim.is_finished()
    }

    /// What stopped it, if not every rank finishing.
    pub fn error(&self) -> Option<&SimError> {
        self.sim.error()
    }

    /// How it ended, in a few words: `finished at 11.358 µs`, or `stopped: ` and the error's
    /// first line.
    pub fn outcome(&self) -> String {
        match self.error() {
            None => format!("finished at {}", self.end()),
            Some(SimError::Program { rank, message, .. }) => format!(
                "stopped: rank {rank} failed at {}: {}",
                self.end(),
                message.lines().next().unwrap_or_default()
            ),
            Some(e) => format!(
                "stopped: {}",
                e.to_string().lines().next().unwrap_or_default()
            ),
        }
    }
}

impl Scenario {
    /// Compiles and runs it on `profiles`' machine of its id; the program's diagnostics or the
    /// machine's refusal as text.
    pub fn run(&self, profiles: &[Profile]) -> Result<Run, String> {
        let mut sim = self.start(profiles)?;
        let mut times = Vec::new();
        while let Ok(Progress::Stepped) = sim.step() {
            times.push(sim.now());
        }
        Ok(Run { sim, times })
    }

    /// The simulation after its first `events` events (fewer if it stops before): what the
    /// playground holds when a step stands there.
    pub fn run_to(&self, profiles: &[Profile], events: u64) -> Result<Sim<Vm>, String> {
        let mut sim = self.start(profiles)?;
        for _ in 0..events {
            if !matches!(sim.step(), Ok(Progress::Stepped)) {
                break;
            }
        }
        Ok(sim)
    }

    /// Compiles it and sets its simulation up, before the first event.
    fn start(&self, profiles: &[Profile]) -> Result<Sim<Vm>, String> {
        let profile = profiles
            .iter()
            .find(|p| p.machine.id == self.machine)
            .ok_or_else(|| format!("no built-in machine \"{}\"", self.machine))?;
        let launch = Launch {
            profile,
            ranks: self.ranks,
            args: &self.args,
            config: self.config.sim_config(),
            limits: self.config.vm_limits(),
            network: self.network.as_deref(),
        };
        let sim = launch
            .sim(&self.program.source, &self.program.name)
            .map_err(|e| e.render(&self.program.name, &self.program.source))?;
        Ok(match &self.matches {
            Some(choices) => sim.with_match_choices(choices.clone()),
            None => sim,
        })
    }
}

/// Runs of scenarios, each run once (a lesson's steps and questions share many).
#[derive(Debug)]
pub struct Runs {
    profiles: Vec<Profile>,
    done: Vec<(Scenario, Result<std::rc::Rc<Run>, String>)>,
}

impl Runs {
    /// Runs on these machines (the built-in profiles).
    pub fn new(profiles: Vec<Profile>) -> Runs {
        Runs {
            profiles,
            done: Vec::new(),
        }
    }

    /// The machines these runs use.
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// `scenario`'s run (run now, or the one made before).
    pub fn run(&mut self, scenario: &Scenario) -> Result<std::rc::Rc<Run>, String> {
        if let Some((_, run)) = self.done.iter().find(|(s, _)| s == scenario) {
            return run.clone();
        }
        let run = scenario.run(&self.profiles).map(std::rc::Rc::new);
        self.done.push((scenario.clone(), run.clone()));
        run
    }
}
