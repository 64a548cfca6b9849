//! Native Rust workloads: programs written directly against the engine, for runs with millions of
//! ranks (where an interpreter would cost too much memory) and for tests of the engine itself.

pub mod acp_copies;
pub mod atomics;
pub mod broadcast;
pub mod folon_transfers;
pub mod gather;
pub mod head_to_head;
pub mod lock_all_each;
pub mod lock_rounds;
pub mod ompi;
pub mod ompi_put_memory;
pub mod ping_pong;
pub mod ring;
pub mod scheduled;
pub mod script;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::{Program, RankCtx, Step};
use crate::locks::{Algorithm, Mode};

/// The native workloads by name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum WorkloadKind {
    /// Binomial-tree broadcast from rank 0 (MPICH's algorithm).
    Broadcast,
    /// Every rank sends to rank 0 at once (an incast on a switch).
    Gather,
    /// Ranks 0 and 1 exchange a message back and forth.
    PingPong,
    /// A token goes around all ranks.
    Ring,
    /// Ranks 0 and 1 both receive first: a deadlock, on purpose.
    HeadToHead,
    /// Every rank does remote fetch-and-adds on rank 0's memory.
    Atomics,
    /// Every rank takes and drops the MCS-RW shared lock on rank 0 (paper 003 Fig. 8).
    SharedLock,
    /// Every rank takes and drops the MCS-RW exclusive lock on rank 0.
    ExclusiveLock,
    /// Every rank does lock_all as a shared lock on every rank (Li et al.).
    LockAllEach,
}

impl WorkloadKind {
    /// Every workload with its name and one-line description.
    pub const ALL: [(WorkloadKind, &'static str, &'static str); 9] = [
        (
            WorkloadKind::Broadcast,
            "bcast",
            "binomial-tree broadcast from rank 0",
        ),
        (
            WorkloadKind::Gather,
            "gather",
            "every rank sends to rank 0 at once (incast)",
        ),
        (
            WorkloadKind::PingPong,
            "pingpong",
            "ranks 0 and 1 bounce a message",
        ),
        (
            WorkloadKind::Ring,
            "ring",
            "a token travels around all ranks",
        ),
        (
            WorkloadKind::HeadToHead,
            "deadlock",
            "ranks 0 and 1 both receive first (deadlocks)",
        ),
        (
            WorkloadKind::Atomics,
            "atomics",
            "every rank does 2 × iterations remote fetch-and-adds on rank 0",
        ),
        (
            WorkloadKind::SharedLock,
            "lock-shared",
            "every rank takes and drops the MCS-RW shared lock on rank 0, iterations times",
        ),
        (
            WorkloadKind::ExclusiveLock,
            "lock-exclusive",
            "every rank takes and drops the MCS-RW exclusive lock on rank 0, iterations times",
        ),
        (
            WorkloadKind::LockAllEach,
            "lock-all-each",
            "every rank does lock_all as a shared lock on every rank (Li et al.), iterations times",
        ),
    ];

    /// Words of one-sided memory each rank needs (`SimConfig::words_per_rank`).
    pub fn words_per_rank(self) -> u32 {
        match self {
            WorkloadKind::SharedLock | WorkloadKind::ExclusiveLock => Algorithm::McsRw.words(),
            WorkloadKind::LockAllEach => lock_all_each::WORDS,
            _ => 0,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _, _)| *k == self)
            .map_or("?", |(_, n, _)| n)
    }
}

impl fmt::Display for WorkloadKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for WorkloadKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .find(|(_, n, _)| *n == s)
            .map(|(k, _, _)| *k)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|(_, n, _)| *n).collect();
                format!(
                    "unknown workload {s:?}; choose one of: {}",
                    names.join(", ")
                )
            })
    }
}

/// Parameters shared by the workloads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorkloadParams {
    /// Message size in bytes.
    pub bytes: u64,
    /// Repetitions (ping-pong round trips, ring laps).
    pub iterations: u32,
}

impl Default for WorkloadParams {
    fn default() -> Self {
        WorkloadParams {
            bytes: 8,
            iterations: 1,
        }
    }
}

/// One rank of a native workload (an enum so that one `Sim` type runs all of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Native {
    /// See [`broadcast::Broadcast`].
    Broadcast(broadcast::Broadcast),
    /// See [`gather::Gather`].
    Gather(gather::Gather),
    /// See [`ping_pong::PingPong`].
    PingPong(ping_pong::PingPong),
    /// See [`ring::Ring`].
    Ring(ring::Ring),
    /// See [`head_to_head::HeadToHead`].
    HeadToHead(head_to_head::HeadToHead),
    /// See [`atomics::Atomics`].
    Atomics(atomics::Atomics),
    /// See [`lock_rounds::LockRounds`] (boxed: the largest workload, it would otherwise set
    /// the size of every idle rank of every workload).
    Lock(Box<lock_rounds::LockRounds>),
    /// See [`lock_all_each::LockAllEach`].
    LockAllEach(lock_all_each::LockAllEach),
    /// See [`script::Script`] (paper 002's Fig. 4, made by [`scheduled::programs`], and Open
    /// MPI's collectives, by [`ompi::programs`]).
    Script(Box<script::Script>),
    /// See [`acp_copies::AcpCopies`] (paper 001's One_put_all and latency runs).
    AcpCopies(Box<acp_copies::AcpCopies>),
    /// See [`folon_transfers::FolonTransfers`] (paper 004's VCL and FCP transfers).
    Folon(Box<folon_transfers::FolonTransfers>),
}

impl Program for Native {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        match self {
            Native::Broadcast(p) => p.resume(ctx),
            Native::Gather(p) => p.resume(ctx),
            Native::PingPong(p) => p.resume(ctx),
            Native::Ring(p) => p.resume(ctx),
            Native::HeadToHead(p) => p.resume(ctx),
            Native::Atomics(p) => p.resume(ctx),
            Native::Lock(p) => p.resume(ctx),
            Native::LockAllEach(p) => p.resume(ctx),
            Native::Script(p) => p.resume(ctx),
            Native::AcpCopies(p) => p.resume(ctx),
            Native::Folon(p) => p.resume(ctx),
        }
    }
}

/// The programs for `ranks` ranks of workload `kind`.
pub fn programs(kind: WorkloadKind, ranks: u32, params: WorkloadParams) -> Vec<Native> {
    (0..ranks)
        .map(|_| match kind {
            WorkloadKind::Broadcast => Native::Broadcast(broadcast::Broadcast::new(params.bytes)),
            WorkloadKind::Gather => Native::Gather(gather::Gather::new(params.bytes)),
            WorkloadKind::PingPong => Native::PingPong(ping_pong::PingPong::new(params)),
            WorkloadKind::Ring => Native::Ring(ring::Ring::new(params)),
            WorkloadKind::HeadToHead => Native::HeadToHead(head_to_head::HeadToHead::default()),
            WorkloadKind::Atomics => Native::Atomics(atomics::Atomics::new(params)),
            WorkloadKind::SharedLock => Native::Lock(Box::new(lock_rounds::LockRounds::new(
                Algorithm::McsRw,
                Mode::Shared,
                params.iterations,
            ))),
            WorkloadKind::ExclusiveLock => Native::Lock(Box::new(lock_rounds::LockRounds::new(
                Algorithm::McsRw,
                Mode::Exclusive,
                params.iterations,
            ))),
            WorkloadKind::LockAllEach => {
                Native::LockAllEach(lock_all_each::LockAllEach::new(params.iterations))
            }
        })
        .collect()
}

/// Turns an engine refusal into a failed step (native workloads only hit this on a bug).
macro_rules! try_op {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return $crate::engine::Step::Fail(e.to_string()),
        }
    };
}
pub(crate) use try_op;
