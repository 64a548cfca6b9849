//! The lock algorithms' trace records: one memory operation of an algorithm with its result (in
//! the algorithm's words), and a rank taking or leaving a lock. Hash codes are the ones the trace
//! used before the protocol seam (19, 20), so trace hashes did not change.

use super::{Algorithm, MemOp, Mode};
use crate::engine::Rank;
use crate::time::SimTime;
use crate::trace::{LayerRecord, TraceHasher, TraceObject};

/// A lock record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockRecord {
    /// One memory operation of a lock algorithm, with its result (at the origin).
    LockStep {
        /// The rank.
        rank: Rank,
        /// The algorithm (which names the words and explains the step).
        algorithm: Algorithm,
        /// The operation.
        op: MemOp,
        /// Its result: a read's value, an atomic's old value.
        result: u64,
    },
    /// A rank takes (`held`) or leaves a lock (paper 003's lock algorithms on the engine).
    Lock {
        /// The rank.
        rank: Rank,
        /// The rank whose words hold the lock (0 for a global lock).
        home: Rank,
        /// Shared or exclusive.
        mode: Mode,
        /// It now holds the lock (else it leaves it and starts releasing).
        held: bool,
    },
}

impl LayerRecord for LockRecord {
    fn name(&self) -> &'static str {
        match self {
            LockRecord::LockStep { .. } => "lock step",
            LockRecord::Lock { .. } => "lock",
        }
    }

    fn ranks(&self) -> Vec<Rank> {
        match self {
            LockRecord::LockStep { rank, op, .. } => {
                let target = op.word().rank;
                if target == *rank {
                    vec![*rank]
                } else {
                    vec![*rank, target]
                }
            }
            LockRecord::Lock { rank, .. } => vec![*rank],
        }
    }

    fn object(&self) -> TraceObject {
        match self {
            LockRecord::LockStep { rank, .. } | LockRecord::Lock { rank, .. } => {
                TraceObject::Rank(*rank)
            }
        }
    }

    fn explain(&self, _time: SimTime) -> String {
        match self {
            LockRecord::LockStep {
                rank,
                algorithm,
                op,
                result,
            } => algorithm.explain_op(*rank, *op, *result),
            LockRecord::Lock {
                rank,
                home,
                mode,
                held,
            } => {
                let which = if *home == 0 {
                    "the lock".to_string()
                } else {
                    format!("rank {home}'s lock")
                };
                match (mode, held) {
                    (Mode::Shared, true) => {
                        format!("rank {rank} holds {which}, shared with other readers")
                    }
                    (Mode::Exclusive, true) => {
                        format!("rank {rank} holds {which} alone (exclusive)")
                    }
                    (_, false) => format!("rank {rank} leaves {which} and starts releasing it"),
                }
            }
        }
    }

    fn hash_into(&self, h: &mut TraceHasher) {
        match self {
            LockRecord::LockStep {
                rank,
                algorithm,
                op,
                result,
            } => {
                h.u32(20);
                h.u32(*rank);
                h.u32(*algorithm as u32);
                let w = op.word();
                h.u32(w.rank);
                h.u32(w.index);
                match op {
                    MemOp::Read(_) => h.u32(0),
                    MemOp::Write(_, v) => {
                        h.u32(1);
                        h.u64(*v);
                    }
                    MemOp::Atomic {
                        kind,
                        operand,
                        compare,
                        ..
                    } => {
                        h.u32(2 + *kind as u32);
                        h.u64(*operand);
                        h.u64(*compare);
                    }
                }
                h.u64(*result);
            }
            LockRecord::Lock {
                rank,
                home,
                mode,
                held,
            } => {
                h.u32(19);
                h.u32(*rank);
                h.u32(*home);
                h.u32(u32::from(*mode == Mode::Exclusive));
                h.u32(u32::from(*held));
            }
        }
    }
}
