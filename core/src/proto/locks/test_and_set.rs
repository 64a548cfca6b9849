//! A centralized test-and-set lock: one word on the home rank, acquired by compare-and-swap
//! from 0 to 1, retried until it succeeds (remote polling: every retry is a network round trip
//! to the home rank), released by writing 0. Shared and exclusive requests are treated alike
//! (readers serialize too) — the baseline the queue locks improve on.

use super::{Action, LockOp, MemOp, Word};

/// Word index of the lock word on the home rank.
pub const LOCK: u32 = 0;
/// Words per rank.
pub const WORDS: u32 = 1;

/// One memory operation of the lock by rank `rank`, with its result, as a sentence.
pub fn explain_op(rank: u32, op: MemOp, result: u64) -> String {
    match op {
        MemOp::Atomic { .. } if result == 0 => {
            format!("rank {rank}: compare_and_swap(0 → 1) on the lock word returned 0 — it holds the lock")
        }
        MemOp::Atomic { .. } => format!(
            "rank {rank}: compare_and_swap(0 → 1) on the lock word returned {result} — taken, it polls again"
        ),
        MemOp::Write(..) => format!("rank {rank} writes 0 to the lock word — the lock is free"),
        MemOp::Read(_) => format!("rank {rank} reads the lock word: {result}"),
    }
}

/// [`explain_op`] in Japanese.
pub fn explain_op_ja(rank: u32, op: MemOp, result: u64) -> String {
    match op {
        MemOp::Atomic { .. } if result == 0 => format!(
            "ランク {rank}: ロックワードに対する compare_and_swap(0 → 1)は 0 を返した:ロックを獲得した"
        ),
        MemOp::Atomic { .. } => format!(
            "ランク {rank}: ロックワードに対する compare_and_swap(0 → 1)は {result} を返した:ほかのランクが保持しているので、再びポーリングする"
        ),
        MemOp::Write(..) => format!("ランク {rank} がロックワードに 0 を書き込む:ロックが空く"),
        MemOp::Read(_) => format!("ランク {rank} がロックワードを読む:{result}"),
    }
}

/// One test-and-set acquire or release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TasOp {
    word: Word,
    acquiring: bool,
    issued: bool,
}

impl TasOp {
    /// `me` acquires the lock on `home`.
    pub fn acquire(home: u32, _me: u32) -> TasOp {
        TasOp {
            word: Word {
                rank: home,
                index: LOCK,
            },
            acquiring: true,
            issued: false,
        }
    }

    /// `me` releases it.
    pub fn release(home: u32, me: u32) -> TasOp {
        TasOp {
            acquiring: false,
            ..TasOp::acquire(home, me)
        }
    }
}

impl LockOp for TasOp {
    fn next(&mut self, r: u64) -> Action {
        match (self.acquiring, self.issued) {
            (true, true) if r == 0 => Action::Acquired,
            (true, _) => {
                self.issued = true;
                Action::Op(MemOp::cas(self.word, 0, 1))
            }
            (false, false) => {
                self.issued = true;
                Action::Op(MemOp::Write(self.word, 0))
            }
            (false, true) => Action::Released,
        }
    }
}
