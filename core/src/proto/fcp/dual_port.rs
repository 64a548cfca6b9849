//! The PEs' dual-port memories as 32-bit words with values, and where FCP and VCL keep their
//! structures in them: the buffer table at the start of PE 0's memory, then on every PE each
//! of its processes' receive buffer (management area, then a ring of words for headers and
//! data) and VCL mailbox (a flag word, then data).
//!
//! Placement is static: a process's structures follow from its rank and the ranks on its PE,
//! which is what FCP II computes from task ids instead of looking it up; FCP and FCP plus store
//! the same placement in the buffer table and read it back from there.

use std::collections::BTreeMap;

use super::variant::{Field, Layout, Variant};
use crate::engine::Rank;

/// A PE's dual-port memory (BiT3 Model 617: 128 KB, paper 004 Sec. 2.1), in words.
pub const PE_WORDS: u32 = 128 * 1024 / 4;
/// Buffer-table entries (one per process; the table's room at the start of PE 0's memory).
pub const TABLE_ENTRIES: u32 = 64;
/// A receive buffer's ring: 16 KB (an assumption: the paper does not give FCP's buffer size;
/// four 4096-byte messages with their headers fit).
pub const RING_BYTES: u32 = 16 * 1024;
/// A VCL mailbox's data: 4 KB, the largest transfer of the paper's measurements.
pub const MAILBOX_BYTES: u32 = 4096;

/// A word's place: a PE and a word address in its dual-port memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Word {
    /// The PE.
    pub pe: u32,
    /// The word's address.
    pub addr: u32,
}

impl Word {
    /// `n` words further on.
    pub fn plus(self, n: u32) -> Word {
        Word {
            pe: self.pe,
            addr: self.addr + n,
        }
    }
}

/// Where one process's structures are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its buffer-table entry (PE 0).
    pub entry: Word,
    /// Its receive buffer's management area.
    pub area: Word,
    /// Its ring's first word.
    pub ring: Word,
    /// The ring's words.
    pub ring_words: u32,
    /// Its VCL mailbox's flag (the data follows).
    pub mailbox: Word,
}

/// Every process's place on the machine (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    layout: Layout,
    places: Vec<Place>,
}

impl Placement {
    /// Places `ranks` processes, rank `r` on PE `pe_of(r)`, with `variant`'s layout. Fails with
    /// the PE that has no room.
    pub fn new(
        variant: Variant,
        ranks: u32,
        pe_of: impl Fn(Rank) -> u32,
    ) -> Result<Placement, String> {
        let layout = variant.layout();
        if ranks > TABLE_ENTRIES {
            return Err(format!(
                "FCP's buffer table has room for {TABLE_ENTRIES} processes; the run has {ranks}"
            ));
        }
        let entry_words = layout.entry.len() as u32;
        let area_words = layout.area.len() as u32;
        let ring_words = RING_BYTES / 4;
        let mailbox_words = 1 + MAILBOX_BYTES / 4;
        let mut next: BTreeMap<u32, u32> = BTreeMap::new();
        next.insert(0, TABLE_ENTRIES * entry_words);
        let mut places = Vec::with_capacity(ranks as usize);
        for rank in 0..ranks {
            let pe = pe_of(rank);
            let at = next.entry(pe).or_insert(0);
            let area = Word { pe, addr: *at };
            let ring = area.plus(area_words);
            let mailbox = ring.plus(ring_words);
            *at = mailbox.addr + mailbox_words;
            if *at > PE_WORDS {
                return Err(format!(
                    "PE {pe}'s 128 KB dual-port memory cannot hold rank {rank}'s receive buffer and mailbox"
                ));
            }
            places.push(Place {
                entry: Word {
                    pe: 0,
                    addr: rank * entry_words,
                },
                area,
                ring,
                ring_words,
                mailbox,
            });
        }
        Ok(Placement { layout, places })
    }

    /// Rank `rank`'s place.
    pub fn of(&self, rank: Rank) -> Option<&Place> {
        self.places.get(rank as usize)
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The word of `field` of `rank`'s table entry or area.
    pub fn field(&self, rank: Rank, field: Field) -> Option<Word> {
        let place = self.of(rank)?;
        let i = self.layout.index(field)?;
        let base = if self.layout.entry.contains(&field) {
            place.entry
        } else {
            place.area
        };
        Some(base.plus(i))
    }
}

/// The words' values (sparse: a word never written reads 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DualPort {
    words: BTreeMap<Word, u32>,
}

impl DualPort {
    /// The word's value.
    pub fn get(&self, w: Word) -> u32 {
        self.words.get(&w).copied().unwrap_or(0)
    }

    /// Sets the word.
    pub fn set(&mut self, w: Word, value: u32) {
        if value == 0 {
            self.words.remove(&w);
        } else {
            self.words.insert(w, value);
        }
    }

    /// Writes `bytes` into a ring of `ring_words` words at `ring`, from word offset `offset`
    /// (wrapping), little-endian, the last word zero-padded.
    pub fn write_ring(&mut self, ring: Word, ring_words: u32, offset: u32, bytes: &[u8]) {
        for (i, chunk) in bytes.chunks(4).enumerate() {
            let mut w = [0u8; 4];
            w[..chunk.len()].copy_from_slice(chunk);
            let at = ring.plus((offset.wrapping_add(i as u32)) % ring_words);
            self.set(at, u32::from_le_bytes(w));
        }
    }

    /// Reads `len` bytes back from a ring (see [`DualPort::write_ring`]).
    pub fn read_ring(&self, ring: Word, ring_words: u32, offset: u32, len: u32) -> Vec<u8> {
        let words = len.div_ceil(4);
        let mut out = Vec::with_capacity(words as usize * 4);
        for i in 0..words {
            let at = ring.plus((offset.wrapping_add(i)) % ring_words);
            out.extend_from_slice(&self.get(at).to_le_bytes());
        }
        out.truncate(len as usize);
        out
    }

    /// Words holding a value.
    pub fn used(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pe_holds_its_ranks_buffers_after_the_table_on_pe_0() {
        let p = Placement::new(Variant::Fcp, 6, |r| r).unwrap();
        let zero = p.of(0).unwrap();
        assert_eq!(zero.area, Word { pe: 0, addr: 256 });
        assert_eq!(zero.ring.addr, 256 + 7);
        let one = p.of(1).unwrap();
        assert_eq!(one.area, Word { pe: 1, addr: 0 });
        assert_eq!(one.entry, Word { pe: 0, addr: 4 });
        assert_eq!(
            p.field(1, Field::WriteOffset),
            Some(Word { pe: 1, addr: 4 })
        );
        assert_eq!(p.field(1, Field::EntryPe), Some(Word { pe: 0, addr: 6 }));
        // FCP II: one-word entries, two-word areas.
        let q = Placement::new(Variant::FcpII, 6, |r| r).unwrap();
        assert_eq!(q.of(0).unwrap().area.addr, 64);
        assert_eq!(
            q.field(3, Field::EntryPacked),
            Some(Word { pe: 0, addr: 3 })
        );
    }

    #[test]
    fn a_pe_holds_six_processes_and_says_so_when_full() {
        assert!(Placement::new(Variant::Fcp, 6, |_| 0).is_ok());
        let e = Placement::new(Variant::Fcp, 7, |_| 0).unwrap_err();
        assert!(e.contains("PE 0's 128 KB"), "{e}");
        assert!(Placement::new(Variant::Fcp, 65, |r| r % 6)
            .unwrap_err()
            .contains("room for 64"));
    }

    #[test]
    fn the_ring_wraps_and_keeps_the_bytes() {
        let mut m = DualPort::default();
        let ring = Word { pe: 1, addr: 10 };
        m.write_ring(ring, 4, 3, b"abcdefg");
        assert_eq!(m.read_ring(ring, 4, 3, 7), b"abcdefg");
        // Word 3 of the ring, then words 0 and… wrapped.
        assert_eq!(m.get(ring.plus(3)), u32::from_le_bytes(*b"abcd"));
        assert_eq!(m.get(ring), u32::from_le_bytes([b'e', b'f', b'g', 0]));
    }
}
