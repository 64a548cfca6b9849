//! The MCS readers/writer lock with reader preference (MCS-RW-RP), as paper 003 uses it for
//! `MPI_Win_lock` and `MPI_Win_lock_all`: ReaderLock and ReaderUnlock exactly as its Figs. 6
//! and 7, WriterLock and WriterUnlock from Mellor-Crummey & Scott (PPoPP 1991), in the words of
//! the design digest.
//!
//! Model. The lock record lives on the home rank: `rcnt` (readers in units of `RC_INCR`, plus
//! `WIFLAG` "a writer is interested" and `WAFLAG` "a writer is active"), `r_hd` (the queue of
//! readers waiting for a writer), `w_tail` and `w_hd` (the writers' MCS queue). Every process
//! has a queue node on its own rank: `blocked` and `next`. A pointer to a queue node is its
//! rank + 1 (0 is nil). As the paper notes, the reads of `rcnt` and the writes of `blocked`
//! become RDMA reads and writes when the word is remote; a process spins only on its own
//! `blocked` (or `next`), which is local.
//!
//! Simplification: one lock (the paper's implementation also has one global lock, so writers to
//! different targets serialize).

use super::ledger::Holders;
use super::{Action, LockOp, MemOp, Mode, Until, Word};
use crate::machine::AtomicKind::{FetchAndAdd, FetchAndAnd, FetchAndOr, FetchAndStore};
use crate::trace::text::Lang;

/// Reader count unit.
pub const RC_INCR: u64 = 4;
/// A writer is interested (waiting for the readers to leave).
pub const WIFLAG: u64 = 1;
/// A writer is active.
pub const WAFLAG: u64 = 2;

/// Word index of `rcnt` on the home rank.
pub const RCNT: u32 = 0;
/// Word index of `r_hd` on the home rank.
pub const R_HD: u32 = 1;
/// Word index of `w_tail` on the home rank.
pub const W_TAIL: u32 = 2;
/// Word index of `w_hd` on the home rank.
pub const W_HD: u32 = 3;
/// Word index of a queue node's `blocked` on its owner's rank.
pub const BLOCKED: u32 = 4;
/// Word index of a queue node's `next` on its owner's rank.
pub const NEXT: u32 = 5;
/// Words per rank.
pub const WORDS: u32 = 6;

/// The queue-node pointer of rank `p`.
pub fn node(p: u32) -> u64 {
    u64::from(p) + 1
}

/// The rank a non-nil queue-node pointer names.
fn owner(ptr: u64) -> u32 {
    u32::try_from(ptr - 1).expect("queue-node pointers name ranks")
}

/// Where an operation is: named after the step whose result arrives with the next call (the
/// line of the pseudo-code that issued it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Pc {
    /// Nothing issued yet.
    Start,
    // ReaderLock (Fig. 6).
    R02Added,
    R03Blocked,
    R04Swapped,
    R04NextStored,
    R05CountRead,
    R06QueueTaken,
    R08HeadWoken,
    R09Woke,
    R10NextRead,
    // ReaderUnlock (Fig. 7).
    U02Subtracted,
    U04Swapped,
    U05WriterRead,
    // WriterLock.
    W0Blocked,
    W0NextCleared,
    W1TailSwapped,
    W2Linked,
    W2HeadSet,
    W3InterestSet,
    W4Activated,
    // WriterUnlock.
    X0HeadCleared,
    X1Deactivated,
    X2ReadersTaken,
    X3ReadersWoken,
    X4NextRead,
    X5TailReleased,
    X6NextAppeared,
    X7HeadSet,
    X8InterestSet,
    X9Activated,
    /// The last operation was issued; the next call reports the outcome.
    Finished,
}

/// One MCS-RW acquire or release by one process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McsRwOp {
    home: u32,
    me: u32,
    mode: Mode,
    acquiring: bool,
    pc: Pc,
    /// The next writer a releasing writer hands the lock to.
    successor: u64,
}

impl McsRwOp {
    /// `me` acquires the lock on `home` in `mode`.
    pub fn acquire(home: u32, me: u32, mode: Mode) -> McsRwOp {
        McsRwOp {
            home,
            me,
            mode,
            acquiring: true,
            pc: Pc::Start,
            successor: 0,
        }
    }

    /// `me` releases the lock it holds in `mode`.
    pub fn release(home: u32, me: u32, mode: Mode) -> McsRwOp {
        McsRwOp {
            acquiring: false,
            ..McsRwOp::acquire(home, me, mode)
        }
    }

    fn lock(&self, index: u32) -> Word {
        Word {
            rank: self.home,
            index,
        }
    }

    fn mine(&self, index: u32) -> Word {
        Word {
            rank: self.me,
            index,
        }
    }

    /// A word of the queue node `ptr` points to.
    fn of(ptr: u64, index: u32) -> Word {
        Word {
            rank: owner(ptr),
            index,
        }
    }

    /// Issues `op`; its result comes back with the next call, in state `then`.
    fn op(&mut self, then: Pc, op: MemOp) -> Action {
        self.pc = then;
        Action::Op(op)
    }

    /// Waits on our own word `index`; the next call continues in state `then`.
    fn wait(&mut self, then: Pc, index: u32, until: Until) -> Action {
        self.pc = then;
        Action::Wait(self.mine(index), until)
    }

    /// Spins until our `blocked` is false (line 09; a writer's spin likewise).
    fn spin(&mut self) -> Action {
        let then = if self.mode == Mode::Shared {
            Pc::R09Woke
        } else {
            Pc::Finished
        };
        self.wait(then, BLOCKED, Until::Equals(0))
    }

    /// The acquire or release is complete.
    fn done(&mut self) -> Action {
        self.pc = Pc::Finished;
        if self.acquiring {
            Action::Acquired
        } else {
            Action::Released
        }
    }

    fn read_next(&mut self) -> Action {
        self.op(Pc::X4NextRead, MemOp::Read(self.mine(NEXT)))
    }
}

impl LockOp for McsRwOp {
    fn next(&mut self, r: u64) -> Action {
        use Pc::*;
        let me = node(self.me);
        match self.pc {
            Start => match (self.mode, self.acquiring) {
                // ReaderLock 02: if fetch_and_add(&L->rcnt, RC_INCR) & WAFLAG then
                (Mode::Shared, true) => self.op(
                    R02Added,
                    MemOp::fetch(FetchAndAdd, self.lock(RCNT), RC_INCR),
                ),
                // ReaderUnlock 02–03: if fetch_and_add(&L->rcnt, -RC_INCR) == RC_INCR + WIFLAG
                (Mode::Shared, false) => self.op(
                    U02Subtracted,
                    MemOp::fetch(FetchAndAdd, self.lock(RCNT), RC_INCR.wrapping_neg()),
                ),
                // WriterLock: I->blocked := true
                (Mode::Exclusive, true) => self.op(W0Blocked, MemOp::Write(self.mine(BLOCKED), 1)),
                // WriterUnlock: w_hd := nil
                (Mode::Exclusive, false) => {
                    self.op(X0HeadCleared, MemOp::Write(self.lock(W_HD), 0))
                }
            },

            R02Added if r & WAFLAG == 0 => self.done(),
            // 03 I->blocked := true
            R02Added => self.op(R03Blocked, MemOp::Write(self.mine(BLOCKED), 1)),
            // 04 I->next := fetch_and_store(&L->r_hd, I)
            R03Blocked => self.op(R04Swapped, MemOp::fetch(FetchAndStore, self.lock(R_HD), me)),
            R04Swapped => self.op(R04NextStored, MemOp::Write(self.mine(NEXT), r)),
            // 05 if (*(&L->rcnt) & WAFLAG) == 0 then   (an RDMA read)
            R04NextStored => self.op(R05CountRead, MemOp::Read(self.lock(RCNT))),
            R05CountRead if r & WAFLAG != 0 => self.spin(),
            // 06 head := fetch_and_store(&L->r_hd, nil)
            R05CountRead => self.op(
                R06QueueTaken,
                MemOp::fetch(FetchAndStore, self.lock(R_HD), 0),
            ),
            R06QueueTaken if r == 0 => self.spin(),
            // 07–08 if head != nil then head->blocked := false   (an RDMA write)
            R06QueueTaken => self.op(R08HeadWoken, MemOp::Write(Self::of(r, BLOCKED), 0)),
            // 09 repeat while I->blocked
            R08HeadWoken => self.spin(),
            // 10 if I->next != nil then
            R09Woke => self.op(R10NextRead, MemOp::Read(self.mine(NEXT))),
            R10NextRead if r == 0 => self.done(),
            // 11 I->next->blocked := false
            R10NextRead => self.op(Finished, MemOp::Write(Self::of(r, BLOCKED), 0)),

            U02Subtracted if r != RC_INCR + WIFLAG => self.done(),
            // 04 if compare_and_swap(&L->rcnt, WIFLAG, WAFLAG) then
            U02Subtracted => self.op(U04Swapped, MemOp::cas(self.lock(RCNT), WIFLAG, WAFLAG)),
            U04Swapped if r != WIFLAG => self.done(),
            // 05 L->w_hd->blocked := false   (read w_hd, then an RDMA write)
            U04Swapped => self.op(U05WriterRead, MemOp::Read(self.lock(W_HD))),
            U05WriterRead => self.op(Finished, MemOp::Write(Self::of(r, BLOCKED), 0)),

            // I->next := nil
            W0Blocked => self.op(W0NextCleared, MemOp::Write(self.mine(NEXT), 0)),
            // pred := fetch_and_store(&L->w_tail, I)
            W0NextCleared => self.op(
                W1TailSwapped,
                MemOp::fetch(FetchAndStore, self.lock(W_TAIL), me),
            ),
            // if pred != nil: pred->next := I, then spin
            W1TailSwapped if r != 0 => self.op(W2Linked, MemOp::Write(Self::of(r, NEXT), me)),
            W2Linked => self.spin(),
            // else: w_hd := I
            W1TailSwapped => self.op(W2HeadSet, MemOp::Write(self.lock(W_HD), me)),
            // if fetch_and_or(&rcnt, WIFLAG) == 0 …
            W2HeadSet => self.op(
                W3InterestSet,
                MemOp::fetch(FetchAndOr, self.lock(RCNT), WIFLAG),
            ),
            // readers hold the lock: the last of them wakes us
            W3InterestSet if r != 0 => self.spin(),
            // … and compare_and_swap(&rcnt, WIFLAG, WAFLAG) succeeds, the lock is ours
            W3InterestSet => self.op(W4Activated, MemOp::cas(self.lock(RCNT), WIFLAG, WAFLAG)),
            W4Activated if r == WIFLAG => self.done(),
            W4Activated => self.spin(),

            // if fetch_and_and(&rcnt, ~WAFLAG) shows readers, wake the reader queue
            X0HeadCleared => self.op(
                X1Deactivated,
                MemOp::fetch(FetchAndAnd, self.lock(RCNT), !WAFLAG),
            ),
            X1Deactivated if r < RC_INCR => self.read_next(),
            X1Deactivated => self.op(
                X2ReadersTaken,
                MemOp::fetch(FetchAndStore, self.lock(R_HD), 0),
            ),
            X2ReadersTaken if r == 0 => self.read_next(),
            X2ReadersTaken => self.op(X3ReadersWoken, MemOp::Write(Self::of(r, BLOCKED), 0)),
            X3ReadersWoken | X6NextAppeared => self.read_next(),
            // if I->next is set …
            X4NextRead if r != 0 => {
                self.successor = r;
                self.op(X7HeadSet, MemOp::Write(self.lock(W_HD), r))
            }
            // … or compare_and_swap(&w_tail, I, nil) fails (a writer is enqueuing)
            X4NextRead => self.op(X5TailReleased, MemOp::cas(self.lock(W_TAIL), me, 0)),
            X5TailReleased if r == me => self.done(),
            // wait until I->next appears
            X5TailReleased => self.wait(X6NextAppeared, NEXT, Until::Differs(0)),
            // w_hd := I->next (above); if fetch_and_or(&rcnt, WIFLAG) == 0 …
            X7HeadSet => self.op(
                X8InterestSet,
                MemOp::fetch(FetchAndOr, self.lock(RCNT), WIFLAG),
            ),
            // readers hold the lock: the last of them wakes the next writer
            X8InterestSet if r != 0 => self.done(),
            // … and compare_and_swap(&rcnt, WIFLAG, WAFLAG) succeeds, unblock the next writer
            X8InterestSet => self.op(X9Activated, MemOp::cas(self.lock(RCNT), WIFLAG, WAFLAG)),
            X9Activated if r != WIFLAG => self.done(),
            X9Activated => {
                let next = Self::of(self.successor, BLOCKED);
                self.op(Finished, MemOp::Write(next, 0))
            }

            Finished => self.done(),
        }
    }
}

/// The name of word `index` of the layout.
pub fn word_name(index: u32) -> &'static str {
    match index {
        RCNT => "rcnt",
        R_HD => "r_hd",
        W_TAIL => "w_tail",
        W_HD => "w_hd",
        BLOCKED => "blocked",
        NEXT => "next",
        _ => "an unused word",
    }
}

/// A field of the lock as a view shows it: a word of the lock record or of one rank's queue
/// node.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// `rcnt`: reader count and flags.
    Count,
    /// `r_hd`: head of the reader queue.
    ReaderHead,
    /// `w_tail`: tail of the writer queue.
    WriterTail,
    /// `w_hd`: head of the writer queue.
    WriterHead,
    /// A rank's `blocked`.
    Blocked(u32),
    /// A rank's `next`.
    Next(u32),
}

impl Field {
    /// The field `word` is, for the lock whose record lives on rank `home` (`None` for a word
    /// of the layout that is not the lock's, e.g. another rank's copy of the record's indices).
    pub fn of(home: u32, word: Word) -> Option<Field> {
        match word.index {
            RCNT if word.rank == home => Some(Field::Count),
            R_HD if word.rank == home => Some(Field::ReaderHead),
            W_TAIL if word.rank == home => Some(Field::WriterTail),
            W_HD if word.rank == home => Some(Field::WriterHead),
            BLOCKED => Some(Field::Blocked(word.rank)),
            NEXT => Some(Field::Next(word.rank)),
            _ => None,
        }
    }
}

/// A pointer in words: `nil` or `rank 3's node`.
fn pointer(v: u64) -> String {
    match v {
        0 => "nil".to_string(),
        p => format!("rank {}'s node", p - 1),
    }
}

/// `rcnt` in words: `2 readers, WIFLAG`.
pub fn describe_count(v: u64) -> String {
    let readers = v / RC_INCR;
    let mut s = format!("{readers} reader{}", if readers == 1 { "" } else { "s" });
    if v & WIFLAG != 0 {
        s.push_str(", WIFLAG (a writer waits)");
    }
    if v & WAFLAG != 0 {
        s.push_str(", WAFLAG (a writer holds it)");
    }
    s
}

/// Word `index` holding `v`, in words.
pub fn describe_value(index: u32, v: u64) -> String {
    match index {
        RCNT => describe_count(v),
        BLOCKED => (if v == 0 { "false" } else { "true" }).to_string(),
        _ => pointer(v),
    }
}

fn pointer_ja(v: u64) -> String {
    match v {
        0 => "nil".to_string(),
        p => format!("ランク {} のノード", p - 1),
    }
}

/// [`describe_count`] in Japanese: `読み手 2 人、WIFLAG(書き手が待っている)`.
fn describe_count_ja(v: u64) -> String {
    let mut s = format!("読み手 {} 人", v / RC_INCR);
    if v & WIFLAG != 0 {
        s.push_str("、WIFLAG(書き手が待っている)");
    }
    if v & WAFLAG != 0 {
        s.push_str("、WAFLAG(書き手が保持している)");
    }
    s
}

/// [`describe_value`] in Japanese.
fn describe_value_ja(index: u32, v: u64) -> String {
    match index {
        RCNT => describe_count_ja(v),
        BLOCKED => (if v == 0 { "false" } else { "true" }).to_string(),
        _ => pointer_ja(v),
    }
}

/// A space between `a` and `b` where one is ASCII (a word's name) and the other Japanese.
fn gap(a: &str, b: &str) -> &'static str {
    match (a.chars().last(), b.chars().next()) {
        (Some(x), _) if x.is_ascii_alphanumeric() => " ",
        (_, Some(y)) if y.is_ascii_alphanumeric() => " ",
        _ => "",
    }
}

/// [`explain_op`] in Japanese.
pub fn explain_op_ja(rank: u32, op: MemOp, result: u64) -> String {
    use crate::machine::AtomicKind as K;
    let w = op.word();
    let field = word_name(w.index);
    let whose = if w.index >= BLOCKED {
        if w.rank == rank {
            format!("自分の {field}")
        } else {
            format!("ランク {} の {field}", w.rank)
        }
    } else {
        format!("{field}(ランク {} 上)", w.rank)
    };
    match op {
        MemOp::Read(_) => format!(
            "ランク {rank} が{}{whose}{}を読む:{}",
            gap("が", &whose),
            gap(&whose, "を"),
            describe_value_ja(w.index, result)
        ),
        MemOp::Write(_, v) => {
            let wakes = if w.index == BLOCKED && v == 0 && w.rank != rank {
                format!(":ランク {} はスピンをやめる", w.rank)
            } else {
                String::new()
            };
            format!(
                "ランク {rank} が{}{whose}{}を「{}」にする{wakes}",
                gap("が", &whose),
                gap(&whose, "を"),
                describe_value_ja(w.index, v)
            )
        }
        MemOp::Atomic {
            kind,
            operand,
            compare,
            ..
        } => {
            let what = match kind {
                K::FetchAndAdd if w.index == RCNT && operand == RC_INCR => {
                    "fetch_and_add(読み手 +1)".to_string()
                }
                K::FetchAndAdd if w.index == RCNT && operand == RC_INCR.wrapping_neg() => {
                    "fetch_and_add(読み手 −1)".to_string()
                }
                K::FetchAndOr if operand == WIFLAG => "fetch_and_or(WIFLAG)".to_string(),
                K::FetchAndAnd if operand == !WAFLAG => "fetch_and_and(~WAFLAG)".to_string(),
                K::FetchAndStore => {
                    format!("fetch_and_store({})", describe_value_ja(w.index, operand))
                }
                K::CompareAndSwap => format!(
                    "compare_and_swap({} → {})",
                    describe_value_ja(w.index, compare),
                    describe_value_ja(w.index, operand)
                ),
                other => format!("{other}({operand})"),
            };
            let outcome = match kind {
                K::CompareAndSwap if result == compare => "(成功)",
                K::CompareAndSwap => "(失敗)",
                _ => "",
            };
            format!(
                "ランク {rank}: {whose}{}に対する {what}は「{}」を返した{outcome}{}",
                gap(&whose, "に"),
                describe_value_ja(w.index, result),
                consequence(op, result, Lang::Ja)
            )
        }
    }
}

/// One memory operation of the algorithm by rank `rank`, with its result, as a sentence.
pub fn explain_op(rank: u32, op: MemOp, result: u64) -> String {
    use crate::machine::AtomicKind as K;
    let w = op.word();
    let field = word_name(w.index);
    let whose = if w.index >= BLOCKED {
        if w.rank == rank {
            format!("its own {field}")
        } else {
            format!("rank {}'s {field}", w.rank)
        }
    } else {
        format!("{field} (on rank {})", w.rank)
    };
    match op {
        MemOp::Read(_) => format!(
            "rank {rank} reads {whose}: {}",
            describe_value(w.index, result)
        ),
        MemOp::Write(_, v) => {
            let wakes = if w.index == BLOCKED && v == 0 && w.rank != rank {
                format!(" — rank {} stops spinning", w.rank)
            } else {
                String::new()
            };
            format!(
                "rank {rank} sets {whose} to {}{wakes}",
                describe_value(w.index, v)
            )
        }
        MemOp::Atomic {
            kind,
            operand,
            compare,
            ..
        } => {
            let what = match kind {
                K::FetchAndAdd if w.index == RCNT && operand == RC_INCR => {
                    "fetch_and_add(+1 reader)".to_string()
                }
                K::FetchAndAdd if w.index == RCNT && operand == RC_INCR.wrapping_neg() => {
                    "fetch_and_add(−1 reader)".to_string()
                }
                K::FetchAndOr if operand == WIFLAG => "fetch_and_or(WIFLAG)".to_string(),
                K::FetchAndAnd if operand == !WAFLAG => "fetch_and_and(~WAFLAG)".to_string(),
                K::FetchAndStore => {
                    format!("fetch_and_store({})", describe_value(w.index, operand))
                }
                K::CompareAndSwap => format!(
                    "compare_and_swap({} → {})",
                    describe_value(w.index, compare),
                    describe_value(w.index, operand)
                ),
                other => format!("{other}({operand})"),
            };
            let outcome = match kind {
                K::CompareAndSwap if result == compare => " — it succeeded",
                K::CompareAndSwap => " — it failed",
                _ => "",
            };
            format!(
                "rank {rank}: {what} on {whose} returned {}{outcome}{}",
                describe_value(w.index, result),
                consequence(op, result, Lang::En)
            )
        }
    }
}

/// What an atomic's result means for the process that issued it (` → …`, empty when nothing
/// follows from it), so the event log reads as the algorithm's reasoning.
fn consequence(op: MemOp, result: u64, lang: Lang) -> String {
    use crate::machine::AtomicKind as K;
    let MemOp::Atomic {
        word,
        kind,
        operand,
        compare,
    } = op
    else {
        return String::new();
    };
    let node = |p: u64| format!("rank {}'s node", p - 1);
    let text = match (word.index, kind) {
        (RCNT, K::FetchAndAdd) if operand == RC_INCR => {
            if result & WAFLAG != 0 {
                lang.pick(
                    "a writer holds the lock: it queues on r_hd",
                    "書き手がロックを保持している:r_hd に並ぶ",
                )
                .to_string()
            } else {
                lang.pick("no writer active: the lock is its (shared) once this result reaches it", "動いている書き手はいない:この結果が届いた時点でロックは(共有で)自分のものになる").to_string()
            }
        }
        (RCNT, K::FetchAndAdd) if operand == RC_INCR.wrapping_neg() => {
            if result == RC_INCR + WIFLAG {
                lang.pick(
                    "the last reader, and a writer waits: it hands the lock over",
                    "最後の読み手で、書き手が待っている:ロックを書き手に渡す",
                )
                .to_string()
            } else {
                lang.pick("it has left", "ロックを離れた").to_string()
            }
        }
        (RCNT, K::FetchAndOr) if operand == WIFLAG => {
            if result == 0 {
                lang.pick(
                    "no readers: it tries to make the writer active",
                    "読み手はいない:書き手をアクティブにしようとする",
                )
                .to_string()
            } else {
                lang.pick(
                    "readers hold the lock: the last of them wakes the writer",
                    "読み手がロックを保持している:その最後の読み手が書き手を起こす",
                )
                .to_string()
            }
        }
        (RCNT, K::FetchAndAnd) if operand == !WAFLAG => {
            if result >= RC_INCR {
                lang.pick(
                    "readers arrived meanwhile: it wakes the reader queue",
                    "その間に読み手が来ていた:読み手のキューを起こす",
                )
                .to_string()
            } else {
                lang.pick("no reader waits", "待っている読み手はいない")
                    .to_string()
            }
        }
        (RCNT, K::CompareAndSwap) if (compare, operand) == (WIFLAG, WAFLAG) => {
            if result == compare {
                lang.pick("a writer is active now", "書き手がアクティブになった")
                    .to_string()
            } else {
                lang.pick(
                    "readers came in meanwhile: they keep the lock",
                    "その間に読み手が入っていた:ロックは読み手が持ち続ける",
                )
                .to_string()
            }
        }
        (R_HD, K::FetchAndStore) if operand != 0 => match result {
            0 => lang
                .pick("first in the reader queue", "読み手のキューの先頭になる")
                .to_string(),
            p => match lang {
                Lang::En => format!(
                    "linking to {} as its next (readers wake along next)",
                    node(p)
                ),
                Lang::Ja => format!(
                    "ランク {} のノードの next としてつながる(読み手は next をたどって起こされる)",
                    p - 1
                ),
            },
        },
        (R_HD, K::FetchAndStore) => match result {
            0 => lang
                .pick("the reader queue was empty", "読み手のキューは空だった")
                .to_string(),
            p => lang.pick(
                format!("it takes the reader queue and wakes rank {}", p - 1),
                format!("読み手のキューを取り出し、ランク {} を起こす", p - 1),
            ),
        },
        (W_TAIL, K::FetchAndStore) => match result {
            0 => lang
                .pick(
                    "no writer ahead: it sets w_hd to its own node",
                    "前に書き手はいない:w_hd を自分のノードにする",
                )
                .to_string(),
            p => lang.pick(
                format!("linking behind rank {0} (it sets rank {0}'s next)", p - 1),
                format!(
                    "ランク {0} の後ろにつながる(ランク {0} の next を設定する)",
                    p - 1
                ),
            ),
        },
        (W_TAIL, K::CompareAndSwap) if operand == 0 => {
            if result == compare {
                lang.pick(
                    "no writer behind it: the writer queue is empty",
                    "後ろに書き手はいない:書き手のキューは空になる",
                )
                .to_string()
            } else {
                lang.pick(
                    "a writer is enqueuing: it waits for its next",
                    "書き手が並ぼうとしている:その書き手が next を設定するのを待つ",
                )
                .to_string()
            }
        }
        _ => return String::new(),
    };
    format!(" → {text}")
}

/// The lock as its words show it: the record on the home rank and every queue node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockView {
    /// Readers counted in `rcnt`.
    pub readers: u64,
    /// WIFLAG: a writer waits for the readers to leave.
    pub writer_interested: bool,
    /// WAFLAG: a writer holds the lock.
    pub writer_active: bool,
    /// The reader queue, from `r_hd` along `next` (readers waiting for a writer to leave).
    pub reader_queue: Vec<u32>,
    /// `w_hd`: the writer at the head of the writer queue.
    pub writer_head: Option<u32>,
    /// `w_tail`: the last writer to queue.
    pub writer_tail: Option<u32>,
    /// Every rank's queue node: `(rank, blocked, next)`.
    pub nodes: Vec<(u32, bool, Option<u32>)>,
}

impl LockView {
    /// Reads the lock on rank `home` of `ranks` ranks through `word` (e.g. `Sim::word`).
    pub fn read(home: u32, ranks: u32, word: impl Fn(Word) -> Option<u64>) -> Option<LockView> {
        let at = |rank, index| word(Word { rank, index });
        let ptr = |v: u64| v.checked_sub(1).and_then(|r| u32::try_from(r).ok());
        let rcnt = at(home, RCNT)?;
        let nodes: Vec<(u32, bool, Option<u32>)> = (0..ranks)
            .map(|r| Some((r, at(r, BLOCKED)? != 0, ptr(at(r, NEXT)?))))
            .collect::<Option<_>>()?;
        let mut reader_queue = Vec::new();
        let mut next = ptr(at(home, R_HD)?);
        while let Some(r) = next {
            if reader_queue.contains(&r) || r >= ranks {
                break;
            }
            reader_queue.push(r);
            next = nodes[r as usize].2;
        }
        Some(LockView {
            readers: rcnt / RC_INCR,
            writer_interested: rcnt & WIFLAG != 0,
            writer_active: rcnt & WAFLAG != 0,
            reader_queue,
            writer_head: ptr(at(home, W_HD)?),
            writer_tail: ptr(at(home, W_TAIL)?),
            nodes,
        })
    }

    /// The writer queue from `w_hd` along the queue nodes' `next` up to `w_tail` (while a
    /// releasing writer hands over, `w_hd` is nil for a moment: then only `w_tail` is known).
    pub fn writer_queue(&self) -> Vec<u32> {
        let Some(head) = self.writer_head else {
            return self.writer_tail.into_iter().collect();
        };
        let mut queue = vec![head];
        let mut at = head;
        while Some(at) != self.writer_tail {
            match self.nodes.get(at as usize).and_then(|n| n.2) {
                Some(next) if !queue.contains(&next) => {
                    queue.push(next);
                    at = next;
                }
                _ => break,
            }
        }
        queue
    }

    /// The lock in plain English at one point, from its record (these words) and who holds it
    /// there (the [`LockLedger`](super::ledger::LockLedger)'s holders, which also name the
    /// readers the word counts that do not hold it): `free`, `2 readers hold it`, `1 reader
    /// holds it; a writer waits for the last reader to leave`, `rank 2 holds it exclusive
    /// (WAFLAG); 1 reader waits for it to leave`, or, while the count runs ahead of the holders,
    /// `2 readers counted in rcnt: 1 holds it, 1 is still being granted it`. It never says more
    /// readers or writers hold the lock than the holders list.
    pub fn summary(&self, holders: &Holders) -> String {
        let n = |k: usize, one: &str, many: &str| match k {
            1 => format!("1 {one}"),
            k => format!("{k} {many}"),
        };
        let holding = holders.readers.len();
        let (arriving, leaving) = (holders.arriving.len(), holders.leaving.len());
        let counted = usize::try_from(self.readers).unwrap_or(usize::MAX);
        // A writer active (WAFLAG) keeps the arriving readers waiting.
        let writer_in = holders.writer.is_some() || self.writer_active;
        let mut parts = Vec::new();
        if counted == holding && arriving == 0 && leaving == 0 {
            if holding > 0 {
                parts.push(n(holding, "reader holds it", "readers hold it"));
            }
        } else {
            let mut who = Vec::new();
            if holding > 0 {
                who.push(n(holding, "holds it", "hold it"));
            }
            if arriving > 0 {
                who.push(if writer_in {
                    n(
                        arriving,
                        "waits for the writer to leave",
                        "wait for the writer to leave",
                    )
                } else {
                    n(
                        arriving,
                        "is still being granted it",
                        "are still being granted it",
                    )
                });
            }
            if leaving > 0 {
                who.push(n(leaving, "is leaving", "are leaving"));
            }
            let head = n(counted, "reader counted in rcnt", "readers counted in rcnt");
            parts.push(if who.is_empty() {
                head
            } else {
                format!("{head}: {}", who.join(", "))
            });
        }
        match (holders.writer, self.writer_active, self.writer_interested) {
            (Some(w), true, _) => parts.push(format!("rank {w} holds it exclusive (WAFLAG)")),
            (Some(w), false, _) => parts.push(format!("rank {w} holds it exclusive")),
            (None, true, _) => {
                parts.push("WAFLAG is set: a writer is being granted it or is leaving".to_string())
            }
            (None, false, true) if counted > 0 => {
                parts.push("a writer waits for the last reader to leave".to_string());
            }
            (None, false, true) => {
                parts.push("a writer is taking it (WIFLAG, no readers left)".to_string());
            }
            (None, false, false) => {}
        }
        if parts.is_empty() {
            "free".to_string()
        } else {
            parts.join("; ")
        }
    }
}

/// Whether `op` counts a reader into (`true`) or out of the `rcnt` of the lock record on rank
/// `home`: `Some((home, added))` for ReaderLock's and ReaderUnlock's `fetch_and_add`s.
pub fn counts_reader(op: MemOp) -> Option<(u32, bool)> {
    match op {
        MemOp::Atomic {
            word,
            kind: FetchAndAdd,
            operand,
            ..
        } if word.index == RCNT && operand == RC_INCR => Some((word.rank, true)),
        MemOp::Atomic {
            word,
            kind: FetchAndAdd,
            operand,
            ..
        } if word.index == RCNT && operand == RC_INCR.wrapping_neg() => Some((word.rank, false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locks::Memory;

    /// An operation in progress and the action it last asked for.
    struct Run(McsRwOp, Option<Action>);

    impl Run {
        fn acquire(me: u32, mode: Mode) -> Run {
            Run(McsRwOp::acquire(0, me, mode), None)
        }

        fn release(me: u32, mode: Mode) -> Run {
            Run(McsRwOp::release(0, me, mode), None)
        }
    }

    /// Runs until the operation completes or waits for a word that does not hold yet; returns
    /// that action and how many memory operations this call performed.
    fn drive(run: &mut Run, memory: &mut Memory) -> (Action, usize) {
        let mut ops = 0;
        loop {
            let action = match run.1 {
                None => run.0.next(0),
                Some(Action::Op(m)) => {
                    ops += 1;
                    let r = memory.apply(m);
                    run.0.next(r)
                }
                Some(Action::Wait(w, until)) if until.holds(memory.get(w)) => run.0.next(0),
                Some(other) => return (other, ops),
            };
            run.1 = Some(action);
            if matches!(action, Action::Acquired | Action::Released) {
                return (action, ops);
            }
        }
    }

    /// Reader preference: while a reader holds the lock and a writer waits for it, a new reader
    /// still gets in at once — one fetch_and_add (Fig. 6 line 02) — and the writer enters only
    /// when the last reader leaves (Fig. 7 lines 02–05 wake it).
    #[test]
    fn a_new_reader_passes_a_waiting_writer() {
        let mut m = Memory::new(3, WORDS);
        let mut r1 = Run::acquire(1, Mode::Shared);
        assert_eq!(drive(&mut r1, &mut m), (Action::Acquired, 1));
        let mut w = Run::acquire(2, Mode::Exclusive);
        let (waits, _) = drive(&mut w, &mut m);
        assert!(matches!(waits, Action::Wait(..)), "{waits:?}");
        assert_eq!(
            m.get(Word {
                rank: 0,
                index: RCNT
            }),
            RC_INCR + WIFLAG
        );
        let view = LockView::read(0, 3, |w| Some(m.get(w))).unwrap();
        assert_eq!(
            (view.readers, view.writer_interested, view.writer_active),
            (1, true, false)
        );
        assert_eq!((view.writer_head, view.writer_tail), (Some(2), Some(2)));
        assert!(view.reader_queue.is_empty());
        assert_eq!(view.nodes[2], (2, true, None));
        let mut r0 = Run::acquire(0, Mode::Shared);
        assert_eq!(drive(&mut r0, &mut m), (Action::Acquired, 1));
        // The first reader leaves: the writer still waits.
        let mut u1 = Run::release(1, Mode::Shared);
        assert_eq!(drive(&mut u1, &mut m).0, Action::Released);
        assert!(matches!(drive(&mut w, &mut m).0, Action::Wait(..)));
        // The last reader leaves and wakes the writer, which now holds the lock alone.
        let mut u0 = Run::release(0, Mode::Shared);
        assert_eq!(drive(&mut u0, &mut m), (Action::Released, 4));
        assert_eq!(drive(&mut w, &mut m).0, Action::Acquired);
        assert_eq!(
            m.get(Word {
                rank: 0,
                index: RCNT
            }),
            WAFLAG
        );
        // A reader arriving now queues behind the writer and is woken by its release.
        let mut r1 = Run::acquire(1, Mode::Shared);
        assert!(matches!(drive(&mut r1, &mut m).0, Action::Wait(..)));
        let view = LockView::read(0, 3, |w| Some(m.get(w))).unwrap();
        assert_eq!(view.reader_queue, vec![1]);
        assert!(view.writer_active);
        let mut x = Run::release(2, Mode::Exclusive);
        assert_eq!(drive(&mut x, &mut m).0, Action::Released);
        assert_eq!(drive(&mut r1, &mut m).0, Action::Acquired);
        assert_eq!(
            m.get(Word {
                rank: 0,
                index: RCNT
            }),
            RC_INCR
        );
    }

    /// The view's helpers: the writer queue from w_hd to w_tail, the summary in words, and
    /// which field a word is.
    #[test]
    fn writer_queue_summary_and_fields() {
        let mut m = Memory::new(4, WORDS);
        let mut r1 = Run::acquire(1, Mode::Shared);
        drive(&mut r1, &mut m);
        let held = |readers: &[u32], writer| Holders {
            readers: readers.to_vec(),
            writer,
            ..Holders::default()
        };
        let view = LockView::read(0, 4, |w| Some(m.get(w))).unwrap();
        assert_eq!(view.summary(&held(&[1], None)), "1 reader holds it");
        // Counted before it is granted: the summary says so rather than "holds it".
        let granting = Holders {
            arriving: vec![1],
            ..Holders::default()
        };
        assert_eq!(
            view.summary(&granting),
            "1 reader counted in rcnt: 1 is still being granted it"
        );
        let mut w2 = Run::acquire(2, Mode::Exclusive);
        drive(&mut w2, &mut m);
        let mut w3 = Run::acquire(3, Mode::Exclusive);
        drive(&mut w3, &mut m);
        let view = LockView::read(0, 4, |w| Some(m.get(w))).unwrap();
        assert_eq!(view.writer_queue(), vec![2, 3]);
        assert_eq!(
            view.summary(&held(&[1], None)),
            "1 reader holds it; a writer waits for the last reader to leave"
        );
        let mut r0 = Run::acquire(0, Mode::Shared);
        drive(&mut r0, &mut m);
        let view = LockView::read(0, 4, |w| Some(m.get(w))).unwrap();
        assert_eq!(
            view.summary(&held(&[0, 1], None)),
            "2 readers hold it; a writer waits for the last reader to leave"
        );
        let leaving = Holders {
            readers: vec![0],
            leaving: vec![1],
            ..Holders::default()
        };
        assert_eq!(
            view.summary(&leaving),
            "2 readers counted in rcnt: 1 holds it, 1 is leaving; a writer waits for the last reader to leave"
        );
        drive(&mut Run::release(1, Mode::Shared), &mut m);
        drive(&mut Run::release(0, Mode::Shared), &mut m);
        assert_eq!(drive(&mut w2, &mut m).0, Action::Acquired);
        let view = LockView::read(0, 4, |w| Some(m.get(w))).unwrap();
        assert_eq!(
            view.summary(&held(&[], Some(2))),
            "rank 2 holds it exclusive (WAFLAG)"
        );
        assert_eq!(
            view.summary(&Holders::default()),
            "WAFLAG is set: a writer is being granted it or is leaving"
        );
        assert_eq!(view.writer_queue(), vec![2, 3]);
        let fresh = LockView::read(0, 4, |_| Some(0)).unwrap();
        assert_eq!(
            (fresh.summary(&Holders::default()), fresh.writer_queue()),
            ("free".into(), vec![])
        );
        let tail_only = LockView {
            writer_head: None,
            writer_tail: Some(3),
            ..fresh
        };
        assert_eq!(tail_only.writer_queue(), vec![3]);
        let word = |rank, index| Word { rank, index };
        assert_eq!(Field::of(0, word(0, RCNT)), Some(Field::Count));
        assert_eq!(Field::of(0, word(0, W_TAIL)), Some(Field::WriterTail));
        assert_eq!(Field::of(0, word(2, R_HD)), None);
        assert_eq!(Field::of(0, word(2, BLOCKED)), Some(Field::Blocked(2)));
        assert_eq!(Field::of(0, word(0, NEXT)), Some(Field::Next(0)));
        assert_eq!(Field::of(0, word(0, WORDS)), None);
    }

    /// Uncontended, a shared lock and unlock are one remote atomic each (the paper's point:
    /// cheap when nobody else is there).
    #[test]
    fn uncontended_reader_lock_and_unlock_are_one_atomic_each() {
        let mut m = Memory::new(2, WORDS);
        let mut a = Run::acquire(1, Mode::Shared);
        assert_eq!(drive(&mut a, &mut m), (Action::Acquired, 1));
        let mut r = Run::release(1, Mode::Shared);
        assert_eq!(drive(&mut r, &mut m), (Action::Released, 1));
        assert_eq!(
            m.get(Word {
                rank: 0,
                index: RCNT
            }),
            0
        );
    }
}
