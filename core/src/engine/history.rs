//! Stepping backwards exactly: periodic checkpoints plus deterministic replay.
//!
//! [`History`] owns the running [`Sim`] and a checkpoint every `interval` steps. Going back to
//! step `k` restores the last checkpoint at or before `k` and replays forward; because the
//! simulator is deterministic, the state reached is identical to the one first reached going
//! forward (a test compares them field by field).
//!
//! Memory stays bounded on long runs: when more than [`MAX_CHECKPOINTS`] checkpoints pile up, or
//! they hold more than [`CHECKPOINT_BUDGET`] bytes (large program memories), every other one is
//! dropped and the interval doubles; a step back replays at most one interval.
//!
//! `Sim` is `Clone` (layers clone through `Layer::clone_box`); a checkpoint is the state without
//! the stored trace records. The trace keeps the records computed beyond the current point after a
//! step back (replay writes the same ones: the *known future*, which the views draw faded) and maps
//! records to steps (`Trace::steps_to_show`, `Trace::records_after_steps`).

use super::limits::SimError;
use super::program::Program;
use super::sim::{Progress, Sim};

/// Most checkpoints a history keeps before it thins them out.
pub const MAX_CHECKPOINTS: usize = 256;

/// Most bytes the checkpoints may hold together before they are thinned (at least two are
/// always kept: the start and one more).
pub const CHECKPOINT_BUDGET: usize = 256 << 20;

/// A simulation that can move to any earlier step.
#[derive(Clone, Debug)]
pub struct History<P> {
    current: Sim<P>,
    checkpoints: Vec<Sim<P>>,
    interval: u64,
    position: u64,
}

impl<P: Program> History<P> {
    /// Wraps a fresh simulation, checkpointing every `interval` steps (at least 1).
    pub fn new(sim: Sim<P>, interval: u64) -> History<P> {
        History {
            checkpoints: vec![sim.checkpoint()],
            current: sim,
            interval: interval.max(1),
            position: 0,
        }
    }

    /// The simulation at the current step.
    pub fn sim(&self) -> &Sim<P> {
        &self.current
    }

    /// Number of steps (events) taken from the start.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Takes up to `n` steps forward; returns how many were taken (fewer if the run finished).
    /// An error stops the walk; the position stays at the last good step.
    pub fn forward(&mut self, n: u64) -> Result<u64, SimError> {
        for taken in 0..n {
            if self.position % self.interval == 0 {
                let k = (self.position / self.interval) as usize;
                if self.checkpoints.len() == k {
                    self.checkpoints.push(self.current.checkpoint());
                    if self.checkpoints.len() > MAX_CHECKPOINTS
                        || (self.checkpoint_bytes() > CHECKPOINT_BUDGET
                            && self.checkpoints.len() > 2)
                    {
                        self.thin();
                    }
                }
            }
            match self.current.step()? {
                Progress::Stepped => self.position += 1,
                Progress::Finished => return Ok(taken),
            }
        }
        Ok(n)
    }

    /// Keeps every other checkpoint (those at multiples of the doubled interval).
    fn thin(&mut self) {
        let mut index = 0;
        self.checkpoints.retain(|_| {
            index += 1;
            index % 2 == 1
        });
        self.interval *= 2;
    }

    /// The current distance between checkpoints, in steps.
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// Bytes the checkpoints hold together (kept near [`CHECKPOINT_BUDGET`]).
    pub fn checkpoint_bytes(&self) -> usize {
        self.checkpoints.iter().map(Sim::checkpoint_bytes).sum()
    }

    /// Checkpoints held (at most [`MAX_CHECKPOINTS`]).
    pub fn checkpoints(&self) -> usize {
        self.checkpoints.len()
    }

    /// Moves to step `target` (backwards by restoring a checkpoint and replaying, or forwards).
    pub fn goto(&mut self, target: u64) -> Result<(), SimError> {
        if target < self.position || self.current.error().is_some() {
            let k = ((target / self.interval) as usize).min(self.checkpoints.len() - 1);
            self.current.restore(&self.checkpoints[k]);
            self.position = k as u64 * self.interval;
        }
        self.forward(target - self.position)?;
        Ok(())
    }

    /// Goes back `n` steps (to the start at most).
    pub fn back(&mut self, n: u64) -> Result<(), SimError> {
        self.goto(self.position.saturating_sub(n))
    }
}
