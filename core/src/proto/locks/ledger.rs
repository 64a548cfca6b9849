//! Who holds the lock at any point of a run, read from its trace: the `LockRecord::Lock` records
//! (a rank takes or leaves the lock) indexed as the known records grow, so a view can answer
//! "who holds it after record n?" for any point without rescanning a long run, and say whether
//! the run has used a lock at all.

use super::{LockRecord, Mode};
use crate::trace::Records;

/// Who holds the lock at one point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holders {
    /// Ranks holding it shared, in rank order.
    pub readers: Vec<u32>,
    /// The rank holding it exclusive.
    pub writer: Option<u32>,
}

impl Holders {
    /// Nobody holds it.
    pub fn is_free(&self) -> bool {
        self.readers.is_empty() && self.writer.is_none()
    }
}

/// One take or leave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Change {
    /// The record's index in the trace.
    index: usize,
    rank: u32,
    /// Whose lock (its home rank).
    home: u32,
    mode: Mode,
    held: bool,
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
                        mode,
                        held,
                    });
                }
                Some(LockRecord::LockStep { .. }) => {
                    self.first_use.get_or_insert(index);
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
        for c in self.changes[..upto].iter().filter(|c| c.home == home) {
            match (c.mode, c.held) {
                (Mode::Shared, true) => {
                    if let Err(at) = h.readers.binary_search(&c.rank) {
                        h.readers.insert(at, c.rank);
                    }
                }
                (Mode::Shared, false) => h.readers.retain(|&r| r != c.rank),
                (Mode::Exclusive, true) => h.writer = Some(c.rank),
                (Mode::Exclusive, false) => {
                    if h.writer == Some(c.rank) {
                        h.writer = None;
                    }
                }
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
                writer: None
            }
        );
        assert_eq!(ledger.holders(0, 4).readers, vec![3]);
        assert_eq!(
            ledger.holders(0, 6),
            Holders {
                readers: vec![],
                writer: Some(2)
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
}
