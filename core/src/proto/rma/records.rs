//! The one-sided layer's trace records: an operation issued and completed, a rank spinning on a
//! word of its own memory. Hash codes are the ones the trace used before the protocol seam (13,
//! 14, 18), so trace hashes did not change.

use super::Until;
use crate::engine::{Rank, ReqId};
use crate::machine::{AtomicKind, RdmaOp};
use crate::time::SimTime;
use crate::trace::text::Lang;
use crate::trace::timeline::ArrowKind;
use crate::trace::{
    ArrowKey, Draw, Export, LayerRecord, Packer, RecordField, TraceHasher, TraceObject, Unpacker,
};
use rankscope_derive::RecordCodec;

/// The arrow key space of one-sided operations.
const ONE_SIDED: u8 = 1;

/// A one-sided record.
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "fields")]
pub enum RmaRecord {
    /// A rank started a one-sided operation on another rank's memory.
    #[record(name = "rdma", code = 13)]
    Issued {
        /// The origin.
        rank: Rank,
        /// The rank whose memory is accessed.
        target: Rank,
        /// Its request.
        req: ReqId,
        /// Emulated in software (no hardware for it on this machine).
        software: bool,
        /// The operation.
        op: RdmaOp,
        /// When it completes at the origin (or, in software, reaches the target).
        completes: SimTime,
    },
    /// A one-sided operation completed at its origin.
    #[record(name = "rdma complete", code = 14)]
    Complete {
        /// The origin.
        rank: Rank,
        /// Its request.
        req: ReqId,
    },
    /// A rank spins until a word of its own one-sided memory satisfies `until` (woken by the
    /// write that does, with a `Resumed` record).
    #[record(name = "spin", code = 18)]
    Spinning {
        /// The rank.
        rank: Rank,
        /// The word's index.
        word: u32,
        /// The condition.
        until: Until,
    },
}

fn key(rank: Rank, req: ReqId) -> ArrowKey {
    ArrowKey {
        space: ONE_SIDED,
        a: rank,
        b: req.0,
    }
}

/// An operation as (kind, operand): put/get with their bytes, an atomic with its kind's index
/// (hashed by its name).
impl RecordField for RdmaOp {
    fn pack(&self, p: Packer) -> Packer {
        match *self {
            RdmaOp::Put { bytes } => p.u32(0).u64(bytes),
            RdmaOp::Get { bytes } => p.u32(1).u64(bytes),
            RdmaOp::Atomic(kind) => p.u32(2).u64(kind as u64),
        }
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        let (which, v) = (u.u32(), u.u64());
        match which {
            0 => RdmaOp::Put { bytes: v },
            1 => RdmaOp::Get { bytes: v },
            _ => RdmaOp::Atomic(AtomicKind::ALL[v as usize]),
        }
    }
    fn hash(&self, h: &mut TraceHasher) {
        match self {
            RdmaOp::Put { bytes } => {
                h.u32(0);
                h.u64(*bytes);
            }
            RdmaOp::Get { bytes } => {
                h.u32(1);
                h.u64(*bytes);
            }
            RdmaOp::Atomic(kind) => {
                h.u32(2);
                h.str(kind.name());
            }
        }
    }
    fn sample(seed: u32) -> Self {
        match seed % 3 {
            0 => RdmaOp::Put {
                bytes: u64::from(seed) << 33,
            },
            1 => RdmaOp::Get {
                bytes: u64::from(seed),
            },
            _ => RdmaOp::Atomic(AtomicKind::ALL[seed as usize % AtomicKind::ALL.len()]),
        }
    }
}

/// A spin's condition as (kind, value).
impl RecordField for Until {
    fn pack(&self, p: Packer) -> Packer {
        match *self {
            Until::Equals(v) => p.u32(0).u64(v),
            Until::Differs(v) => p.u32(1).u64(v),
        }
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        let (equals, v) = (u.u32() == 0, u.u64());
        if equals {
            Until::Equals(v)
        } else {
            Until::Differs(v)
        }
    }
    fn hash(&self, h: &mut TraceHasher) {
        match self {
            Until::Equals(v) => {
                h.u32(0);
                h.u64(*v);
            }
            Until::Differs(v) => {
                h.u32(1);
                h.u64(*v);
            }
        }
    }
    fn sample(seed: u32) -> Self {
        if seed % 2 == 0 {
            Until::Equals(u64::from(seed))
        } else {
            Until::Differs(u64::MAX - u64::from(seed))
        }
    }
}

/// An operation in Japanese, to follow a kana: " 64 バイトの put", "アトミック操作 fetch_and_add".
fn op_ja(op: RdmaOp) -> String {
    match op {
        RdmaOp::Put { bytes } => format!(" {bytes} バイトの put"),
        RdmaOp::Get { bytes } => format!(" {bytes} バイトの get"),
        RdmaOp::Atomic(kind) => format!("アトミック操作 {kind}"),
    }
}

/// A spin's condition in Japanese: "0 になる", "0 以外になる".
fn until_ja(until: Until) -> String {
    match until {
        Until::Equals(v) => format!("{v} になる"),
        Until::Differs(v) => format!("{v} 以外になる"),
    }
}

impl LayerRecord for RmaRecord {
    fn ranks(&self) -> Vec<Rank> {
        match self {
            RmaRecord::Issued { rank, target, .. } => vec![*rank, *target],
            RmaRecord::Complete { rank, .. } | RmaRecord::Spinning { rank, .. } => vec![*rank],
        }
    }

    fn object(&self) -> TraceObject {
        match self {
            RmaRecord::Issued { rank, req, .. } | RmaRecord::Complete { rank, req } => {
                TraceObject::Request(*rank, *req)
            }
            RmaRecord::Spinning { rank, .. } => TraceObject::Rank(*rank),
        }
    }

    fn explain(&self, time: SimTime) -> String {
        match self {
            RmaRecord::Issued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                let dt = completes.saturating_sub(time);
                if *software {
                    format!("rank {rank} starts {op} on rank {target} ({req}); no hardware for it, so a request message goes to rank {target}'s software, arriving in {dt}")
                } else {
                    format!("rank {rank} starts {op} on rank {target} ({req}); the target's RDMA engine executes it without its CPU, done in {dt}")
                }
            }
            RmaRecord::Complete { rank, req } => {
                format!("rank {rank}: one-sided {req} completes")
            }
            RmaRecord::Spinning { rank, word, until } => format!(
                "rank {rank} spins until its word {word} {} (a local spin: a remote write wakes it)",
                until.describe()
            ),
        }
    }

    fn explain_ja(&self, time: SimTime) -> Option<String> {
        let ja = Lang::Ja;
        Some(match self {
            RmaRecord::Issued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                let dt = completes.saturating_sub(time);
                let (op, req) = (op_ja(*op), ja.req(req.0));
                if *software {
                    format!("ランク {rank} がランク {target} に対して{op} を開始する({req}):ハードウェアがないので、要求メッセージがランク {target} のソフトウェアへ送られ、{dt} 後に届く")
                } else {
                    format!("ランク {rank} がランク {target} に対して{op} を開始する({req}):ターゲットの RDMA エンジンが CPU を使わずに実行し、{dt} 後に完了する")
                }
            }
            RmaRecord::Complete { rank, req } => {
                format!("ランク {rank}: 片側通信{} が完了する", ja.req(req.0))
            }
            RmaRecord::Spinning { rank, word, until } => format!(
                "ランク {rank} は自分のワード {word} の値が {}までスピンする(ローカルなスピン:リモート書き込みで起こされる)",
                until_ja(*until)
            ),
        })
    }

    fn draw(&self, time: SimTime) -> Draw {
        match self {
            RmaRecord::Issued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                let completes = (*completes).max(time);
                let kind = match op {
                    RdmaOp::Atomic(_) => ArrowKind::Atomic,
                    RdmaOp::Put { .. } | RdmaOp::Get { .. } => ArrowKind::Rdma,
                };
                let (end, back) = if *software {
                    // `completes` is the request's arrival at the target; the reply's return
                    // is known when the operation completes at the origin.
                    (completes, None)
                } else {
                    // `completes` is the completion back at the origin: the target is drawn
                    // reached halfway.
                    (
                        time + SimTime((completes - time).as_ps() / 2),
                        Some(completes),
                    )
                };
                Draw::Arrow {
                    kind,
                    software: *software,
                    from: *rank,
                    to: *target,
                    end,
                    back,
                    key: Some(key(*rank, *req)),
                }
            }
            RmaRecord::Complete { rank, req } => Draw::Returned {
                key: key(*rank, *req),
            },
            RmaRecord::Spinning { rank, .. } => Draw::Wait { rank: *rank },
        }
    }

    fn export(&self) -> Export {
        match self {
            RmaRecord::Spinning { .. } => Export::Skip,
            RmaRecord::Issued { .. } | RmaRecord::Complete { .. } => Export::Instant,
        }
    }
}
