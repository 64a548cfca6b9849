//! Append-only record storage in fixed-size blocks, and [`Records`], a read-only view of a prefix.
//!
//! A run of 10^6 events writes millions of records. In one `Vec`, every doubling copies all of
//! them at once (tens of milliseconds in the browser, with old and new buffers alive together);
//! in blocks, growing never moves what is stored.
//!
//! That copy was a 35 ms pause in the browser. Views read the records through [`Records`], a
//! slice-like view.

use std::ops::{Index, Range};

use super::record::Record;

/// Records per block (about 1 MB each).
const BLOCK: usize = 1 << 14;

/// Trace records in blocks of 16,384 (about 1 MB each).
#[derive(Clone, Debug, Default)]
pub struct RecordLog {
    blocks: Vec<Vec<Record>>,
    len: usize,
}

impl RecordLog {
    /// Appends a record.
    pub fn push(&mut self, record: Record) {
        match self.blocks.last_mut() {
            Some(block) if block.len() < BLOCK => block.push(record),
            _ => {
                let mut block = Vec::with_capacity(BLOCK);
                block.push(record);
                self.blocks.push(block);
            }
        }
        self.len += 1;
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the log is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first `len` records (clamped) as a view.
    pub fn prefix(&self, len: usize) -> Records<'_> {
        Records {
            one: None,
            blocks: &self.blocks,
            len: len.min(self.len),
        }
    }

    /// Bytes reserved.
    pub fn heap_bytes(&self) -> usize {
        self.blocks.len() * BLOCK * std::mem::size_of::<Record>()
            + self.blocks.capacity() * std::mem::size_of::<Vec<Record>>()
    }
}

/// A read-only view of records (a prefix of a [`RecordLog`], or a plain slice via `From`):
/// indexable, iterable and binary-searchable like a slice.
#[derive(Copy, Clone)]
pub struct Records<'a> {
    one: Option<&'a [Record]>,
    blocks: &'a [Vec<Record>],
    len: usize,
}

impl<'a> From<&'a [Record]> for Records<'a> {
    fn from(slice: &'a [Record]) -> Records<'a> {
        Records {
            one: Some(slice),
            blocks: &[],
            len: slice.len(),
        }
    }
}

impl<'a> From<&'a Vec<Record>> for Records<'a> {
    fn from(v: &'a Vec<Record>) -> Records<'a> {
        v.as_slice().into()
    }
}

impl<'a> Records<'a> {
    /// Number of records in view.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is in view.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Record `index`, if in view.
    pub fn get(&self, index: usize) -> Option<&'a Record> {
        if index >= self.len {
            return None;
        }
        match self.one {
            Some(slice) => slice.get(index),
            None => self.blocks.get(index / BLOCK)?.get(index % BLOCK),
        }
    }

    /// The records in order.
    pub fn iter(&self) -> impl Iterator<Item = &'a Record> + 'a {
        self.range(0..self.len)
    }

    /// The records with indices in `range` (clamped to the view), in order.
    pub fn range(&self, range: Range<usize>) -> impl Iterator<Item = &'a Record> + 'a {
        let end = range.end.min(self.len);
        let start = range.start.min(end);
        let (one, blocks) = match self.one {
            Some(slice) => (Some(&slice[start..end]), &[][..]),
            None => (None, self.blocks),
        };
        let (first, offset) = (start / BLOCK, start % BLOCK);
        let from_blocks = blocks
            .iter()
            .enumerate()
            .skip(first)
            .map(move |(b, block)| {
                if b == first {
                    &block[offset.min(block.len())..]
                } else {
                    block.as_slice()
                }
            });
        one.into_iter()
            .chain(from_blocks)
            .flatten()
            .take(end - start)
    }

    /// The number of records for which `pred` holds, if it holds for a prefix (like
    /// [`slice::partition_point`]).
    pub fn partition_point(&self, mut pred: impl FnMut(&Record) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.get(mid).is_some_and(&mut pred) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// A copy of the records in view.
    pub fn to_vec(&self) -> Vec<Record> {
        self.iter().cloned().collect()
    }
}

/// Prints the records in view, like a slice.
impl std::fmt::Debug for Records<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Index<usize> for Records<'_> {
    type Output = Record;
    fn index(&self, index: usize) -> &Record {
        match self.get(index) {
            Some(r) => r,
            None => panic!("record {index} out of range (len {})", self.len),
        }
    }
}

impl<'a> IntoIterator for Records<'a> {
    type Item = &'a Record;
    type IntoIter = Box<dyn Iterator<Item = &'a Record> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl PartialEq<[Record]> for Records<'_> {
    fn eq(&self, other: &[Record]) -> bool {
        self.len == other.len() && self.iter().eq(other.iter())
    }
}

impl PartialEq for Records<'_> {
    fn eq(&self, other: &Records<'_>) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;
    use crate::trace::RecordKind;

    fn rec(i: usize) -> Record {
        Record {
            time: SimTime::from_ps(i as u64),
            kind: RecordKind::Start { rank: i as u32 },
        }
    }

    #[test]
    fn blocks_behave_like_one_slice() {
        let n = 2 * BLOCK + 77;
        let all: Vec<Record> = (0..n).map(rec).collect();
        let mut log = RecordLog::default();
        for r in &all {
            log.push(r.clone());
        }
        assert_eq!(log.len(), n);
        for len in [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, n] {
            let view = log.prefix(len);
            let slice: Records<'_> = all[..len].into();
            assert!(view == all[..len], "len {len}");
            assert!(view == slice);
            for r in [0..len, len / 3..len / 2, BLOCK - 2..BLOCK + 3, len..len + 5] {
                assert!(
                    view.range(r.clone()).eq(slice.range(r.clone())),
                    "len {len} range {r:?}"
                );
            }
            for i in [0, BLOCK - 1, BLOCK, len.saturating_sub(1), len, len + 1] {
                assert_eq!(view.get(i), slice.get(i), "len {len} index {i}");
            }
            let t = SimTime::from_ps(len as u64 / 2);
            assert_eq!(
                view.partition_point(|r| r.time <= t),
                all[..len].partition_point(|r| r.time <= t)
            );
        }
    }
}
