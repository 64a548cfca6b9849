//! One-sided memory with values: a fixed number of 64-bit words per rank, all zero at the
//! start, the operations on them ([`MemOp`]: reads, writes, atomics exactly as Tofu2's ARMW
//! operations) and the conditions a rank spins on ([`Until`]). The lock algorithms of paper 003
//! are written over these words.

use crate::machine::AtomicKind;

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

/// `words` 64-bit words on each of `ranks` ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    ranks: u32,
    words: u32,
    data: Vec<u64>,
}

impl Memory {
    /// All zero.
    pub fn new(ranks: u32, words: u32) -> Memory {
        Memory {
            ranks,
            words,
            data: vec![0; ranks as usize * words as usize],
        }
    }

    fn slot(&self, w: Word) -> usize {
        assert!(w.index < self.words, "lock word {w:?} out of range");
        w.rank as usize * self.words as usize + w.index as usize
    }

    /// Ranks.
    pub fn ranks(&self) -> u32 {
        self.ranks
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
