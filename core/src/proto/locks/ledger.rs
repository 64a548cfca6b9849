//! Who holds the lock at any point of a run, read from its trace: the `LockRecord::Lock` records
//! (a rank takes or leaves the lock) indexed as the known records grow, so a view can answer
//! "who holds it after record n?" for any point without rescanning a long run, and say whether
//! the run has used a lock at all. Under MCS-RW it also follows the readers the lock word counts
//! (the `fetch_and_add`s on `rcnt`, narrated as `LockRecord::LockStep` when they take effect),
//! so the count in the word and the holders come from one source and can be told apart: a
//! reader is counted before it is granted the lock and until its release has subtracted it.

use super::{mcs_rw, Algorithm, LockRecord, Mode};
use crate::trace::Records;

/// Who holds the lock at one point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holders {
    /// Ranks holding it shared, in rank order.
    pub readers: Vec<u32>,
    /// The rank holding it exclusive.
    pub writer: Option<u32>,
    /// Readers the lock word counts that do not hold it yet (MCS-RW: added to `rcnt`, not yet
    /// granted, or waiting for a writer to leave), in rank order.
    pub arriving: Vec<u32>,
    /// Readers the lock word still counts whose release has begun (not yet subtracted from
    /// `rcnt`), in rank order.
    pub leaving: Vec<u32>,
}

impl Holders {
    /// Nobody holds it.
    pub fn is_free(&self) -> bool {
        self.readers.is_empty() && self.writer.is_none()
    }
}

/// One take or leave, or a reader counted in or out of a lock word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Change {
    /// The record's index in the trace.
    index: usize,
    rank: u32,
    /// Whose lock (its home rank).
    home: u32,
    what: What,
}

/// What changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum What {
    /// The rank took (`held`) or left the lock.
    Hold { mode: Mode, held: bool },
    /// The lock word counts the rank as a reader from now on (`true`), or no longer.
    Counted(bool),
}

/// The lock's takes and leaves of one run, consumed incrementally from its known records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LockLedger {
    seen: usize,
    first_use: Option<usize>,
    changes: Vec<Change>,
}

impl LockLedger {
    /// An empty ledger.
    pub fn new() -> LockLedger {
        LockLedger::default()
    }

    /// Consumes the records of `known` not seen yet. `known` is the full list of known records
    /// of the same run (it only grows); if it is shorter than what was seen, the ledger is
    /// rebuilt from it.
    pub fn extend<'a>(&mut self, known: impl Into<Records<'a>>) {
        let known = known.into();
        if known.len() < self.seen {
            *self = LockLedger::new();
        }
        for (index, rec) in (self.seen..).zip(known.range(self.seen..known.len())) {
            match rec.layer::<LockRecord>() {
                Some(LockRecord::Lock {
                    rank,
                    home,
                    mode,
                    held,
                }) => {
                    self.first_use.get_or_insert(index);
                    self.changes.push(Change {
                        index,
                        rank,
                        home,
                        what: What::Hold { mode, held },
                    });
                }
                Some(LockRecord::LockStep {
                    rank,
                    algorithm,
                    op,
                    ..
                }) => {
                    self.first_use.get_or_insert(index);
                    let counted = match algorithm {
                        Algorithm::McsRw => mcs_rw::counts_reader(op),
                        _ => None,
                    };
                    if let Some((home, added)) = counted {
                        self.changes.push(Change {
                            index,
                            rank,
                            home,
                            what: What::Counted(added),
                        });
                    }
                }
                _ => {}
            }
        }
        self.seen = known.len();
    }

    /// The index of the first lock record (a step of a lock algorithm, a take or a leave).
    pub fn first_use(&self) -> Option<usize> {
        self.first_use
    }

    /// Who holds the lock whose words live on rank `home` after the first `records` records
    /// of the trace.
    pub fn holders(&self, home: u32, records: usize) -> Holders {
        let upto = self.changes.partition_point(|c| c.index < records);
        let mut h = Holders::default();
        let insert = |set: &mut Vec<u32>, r: u32| {
            if let Err(at) = set.binary_search(&r) {
                set.insert(at, r);
            }
        };
        // Readers counted in the lock word, and those whose release has begun.
        let (mut counted, mut released) = (Vec::new(), Vec::new());
        for c in self.changes[..upto].iter().filter(|c| c.home == home) {
            match c.what {
                What::Hold {
                    mode: Mode::Shared,
                    held: true,
                } => {
                    insert(&mut h.readers, c.rank);
                    released.retain(|&r| r != c.rank);
                }
                What::Hold {
                    mode: Mode::Shared,
                    held: false,
                } => {
                    h.readers.retain(|&r| r != c.rank);
                    insert(&mut released, c.rank);
                }
                What::Hold {
                    mode: Mode::Exclusive,
                    held: true,
                } => h.writer = Some(c.rank),
                What::Hold {
                    mode: Mode::Exclusive,
                    held: false,
                } => {
                    if h.writer == Some(c.rank) {
                        h.writer = None;
                    }
                }
                What::Counted(true) => insert(&mut counted, c.rank),
                What::Counted(false) => {
                    counted.retain(|&r| r != c.rank);
                    released.retain(|&r| r != c.rank);
                }
            }
        }
        for r in counted {
            if h.readers.binary_search(&r).is_ok() {
                continue;
            }
            if released.binary_search(&r).is_ok() {
                h.leaving.push(r);
            } else {
                h.arriving.push(r);
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locks::{Algorithm, MemOp, Word};
    use crate::time::SimTime;
    use crate::trace::{Record, RecordKind};

    fn rec(kind: RecordKind) -> Record {
        Record {
            time: SimTime::ZERO,
            kind,
        }
    }

    fn lock(rank: u32, mode: Mode, held: bool) -> Record {
        rec(RecordKind::layer(&LockRecord::Lock {
            rank,
            home: 0,
            mode,
            held,
        }))
    }

    #[test]
    fn holders_follow_takes_and_leaves_at_any_point() {
        let records = vec![
            rec(RecordKind::Start { rank: 0 }),
            lock(1, Mode::Shared, true),
            lock(3, Mode::Shared, true),
            lock(1, Mode::Shared, false),
            lock(3, Mode::Shared, false),
            lock(2, Mode::Exclusive, true),
            lock(2, Mode::Exclusive, false),
        ];
        let mut ledger = LockLedger::new();
        // Fed in two pieces, as the known trace grows.
        ledger.extend(&records[..3]);
        ledger.extend(&records);
        assert_eq!(ledger.first_use(), Some(1));
        assert!(ledger.holders(0, 1).is_free());
        assert_eq!(
            ledger.holders(0, 3),
            Holders {
                readers: vec![1, 3],
                writer: None,
                ..Holders::default()
            }
        );
        assert_eq!(ledger.holders(0, 4).readers, vec![3]);
        assert_eq!(
            ledger.holders(0, 6),
            Holders {
                readers: vec![],
                writer: Some(2),
                ..Holders::default()
            }
        );
        assert!(ledger.holders(0, records.len()).is_free());
        // Another rank's lock (a per-target scheme) is its own.
        let mut theirs = records.clone();
        theirs.push(rec(RecordKind::layer(&LockRecord::Lock {
            rank: 1,
            home: 3,
            mode: Mode::Exclusive,
            held: true,
        })));
        ledger.extend(&theirs);
        assert!(ledger.holders(0, theirs.len()).is_free());
        assert_eq!(ledger.holders(3, theirs.len()).writer, Some(1));
        assert!(ledger.holders(0, usize::MAX).is_free());
    }

    #[test]
    fn a_step_of_the_algorithm_counts_as_use_and_a_shorter_trace_rebuilds() {
        let step = rec(RecordKind::layer(&LockRecord::LockStep {
            rank: 1,
            algorithm: Algorithm::McsRw,
            op: MemOp::Read(Word { rank: 0, index: 0 }),
            result: 0,
        }));
        let records = vec![rec(RecordKind::Start { rank: 0 }), step];
        let mut ledger = LockLedger::new();
        ledger.extend(&records[..1]);
        assert_eq!(ledger.first_use(), None);
        ledger.extend(&records);
        assert_eq!(ledger.first_use(), Some(1));
        let other = vec![lock(0, Mode::Exclusive, true)];
        ledger.extend(&other);
        assert_eq!(ledger.first_use(), Some(0));
        assert_eq!(ledger.holders(0, 1).writer, Some(0));
    }

    /// Under MCS-RW a reader is counted in `rcnt` before it is granted the lock and until its
    /// release subtracts it: the ledger names it arriving, holding, leaving.
    #[test]
    fn readers_counted_in_the_lock_word_arrive_hold_and_leave() {
        let count = |rank, added: bool| {
            let word = Word {
                rank: 0,
                index: mcs_rw::RCNT,
            };
            let operand = if added {
                mcs_rw::RC_INCR
            } else {
                mcs_rw::RC_INCR.wrapping_neg()
            };
            rec(RecordKind::layer(&LockRecord::LockStep {
                rank,
                algorithm: Algorithm::McsRw,
                op: MemOp::fetch(crate::machine::AtomicKind::FetchAndAdd, word, operand),
                result: 0,
            }))
        };
        let records = vec![
            count(1, true),
            lock(1, Mode::Shared, true),
            lock(1, Mode::Shared, false),
            count(1, false),
        ];
        let mut ledger = LockLedger::new();
        ledger.extend(&records);
        assert_eq!(ledger.first_use(), Some(0));
        let at = |n| {
            let h = ledger.holders(0, n);
            (h.arriving, h.readers, h.leaving)
        };
        assert_eq!(at(1), (vec![1], vec![], vec![]));
        assert_eq!(at(2), (vec![], vec![1], vec![]));
        assert_eq!(at(3), (vec![], vec![], vec![1]));
        assert_eq!(at(4), (vec![], vec![], vec![]));
        assert!(ledger.holders(0, 4).is_free());
    }
}
