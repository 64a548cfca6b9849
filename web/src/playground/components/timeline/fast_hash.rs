//! A small multiplicative hasher for the timeline's per-frame pixel keys.

use super::*;

/// A small multiplicative hasher for the per-frame pixel keys (SipHash is several times slower,
/// and nothing here needs protection from chosen keys).
#[derive(Default)]
pub(super) struct FastHash(u64);

impl FastHash {
    pub(super) fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_i32(&mut self, i: i32) {
        self.add(u64::from(i as u32));
    }
}
