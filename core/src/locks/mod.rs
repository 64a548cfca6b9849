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

pub mod check;
pub mod fompi;
pub mod ledger;
pub mod mcs_rw;
pub mod memory;
pub mod on_engine;
pub mod scheme;
pub mod test_and_set;

use crate::machine::AtomicKind;

pub use memory::Memory;
pub use scheme::LockScheme;

/// One 64-bit word of one rank's memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Word {
    /// Whose memory.
    pub rank: u32,
    /// Which word of it.
    pub index: u32,
}

/// A memory operation a lock step performs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum MemOp {
    /// Read a word (an RDMA read when remote); the result is its value.
    Read(Word),
    /// Write a word (an RDMA write when remote); the result is 0.
    Write(Word, u64),
    /// An atomic read-modify-write; the result is the old value.
    Atomic {
        /// The word.
        word: Word,
        /// Which operation.
        kind: AtomicKind,
        /// The operand (the value added, stored, or-ed, and-ed; the new value of a CAS).
        operand: u64,
        /// The value a compare-and-swap expects (ignored by the others).
        compare: u64,
    },
}

impl MemOp {
    /// The word it touches.
    pub fn word(&self) -> Word {
        match self {
            MemOp::Read(w) | MemOp::Write(w, _) | MemOp::Atomic { word: w, .. } => *w,
        }
    }

    /// A fetch-and-`kind` (not a CAS) of `word` with `operand`.
    pub fn fetch(kind: AtomicKind, word: Word, operand: u64) -> MemOp {
        MemOp::Atomic {
            word,
            kind,
            operand,
            compare: 0,
        }
    }

    /// Compare-and-swap `word` from `expect` to `new`.
    pub fn cas(word: Word, expect: u64, new: u64) -> MemOp {
        MemOp::Atomic {
            word,
            kind: AtomicKind::CompareAndSwap,
            operand: new,
            compare: expect,
        }
    }
}

/// What a process waits for on a word of its own memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Until {
    /// Until the word equals the value.
    Equals(u64),
    /// Until the word differs from the value.
    Differs(u64),
}

impl Until {
    /// In words: `equals 0`, `differs from 0`.
    pub fn describe(self) -> String {
        match self {
            Until::Equals(v) => format!("equals {v}"),
            Until::Differs(v) => format!("differs from {v}"),
        }
    }

    /// Whether `value` satisfies it.
    pub fn holds(self, value: u64) -> bool {
        match self {
            Until::Equals(v) => value == v,
            Until::Differs(v) => value != v,
        }
    }
}

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
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Algorithm {
    /// MCS readers/writer lock with reader preference (paper 003 Figs. 6–7).
    McsRw,
    /// One lock word, acquired by compare-and-swap retried until it succeeds.
    TestAndSet,
    /// foMPI's global + local lock words with remote polling and backoff.
    Fompi,
}

impl Algorithm {
    /// Every algorithm.
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
    /// event log (`RecordKind::LockStep`).
    pub fn explain_op(self, rank: u32, op: MemOp, result: u64) -> String {
        match self {
            Algorithm::McsRw => mcs_rw::explain_op(rank, op, result),
            Algorithm::TestAndSet => test_and_set::explain_op(rank, op, result),
            Algorithm::Fompi => fompi::explain_op(rank, op, result),
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
