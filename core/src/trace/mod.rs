//! The trace: every transition of a run, with its time, ranks, kind, the protocol object it touched
//! and a one-sentence explanation; a stable hash; export to Chrome trace-event JSON (Perfetto).

pub mod chrome;
pub mod hash;
pub mod record;

pub use hash::TraceHasher;
pub use record::{Record, RecordKind};

use serde::Serialize;

/// How much of the trace a run keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TraceMode {
    /// Keep every record (for the views and for export).
    Full,
    /// Keep only the running hash and the count (for runs with millions of ranks).
    HashOnly,
}

/// The records of a run (or just their hash), in the order they happened.
#[derive(Clone, Debug)]
pub struct Trace {
    mode: TraceMode,
    records: Vec<Record>,
    hasher: TraceHasher,
    count: u64,
}

impl Trace {
    /// An empty trace.
    pub fn new(mode: TraceMode) -> Trace {
        Trace {
            mode,
            records: Vec::new(),
            hasher: TraceHasher::new(),
            count: 0,
        }
    }

    /// Appends a record (hashing it; storing it in [`TraceMode::Full`]).
    pub fn push(&mut self, record: Record) {
        record.hash_into(&mut self.hasher);
        self.count += 1;
        if self.mode == TraceMode::Full {
            self.records.push(record);
        }
    }

    /// The stored records (empty in [`TraceMode::HashOnly`]).
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Number of records pushed so far (stored or not).
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The stable hash of everything recorded so far (same input → same hash, on every platform).
    pub fn hash(&self) -> u64 {
        self.hasher.finish()
    }

    /// The mode.
    pub fn mode(&self) -> TraceMode {
        self.mode
    }

    /// Approximate bytes held, for the memory limit.
    pub fn heap_bytes(&self) -> usize {
        self.records.capacity() * std::mem::size_of::<Record>()
    }

    /// A copy without the stored records but with the hash state and count (for checkpoints).
    pub(crate) fn marker(&self) -> Trace {
        Trace {
            mode: self.mode,
            records: Vec::new(),
            hasher: self.hasher.clone(),
            count: self.count,
        }
    }

    /// Rolls back to a marker taken earlier from this trace.
    pub(crate) fn rewind_to(&mut self, marker: &Trace) {
        self.records.truncate(marker.count as usize);
        self.hasher = marker.hasher.clone();
        self.count = marker.count;
    }
}
