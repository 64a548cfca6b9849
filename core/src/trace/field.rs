//! How one field of a trace record is stored: the codecs `#[derive(RecordCodec)]` composes a
//! record's pack, unpack and hash from, here for the trace's own types (integers, flags, times,
//! the engine's ids); a protocol writes its types' codecs next to them.

use super::hash::TraceHasher;
use super::packed::{Packer, Unpacker};
use crate::engine::ids::{MsgId, ReqId};
use crate::time::SimTime;

/// One field's codec: its words in a packed record, and its part of the record's hash (for
/// record types that hash field by field: see `rankscope-derive`).
pub trait RecordField: Sized {
    /// Appends the field's words.
    fn pack(&self, p: Packer) -> Packer;
    /// The field back from its words.
    fn unpack(u: &mut Unpacker<'_>) -> Self;
    /// Feeds the field into a record's hash.
    fn hash(&self, h: &mut TraceHasher);
    /// A value for the round-trip tests: different seeds give different values, each variant of
    /// an enum among the first few seeds, and every value small enough to share a word with
    /// another field.
    fn sample(seed: u32) -> Self;
}

/// A field that fits in one word, or in a part of one (`#[record(shift = N)]` packs several into
/// one word); its hash is its word.
pub trait WordField: Sized {
    /// The field as a word.
    fn to_word(&self) -> u32;
    /// The field back from its word.
    fn from_word(word: u32) -> Self;
    /// See [`RecordField::sample`].
    fn sample(seed: u32) -> Self;
}

impl<T: WordField> RecordField for T {
    fn pack(&self, p: Packer) -> Packer {
        p.u32(self.to_word())
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        T::from_word(u.u32())
    }
    fn hash(&self, h: &mut TraceHasher) {
        h.u32(self.to_word());
    }
    fn sample(seed: u32) -> Self {
        <T as WordField>::sample(seed)
    }
}

impl WordField for u32 {
    fn to_word(&self) -> u32 {
        *self
    }
    fn from_word(word: u32) -> Self {
        word
    }
    fn sample(seed: u32) -> Self {
        seed.wrapping_mul(37) % 251
    }
}

impl WordField for i32 {
    fn to_word(&self) -> u32 {
        *self as u32
    }
    fn from_word(word: u32) -> Self {
        word as i32
    }
    fn sample(seed: u32) -> Self {
        seed as i32 - 3
    }
}

impl WordField for u8 {
    fn to_word(&self) -> u32 {
        u32::from(*self)
    }
    fn from_word(word: u32) -> Self {
        word as u8
    }
    fn sample(seed: u32) -> Self {
        seed as u8
    }
}

impl WordField for bool {
    fn to_word(&self) -> u32 {
        u32::from(*self)
    }
    fn from_word(word: u32) -> Self {
        word != 0
    }
    fn sample(seed: u32) -> Self {
        seed % 2 == 1
    }
}

impl WordField for ReqId {
    fn to_word(&self) -> u32 {
        self.0
    }
    fn from_word(word: u32) -> Self {
        ReqId(word)
    }
    fn sample(seed: u32) -> Self {
        ReqId(seed + 1)
    }
}

impl WordField for MsgId {
    fn to_word(&self) -> u32 {
        self.0
    }
    fn from_word(word: u32) -> Self {
        MsgId(word)
    }
    fn sample(seed: u32) -> Self {
        MsgId(seed + 2)
    }
}

impl RecordField for u64 {
    fn pack(&self, p: Packer) -> Packer {
        p.u64(*self)
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        u.u64()
    }
    fn hash(&self, h: &mut TraceHasher) {
        h.u64(*self);
    }
    fn sample(seed: u32) -> Self {
        u64::from(seed) * 0x1_0000_0001 + 7
    }
}

impl RecordField for SimTime {
    fn pack(&self, p: Packer) -> Packer {
        p.time(*self)
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        u.time()
    }
    fn hash(&self, h: &mut TraceHasher) {
        h.u64(self.as_ps());
    }
    fn sample(seed: u32) -> Self {
        SimTime(u64::from(seed) * 1_000_003_000)
    }
}
