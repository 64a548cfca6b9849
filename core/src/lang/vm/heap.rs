//! The checked heap behind `malloc`, `calloc`, `realloc` and `free`: which blocks of a rank's heap
//! segment are live, which were freed, and where each was allocated and freed, so that a use
//! after `free`, a double `free`, an overrun past a block's end and a leak at exit are named with
//! their source lines instead of silently corrupting memory as in C.
//!
//! Model (like AddressSanitizer's, simplified): every block is followed by a red zone of
//! [`RED_ZONE`] bytes no block uses; a freed block stays poisoned in a quarantine until more
//! than [`QUARANTINE`] bytes have been freed after it, and only then is its space reused (first
//! fit, no coalescing). Blocks the MPI library allocates (`MPI_Win_allocate`) are registered as
//! live blocks too, so every heap access is checked against a block.

use std::collections::{BTreeMap, VecDeque};

use crate::lang::vm::memory::Addr;

/// Unused bytes after every block: an access there is an overrun.
pub const RED_ZONE: u32 = 16;

/// Freed bytes kept poisoned before their space is reused.
pub const QUARANTINE: u64 = 1 << 20;

/// One allocated block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Bytes the program asked for.
    pub size: u32,
    /// Bytes the block occupies (its size rounded up, plus the red zone).
    pub span: u32,
    /// Source line of the allocation (0 when the MPI library allocated it).
    pub alloc_line: u32,
    /// Source line of the `free` (0 while live).
    pub free_line: u32,
}

/// What is wrong with an access or a `free`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapError {
    /// The bytes belong to a freed block.
    UseAfterFree {
        /// The block's first address.
        start: Addr,
        /// Its size.
        size: u32,
        /// Where it was allocated.
        alloc_line: u32,
        /// Where it was freed.
        free_line: u32,
    },
    /// The access runs past a live block's end.
    Overrun {
        /// First byte past the block that was touched.
        past: u32,
        /// The block's size.
        size: u32,
        /// Where it was allocated.
        alloc_line: u32,
    },
    /// The address is in no block.
    Wild,
    /// `free` of a block already freed.
    DoubleFree {
        /// Where it was allocated.
        alloc_line: u32,
        /// Where it was freed the first time.
        free_line: u32,
    },
    /// `free` of an address inside a block rather than its start.
    FreeInside {
        /// Bytes from the block's start.
        offset: u32,
        /// Where the block was allocated.
        alloc_line: u32,
    },
    /// `free` of an address `malloc` never returned.
    FreeForeign,
    /// `free` of a block the MPI library owns.
    FreeMpi,
}

fn at(line: u32) -> String {
    if line == 0 {
        "by the MPI library".to_string()
    } else {
        format!("at line {line}")
    }
}

impl std::fmt::Display for HeapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeapError::UseAfterFree {
                size,
                alloc_line,
                free_line,
                ..
            } => write!(
                f,
                "use after free: this {size}-byte block was allocated {} and freed at line {free_line}",
                at(*alloc_line)
            ),
            HeapError::Overrun {
                past,
                size,
                alloc_line,
            } => write!(
                f,
                "heap overrun: {past} byte{} past the end of a {size}-byte block allocated {}",
                if *past == 1 { "" } else { "s" },
                at(*alloc_line)
            ),
            HeapError::Wild => write!(f, "this heap address is in no allocated block"),
            HeapError::DoubleFree {
                alloc_line,
                free_line,
            } => write!(
                f,
                "double free: this block (allocated {}) was already freed at line {free_line}",
                at(*alloc_line)
            ),
            HeapError::FreeInside { offset, alloc_line } => write!(
                f,
                "free of a pointer {offset} bytes into a block allocated {}: pass the pointer malloc returned",
                at(*alloc_line)
            ),
            HeapError::FreeForeign => write!(
                f,
                "free of a pointer that malloc, calloc or realloc did not return"
            ),
            HeapError::FreeMpi => write!(
                f,
                "free of memory the MPI library allocated (free it with MPI_Win_free)"
            ),
        }
    }
}

/// The block table of one rank's heap segment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blocks {
    live: BTreeMap<Addr, Block>,
    freed: BTreeMap<Addr, Block>,
    quarantine: VecDeque<Addr>,
    quarantined: u64,
    holes: BTreeMap<Addr, u32>,
}

impl Blocks {
    /// Whether any block exists (before the first, heap accesses are not checked here).
    pub fn is_empty(&self) -> bool {
        self.live.is_empty() && self.freed.is_empty()
    }

    /// Bytes the block of `size` bytes occupies in the segment.
    pub fn footprint(size: u32) -> u32 {
        size.div_ceil(16)
            .saturating_mul(16)
            .saturating_add(RED_ZONE)
    }

    /// A reusable hole of at least `footprint` bytes, taken out of the free list.
    pub fn take_hole(&mut self, footprint: u32) -> Option<Addr> {
        let (&start, &len) = self.holes.iter().find(|(_, &len)| len >= footprint)?;
        self.holes.remove(&start);
        if len > footprint {
            self.holes.insert(start + footprint, len - footprint);
        }
        Some(start)
    }

    /// Registers a live block at `start`.
    pub fn insert(&mut self, start: Addr, size: u32, alloc_line: u32) {
        self.live.insert(
            start,
            Block {
                size,
                span: Self::footprint(size),
                alloc_line,
                free_line: 0,
            },
        );
    }

    /// The live block starting at `start`.
    pub fn live(&self, start: Addr) -> Option<&Block> {
        self.live.get(&start)
    }

    /// Frees the block starting at `addr`, returning its size.
    pub fn free(&mut self, addr: Addr, line: u32) -> Result<u32, HeapError> {
        if let Some(mut b) = self.live.remove(&addr) {
            if b.alloc_line == 0 {
                self.live.insert(addr, b);
                return Err(HeapError::FreeMpi);
            }
            let size = b.size;
            b.free_line = line;
            self.quarantined += u64::from(b.span);
            self.freed.insert(addr, b);
            self.quarantine.push_back(addr);
            while self.quarantined > QUARANTINE {
                let Some(old) = self.quarantine.pop_front() else {
                    break;
                };
                if let Some(b) = self.freed.remove(&old) {
                    self.quarantined -= u64::from(b.span);
                    self.holes.insert(old, b.span);
                }
            }
            return Ok(size);
        }
        if let Some(b) = self.freed.get(&addr) {
            return Err(HeapError::DoubleFree {
                alloc_line: b.alloc_line,
                free_line: b.free_line,
            });
        }
        if let Some((start, b)) = self.live.range(..addr).next_back() {
            if addr < start + b.span {
                return Err(HeapError::FreeInside {
                    offset: addr - start,
                    alloc_line: b.alloc_line,
                });
            }
        }
        Err(HeapError::FreeForeign)
    }

    /// Checks an access of `len` bytes at `addr` against the blocks.
    pub fn check(&self, addr: Addr, len: u32) -> Result<(), HeapError> {
        let end = u64::from(addr) + u64::from(len.max(1));
        if let Some((&start, b)) = self.live.range(..=addr).next_back() {
            let block_end = u64::from(start) + u64::from(b.size);
            if end <= block_end {
                return Ok(());
            }
            if u64::from(addr) < u64::from(start) + u64::from(b.span) {
                return Err(HeapError::Overrun {
                    past: (end - block_end) as u32,
                    size: b.size,
                    alloc_line: b.alloc_line,
                });
            }
        }
        if let Some((&start, b)) = self.freed.range(..=addr).next_back() {
            if u64::from(addr) < u64::from(start) + u64::from(b.span) {
                return Err(HeapError::UseAfterFree {
                    start,
                    size: b.size,
                    alloc_line: b.alloc_line,
                    free_line: b.free_line,
                });
            }
        }
        Err(HeapError::Wild)
    }

    /// The blocks the program allocated and never freed, in address order.
    pub fn leaks(&self) -> impl Iterator<Item = &Block> {
        self.live.values().filter(|b| b.alloc_line != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accesses_inside_past_and_after_free() {
        let mut b = Blocks::default();
        b.insert(1000, 10, 3);
        assert_eq!(b.check(1000, 10), Ok(()));
        assert_eq!(
            b.check(1008, 4),
            Err(HeapError::Overrun {
                past: 2,
                size: 10,
                alloc_line: 3
            })
        );
        assert_eq!(
            b.free(1004, 7),
            Err(HeapError::FreeInside {
                offset: 4,
                alloc_line: 3
            })
        );
        assert_eq!(b.free(1000, 7), Ok(10));
        assert!(matches!(
            b.check(1000, 1),
            Err(HeapError::UseAfterFree { free_line: 7, .. })
        ));
        assert_eq!(
            b.free(1000, 9),
            Err(HeapError::DoubleFree {
                alloc_line: 3,
                free_line: 7
            })
        );
        assert_eq!(b.free(5000, 9), Err(HeapError::FreeForeign));
    }

    #[test]
    fn space_is_reused_only_after_the_quarantine() {
        let mut b = Blocks::default();
        let big = (QUARANTINE / 2) as u32;
        let mut next = 0;
        for i in 0..3 {
            b.insert(next, big, i + 1);
            b.free(next, 10).unwrap();
            next += Blocks::footprint(big);
        }
        // Three half-quarantines of frees push the first two out: their space is reusable,
        // the last block's is still poisoned.
        let f = Blocks::footprint(big);
        assert_eq!(b.take_hole(f), Some(0));
        assert_eq!(b.take_hole(f), Some(f));
        assert_eq!(b.take_hole(f), None);
        assert!(matches!(
            b.check(2 * f, 1),
            Err(HeapError::UseAfterFree { .. })
        ));
    }
}
