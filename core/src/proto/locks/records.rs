//! The lock algorithms' trace records: one memory operation of an algorithm with its result (in
//! the algorithm's words), and a rank taking or leaving a lock. Hash codes are the ones the trace
//! used before the protocol seam (19, 20), so trace hashes did not change.

use super::{Algorithm, MemOp, Mode, Word};
use crate::engine::Rank;
use crate::machine::AtomicKind;
use crate::time::SimTime;
use crate::trace::{LayerRecord, Packer, RecordField, TraceHasher, TraceObject, Unpacker};
use rankscope_derive::RecordCodec;

/// A lock record.
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "fields")]
pub enum LockRecord {
    /// One memory operation of a lock algorithm, with its result (at the origin).
    #[record(name = "lock step", code = 20)]
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
    #[record(name = "lock", code = 19)]
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

/// An operation as (its kind and an atomic's kind, the word, operand, compare); hashed as the
/// word, then the kind with its values.
impl RecordField for MemOp {
    fn pack(&self, p: Packer) -> Packer {
        let (which, kind, operand, compare) = match *self {
            MemOp::Read(_) => (0, 0, 0, 0),
            MemOp::Write(_, v) => (1, 0, v, 0),
            MemOp::Atomic {
                kind,
                operand,
                compare,
                ..
            } => (2, kind as u32, operand, compare),
        };
        let w = self.word();
        p.u32(which | kind << 8)
            .u32(w.rank)
            .u32(w.index)
            .u64(operand)
            .u64(compare)
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        let codes = u.u32();
        let word = Word {
            rank: u.u32(),
            index: u.u32(),
        };
        let (operand, compare) = (u.u64(), u.u64());
        match codes & 0xff {
            0 => MemOp::Read(word),
            1 => MemOp::Write(word, operand),
            _ => MemOp::Atomic {
                word,
                kind: AtomicKind::ALL[(codes >> 8) as usize & 0xff],
                operand,
                compare,
            },
        }
    }
    fn hash(&self, h: &mut TraceHasher) {
        let w = self.word();
        h.u32(w.rank);
        h.u32(w.index);
        match self {
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
    }
    fn sample(seed: u32) -> Self {
        let word = Word {
            rank: seed % 5,
            index: seed % 7,
        };
        match seed % 3 {
            0 => MemOp::Read(word),
            1 => MemOp::Write(word, u64::from(seed) << 40),
            _ => MemOp::Atomic {
                word,
                kind: AtomicKind::ALL[seed as usize % AtomicKind::ALL.len()],
                operand: u64::from(seed),
                compare: u64::from(seed) + 1,
            },
        }
    }
}

impl LayerRecord for LockRecord {
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

    fn explain_ja(&self, _time: SimTime) -> Option<String> {
        Some(match self {
            LockRecord::LockStep {
                rank,
                algorithm,
                op,
                result,
            } => algorithm.explain_op_ja(*rank, *op, *result),
            LockRecord::Lock {
                rank,
                home,
                mode,
                held,
            } => {
                let which = if *home == 0 {
                    "ロック".to_string()
                } else {
                    format!("ランク {home} のロック")
                };
                match (mode, held) {
                    (Mode::Shared, true) => {
                        format!("ランク {rank} が{which}を保持する(ほかの読み手と共有)")
                    }
                    (Mode::Exclusive, true) => {
                        format!("ランク {rank} が{which}を単独で保持する(排他)")
                    }
                    (_, false) => format!("ランク {rank} が{which}を離れ、解放を始める"),
                }
            }
        })
    }
}
