//! One way to set up a run of an MPI C program: compile it, size the machine, give every rank a
//! VM with `main`'s arguments, and the one-sided words every C run needs. The CLI's `run`, the
//! web's Run, the paper checks and the lessons all start runs here, so they cannot drift apart.

use crate::engine::Sim;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::vm::{Vm, VmLimits};
use crate::machine::{Machine, Profile};
use crate::proto::SimConfig;

/// What a run of a C program needs besides its source.
#[derive(Clone, Debug)]
pub struct Launch<'a> {
    /// The machine.
    pub profile: &'a Profile,
    /// Ranks to start.
    pub ranks: u32,
    /// `main`'s arguments after `argv[0]`.
    pub args: &'a [String],
    /// The engine and protocol choices (its `words_per_rank` is set to [`super::RMA_WORDS`]).
    pub config: SimConfig,
    /// Each rank's VM limits.
    pub limits: VmLimits,
    /// The user is the network: the rank chosen at each choice point (see
    /// [`crate::engine::network`]); `None` for the machine model's order without choice points.
    pub network: Option<&'a [u32]>,
}

/// Why a run could not start.
#[derive(Clone, Debug, PartialEq)]
pub enum LaunchError {
    /// The program does not compile: every diagnostic, in source order.
    Compile(Vec<Diagnostic>),
    /// The machine cannot hold the run (too many ranks…).
    Machine(String),
}

impl LaunchError {
    /// The error as text: diagnostics rendered against `source` named `file`.
    pub fn render(&self, file: &str, source: &str) -> String {
        match self {
            LaunchError::Compile(diags) => diags
                .iter()
                .map(|d| d.render(file, source))
                .collect::<Vec<_>>()
                .join("\n"),
            LaunchError::Machine(message) => message.clone(),
        }
    }
}

impl Launch<'_> {
    /// Compiles `source` (named `file` in diagnostics and `argv[0]`) and sets up its run.
    pub fn sim(&self, source: &str, file: &str) -> Result<Sim<Vm>, LaunchError> {
        let compiled = crate::lang::load(source, file).map_err(LaunchError::Compile)?;
        let machine = Machine::new(self.profile, self.ranks)
            .map_err(|e| LaunchError::Machine(e.to_string()))?;
        let config = SimConfig {
            words_per_rank: super::RMA_WORDS,
            ..self.config
        };
        let ranks = crate::lang::ranks_with_args(&compiled, self.ranks, self.limits, self.args);
        let sim = Sim::new(machine, ranks, config);
        Ok(match self.network {
            Some(choices) => sim.with_network(choices.to_vec()),
            None => sim,
        })
    }
}
