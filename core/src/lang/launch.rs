//! One way to set up a run of an MPI C program: compile it, size the machine, give every rank a
//! VM with `main`'s arguments, and the one-sided words every C run needs. The CLI's `run`, the
//! web's Run, the paper checks and the lessons all start runs here, so they cannot drift apart.

use std::rc::Rc;

use crate::engine::Sim;
use crate::lang::codegen::bytecode::Compiled;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::sources::SourceFile;
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

    /// The error as text, for a program of several files: each diagnostic rendered against its
    /// own file (named in it).
    pub fn render_files(&self, files: &[SourceFile]) -> String {
        match self {
            LaunchError::Compile(diags) => diags
                .iter()
                .map(|d| {
                    let text = files
                        .iter()
                        .find(|f| f.name == d.file)
                        .map_or("", |f| &f.text);
                    let name = if d.file.is_empty() {
                        "program"
                    } else {
                        &d.file
                    };
                    d.render(name, text)
                })
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
        self.sim_compiled(&compiled)
    }

    /// Compiles a program of several files (see [`crate::lang::sources`]; `argv[0]` is its
    /// first `.c` file's name) and sets up its run.
    pub fn sim_files(&self, files: &[SourceFile]) -> Result<Sim<Vm>, LaunchError> {
        self.sim_files_defining(files, &[])
    }

    /// [`Launch::sim_files`] with macros defined before every file, as `-D` flags define them
    /// (see [`crate::lang::load_files_defining`]).
    pub fn sim_files_defining(
        &self,
        files: &[SourceFile],
        defines: &[String],
    ) -> Result<Sim<Vm>, LaunchError> {
        let compiled =
            crate::lang::load_files_defining(files, defines).map_err(LaunchError::Compile)?;
        self.sim_compiled(&compiled)
    }

    /// Sets up the run of a compiled program.
    pub fn sim_compiled(&self, compiled: &Rc<Compiled>) -> Result<Sim<Vm>, LaunchError> {
        let machine = Machine::new(self.profile, self.ranks)
            .map_err(|e| LaunchError::Machine(e.to_string()))?;
        let config = SimConfig {
            words_per_rank: super::RMA_WORDS,
            ..self.config
        };
        let ranks = crate::lang::ranks_with_args(compiled, self.ranks, self.limits, self.args);
        let sim = Sim::new(machine, ranks, config);
        Ok(match self.network {
            Some(choices) => sim.with_network(choices.to_vec()),
            None => sim,
        })
    }
}
