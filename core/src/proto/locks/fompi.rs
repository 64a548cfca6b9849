//! A foMPI-style lock (Gerstenberger, Besta & Hoefler, SC'13), as paper 003 describes it: a
//! *global* lock word on the master rank counts the processes holding `MPI_Win_lock_all`
//! (shared) and announces exclusive lockers; each target has a *local* lock word that an
//! exclusive locker takes by compare-and-swap. A shared locker (lock_all) takes only the global
//! word; an exclusive one takes both. Every wait is *remote polling*: the word is read or retried
//! over the network after an exponential backoff, so the cost grows with the contenders (the
//! reason paper 003 prefers a queue lock).
//!
//! Model. The global word holds readers in its low 32 bits and announced writers above; the
//! local word is 0 (free) or 1 (taken). Shared: `fetch_and_add(global, +1 reader)`; if writers
//! are announced, undo it and poll the global word until none is, then retry. Exclusive:
//! `fetch_and_add(global, +1 writer)`, poll until no reader is counted, then
//! `compare_and_swap(local, 0, 1)` until it succeeds. Releases undo the counts and free the local
//! word. Backoff starts at [`BACKOFF_MIN`] and doubles up to [`BACKOFF_MAX`] (foMPI's defaults are
//! not in paper 003: assumed). Simplification: one target (the lock's home holds both words);
//! writers are preferred over newly arriving readers.

use super::{Action, LockOp, MemOp, Mode, Word};
use crate::machine::AtomicKind::FetchAndAdd;
use crate::time::SimTime;

/// Word index of the global lock word on the master (home) rank.
pub const GLOBAL: u32 = 0;
/// Word index of the target's local lock word.
pub const LOCAL: u32 = 1;
/// Words per rank.
pub const WORDS: u32 = 2;
/// One reader in the global word.
pub const READER: u64 = 1;
/// One announced writer in the global word.
pub const WRITER: u64 = 1 << 32;
/// The first pause between two polls (assumed: about a network round trip).
pub const BACKOFF_MIN: SimTime = SimTime::from_ns(500);
/// The longest pause between two polls (assumed).
pub const BACKOFF_MAX: SimTime = SimTime::from_us(64);

/// Where an operation is: the step whose result arrives with the next call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Pc {
    Start,
    /// Shared: the +1 reader came back.
    ReaderCounted,
    /// Shared: a writer was there; the count was undone.
    ReaderUndone,
    /// Shared: the global word was polled.
    ReaderPolled,
    /// Exclusive: the writer was announced (or the global word polled since).
    WriterAnnounced,
    /// Exclusive: the local word's compare-and-swap came back.
    LocalTried,
    /// Release: the first of its two operations came back.
    Releasing,
    /// Waited after a poll; retry the step in the field.
    Paused(Retry),
    Finished,
}

/// What to do after a backoff pause.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Retry {
    PollForReaders,
    PollGlobal,
    TryLocal,
}

/// One foMPI acquire or release by one process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FompiOp {
    home: u32,
    mode: Mode,
    acquiring: bool,
    pc: Pc,
    backoff: SimTime,
}

impl FompiOp {
    /// `me` acquires the lock on `home` in `mode`.
    pub fn acquire(home: u32, _me: u32, mode: Mode) -> FompiOp {
        FompiOp {
            home,
            mode,
            acquiring: true,
            pc: Pc::Start,
            backoff: BACKOFF_MIN,
        }
    }

    /// `me` releases it.
    pub fn release(home: u32, me: u32, mode: Mode) -> FompiOp {
        FompiOp {
            acquiring: false,
            ..FompiOp::acquire(home, me, mode)
        }
    }

    fn word(&self, index: u32) -> Word {
        Word {
            rank: self.home,
            index,
        }
    }

    fn op(&mut self, then: Pc, op: MemOp) -> Action {
        self.pc = then;
        Action::Op(op)
    }

    /// Backs off before retrying: the pause doubles each time, up to the maximum.
    fn pause(&mut self, retry: Retry) -> Action {
        let d = self.backoff;
        self.backoff = (self.backoff + self.backoff).min(BACKOFF_MAX);
        self.pc = Pc::Paused(retry);
        Action::Pause(d)
    }

    fn done(&mut self) -> Action {
        self.pc = Pc::Finished;
        if self.acquiring {
            Action::Acquired
        } else {
            Action::Released
        }
    }
}

impl LockOp for FompiOp {
    fn next(&mut self, r: u64) -> Action {
        let (global, local) = (self.word(GLOBAL), self.word(LOCAL));
        let neg = |v: u64| v.wrapping_neg();
        match (self.pc, self.mode, self.acquiring) {
            (Pc::Start, Mode::Shared, true) => {
                self.op(Pc::ReaderCounted, MemOp::fetch(FetchAndAdd, global, READER))
            }
            (Pc::Start, Mode::Exclusive, true) => self.op(
                Pc::WriterAnnounced,
                MemOp::fetch(FetchAndAdd, global, WRITER),
            ),
            (Pc::Start, Mode::Shared, false) => {
                self.op(Pc::Finished, MemOp::fetch(FetchAndAdd, global, neg(READER)))
            }
            (Pc::Start, Mode::Exclusive, false) => self.op(Pc::Releasing, MemOp::Write(local, 0)),
            (Pc::Releasing, ..) => {
                self.op(Pc::Finished, MemOp::fetch(FetchAndAdd, global, neg(WRITER)))
            }
            // Shared: no writer announced → held; else undo and poll.
            (Pc::ReaderCounted, ..) if r < WRITER => self.done(),
            (Pc::ReaderCounted, ..) => self.op(
                Pc::ReaderUndone,
                MemOp::fetch(FetchAndAdd, global, neg(READER)),
            ),
            (Pc::ReaderUndone, ..) => self.pause(Retry::PollGlobal),
            (Pc::ReaderPolled, ..) if r < WRITER => {
                self.op(Pc::ReaderCounted, MemOp::fetch(FetchAndAdd, global, READER))
            }
            (Pc::ReaderPolled, ..) => self.pause(Retry::PollGlobal),
            // Exclusive: wait until no reader holds the global lock, then take the local one.
            (Pc::WriterAnnounced, ..) if r % WRITER != 0 => self.pause(Retry::PollForReaders),
            (Pc::WriterAnnounced, ..) => self.op(Pc::LocalTried, MemOp::cas(local, 0, 1)),
            (Pc::LocalTried, ..) if r == 0 => self.done(),
            (Pc::LocalTried, ..) => self.pause(Retry::TryLocal),
            (Pc::Paused(Retry::PollForReaders), ..) => {
                self.op(Pc::WriterAnnounced, MemOp::Read(global))
            }
            (Pc::Paused(Retry::PollGlobal), ..) => self.op(Pc::ReaderPolled, MemOp::Read(global)),
            (Pc::Paused(Retry::TryLocal), ..) => self.op(Pc::LocalTried, MemOp::cas(local, 0, 1)),
            (Pc::Finished, ..) => self.done(),
        }
    }
}

/// One memory operation of the lock by rank `rank`, with its result, as a sentence.
pub fn explain_op(rank: u32, op: MemOp, result: u64) -> String {
    let count = |v: u64| format!("{} readers, {} writers announced", v % WRITER, v / WRITER);
    match op {
        MemOp::Atomic { word, operand, .. } if word.index == GLOBAL => {
            let what = match operand {
                READER => "+1 reader".to_string(),
                WRITER => "+1 writer".to_string(),
                v if v == READER.wrapping_neg() => "−1 reader".to_string(),
                _ => "−1 writer".to_string(),
            };
            format!(
                "rank {rank}: fetch_and_add({what}) on the global lock word returned {}",
                count(result)
            )
        }
        MemOp::Atomic { .. } if result == 0 => format!(
            "rank {rank}: compare_and_swap(0 → 1) on the target's local lock word succeeded"
        ),
        MemOp::Atomic { .. } => format!(
            "rank {rank}: compare_and_swap(0 → 1) on the target's local lock word failed — it polls again after a backoff"
        ),
        MemOp::Read(_) => format!(
            "rank {rank} polls the global lock word: {}",
            count(result)
        ),
        MemOp::Write(..) => format!("rank {rank} frees the target's local lock word"),
    }
}

/// [`explain_op`] in Japanese.
pub fn explain_op_ja(rank: u32, op: MemOp, result: u64) -> String {
    let count = |v: u64| {
        format!(
            "読み手 {} 人・書き手 {} 人が表明済み",
            v % WRITER,
            v / WRITER
        )
    };
    match op {
        MemOp::Atomic { word, operand, .. } if word.index == GLOBAL => {
            let what = match operand {
                READER => "読み手 +1",
                WRITER => "書き手 +1",
                v if v == READER.wrapping_neg() => "読み手 −1",
                _ => "書き手 −1",
            };
            format!(
                "ランク {rank}: グローバルなロックワードに対する fetch_and_add({what})は「{}」を返した",
                count(result)
            )
        }
        MemOp::Atomic { .. } if result == 0 => format!(
            "ランク {rank}: ターゲットのローカルなロックワードに対する compare_and_swap(0 → 1)が成功した"
        ),
        MemOp::Atomic { .. } => format!(
            "ランク {rank}: ターゲットのローカルなロックワードに対する compare_and_swap(0 → 1)が失敗した:バックオフのあと再びポーリングする"
        ),
        MemOp::Read(_) => format!(
            "ランク {rank} がグローバルなロックワードをポーリングする:{}",
            count(result)
        ),
        MemOp::Write(..) => format!("ランク {rank} がターゲットのローカルなロックワードを解放する"),
    }
}
