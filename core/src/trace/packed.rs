//! How a protocol layer's record is stored in the trace without a heap allocation: packed into
//! eleven 32-bit words next to a pointer to its [`Codec`] (one per record type and variant: the
//! functions that unpack it and explain, hash, draw and export it), both inline in
//! `RecordKind::Layer`. A record stays 64 bytes whatever the layer, and a run with millions of
//! records allocates nothing per record.

use std::any::TypeId;
use std::fmt;

use super::hash::TraceHasher;
use super::record::{Draw, Export, LayerRecord, TraceObject};
use crate::engine::ids::Rank;
use crate::time::SimTime;

/// Words a packed record holds.
pub const WORDS: usize = 11;

/// A packed record's data.
pub type Words = [u32; WORDS];

/// Writes a record's fields into [`Words`] in order.
#[derive(Default)]
pub struct Packer {
    words: Words,
    at: usize,
}

impl Packer {
    /// A 32-bit field.
    pub fn u32(mut self, v: u32) -> Packer {
        self.words[self.at] = v;
        self.at += 1;
        self
    }
    /// A signed 32-bit field.
    pub fn i32(self, v: i32) -> Packer {
        self.u32(v as u32)
    }
    /// A 64-bit field (two words).
    pub fn u64(self, v: u64) -> Packer {
        self.u32(v as u32).u32((v >> 32) as u32)
    }
    /// A time.
    pub fn time(self, t: SimTime) -> Packer {
        self.u64(t.as_ps())
    }
    /// A flag.
    pub fn bool(self, v: bool) -> Packer {
        self.u32(u32::from(v))
    }
    /// The words.
    pub fn done(self) -> Words {
        self.words
    }
}

/// Reads fields back in the order a [`Packer`] wrote them.
pub struct Unpacker<'a> {
    words: &'a Words,
    at: usize,
}

impl<'a> Unpacker<'a> {
    /// Reads `words` from the start.
    pub fn new(words: &'a Words) -> Unpacker<'a> {
        Unpacker { words, at: 0 }
    }
    /// A 32-bit field.
    pub fn u32(&mut self) -> u32 {
        let v = self.words[self.at];
        self.at += 1;
        v
    }
    /// A signed 32-bit field.
    pub fn i32(&mut self) -> i32 {
        self.u32() as i32
    }
    /// A 64-bit field.
    pub fn u64(&mut self) -> u64 {
        let lo = u64::from(self.u32());
        lo | (u64::from(self.u32()) << 32)
    }
    /// A time.
    pub fn time(&mut self) -> SimTime {
        SimTime(self.u64())
    }
    /// A flag.
    pub fn bool(&mut self) -> bool {
        self.u32() != 0
    }
}

/// The functions of one record type's variant (built by [`Codec::of`] into the type's
/// [`RecordCodec::CODECS`](super::RecordCodec::CODECS)).
#[derive(Clone, Copy)]
pub struct Codec {
    variant: u8,
    type_id: fn() -> TypeId,
    name: fn(u8, &Words) -> &'static str,
    ranks: fn(u8, &Words) -> Vec<Rank>,
    object: fn(u8, &Words) -> TraceObject,
    explain: fn(u8, &Words, SimTime) -> String,
    explain_ja: fn(u8, &Words, SimTime) -> Option<String>,
    hash: fn(u8, &Words, &mut TraceHasher),
    draw: fn(u8, &Words, SimTime) -> Draw,
    export: fn(u8, &Words) -> Export,
}

fn name_of<T: LayerRecord>(v: u8, w: &Words) -> &'static str {
    T::unpack(v, w).name()
}
fn ranks_of<T: LayerRecord>(v: u8, w: &Words) -> Vec<Rank> {
    T::unpack(v, w).ranks()
}
fn object_of<T: LayerRecord>(v: u8, w: &Words) -> TraceObject {
    T::unpack(v, w).object()
}
fn explain_of<T: LayerRecord>(v: u8, w: &Words, time: SimTime) -> String {
    T::unpack(v, w).explain(time)
}
fn explain_ja_of<T: LayerRecord>(v: u8, w: &Words, time: SimTime) -> Option<String> {
    T::unpack(v, w).explain_ja(time)
}
fn hash_of<T: LayerRecord>(v: u8, w: &Words, h: &mut TraceHasher) {
    T::unpack(v, w).hash_into(h)
}
fn draw_of<T: LayerRecord>(v: u8, w: &Words, time: SimTime) -> Draw {
    T::unpack(v, w).draw(time)
}
fn export_of<T: LayerRecord>(v: u8, w: &Words) -> Export {
    T::unpack(v, w).export()
}

impl Codec {
    /// The codec of `T`'s variant `variant`.
    pub const fn of<T: LayerRecord>(variant: u8) -> Codec {
        Codec {
            variant,
            type_id: TypeId::of::<T>,
            name: name_of::<T>,
            ranks: ranks_of::<T>,
            object: object_of::<T>,
            explain: explain_of::<T>,
            explain_ja: explain_ja_of::<T>,
            hash: hash_of::<T>,
            draw: draw_of::<T>,
            export: export_of::<T>,
        }
    }

    /// The codecs of `T`'s `N` variants, in order (what `#[derive(RecordCodec)]` declares).
    pub const fn all<T: LayerRecord, const N: usize>() -> [Codec; N] {
        let mut out = [Codec::of::<T>(0); N];
        let mut i = 0;
        while i < N {
            out[i] = Codec::of::<T>(i as u8);
            i += 1;
        }
        out
    }
}

impl Codec {
    /// The record `words` hold, if this is a codec of `T`.
    pub fn get<T: LayerRecord>(&self, words: &Words) -> Option<T> {
        ((self.type_id)() == TypeId::of::<T>()).then(|| T::unpack(self.variant, words))
    }
    /// See [`RecordCodec::name`](super::RecordCodec::name).
    pub fn name(&self, words: &Words) -> &'static str {
        (self.name)(self.variant, words)
    }
    /// See [`LayerRecord::ranks`].
    pub fn ranks(&self, words: &Words) -> Vec<Rank> {
        (self.ranks)(self.variant, words)
    }
    /// See [`LayerRecord::object`].
    pub fn object(&self, words: &Words) -> TraceObject {
        (self.object)(self.variant, words)
    }
    /// See [`LayerRecord::explain`].
    pub fn explain(&self, words: &Words, time: SimTime) -> String {
        (self.explain)(self.variant, words, time)
    }
    /// See [`LayerRecord::explain_ja`].
    pub fn explain_ja(&self, words: &Words, time: SimTime) -> Option<String> {
        (self.explain_ja)(self.variant, words, time)
    }
    /// See [`RecordCodec::hash_into`](super::RecordCodec::hash_into).
    pub fn hash_into(&self, words: &Words, h: &mut TraceHasher) {
        (self.hash)(self.variant, words, h)
    }
    /// See [`LayerRecord::draw`].
    pub fn draw(&self, words: &Words, time: SimTime) -> Draw {
        (self.draw)(self.variant, words, time)
    }
    /// See [`LayerRecord::export`].
    pub fn export(&self, words: &Words) -> Export {
        (self.export)(self.variant, words)
    }
}

/// Two codecs are equal when they are the same record type's same variant.
impl PartialEq for Codec {
    fn eq(&self, other: &Codec) -> bool {
        (self.type_id)() == (other.type_id)() && self.variant == other.variant
    }
}

impl fmt::Debug for Codec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Codec({:?} #{})", (self.type_id)(), self.variant)
    }
}
