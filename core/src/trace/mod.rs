//! The trace: every transition of a run, with its time, ranks, kind, the protocol object it touched
//! and a one-sentence explanation (in English, or Japanese through [`text::Lang`]); a stable hash; export to Chrome trace-event JSON (Perfetto).
//! A layer's record type declares its fields once: `#[derive(RecordCodec)]` packs, unpacks and
//! hashes them by their [`field`] codecs.
//!
//! The engine's own records and layers' packed records ([`packed`]) are stored in blocks ([`log`]);
//! [`Record::explain`] renders a sentence on demand and [`Record::object`] names the queue, request
//! or message touched. `TraceMode::HashOnly` serves runs with millions of ranks: a record is hashed
//! as it is and never stored. [`timeline`] pairs records into spans and arrows (from each record's
//! `Draw`), incrementally; both the Perfetto export ([`chrome`]) and the web timeline use it.
//! `trace/` names no protocol type.

pub mod chrome;
pub mod field;
pub mod hash;
pub mod log;
pub mod packed;
pub mod record;
pub mod text;
pub mod timeline;

pub use field::{RecordField, WordField};
pub use hash::TraceHasher;
pub use log::{RecordLog, Records};
pub use packed::{Codec, Packer, Unpacker, Words};
pub use record::{
    check_round_trip, ArrowKey, Draw, Export, LayerRecord, Record, RecordCodec, RecordKind,
    TraceObject,
};

use serde::Serialize;

use crate::time::SimTime;

/// How much of the trace a run keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TraceMode {
    /// Keep every record (for the views and for export).
    Full,
    /// Keep only the running hash and the count (for runs with millions of ranks).
    HashOnly,
}

/// The records of a run (or just their hash), in the order they happened.
///
/// In [`TraceMode::Full`] the trace also remembers the *known future*: after a caller rewinds to
/// an earlier checkpoint (to step back), the records already computed beyond the current point
/// are kept, because a deterministic replay writes exactly the same ones again. Views use them
/// to draw the whole run with a cursor; [`Trace::records`] is only what happened up to now.
#[derive(Clone)]
pub struct Trace {
    mode: TraceMode,
    /// Every record computed so far, including those beyond the current point.
    records: RecordLog,
    hasher: TraceHasher,
    /// Records up to the current point.
    count: u64,
    /// For each step taken so far (and each known future step), the record count at its end.
    step_ends: Vec<u64>,
    /// Steps taken up to the current point.
    steps: u64,
}

/// Shows the present only (the known future is a cache of what replay will write), so a state
/// reached by stepping back prints exactly like the same state reached going forward.
impl std::fmt::Debug for Trace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let steps = (self.steps as usize).min(self.step_ends.len());
        f.debug_struct("Trace")
            .field("mode", &self.mode)
            .field("records", &self.records())
            .field("hash", &self.hash())
            .field("count", &self.count)
            .field("step_ends", &&self.step_ends[..steps])
            .field("steps", &self.steps)
            .finish()
    }
}

impl Trace {
    /// An empty trace.
    pub fn new(mode: TraceMode) -> Trace {
        Trace {
            mode,
            records: RecordLog::default(),
            hasher: TraceHasher::new(),
            count: 0,
            step_ends: Vec::new(),
            steps: 0,
        }
    }

    /// Appends a record (hashing it; storing it in [`TraceMode::Full`]). Replaying a step whose
    /// records are already known stores nothing new: they are the same records.
    pub fn push(&mut self, record: Record) {
        record.hash_into(&mut self.hasher);
        self.store(|| record);
    }

    /// Appends a protocol layer's record at `time`: hashed as it is, packed only when stored.
    pub fn push_layer<R: LayerRecord>(&mut self, time: SimTime, record: R) {
        self.hasher.u64(time.as_ps());
        record.hash_into(&mut self.hasher);
        self.store(|| Record {
            time,
            kind: RecordKind::layer(&record),
        });
    }

    fn store(&mut self, record: impl FnOnce() -> Record) {
        if self.mode == TraceMode::Full {
            let at = self.count as usize;
            if at < self.records.len() {
                debug_assert_eq!(
                    self.records.prefix(at + 1).get(at),
                    Some(&record()),
                    "replay diverged from the first run"
                );
            } else {
                self.records.push(record());
            }
        }
        self.count += 1;
    }

    /// Marks the end of one simulator step (so views can map records to steps and back).
    pub(crate) fn end_step(&mut self) {
        if self.mode == TraceMode::Full && self.steps as usize == self.step_ends.len() {
            self.step_ends.push(self.count);
        }
        self.steps += 1;
    }

    /// The records up to the current point (empty in [`TraceMode::HashOnly`]).
    pub fn records(&self) -> Records<'_> {
        self.records.prefix(self.count as usize)
    }

    /// Every record computed so far, including those beyond the current point that a step back
    /// left in the known future (equal to [`Trace::records`] on a run that never went back).
    pub fn known_records(&self) -> Records<'_> {
        self.records.prefix(self.records.len())
    }

    /// Steps whose records are known (taken, or taken before and then stepped back over).
    pub fn known_steps(&self) -> u64 {
        self.step_ends.len() as u64
    }

    /// How many records are visible after `steps` steps (clamped to the known steps).
    pub fn records_after_steps(&self, steps: u64) -> usize {
        match steps.min(self.known_steps()) {
            0 => 0,
            k => self.step_ends[k as usize - 1] as usize,
        }
    }

    /// The number of steps after which record `index` is first visible (so going to that step
    /// shows it as the newest thing that happened).
    pub fn steps_to_show(&self, index: usize) -> u64 {
        self.step_ends.partition_point(|&end| end <= index as u64) as u64 + 1
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
        self.records.heap_bytes() + self.step_ends.capacity() * std::mem::size_of::<u64>()
    }

    /// A copy without the stored records but with the hash state and counts (for checkpoints).
    pub(crate) fn marker(&self) -> Trace {
        Trace {
            mode: self.mode,
            records: RecordLog::default(),
            hasher: self.hasher.clone(),
            count: self.count,
            step_ends: Vec::new(),
            steps: self.steps,
        }
    }

    /// Rolls back to a marker taken earlier from this trace, keeping the records beyond it as
    /// the known future.
    pub(crate) fn rewind_to(&mut self, marker: &Trace) {
        self.hasher = marker.hasher.clone();
        self.count = marker.count;
        self.steps = marker.steps;
    }
}
