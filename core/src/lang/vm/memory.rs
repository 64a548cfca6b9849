//! A rank's memory: one little-endian byte array, like a C process's, so MPI calls move real
//! bytes (`count × sizeof(datatype)` from an address) and programs compute with what arrives.
//!
//! Address 0 is `NULL` (and `MPI_STATUS_IGNORE`); the first [`NULL_GUARD`] bytes are never handed
//! out, so a null or tiny pointer is always an error. Storage grows as a stack: [`Memory::alloc`]
//! bumps a top pointer, [`Memory::release_to`] pops a function's frame. Every access is checked
//! against the allocated top, and the whole memory is capped (a runaway recursion or a huge array
//! becomes an error, not an exhausted browser tab).
//!
//! Blocks `malloc` and the MPI library (`MPI_Win_allocate`) allocate for the program live in a
//! second segment from [`HEAP_BASE`] up, which a function's return never releases; the cap
//! counts both. Every access to it is checked against the live blocks ([`Blocks`]).

use crate::lang::codegen::bytecode::Scalar;
use crate::lang::vm::heap::{Blocks, HeapError};
use std::fmt;

/// A byte address in a rank's memory.
pub type Addr = u32;

/// Bytes below this address are never allocated: dereferencing them is a null-pointer error.
pub const NULL_GUARD: Addr = 16;

/// The first address of the heap segment (blocks that outlive function frames).
pub const HEAP_BASE: Addr = 0x8000_0000;

/// A size as people read it: `100 bytes`, `12.5 KiB`, `762.9 MiB`, `1.5 GiB`.
pub fn bytes_in_words(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let b = bytes as f64;
    if bytes < 1024 {
        format!("{bytes} bytes")
    } else if b < KIB * KIB {
        format!("{:.1} KiB", b / KIB)
    } else if b < KIB * KIB * KIB {
        format!("{:.1} MiB", b / (KIB * KIB))
    } else {
        format!("{:.1} GiB", b / (KIB * KIB * KIB))
    }
}

/// Size of `int`, `MPI_Request`, `MPI_Comm`, `MPI_Datatype` and `MPI_Op` values.
pub const INT_SIZE: u32 = 4;
/// Size of `double`.
pub const DOUBLE_SIZE: u32 = 8;
/// Size of an `MPI_Status`, laid out as MPICH's `mpi.h` declares it: `count_lo` at 0,
/// `count_hi_and_cancelled` at 4 (bit 0: cancelled; the count's bits 32–62 above it), `MPI_SOURCE`
/// at 8, `MPI_TAG` at 12, `MPI_ERROR` at 16 — so `sizeof(MPI_Status)` is 20 as with MPICH.
pub const STATUS_SIZE: u32 = 20;
/// Offset of `MPI_SOURCE` in a status.
pub const STATUS_SOURCE: u32 = 8;
/// Offset of `MPI_TAG` in a status.
pub const STATUS_TAG: u32 = 12;
/// Offset of `MPI_ERROR` in a status.
pub const STATUS_ERROR: u32 = 16;
/// Offset of the received byte count's low 32 bits (`count_lo`) in a status.
pub const STATUS_COUNT: u32 = 0;
/// Offset of `count_hi_and_cancelled`: bit 0 says the request was cancelled, bits 1–31 hold
/// the byte count's bits 32–62.
pub const STATUS_COUNT_HI: u32 = 4;

/// A bad memory access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemError {
    /// Address 0 (or below [`NULL_GUARD`]).
    Null {
        /// The address used.
        addr: Addr,
    },
    /// Outside the memory allocated so far.
    OutOfBounds {
        /// First byte accessed.
        addr: Addr,
        /// Bytes accessed.
        len: u32,
        /// Bytes currently allocated.
        top: Addr,
    },
    /// A heap access or `free` that the block table rejects.
    Heap(HeapError),
    /// The rank would need more memory than allowed.
    OutOfMemory {
        /// Bytes requested in total.
        wanted: u64,
        /// The cap.
        limit: u32,
    },
}

impl fmt::Display for MemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemError::Null { addr } => write!(f, "null pointer dereference (address {addr})"),
            MemError::OutOfBounds { addr, len, top } => write!(
                f,
                "memory access of {len} bytes at address {addr} is outside the {top} bytes in use"
            ),
            MemError::Heap(e) => write!(f, "{e}"),
            MemError::OutOfMemory { wanted, limit } => write!(
                f,
                "out of memory: the rank needs {} but may use at most {} (raise it with `--memory` on the command line, or \"Memory per rank\" under \"Protocol and limits\" in the playground)",
                bytes_in_words(*wanted),
                bytes_in_words(u64::from(*limit))
            ),
        }
    }
}

/// One rank's memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    bytes: Vec<u8>,
    /// The heap segment: addresses `HEAP_BASE..HEAP_BASE + heap.len()`.
    heap: Vec<u8>,
    /// The blocks of the heap segment.
    blocks: Blocks,
    limit: u32,
}

impl Memory {
    /// Empty memory (just the null guard) that may grow to `limit` bytes.
    pub fn new(limit: u32) -> Memory {
        Memory {
            bytes: vec![0; NULL_GUARD as usize],
            heap: Vec::new(),
            blocks: Blocks::default(),
            limit: limit.max(NULL_GUARD),
        }
    }

    /// Bytes in use (what a copy holds).
    pub fn heap_bytes(&self) -> usize {
        self.bytes.len() + self.heap.len()
    }

    /// The current top of the stack (the next free address).
    pub fn top(&self) -> Addr {
        self.bytes.len() as Addr
    }

    /// Allocates `size` zeroed bytes aligned to `align` (a power of two).
    pub fn alloc(&mut self, size: u32, align: u32) -> Result<Addr, MemError> {
        let align = u64::from(align.max(1));
        let start = (self.bytes.len() as u64).div_ceil(align) * align;
        let end = start + u64::from(size);
        let wanted = end + self.heap.len() as u64;
        if wanted > u64::from(self.limit) || end > u64::from(HEAP_BASE) {
            return Err(MemError::OutOfMemory {
                wanted,
                limit: self.limit,
            });
        }
        self.bytes.resize(end as usize, 0);
        Ok(start as Addr)
    }

    /// Allocates `size` zeroed bytes aligned to `align` (a power of two) in the heap segment
    /// for the MPI library: they stay until the run ends.
    pub fn alloc_heap(&mut self, size: u32, align: u32) -> Result<Addr, MemError> {
        let start = self.grow_heap(Blocks::footprint(size), align.max(16))?;
        self.blocks.insert(start, size, 0);
        Ok(start)
    }

    /// `malloc(size)` from the line `line`: a block of `size` bytes (its old contents if its
    /// space is reused, zeroes otherwise).
    pub fn malloc(&mut self, size: u32, line: u32) -> Result<Addr, MemError> {
        let footprint = Blocks::footprint(size);
        let start = match self.blocks.take_hole(footprint) {
            Some(start) => start,
            None => self.grow_heap(footprint, 16)?,
        };
        self.blocks.insert(start, size, line.max(1));
        Ok(start)
    }

    /// `free(addr)` from the line `line`; returns the block's size.
    pub fn free(&mut self, addr: Addr, line: u32) -> Result<u32, MemError> {
        self.blocks.free(addr, line.max(1)).map_err(MemError::Heap)
    }

    /// The size of the live block starting at `addr` (for `realloc`).
    pub fn block_size(&self, addr: Addr) -> Option<u32> {
        self.blocks.live(addr).map(|b| b.size)
    }

    /// Whether a live block the library allocated (`alloc_heap`, not `malloc`) starts at `addr`
    /// (`MPI_Win_allocate`'s memory).
    pub fn is_library_block(&self, addr: Addr) -> bool {
        self.blocks.live(addr).is_some_and(|b| b.alloc_line == 0)
    }

    /// The program's blocks never freed: (count, bytes, line of the first allocation).
    pub fn leaks(&self) -> (usize, u64, u32) {
        let mut first = u32::MAX;
        let (mut n, mut bytes) = (0, 0u64);
        for b in self.blocks.leaks() {
            n += 1;
            bytes += u64::from(b.size);
            first = first.min(b.alloc_line);
        }
        (n, bytes, if n == 0 { 0 } else { first })
    }

    fn grow_heap(&mut self, size: u32, align: u32) -> Result<Addr, MemError> {
        let align = u64::from(align.max(1));
        let start = (self.heap.len() as u64).div_ceil(align) * align;
        let end = start + u64::from(size);
        let wanted = end + self.bytes.len() as u64;
        if wanted > u64::from(self.limit) || end > u64::from(u32::MAX - HEAP_BASE) {
            return Err(MemError::OutOfMemory {
                wanted,
                limit: self.limit,
            });
        }
        self.heap.resize(end as usize, 0);
        Ok(HEAP_BASE + start as Addr)
    }

    /// Frees everything allocated at or above `mark` (a function returning).
    pub fn release_to(&mut self, mark: Addr) {
        self.bytes.truncate((mark.max(NULL_GUARD)) as usize);
    }

    /// The segment holding `addr` and the byte range of the access in it.
    fn range(&self, addr: Addr, len: u32) -> Result<(bool, std::ops::Range<usize>), MemError> {
        if addr < NULL_GUARD {
            return Err(MemError::Null { addr });
        }
        let heap = addr >= HEAP_BASE;
        let (start, size, top) = if heap {
            if !self.blocks.is_empty() {
                self.blocks.check(addr, len).map_err(MemError::Heap)?;
            }
            let top = HEAP_BASE + self.heap.len() as Addr;
            (addr - HEAP_BASE, self.heap.len(), top)
        } else {
            (addr, self.bytes.len(), self.top())
        };
        let end = u64::from(start) + u64::from(len);
        if end > size as u64 {
            return Err(MemError::OutOfBounds { addr, len, top });
        }
        Ok((heap, start as usize..end as usize))
    }

    /// Reads `len` bytes.
    pub fn read(&self, addr: Addr, len: u32) -> Result<&[u8], MemError> {
        let (heap, r) = self.range(addr, len)?;
        Ok(if heap { &self.heap[r] } else { &self.bytes[r] })
    }

    /// Writes bytes.
    pub fn write(&mut self, addr: Addr, data: &[u8]) -> Result<(), MemError> {
        let len = u32::try_from(data.len()).map_err(|_| MemError::OutOfBounds {
            addr,
            len: u32::MAX,
            top: self.top(),
        })?;
        let (heap, r) = self.range(addr, len)?;
        let segment = if heap {
            &mut self.heap
        } else {
            &mut self.bytes
        };
        segment[r].copy_from_slice(data);
        Ok(())
    }

    /// Sets `len` bytes at `addr` to zero (an initializer's `= {0}`), without a buffer.
    pub fn zero(&mut self, addr: Addr, len: u32) -> Result<(), MemError> {
        let (heap, r) = self.range(addr, len)?;
        let segment = if heap {
            &mut self.heap
        } else {
            &mut self.bytes
        };
        segment[r].fill(0);
        Ok(())
    }

    /// `N` bytes of the stack segment at `addr`, when the access lies inside it (the VM's hot
    /// path: locals and globals); `None` sends the access through the checked [`Self::read`].
    #[inline]
    fn stack_bytes<const N: usize>(&self, addr: Addr) -> Option<[u8; N]> {
        if !(NULL_GUARD..HEAP_BASE).contains(&addr) {
            return None;
        }
        let a = addr as usize;
        self.bytes.get(a..a + N)?.try_into().ok()
    }

    /// Writes `N` bytes to the stack segment when the access lies inside it; false otherwise.
    #[inline]
    fn put_stack_bytes<const N: usize>(&mut self, addr: Addr, data: [u8; N]) -> bool {
        if !(NULL_GUARD..HEAP_BASE).contains(&addr) {
            return false;
        }
        let a = addr as usize;
        match self.bytes.get_mut(a..a + N) {
            Some(dst) => {
                dst.copy_from_slice(&data);
                true
            }
            None => false,
        }
    }

    /// Reads an `int`: the stack's fast path inlined into the VM's loop, anything else out of
    /// line (keeping the loop small enough for the compiler to inline this).
    #[inline(always)]
    pub fn read_i32(&self, addr: Addr) -> Result<i32, MemError> {
        if let Some(b) = self.stack_bytes::<4>(addr) {
            return Ok(i32::from_le_bytes(b));
        }
        self.read_i32_slow(addr)
    }

    #[inline(never)]
    fn read_i32_slow(&self, addr: Addr) -> Result<i32, MemError> {
        let b = self.read(addr, 4)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Writes an `int` (fast path inlined, as [`Memory::read_i32`]).
    #[inline(always)]
    pub fn write_i32(&mut self, addr: Addr, v: i32) -> Result<(), MemError> {
        if self.put_stack_bytes(addr, v.to_le_bytes()) {
            return Ok(());
        }
        self.write_slow(addr, &v.to_le_bytes())
    }

    #[inline(never)]
    fn write_slow(&mut self, addr: Addr, data: &[u8]) -> Result<(), MemError> {
        self.write(addr, data)
    }

    /// Reads a `double` (fast path inlined, as [`Memory::read_i32`]).
    #[inline(always)]
    pub fn read_f64(&self, addr: Addr) -> Result<f64, MemError> {
        if let Some(b) = self.stack_bytes::<8>(addr) {
            return Ok(f64::from_le_bytes(b));
        }
        self.read_f64_slow(addr)
    }

    #[inline(never)]
    fn read_f64_slow(&self, addr: Addr) -> Result<f64, MemError> {
        let b = self.read(addr, 8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(f64::from_le_bytes(a))
    }

    /// Writes a `double` (fast path inlined, as [`Memory::read_i32`]).
    #[inline(always)]
    pub fn write_f64(&mut self, addr: Addr, v: f64) -> Result<(), MemError> {
        if self.put_stack_bytes(addr, v.to_le_bytes()) {
            return Ok(());
        }
        self.write_slow(addr, &v.to_le_bytes())
    }

    /// The bytes of the zero-terminated string at `addr`, without the zero, when the string and
    /// its zero lie in the stack segment (globals and locals); `None` otherwise (the caller reads
    /// byte by byte and reports where it left memory).
    pub fn stack_c_string(&self, addr: Addr) -> Option<&[u8]> {
        if !(NULL_GUARD..HEAP_BASE).contains(&addr) {
            return None;
        }
        let rest = self.bytes.get(addr as usize..)?;
        let len = rest.iter().position(|&b| b == 0)?;
        Some(&rest[..len])
    }

    /// Reads a `char`.
    pub fn read_u8(&self, addr: Addr) -> Result<u8, MemError> {
        Ok(self.read(addr, 1)?[0])
    }

    /// Writes a `char`.
    pub fn write_u8(&mut self, addr: Addr, v: u8) -> Result<(), MemError> {
        self.write(addr, &[v])
    }

    /// Reads a scalar as a stack word: integers sign- or zero-extended, `float` widened to a
    /// `double`'s bits, `double` as its bits.
    pub fn read_scalar(&self, addr: Addr, s: Scalar) -> Result<i64, MemError> {
        // The stack segment's accesses by size, without a copy of variable length.
        let raw = match s.bytes() {
            1 => self.stack_bytes::<1>(addr).map(|b| i64::from(b[0])),
            2 => self
                .stack_bytes::<2>(addr)
                .map(|b| i64::from(u16::from_le_bytes(b))),
            4 => self
                .stack_bytes::<4>(addr)
                .map(|b| i64::from(u32::from_le_bytes(b))),
            _ => self.stack_bytes::<8>(addr).map(i64::from_le_bytes),
        };
        let raw = match raw {
            Some(raw) => raw,
            None => {
                let b = self.read(addr, s.bytes())?;
                let mut w = [0u8; 8];
                w[..b.len()].copy_from_slice(b);
                i64::from_le_bytes(w)
            }
        };
        Ok(match s {
            Scalar::F32 => f64::from(f32::from_bits(raw as u32)).to_bits() as i64,
            Scalar::F64 | Scalar::I64 => raw,
            s => s.narrow(raw),
        })
    }

    /// Writes a stack word as a scalar (`float` rounded from the `double` it holds).
    pub fn write_scalar(&mut self, addr: Addr, s: Scalar, v: i64) -> Result<(), MemError> {
        let word = match s {
            Scalar::F32 => u64::from((f64::from_bits(v as u64) as f32).to_bits()),
            Scalar::Bool => u64::from(v != 0),
            _ => v as u64,
        };
        let done = match s.bytes() {
            1 => self.put_stack_bytes::<1>(addr, [word as u8]),
            2 => self.put_stack_bytes::<2>(addr, (word as u16).to_le_bytes()),
            4 => self.put_stack_bytes::<4>(addr, (word as u32).to_le_bytes()),
            _ => self.put_stack_bytes::<8>(addr, word.to_le_bytes()),
        };
        if done {
            return Ok(());
        }
        self.write(addr, &word.to_le_bytes()[..s.bytes() as usize])
    }

    /// Bytes in use (for memory accounting).
    pub fn used(&self) -> usize {
        self.bytes.len() + self.heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_allocation_alignment_and_release() {
        let mut m = Memory::new(1024);
        let a = m.alloc(1, 1).unwrap();
        let b = m.alloc(8, 8).unwrap();
        assert_eq!((a, b % 8), (NULL_GUARD, 0));
        m.write_f64(b, 2.5).unwrap();
        assert_eq!(m.read_f64(b).unwrap(), 2.5);
        m.release_to(b);
        assert!(matches!(m.read_f64(b), Err(MemError::OutOfBounds { .. })));
    }

    #[test]
    fn null_and_limits_are_errors() {
        let mut m = Memory::new(64);
        assert_eq!(m.read_i32(0), Err(MemError::Null { addr: 0 }));
        assert!(matches!(m.alloc(100, 4), Err(MemError::OutOfMemory { .. })));
        assert_eq!(
            MemError::Null { addr: 0 }.to_string(),
            "null pointer dereference (address 0)"
        );
    }

    #[test]
    fn heap_blocks_outlive_frames_and_count_against_the_cap() {
        let mut m = Memory::new(256);
        let mark = m.top();
        let h = m.alloc_heap(16, 8).unwrap();
        assert_eq!(h, HEAP_BASE);
        m.write_f64(h + 8, 1.25).unwrap();
        m.release_to(mark);
        assert_eq!(m.read_f64(h + 8).unwrap(), 1.25);
        assert!(matches!(
            m.read_f64(h + 16),
            Err(MemError::Heap(HeapError::Overrun { past: 8, .. }))
        ));
        assert!(matches!(m.alloc(250, 1), Err(MemError::OutOfMemory { .. })));
        // 16 bytes and a red zone.
        assert_eq!(m.used(), NULL_GUARD as usize + 32);
    }

    #[test]
    fn ints_are_little_endian_bytes() {
        let mut m = Memory::new(64);
        let a = m.alloc(4, 4).unwrap();
        m.write_i32(a, 0x0102_0304).unwrap();
        assert_eq!(m.read(a, 4).unwrap(), &[4, 3, 2, 1]);
    }
}
