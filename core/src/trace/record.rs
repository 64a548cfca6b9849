//! One trace record: what happened, when, to whom, and a sentence explaining it.
//!
//! Records are compact structured data; the sentence is rendered on demand by
//! [`Record::explain`], so a run with millions of events does not build millions of strings.
//! The engine's own records (a rank starts, computes, blocks, resumes, prints, finishes; what the
//! hardware reports) are [`RecordKind`]'s variants. A protocol layer's records are its own types
//! implementing [`LayerRecord`]: each explains itself, encodes itself for the hash, names the
//! ranks and object it touched, and says how the timeline draws it ([`Draw`]) and the Perfetto
//! export shows it ([`Export`]) — so a new protocol adds no arm here. The trace stores them
//! packed ([`super::packed`]): no allocation per record.

use crate::engine::ids::{MsgId, Rank, ReqId};
use crate::engine::Stream;
use crate::time::SimTime;
use crate::trace::hash::TraceHasher;
use crate::trace::packed::{Codec, Words};
use crate::trace::text::Lang;
use crate::trace::timeline::{ArrowKind, MarkKind, SpanKind};

/// A recorded transition.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// When it happened.
    pub time: SimTime,
    /// What happened.
    pub kind: RecordKind,
}

/// The kinds of transitions: the engine's own, and a protocol layer's.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordKind {
    /// A rank started its program.
    Start {
        /// The rank.
        rank: Rank,
    },
    /// A rank computes (busy, not communicating) until `until`.
    Compute {
        /// The rank.
        rank: Rank,
        /// End of the computation.
        until: SimTime,
    },
    /// A rank's processor runs the MPI library inside `call` until `until` (request-based engines).
    Library {
        /// The rank.
        rank: Rank,
        /// The MPI function.
        call: &'static str,
        /// When the library is done.
        until: SimTime,
    },
    /// A rank called `yield()` on a machine with atomic blocks: the handlers waiting for its
    /// processor ran, then its thread was invoked again, continuing at `until`.
    Yielded {
        /// The rank.
        rank: Rank,
        /// When it continues.
        until: SimTime,
    },
    /// Something the hardware model reports about a transfer (a drop, a wait for an engine…).
    Hardware {
        /// The rank that issued the transfer.
        rank: Rank,
        /// The message concerned, if any.
        msg: Option<MsgId>,
        /// The hardware model's sentence.
        note: String,
    },
    /// A rank blocked until requests complete.
    Blocked {
        /// The rank.
        rank: Rank,
        /// The first (or only) request it waits for.
        first: ReqId,
        /// How many requests it waits on.
        count: u32,
        /// Whether any one of them suffices (`MPI_Waitany`) rather than all.
        any: bool,
    },
    /// A blocked or computing rank continues.
    Resumed {
        /// The rank.
        rank: Rank,
    },
    /// A rank's program printed a line.
    Console {
        /// The rank.
        rank: Rank,
        /// The text.
        text: String,
        /// Where: standard output, the error stream or Rankscope's diagnostic.
        stream: crate::engine::Stream,
    },
    /// A rank finished its program.
    Done {
        /// The rank.
        rank: Rank,
    },
    /// A protocol layer's record, packed (build it with [`RecordKind::layer`], read it back
    /// with [`Record::layer`]).
    Layer {
        /// Its type's and variant's functions.
        codec: &'static Codec,
        /// Its fields.
        words: Words,
    },
}

/// The protocol object a record touched, for linking views to the log.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TraceObject {
    /// A rank as a whole.
    Rank(Rank),
    /// A message.
    Message(MsgId),
    /// A request of a rank.
    Request(Rank, ReqId),
    /// A rank's queue of unexpected messages.
    UnexpectedQueue(Rank),
    /// A rank's queue of posted receives.
    PostedQueue(Rank),
}

/// Which arrow a record opens or closes, in its layer's own key space (`space` keeps layers'
/// keys apart).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ArrowKey {
    /// The key space (a layer's choice; distinct per kind of arrow).
    pub space: u8,
    /// First part of the key.
    pub a: u32,
    /// Second part.
    pub b: u32,
}

/// How the timeline draws a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Not drawn (it shows in the event log only).
    Nothing,
    /// A span of `rank` from the record's time to `until`.
    Span {
        /// The rank.
        rank: Rank,
        /// Its kind.
        kind: SpanKind,
        /// Its end.
        until: SimTime,
    },
    /// A blocked span of `rank` from the record's time to the rank's next `Resumed`.
    Wait {
        /// The rank.
        rank: Rank,
    },
    /// An arrow from `from` at the record's time to `to` at `end` (and back at `back`, for a
    /// one-sided operation whose reply is known), opened under `key` if a later record closes it.
    Arrow {
        /// Message, RDMA or atomic.
        kind: ArrowKind,
        /// Emulated by the target's software.
        software: bool,
        /// Sender / origin.
        from: Rank,
        /// Receiver / target.
        to: Rank,
        /// Arrival at `to`.
        end: SimTime,
        /// Return to `from`, if known now.
        back: Option<SimTime>,
        /// The key a later record closes it by.
        key: Option<ArrowKey>,
    },
    /// The arrow opened under `key` reached its target (this record is its end).
    Reached {
        /// The arrow's key.
        key: ArrowKey,
    },
    /// The arrow opened under `key` is back at its origin (this record; a software-emulated
    /// one-sided operation's reply is drawn returning now).
    Returned {
        /// The arrow's key.
        key: ArrowKey,
    },
    /// A point mark on `rank`.
    Mark {
        /// What it marks.
        kind: MarkKind,
        /// The rank.
        rank: Rank,
    },
}

/// How the Perfetto (Chrome trace-event) export shows a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Export {
    /// An instant event on the acting rank's track, named by [`RecordCodec::name`].
    Instant,
    /// A zero-length slice named `name` in category `cat` on `rank`'s track (message ends).
    Point {
        /// The slice's name.
        name: String,
        /// Its category.
        cat: &'static str,
        /// The track.
        rank: Rank,
    },
    /// Nothing: the record is drawn as a span of the timeline.
    Skip,
}

/// How a record type is stored and hashed: its kinds, their names, pack, unpack and the stable
/// hash. Written by `#[derive(RecordCodec)]` from the type's one declaration (the `rankscope-derive`
/// crate: each field by its [`RecordField`](super::RecordField) codec, a round-trip test with it).
pub trait RecordCodec: Sized + Clone + std::fmt::Debug + 'static {
    /// One codec per variant, indexed by the variant number `pack` returns:
    /// `&[Codec::of::<Self>(0), Codec::of::<Self>(1), …]`.
    const CODECS: &'static [Codec];
    /// The variant's number and the fields.
    fn pack(&self) -> (u8, Words);
    /// The record back from [`RecordCodec::pack`]'s output.
    fn unpack(variant: u8, words: &Words) -> Self;
    /// Every name [`RecordCodec::name`] returns, one per variant in variant order (lessons and
    /// other readers of a trace name kinds of records by these).
    const KINDS: &'static [&'static str];
    /// A short name for the record's kind ("send", "lock step"): one of [`RecordCodec::KINDS`].
    fn name(&self) -> &'static str;
    /// Feeds it into the stable hash (explicit encoding, independent of `std::hash`; the first
    /// word a code distinct from every other record kind's).
    fn hash_into(&self, h: &mut TraceHasher);
}

/// A protocol layer's trace record (see the module documentation): what it means, written by
/// hand; how it is stored is its [`RecordCodec`]. It packs into [`Words`] (eleven 32-bit words)
/// with its variant's number, and unpacks exactly.
pub trait LayerRecord: RecordCodec {
    /// The ranks involved, first the acting one.
    fn ranks(&self) -> Vec<Rank>;
    /// The protocol object it touched.
    fn object(&self) -> TraceObject;
    /// One plain-English sentence saying what happened at `time`.
    fn explain(&self, time: SimTime) -> String;
    /// The same sentence in Japanese, if the layer has it (the web page in 日本語; a layer
    /// without it is shown in English).
    fn explain_ja(&self, time: SimTime) -> Option<String> {
        let _ = time;
        None
    }
    /// How the timeline draws it (recorded at `time`).
    fn draw(&self, time: SimTime) -> Draw {
        let _ = time;
        Draw::Nothing
    }
    /// How the Perfetto export shows it.
    fn export(&self) -> Export {
        Export::Instant
    }
}

impl RecordKind {
    /// The names [`Record::name`] gives the engine's own records (a layer's are its
    /// [`RecordCodec::KINDS`]).
    pub const ENGINE_KINDS: &'static [&'static str] = &[
        "start",
        "compute",
        "MPI library",
        "yield",
        "hardware",
        "block",
        "resume",
        "print",
        "done",
    ];

    /// A layer's record, packed.
    pub fn layer<T: LayerRecord>(record: &T) -> RecordKind {
        let (variant, words) = record.pack();
        RecordKind::Layer {
            codec: &T::CODECS[variant as usize],
            words,
        }
    }
}

impl Record {
    /// A layer's record of type `T`, if this is one.
    pub fn layer<T: LayerRecord>(&self) -> Option<T> {
        match &self.kind {
            RecordKind::Layer { codec, words } => codec.get::<T>(words),
            _ => None,
        }
    }

    /// The ranks involved, first the acting one.
    pub fn ranks(&self) -> Vec<Rank> {
        match &self.kind {
            RecordKind::Start { rank }
            | RecordKind::Compute { rank, .. }
            | RecordKind::Library { rank, .. }
            | RecordKind::Yielded { rank, .. }
            | RecordKind::Hardware { rank, .. }
            | RecordKind::Blocked { rank, .. }
            | RecordKind::Resumed { rank }
            | RecordKind::Console { rank, .. }
            | RecordKind::Done { rank } => vec![*rank],
            RecordKind::Layer { codec, words } => codec.ranks(words),
        }
    }

    /// The acting rank.
    pub fn rank(&self) -> Rank {
        self.ranks().first().copied().unwrap_or(0)
    }

    /// The protocol object this record touched.
    pub fn object(&self) -> TraceObject {
        match &self.kind {
            RecordKind::Start { rank }
            | RecordKind::Compute { rank, .. }
            | RecordKind::Library { rank, .. }
            | RecordKind::Yielded { rank, .. }
            | RecordKind::Blocked { rank, .. }
            | RecordKind::Resumed { rank }
            | RecordKind::Console { rank, .. }
            | RecordKind::Done { rank } => TraceObject::Rank(*rank),
            RecordKind::Hardware { rank, msg, .. } => {
                msg.map_or(TraceObject::Rank(*rank), TraceObject::Message)
            }
            RecordKind::Layer { codec, words } => codec.object(words),
        }
    }

    /// A short name for the record's kind (the Perfetto export's event names).
    pub fn name(&self) -> &'static str {
        match &self.kind {
            RecordKind::Start { .. } => "start",
            RecordKind::Compute { .. } => "compute",
            RecordKind::Library { .. } => "MPI library",
            RecordKind::Yielded { .. } => "yield",
            RecordKind::Hardware { .. } => "hardware",
            RecordKind::Blocked { .. } => "block",
            RecordKind::Resumed { .. } => "resume",
            RecordKind::Console { .. } => "print",
            RecordKind::Done { .. } => "done",
            RecordKind::Layer { codec, words } => codec.name(words),
        }
    }

    /// How the timeline draws it.
    pub fn draw(&self) -> Draw {
        match &self.kind {
            RecordKind::Compute { rank, until } => Draw::Span {
                rank: *rank,
                kind: SpanKind::Compute,
                until: *until,
            },
            RecordKind::Library { rank, until, .. } | RecordKind::Yielded { rank, until } => {
                Draw::Span {
                    rank: *rank,
                    kind: SpanKind::Library,
                    until: *until,
                }
            }
            RecordKind::Blocked { rank, .. } => Draw::Wait { rank: *rank },
            RecordKind::Done { rank } => Draw::Mark {
                kind: MarkKind::Done,
                rank: *rank,
            },
            RecordKind::Console { rank, .. } => Draw::Mark {
                kind: MarkKind::Console,
                rank: *rank,
            },
            RecordKind::Start { .. } | RecordKind::Hardware { .. } | RecordKind::Resumed { .. } => {
                Draw::Nothing
            }
            RecordKind::Layer { codec, words } => codec.draw(words, self.time),
        }
    }

    /// How the Perfetto export shows it.
    pub fn export(&self) -> Export {
        match &self.kind {
            RecordKind::Compute { .. }
            | RecordKind::Library { .. }
            | RecordKind::Yielded { .. }
            | RecordKind::Blocked { .. }
            | RecordKind::Resumed { .. } => Export::Skip,
            RecordKind::Start { .. }
            | RecordKind::Hardware { .. }
            | RecordKind::Console { .. }
            | RecordKind::Done { .. } => Export::Instant,
            RecordKind::Layer { codec, words } => codec.export(words),
        }
    }

    /// One plain-English sentence saying what happened.
    pub fn explain(&self) -> String {
        match &self.kind {
            RecordKind::Start { rank } => format!("rank {rank} starts its program"),
            RecordKind::Compute { rank, until } => {
                format!(
                    "rank {rank} computes for {}",
                    until.saturating_sub(self.time)
                )
            }
            RecordKind::Library { rank, call, until } => {
                format!(
                    "rank {rank} spends {} in {call}: the library issuing its requests on the rank's own processor",
                    until.saturating_sub(self.time)
                )
            }
            RecordKind::Yielded { rank, until } => {
                format!(
                    "rank {rank} yields: the handlers waiting for its processor run, then its thread is invoked again ({} in all)",
                    until.saturating_sub(self.time)
                )
            }
            RecordKind::Hardware { rank, note, .. } => format!("rank {rank}: {note}"),
            RecordKind::Blocked {
                rank,
                first,
                count,
                any,
            } => match (count, any) {
                (1, _) => format!("rank {rank} blocks waiting for {first}"),
                (n, false) => format!("rank {rank} blocks waiting for all of {n} requests"),
                (n, true) => format!("rank {rank} blocks waiting for any of {n} requests"),
            },
            RecordKind::Resumed { rank } => format!("rank {rank} continues"),
            RecordKind::Console { rank, text, stream } => match stream {
                Stream::Stdout => format!("rank {rank} prints: {text}"),
                Stream::Stderr => format!("rank {rank} prints on its error stream: {text}"),
                Stream::Diagnostic => format!("Rankscope's diagnostic for rank {rank}: {text}"),
            },
            RecordKind::Done { rank } => format!("rank {rank} finishes its program"),
            RecordKind::Layer { codec, words } => codec.explain(words, self.time),
        }
    }

    /// The sentence in `lang`: [`Record::explain`] for English; Japanese where the record's
    /// layer has it, else English.
    pub fn explain_in(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.explain(),
            Lang::Ja => self.explain_ja().unwrap_or_else(|| self.explain()),
        }
    }

    /// The sentence in Japanese, if the record's kind has one.
    fn explain_ja(&self) -> Option<String> {
        let ja = Lang::Ja;
        Some(match &self.kind {
            RecordKind::Start { rank } => format!("ランク {rank} がプログラムを開始する"),
            RecordKind::Compute { rank, until } => {
                format!(
                    "ランク {rank} が {} のあいだ計算する",
                    until.saturating_sub(self.time)
                )
            }
            RecordKind::Library { rank, call, until } => format!(
                "ランク {rank} が {call} の中で {} を費やす:ライブラリがランク自身のプロセッサでリクエストを発行している",
                until.saturating_sub(self.time)
            ),
            RecordKind::Yielded { rank, until } => format!(
                "ランク {rank} が yield する:プロセッサを待っていたハンドラが動き、そのあとスレッドが再び呼び出される(計 {})",
                until.saturating_sub(self.time)
            ),
            // The hardware model's note is English only (`machine::note`).
            RecordKind::Hardware { .. } => return None,
            RecordKind::Blocked {
                rank,
                first,
                count,
                any,
            } => match (count, any) {
                (1, _) => format!("ランク {rank} が{} を待ってブロックする", ja.req(first.0)),
                (n, false) => format!("ランク {rank} が {n} 個のリクエストすべてを待ってブロックする"),
                (n, true) => format!("ランク {rank} が {n} 個のリクエストのどれかを待ってブロックする"),
            },
            RecordKind::Resumed { rank } => format!("ランク {rank} が再開する"),
            RecordKind::Console { rank, text, stream } => match stream {
                Stream::Stdout => format!("ランク {rank} が出力する: {text}"),
                Stream::Stderr => format!("ランク {rank} がエラー出力に書く: {text}"),
                Stream::Diagnostic => format!("ランク {rank} についての Rankscope の診断: {text}"),
            },
            RecordKind::Done { rank } => format!("ランク {rank} がプログラムを終える"),
            RecordKind::Layer { codec, words } => codec.explain_ja(words, self.time)?,
        })
    }

    /// Feeds this record into a stable hash (explicit encoding, independent of `std::hash`).
    pub fn hash_into(&self, h: &mut TraceHasher) {
        if let RecordKind::Layer { codec, words } = &self.kind {
            h.u64(self.time.as_ps());
            return codec.hash_into(words, h);
        }
        h.u64(self.time.as_ps());
        match &self.kind {
            RecordKind::Start { rank } => {
                h.u32(0);
                h.u32(*rank);
            }
            RecordKind::Compute { rank, until } => {
                h.u32(1);
                h.u32(*rank);
                h.u64(until.as_ps());
            }
            RecordKind::Yielded { rank, until } => {
                h.u32(17);
                h.u32(*rank);
                h.u64(until.as_ps());
            }
            RecordKind::Library { rank, call, until } => {
                h.u32(16);
                h.u32(*rank);
                h.str(call);
                h.u64(until.as_ps());
            }
            RecordKind::Hardware { rank, msg, note } => {
                h.u32(3);
                h.u32(*rank);
                h.u64(msg.map_or(u64::MAX, |m| u64::from(m.0)));
                h.str(note);
            }
            RecordKind::Blocked {
                rank,
                first,
                count,
                any,
            } => {
                h.u32(9);
                for v in [*rank, first.0, *count, u32::from(*any)] {
                    h.u32(v);
                }
            }
            RecordKind::Resumed { rank } => {
                h.u32(10);
                h.u32(*rank);
            }
            RecordKind::Console { rank, text, stream } => {
                // Standard output keeps the tag it always had (trace hashes stay the same).
                h.u32(match stream {
                    Stream::Stdout => 11,
                    Stream::Stderr => 99,
                    Stream::Diagnostic => 98,
                });
                h.u32(*rank);
                h.str(text);
            }
            RecordKind::Done { rank } => {
                h.u32(12);
                h.u32(*rank);
            }
            RecordKind::Layer { .. } => unreachable!("hashed above"),
        }
    }
}

/// The test every record type runs on one sample per variant (or more): each packs and unpacks
/// to itself, its pack number names it in `KINDS`, and together they cover every kind (a new
/// variant without a sample fails here).
pub fn check_round_trip<T: LayerRecord + PartialEq + std::fmt::Debug>(samples: &[T]) {
    assert_eq!(T::CODECS.len(), T::KINDS.len(), "one codec per kind");
    let mut seen = vec![false; T::KINDS.len()];
    for r in samples {
        let (variant, words) = r.pack();
        assert_eq!(&T::unpack(variant, &words), r, "{r:?} round-trips");
        assert_eq!(T::KINDS[usize::from(variant)], r.name(), "{r:?}'s kind");
        seen[usize::from(variant)] = true;
    }
    let missing: Vec<&str> = T::KINDS
        .iter()
        .zip(&seen)
        .filter(|(_, s)| !**s)
        .map(|(k, _)| *k)
        .collect();
    assert!(missing.is_empty(), "no sample of {missing:?}");
}

#[cfg(test)]
mod tests {
    /// A record stays as small as before the seam's packed layer records (the known trace of a
    /// 10^6-event run holds millions).
    #[test]
    fn a_record_is_64_bytes() {
        assert_eq!(std::mem::size_of::<super::Record>(), 64);
    }
}
