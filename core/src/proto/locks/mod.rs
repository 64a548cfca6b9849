//! Paper 003's lock algorithms for MPI passive-target synchronization (`MPI_Win_lock`,
//! `MPI_Win_lock_all`), written as step machines over words of the ranks' memories: each step is
//! one memory operation — a read, a write or an atomic read-modify-write, local or remote — or a
//! wait until a word of the process's own memory changes (the MCS "spin on a local flag", which
//! costs no network traffic). The engine issues each remote step as an RDMA operation; the
//! checker in [`check`] runs the same machines under random interleavings to test mutual
//! exclusion, progress and reader preference.
//!
//! | algorithm | file |
//! |---|---|
//! | MCS readers/writer lock, reader preference (Figs. 6–7; Mellor-Crummey & Scott 1991) | [`mcs_rw`] |
//! | a centralized test-and-set lock (remote polling) | [`test_and_set`] |
//! | foMPI's global + local lock words, remote polling with backoff (Gerstenberger et al. 2013) | [`fompi`] |
//!
//! [`scheme`] maps `MPI_Win_lock` / `MPI_Win_lock_all` onto them (paper 003's global MCS-RW,
//! foMPI, test-and-set, or Li et al.'s lock per target), selectable per run.
//! [`ledger`] reads who holds a lock at any point of a run from its trace (for the playground's
//! lock view).
//!
//! [`on_engine`] drives an algorithm on the engine for the native workload
//! (`workloads::lock_rounds`, also the CLI bench's lock run and paper 003's K-computer-sized run)
//! and for `MPI_Win_lock`; the [`layer`]'s `Locks` carries the run's `LockScheme`.
//! `core/tests/it/lock_check.rs` runs every algorithm on FX100 and EM-X with `SimConfig::perturb`
//! (a seed that reorders same-time events, `EventQueue::pop_any`) and checks exclusion from the
//! `LockRecord::Lock` records.

pub mod check;
pub mod fompi;
pub mod layer;
pub mod ledger;
pub mod mcs_rw;
pub mod on_engine;
pub mod records;
pub mod scheme;
pub mod test_and_set;

pub use crate::proto::rma::{MemOp, Memory, Until, Word};
pub use layer::{LockOps, Locks};
pub use records::LockRecord;
pub use scheme::LockScheme;

/// What a process does next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Perform this operation; its result is passed to the next call.
    Op(MemOp),
    /// Wait until a word of the process's own memory satisfies the condition (then call again).
    Wait(Word, Until),
    /// Back off for this long before the next step (remote polling), then call again.
    Pause(crate::time::SimTime),
    /// The lock is held (after an acquire).
    Acquired,
    /// The lock is released (after a release).
    Released,
}

/// Shared (reader) or exclusive (writer).
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    rankscope_derive::WordField,
)]
pub enum Mode {
    /// `MPI_LOCK_SHARED`, `MPI_Win_lock_all`: many at once.
    Shared,
    /// `MPI_LOCK_EXCLUSIVE`: alone.
    Exclusive,
}

/// One acquire or release in progress: call [`LockOp::next`] with the result of the previous
/// action (0 for the first call and after a wait) until it returns `Acquired` or `Released`.
pub trait LockOp {
    /// The next action, given the result of the last one.
    fn next(&mut self, result: u64) -> Action;
}

/// The selectable lock algorithms.
#[derive(
    Copy,
    Clone,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    rankscope_derive::WordField,
)]
pub enum Algorithm {
    /// MCS readers/writer lock with reader preference (paper 003 Figs. 6–7).
    McsRw,
    /// One lock word, acquired by compare-and-swap retried until it succeeds.
    TestAndSet,
    /// foMPI's global + local lock words with remote polling and backoff.
    Fompi,
}

impl Algorithm {
    /// Every algorithm, in declaration order (so `ALL[a as usize] == a`: lock records unpack
    /// an algorithm from its code this way).
    pub const ALL: [Algorithm; 3] = [Algorithm::McsRw, Algorithm::TestAndSet, Algorithm::Fompi];

    /// Words each rank needs (the lock record on the home rank, a queue node on every rank).
    pub fn words(self) -> u32 {
        match self {
            Algorithm::McsRw => mcs_rw::WORDS,
            Algorithm::TestAndSet => test_and_set::WORDS,
            Algorithm::Fompi => fompi::WORDS,
        }
    }

    /// Starts `me`'s acquire of the lock that lives on rank `home`.
    pub fn acquire(self, home: u32, me: u32, mode: Mode) -> AnyLockOp {
        match self {
            Algorithm::McsRw => AnyLockOp::McsRw(mcs_rw::McsRwOp::acquire(home, me, mode)),
            Algorithm::TestAndSet => AnyLockOp::TestAndSet(test_and_set::TasOp::acquire(home, me)),
            Algorithm::Fompi => AnyLockOp::Fompi(fompi::FompiOp::acquire(home, me, mode)),
        }
    }

    /// Starts `me`'s release.
    pub fn release(self, home: u32, me: u32, mode: Mode) -> AnyLockOp {
        match self {
            Algorithm::McsRw => AnyLockOp::McsRw(mcs_rw::McsRwOp::release(home, me, mode)),
            Algorithm::TestAndSet => AnyLockOp::TestAndSet(test_and_set::TasOp::release(home, me)),
            Algorithm::Fompi => AnyLockOp::Fompi(fompi::FompiOp::release(home, me, mode)),
        }
    }
}

/// An acquire or release of any algorithm (a plain enum, so a rank's program stays `Clone`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyLockOp {
    /// MCS-RW.
    McsRw(mcs_rw::McsRwOp),
    /// Test-and-set.
    TestAndSet(test_and_set::TasOp),
    /// foMPI.
    Fompi(fompi::FompiOp),
}

impl LockOp for AnyLockOp {
    fn next(&mut self, result: u64) -> Action {
        match self {
            AnyLockOp::McsRw(op) => op.next(result),
            AnyLockOp::TestAndSet(op) => op.next(result),
            AnyLockOp::Fompi(op) => op.next(result),
        }
    }
}

impl Algorithm {
    /// One memory operation of this algorithm by `rank`, with its result, as a sentence for the
    /// event log (`LockRecord::LockStep`).
    pub fn explain_op(self, rank: u32, op: MemOp, result: u64) -> String {
        match self {
            Algorithm::McsRw => mcs_rw::explain_op(rank, op, result),
            Algorithm::TestAndSet => test_and_set::explain_op(rank, op, result),
            Algorithm::Fompi => fompi::explain_op(rank, op, result),
        }
    }

    /// [`Algorithm::explain_op`]'s sentence in Japanese (the web page in 日本語).
    pub fn explain_op_ja(self, rank: u32, op: MemOp, result: u64) -> String {
        match self {
            Algorithm::McsRw => mcs_rw::explain_op_ja(rank, op, result),
            Algorithm::TestAndSet => test_and_set::explain_op_ja(rank, op, result),
            Algorithm::Fompi => fompi::explain_op_ja(rank, op, result),
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Algorithm::McsRw => "mcs-rw",
            Algorithm::TestAndSet => "test-and-set",
            Algorithm::Fompi => "fompi",
        })
    }
}
