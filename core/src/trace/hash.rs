//! A stable 64-bit hash of trace records, identical natively and in WebAssembly and across Rust
//! releases (unlike `std::hash`).
//!
//! Word-at-a-time FxHash mixing (`h = (rotl(h, 5) ^ word) × K`, the function rustc uses for its own
//! tables) over an explicit little-endian encoding: fast enough to hash every record of a run with
//! millions of ranks, and a fingerprint, not a cryptographic digest.

/// The hash state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceHasher(u64);

const SEED: u64 = 0xcbf2_9ce4_8422_2325;
const K: u64 = 0x517c_c1b7_2722_0a95;

impl Default for TraceHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl TraceHasher {
    /// A fresh hasher.
    pub fn new() -> Self {
        TraceHasher(SEED)
    }
    /// Feeds a `u64`.
    #[inline]
    pub fn u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(K);
    }
    /// Feeds a `u32`.
    #[inline]
    pub fn u32(&mut self, v: u32) {
        self.u64(u64::from(v));
    }
    /// Feeds a string: its length, then its bytes in little-endian 8-byte words (zero-padded).
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        for chunk in s.as_bytes().chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.u64(u64::from_le_bytes(word));
        }
    }
    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_values_never_change() {
        // If this fails, every published trace hash changes: bump the trace format version instead.
        let mut h = TraceHasher::new();
        h.u64(1);
        h.str("rank 0");
        assert_eq!(h.finish(), {
            let mut x = SEED;
            for w in [1u64, 6, u64::from_le_bytes(*b"rank 0\0\0")] {
                x = (x.rotate_left(5) ^ w).wrapping_mul(K);
            }
            x
        });
    }

    #[test]
    fn length_prefix_separates_strings() {
        let (mut a, mut b) = (TraceHasher::new(), TraceHasher::new());
        a.str("ab");
        a.str("c");
        b.str("a");
        b.str("bc");
        assert_ne!(a.finish(), b.finish());
    }
}
