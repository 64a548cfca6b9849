//! A run in the playground: the compiled program stepping on the engine (`History<Vm>`), with
//! history so the user can go forward and back, and what is derived from its trace — the
//! [`Timeline`](rankscope_core::trace::timeline::Timeline), the lock and ACP ledgers. Held behind
//! `Rc<RefCell<…>>` so each click mutates one run instead of cloning its checkpoints; the reducer
//! is still the only place that changes it, and after every move [`Session::after_move`] extends
//! the timeline and the ledgers from the trace's known records (incrementally, never rescanning).

use std::cell::RefCell;
use std::rc::Rc;

use rankscope_core::engine::{History, SimError};
use rankscope_core::lang::{self, Diagnostic, SourceFile, Vm};
use rankscope_core::locks::ledger::LockLedger;
use rankscope_core::machine::Profile;
use rankscope_core::proto::acp::ledger::AcpLedger;
use rankscope_core::time::SimTime;

use crate::playground::run_options::RunOptions;

/// One run of the editor's program.
#[derive(Debug)]
pub struct Session {
    /// The simulation with its checkpoints.
    pub history: History<Vm>,
    /// Machine name, for the status line.
    pub machine: String,
    /// The space-time diagram of every known record (kept up to date by [`Session::after_move`]).
    pub timeline: rankscope_core::trace::timeline::Timeline,
    /// Who holds the MPI_Win_lock lock at any point of the known records (for the lock view;
    /// kept up to date by [`Session::after_move`]).
    pub lock_ledger: LockLedger,
    /// Each ACP command's records (the ACP view's Fig. 5 steps), read like the timeline.
    pub acp_ledger: AcpLedger,
    /// How the run ended, once it has (runs are deterministic: stepping back does not forget it).
    pub ended: Option<RunEnd>,
    /// This run's number among the runs started in the page (1, 2, …): an identity that outlives
    /// the run, unlike its address, which a later run may reuse.
    pub serial: u64,
    /// The program's files as the run was started with them (so the editor knows whether the
    /// run is of the text it shows, and in which file each rank is).
    pub files: Vec<SourceFile>,
    /// The data files the ranks wrote, read when the run ended (empty before).
    pub written: Vec<WrittenFile>,
}

/// A data file the run wrote, with the ranks that wrote it (ranks that wrote the same name
/// with the same contents share one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// The name the program opened it by.
    pub name: String,
    /// The ranks that wrote it, in order.
    pub ranks: Vec<u32>,
    /// Its contents (bytes that are not UTF-8 shown as U+FFFD).
    pub text: String,
    /// Its size in bytes.
    pub bytes: usize,
}

impl WrittenFile {
    /// Who wrote it, for its tab: `rank 0`, `ranks 0, 2`, `every rank`.
    pub fn writers(&self, size: u32) -> String {
        match self.ranks.as_slice() {
            [one] => format!("rank {one}"),
            all if all.len() as u32 == size && size > 1 => "every rank".to_string(),
            some if some.len() <= 4 => format!(
                "ranks {}",
                some.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            some => format!("{} ranks", some.len()),
        }
    }
}

/// The files `sim`'s ranks wrote, those with the same name and contents together, by name.
fn written_files(sim: &rankscope_core::engine::Sim<Vm>) -> Vec<WrittenFile> {
    let mut files: Vec<(String, Vec<u8>, Vec<u32>)> = Vec::new();
    for rank in 0..sim.size() {
        let Some(vm) = sim.program(rank) else {
            continue;
        };
        for file in vm.written_files() {
            match files
                .iter_mut()
                .find(|(n, b, _)| *n == file.name && *b == file.bytes)
            {
                Some((_, _, ranks)) => ranks.push(rank),
                None => files.push((file.name, file.bytes, vec![rank])),
            }
        }
    }
    files.sort_by(|a, b| (&a.0, &a.2).cmp(&(&b.0, &b.2)));
    files
        .into_iter()
        .map(|(name, bytes, ranks)| WrittenFile {
            name,
            ranks,
            text: String::from_utf8_lossy(&bytes).into_owned(),
            bytes: bytes.len(),
        })
        .collect()
}

/// How a run ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every rank finished, at this simulated time.
    Finished(SimTime),
    /// An error (deadlock, runtime error, limit) stopped it at this simulated time.
    Stopped(SimTime),
}

/// A shared, mutable run, compared by identity.
#[derive(Clone, Debug)]
pub struct SessionCell(pub Rc<RefCell<Session>>);

impl PartialEq for SessionCell {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Session {
    /// Whether the run can still go forward (not finished, not stopped by an error).
    pub fn can_continue(&self) -> bool {
        let sim = self.history.sim();
        !sim.is_finished() && sim.error().is_none()
    }

    /// Whether the run has reached simulated time `t`, or cannot go further (finished, stopped).
    pub fn covers(&self, t: SimTime) -> bool {
        self.history.sim().now() >= t || !self.can_continue()
    }

    /// Takes events until the run [covers](Session::covers) simulated time `t`, at most
    /// `budget` of them (so one call stays short), then brings the views up to date. Returns
    /// whether it covers `t` now. An error stops the walk and is shown from the simulation.
    pub fn advance_to(&mut self, t: SimTime, budget: u64) -> bool {
        let mut taken = 0;
        while taken < budget && !self.covers(t) {
            match self.history.forward(1) {
                Ok(1) => taken += 1,
                _ => break,
            }
        }
        self.after_move();
        self.covers(t)
    }

    /// The error that stopped the run, as shown to the user (a program's runtime error is
    /// already a rendered diagnostic).
    pub fn error_text(&self) -> Option<String> {
        self.error_text_in(crate::i18n::Lang::En)
    }

    /// [`Session::error_text`] in `lang` (a program's runtime error stays as the compiler and
    /// the MPI library wrote it, in English like a C compiler's).
    pub fn error_text_in(&self, lang: crate::i18n::Lang) -> Option<String> {
        self.history.sim().error().map(|e| match e {
            SimError::Program { message, .. } => message.clone(),
            other => other.text_in(lang.core()),
        })
    }

    /// Brings the views' derived data up to date after the history moved (forward, back, goto).
    /// Call after every movement.
    pub fn after_move(&mut self) {
        let sim = self.history.sim();
        self.timeline.extend(sim.trace().known_records());
        self.lock_ledger.extend(sim.trace().known_records());
        self.acp_ledger.extend(sim.trace().known_records());
        self.timeline.set_stopped(sim.error().is_some());
        if self.ended.is_none() {
            if sim.error().is_some() {
                self.ended = Some(RunEnd::Stopped(sim.now()));
            } else if sim.is_finished() {
                self.ended = Some(RunEnd::Finished(sim.now()));
            }
            if self.ended.is_some() {
                self.written = written_files(sim);
            }
        }
    }
}

/// Compiles `source` (as `program.c`) and sets up a run on `profile` with `ranks` ranks, each
/// `main` getting `args` after `argv[0]` (`"program"`), or returns the diagnostics (compile
/// errors) or a plain message (e.g. too many ranks for the machine). With `network`, the user
/// is the network: the rank chosen at each choice point (see `rankscope_core::engine::network`).
pub fn start(
    source: &str,
    profile: &Profile,
    ranks: u32,
    options: RunOptions,
    args: &[String],
    network: Option<&[u32]>,
) -> Result<SessionCell, StartError> {
    let files = [SourceFile::new(
        crate::playground::program_files::FIRST_NAME,
        source,
    )];
    start_files(&files, profile, ranks, options, args, network)
}

/// [`start`] for a program of several files (`.c` files, headers, data files; see
/// `rankscope_core::lang::sources`): diagnostics name their file. A program of one `.c` file
/// is compiled exactly as [`start`] compiles it (its file's name gives `argv[0]`).
pub fn start_files(
    files: &[SourceFile],
    profile: &Profile,
    ranks: u32,
    options: RunOptions,
    args: &[String],
    network: Option<&[u32]>,
) -> Result<SessionCell, StartError> {
    start_files_matching(files, profile, ranks, options, args, network, None)
}

/// [`start_files`] that can also explore every match MPI allows: with `matches`, each
/// `MPI_ANY_SOURCE` receive waits until every rank waits and takes the message of the rank
/// listed for its match choice point (see `rankscope_core::engine::matches`).
pub fn start_files_matching(
    files: &[SourceFile],
    profile: &Profile,
    ranks: u32,
    options: RunOptions,
    args: &[String],
    network: Option<&[u32]>,
    matches: Option<&[u32]>,
) -> Result<SessionCell, StartError> {
    let launch = lang::Launch {
        profile,
        ranks,
        args,
        config: options.sim_config(),
        limits: options.vm_limits(),
        network,
    };
    let sim = launch.sim_compiled(&compile(files)?).map_err(|e| match e {
        lang::LaunchError::Compile(diags) => StartError::Diagnostics(diags),
        lang::LaunchError::Machine(message) => StartError::Message(message),
    })?;
    let sim = match matches {
        Some(choices) => sim.with_match_choices(choices.to_vec()),
        None => sim,
    };
    Ok(SessionCell(Rc::new(RefCell::new(Session {
        history: History::new(sim, 512),
        machine: profile.machine.name.clone(),
        timeline: rankscope_core::trace::timeline::Timeline::new(ranks),
        lock_ledger: LockLedger::new(),
        acp_ledger: AcpLedger::new(),
        ended: None,
        serial: next_serial(),
        files: files.to_vec(),
        written: Vec::new(),
    }))))
}

/// Explores a program over every match MPI allows (see `rankscope_core::explore`), compiled
/// once as [`start_files`] compiles it, within `budget` runs.
pub fn explore_files(
    files: &[SourceFile],
    profile: &Profile,
    ranks: u32,
    options: RunOptions,
    args: &[String],
    budget: usize,
) -> Result<rankscope_core::explore::Exploration, StartError> {
    let compiled = compile(files)?;
    let launch = lang::Launch {
        profile,
        ranks,
        args,
        config: options.sim_config(),
        limits: options.vm_limits(),
        network: None,
    };
    rankscope_core::explore::explore(rankscope_core::explore::Space::Matches, budget, || {
        launch.sim_compiled(&compiled).map_err(|e| match e {
            lang::LaunchError::Machine(m) => m,
            lang::LaunchError::Compile(_) => String::new(),
        })
    })
    .map_err(StartError::Message)
}

/// Compiles a program: one `.c` file as `lang::load` compiles it (its name gives `argv[0]`),
/// several as a program of files (see `rankscope_core::lang::sources`).
fn compile(
    files: &[SourceFile],
) -> Result<std::rc::Rc<lang::codegen::bytecode::Compiled>, StartError> {
    let one_c_file = |f: &SourceFile| {
        rankscope_core::lang::sources::kind(&f.name)
            == rankscope_core::lang::sources::FileKind::Source
    };
    match files {
        [one] if one_c_file(one) => lang::load(&one.text, &one.name),
        _ => lang::load_files_defining(files, &[]),
    }
    .map_err(StartError::Diagnostics)
}

/// The next run's serial number (see [`Session::serial`]).
fn next_serial() -> u64 {
    thread_local! {
        static STARTED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
    STARTED.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

/// Why a run could not start.
#[derive(Clone, Debug, PartialEq)]
pub enum StartError {
    /// The program has errors.
    Diagnostics(Vec<Diagnostic>),
    /// Something else (machine size…).
    Message(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run started after another was dropped has a new serial number, even where the
    /// allocator hands it the dropped run's address (what a lesson step's "entered" check reads).
    #[test]
    fn every_run_has_its_own_serial_number() {
        let profile = rankscope_core::machine::builtin_profiles()
            .unwrap()
            .into_iter()
            .next()
            .unwrap();
        let source = "int main(void) { return 0; }";
        let start = || start(source, &profile, 2, RunOptions::default(), &[], None).unwrap();
        let first = start();
        let serial = first.0.borrow().serial;
        drop(first);
        let second = start();
        assert!(second.0.borrow().serial > serial);
        let third = start();
        assert!(third.0.borrow().serial > second.0.borrow().serial);
    }
}
