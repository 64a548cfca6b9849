//! Every rank takes and drops a lock on rank 0's memory `iterations` times, as in paper 003's
//! Fig. 8 measurement (`MPI_Win_lock_all` + `MPI_Win_unlock_all` in a loop): each acquire and
//! release runs the lock algorithm's steps (`crate::locks`), each remote step an RDMA operation
//! with real values on the machine, each wait a local spin that a remote write ends. Shared
//! (reader) locks unless `exclusive`.

use super::try_op;
use crate::engine::{RankCtx, Step};
use crate::locks::on_engine::EngineLock;
use crate::locks::{Algorithm, Mode};
use crate::time::SimTime;

/// One rank of the lock workload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockRounds {
    algorithm: Algorithm,
    mode: Mode,
    /// One round in this many is exclusive (0: every round in `mode`).
    writer_every: u32,
    round: u32,
    rounds: u32,
    /// Time spent holding the lock each round (paper 003's measurement: none).
    critical: SimTime,
    /// Whether this round's critical section has been spent.
    inside: bool,
    /// The acquire or release in progress, and whether it is the acquire.
    op: Option<(EngineLock, bool)>,
    /// When the last round ended.
    finished_at: Option<SimTime>,
}

impl LockRounds {
    /// A rank that will take and drop the lock `iterations` times in `mode`.
    pub fn new(algorithm: Algorithm, mode: Mode, iterations: u32) -> Self {
        LockRounds {
            algorithm,
            mode,
            writer_every: 0,
            round: 0,
            rounds: iterations,
            critical: SimTime::ZERO,
            inside: false,
            op: None,
            finished_at: None,
        }
    }

    /// A rank whose rounds are shared except every `writer_every`-th, counted from a start that
    /// depends on the rank (so readers and writers mix).
    pub fn mixed(algorithm: Algorithm, iterations: u32, writer_every: u32) -> Self {
        LockRounds {
            writer_every,
            ..LockRounds::new(algorithm, Mode::Shared, iterations)
        }
    }

    /// The same rank holding the lock for `critical` each round.
    pub fn holding_for(self, critical: SimTime) -> Self {
        LockRounds { critical, ..self }
    }

    /// When this rank finished its rounds (`None` while running).
    pub fn finished_at(&self) -> Option<SimTime> {
        self.finished_at
    }

    fn mode_of(&self, rank: u32) -> Mode {
        match self.writer_every {
            0 => self.mode,
            n if (self.round + rank) % n == 0 => Mode::Exclusive,
            _ => Mode::Shared,
        }
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let me = ctx.rank();
        loop {
            let (lock, acquiring) = match &mut self.op {
                Some(op) => op,
                None if self.round == self.rounds => {
                    self.finished_at = Some(ctx.now());
                    return Step::Done;
                }
                None => {
                    let mode = self.mode_of(me);
                    self.op
                        .insert((EngineLock::new(self.algorithm, 0, me, mode, true), true))
                }
            };
            // Back from the critical section: the acquire is already complete.
            let holding = *acquiring && self.inside;
            if !holding {
                if let Some(step) = try_op!(lock.step(ctx)) {
                    return step;
                }
            }
            if *acquiring {
                if self.critical > SimTime::ZERO && !self.inside {
                    self.inside = true;
                    return Step::Compute(self.critical);
                }
                self.inside = false;
                let mode = self.mode_of(me);
                self.op = Some((EngineLock::new(self.algorithm, 0, me, mode, false), false));
            } else {
                self.op = None;
                self.round += 1;
            }
        }
    }
}
