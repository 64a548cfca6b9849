//! The words the lock algorithms operate on: a fixed number per rank, all zero at the start,
//! with the semantics of each [`MemOp`] (atomics exactly as Tofu2's ARMW operations).

use super::{MemOp, Word};
use crate::machine::AtomicKind;

/// `words` 64-bit words on each of `ranks` ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    words: u32,
    data: Vec<u64>,
}

impl Memory {
    /// All zero.
    pub fn new(ranks: u32, words: u32) -> Memory {
        Memory {
            words,
            data: vec![0; ranks as usize * words as usize],
        }
    }

    fn slot(&self, w: Word) -> usize {
        assert!(w.index < self.words, "lock word {w:?} out of range");
        w.rank as usize * self.words as usize + w.index as usize
    }

    /// Words per rank.
    pub fn words(&self) -> u32 {
        self.words
    }

    /// A word's value.
    pub fn get(&self, w: Word) -> u64 {
        self.data[self.slot(w)]
    }

    /// Performs `op` atomically and returns its result (a read's value, an atomic's old value,
    /// 0 for a write).
    pub fn apply(&mut self, op: MemOp) -> u64 {
        let i = self.slot(op.word());
        let old = self.data[i];
        match op {
            MemOp::Read(_) => old,
            MemOp::Write(_, v) => {
                self.data[i] = v;
                0
            }
            MemOp::Atomic {
                kind,
                operand,
                compare,
                ..
            } => {
                self.data[i] = match kind {
                    AtomicKind::CompareAndSwap if old == compare => operand,
                    AtomicKind::CompareAndSwap => old,
                    AtomicKind::FetchAndStore => operand,
                    AtomicKind::FetchAndAdd => old.wrapping_add(operand),
                    AtomicKind::FetchAndOr => old | operand,
                    AtomicKind::FetchAndAnd => old & operand,
                    AtomicKind::TestAndSet => 1,
                };
                old
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomics_return_the_old_value_and_update() {
        let w = Word { rank: 1, index: 2 };
        let mut m = Memory::new(2, 3);
        assert_eq!(m.apply(MemOp::fetch(AtomicKind::FetchAndAdd, w, 4)), 0);
        assert_eq!(
            m.apply(MemOp::fetch(AtomicKind::FetchAndAdd, w, (-4i64) as u64)),
            4
        );
        assert_eq!(m.get(w), 0);
        assert_eq!(m.apply(MemOp::fetch(AtomicKind::FetchAndOr, w, 1)), 0);
        assert_eq!(
            m.apply(MemOp::cas(w, 2, 7)),
            1,
            "a failed CAS changes nothing"
        );
        assert_eq!(m.get(w), 1);
        assert_eq!(m.apply(MemOp::cas(w, 1, 2)), 1);
        assert_eq!(m.apply(MemOp::fetch(AtomicKind::FetchAndAnd, w, !2)), 2);
        assert_eq!(m.apply(MemOp::fetch(AtomicKind::FetchAndStore, w, 9)), 0);
        assert_eq!(m.apply(MemOp::Read(w)), 9);
        assert_eq!(m.get(Word { rank: 0, index: 2 }), 0);
    }
}
