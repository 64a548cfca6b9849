//! The point-to-point layer's trace records: sends, arrivals, the matching queues, and the steps
//! of paper 000's request-based engines. Hash codes are the ones the trace used before the
//! protocol seam (2, 4–8, 15), so trace hashes did not change.

use serde::Serialize;

use super::ids::{Context, Source, TagSel};
use super::internal_tags::{tag_label, tag_label_ja};
use crate::engine::{MsgId, Rank, ReqId};
use crate::time::SimTime;
use crate::trace::text::Lang;
use crate::trace::timeline::{ArrowKind, MarkKind};
use crate::trace::{
    ArrowKey, Draw, Export, LayerRecord, Packer, RecordField, TraceHasher, TraceObject, Unpacker,
};
use rankscope_derive::{RecordCodec, WordField};

/// The arrow key space of messages.
const MESSAGES: u8 = 0;

/// A point-to-point record.
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "fields")]
pub enum P2pRecord {
    /// A rank posted a send; the network will deliver it at `arrives`.
    #[record(name = "send", code = 2)]
    SendPosted {
        /// Sender.
        rank: Rank,
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// The message.
        msg: MsgId,
        /// The send request.
        req: ReqId,
        /// Size in bytes.
        bytes: u64,
        /// When the data will have left the sender.
        sender_free: SimTime,
        /// When the data arrives at the destination.
        arrives: SimTime,
    },
    /// A send request completed (its buffer may be reused).
    #[record(name = "send complete", code = 4)]
    SendComplete {
        /// Sender.
        rank: Rank,
        /// The request.
        req: ReqId,
    },
    /// A message reached its destination.
    #[record(name = "arrive", code = 5)]
    Arrived {
        /// Sender.
        src: Rank,
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// The message.
        msg: MsgId,
        /// The communicator's context (0: `MPI_COMM_WORLD`).
        context: Context,
    },
    /// A message arrived with no matching receive posted: it waits in the unexpected queue.
    #[record(name = "unexpected", code = 6)]
    Unexpected {
        /// Destination rank (owner of the queue).
        rank: Rank,
        /// The message.
        msg: MsgId,
        /// Queue length after adding it.
        queue_len: u32,
    },
    /// A rank posted a receive.
    #[record(name = "post receive", code = 7)]
    RecvPosted {
        /// The receiver.
        rank: Rank,
        /// Accepted sender.
        src: Source,
        /// Accepted tag.
        tag: TagSel,
        /// The receive request.
        req: ReqId,
        /// Whether it had to wait in the posted-receive queue (no message was there yet).
        queued: bool,
        /// The communicator's context (0: `MPI_COMM_WORLD`).
        context: Context,
    },
    /// A message met a receive.
    #[record(name = "match", code = 8)]
    Matched {
        /// The receiver.
        rank: Rank,
        /// The sender.
        src: Rank,
        /// The message tag.
        tag: i32,
        /// The message.
        msg: MsgId,
        /// The receive request.
        req: ReqId,
        /// Whether the message had been waiting in the unexpected queue.
        from_unexpected: bool,
    },
    /// A step of one of paper 000's request-based protocols.
    #[record(name = "protocol", code = 15)]
    Protocol {
        /// The rank acting.
        rank: Rank,
        /// The other rank of the (peer, tag) key.
        peer: Rank,
        /// The tag.
        tag: i32,
        /// The request concerned (a send or a receive).
        req: ReqId,
        /// What happened.
        step: ProtocolStep,
        /// When what the step sends arrives (a packet, data); its own time for local steps.
        until: SimTime,
    },
}

/// The steps of paper 000's request-based protocols (see [`super::emx`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, WordField)]
#[serde(rename_all = "snake_case")]
pub enum ProtocolStep {
    /// The sender sent a send request to the receiver.
    SendRequestSent,
    /// The sender copied the data into a temporary buffer at the receiver (buffered).
    CopiedToTemp,
    /// The receiver sent a receive request to the sender's associative memory.
    RecvRequestSent,
    /// A receive request waits until an earlier wildcard receive has matched (Sec. 4.3).
    RecvRequestHeldBack,
    /// The sender stored a receive request in its associative memory.
    RecvRequestStored,
    /// A send request found no posted receive and waits at the receiver.
    SendRequestQueued,
    /// The receiver pulled an unmatched send's data into a temporary buffer (get, Fig. 5).
    PulledToTemp,
    /// The receiver reads the data into the user buffer by remote read (sync/get).
    RemoteRead,
    /// The receiver copies the data out of the temporary buffer.
    CopiedFromTemp,
    /// The sender wrote the data straight into the receive buffer (one-sided send).
    OneSidedSend,
    /// A crossing send request was ignored: the sender answers our receive request (Fig. 7).
    SendRequestIgnored,
    /// A crossing receive request was ignored: the receiver takes our send request (Fig. 6).
    RecvRequestIgnored,
    /// With buffered, the receiver takes a crossing send request (its own receive request will
    /// be ignored at the sender, Fig. 6).
    CrossingTakesSendRequest,
    /// A request-issued entry was removed after its request matched.
    Removed,
    /// A posted receive is promised to a one-sided send already on its way (its data will be
    /// written straight into the buffer), so no send request may take it.
    Promised,
}

impl ProtocolStep {
    /// Whether the step sends something from one rank to the other, and what: `Some(true)` for
    /// data (a remote write or read), `Some(false)` for a request packet.
    pub fn transfer(self) -> Option<bool> {
        match self {
            ProtocolStep::SendRequestSent | ProtocolStep::RecvRequestSent => Some(false),
            ProtocolStep::CopiedToTemp
            | ProtocolStep::OneSidedSend
            | ProtocolStep::RemoteRead
            | ProtocolStep::PulledToTemp => Some(true),
            _ => None,
        }
    }

    /// Whether the data flows from the peer to the acting rank (a read), not the other way.
    pub fn inbound(self) -> bool {
        matches!(self, ProtocolStep::RemoteRead | ProtocolStep::PulledToTemp)
    }
}

/// A receive's source as (any, rank); hashed as the rank, or all ones for any.
impl RecordField for Source {
    fn pack(&self, p: Packer) -> Packer {
        match *self {
            Source::Rank(r) => p.u32(0).u32(r),
            Source::Any => p.u32(1).u32(0),
        }
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        let (any, r) = (u.u32(), u.u32());
        if any == 1 {
            Source::Any
        } else {
            Source::Rank(r)
        }
    }
    fn hash(&self, h: &mut TraceHasher) {
        match self {
            Source::Rank(r) => h.u64(u64::from(*r)),
            Source::Any => h.u64(u64::MAX),
        }
    }
    fn sample(seed: u32) -> Self {
        if seed % 3 == 0 {
            Source::Any
        } else {
            Source::Rank(seed)
        }
    }
}

/// A receive's tag as (any, tag); hashed as the tag's bits, or all ones for any.
impl RecordField for TagSel {
    fn pack(&self, p: Packer) -> Packer {
        match *self {
            TagSel::Tag(t) => p.u32(0).i32(t),
            TagSel::Any => p.u32(1).i32(0),
        }
    }
    fn unpack(u: &mut Unpacker<'_>) -> Self {
        let (any, t) = (u.u32(), u.i32());
        if any == 1 {
            TagSel::Any
        } else {
            TagSel::Tag(t)
        }
    }
    fn hash(&self, h: &mut TraceHasher) {
        match self {
            TagSel::Tag(t) => h.u64(*t as u32 as u64),
            TagSel::Any => h.u64(u64::MAX),
        }
    }
    fn sample(seed: u32) -> Self {
        if seed % 3 == 1 {
            TagSel::Any
        } else {
            TagSel::Tag(seed as i32 - 1)
        }
    }
}

impl LayerRecord for P2pRecord {
    fn ranks(&self) -> Vec<Rank> {
        match self {
            P2pRecord::SendPosted { rank, dst, .. } => vec![*rank, *dst],
            P2pRecord::Arrived { src, dst, .. } => vec![*dst, *src],
            P2pRecord::Matched { rank, src, .. } => vec![*rank, *src],
            P2pRecord::Protocol { rank, peer, .. } => vec![*rank, *peer],
            P2pRecord::SendComplete { rank, .. }
            | P2pRecord::Unexpected { rank, .. }
            | P2pRecord::RecvPosted { rank, .. } => vec![*rank],
        }
    }

    fn object(&self) -> TraceObject {
        match self {
            P2pRecord::SendPosted { msg, .. } | P2pRecord::Arrived { msg, .. } => {
                TraceObject::Message(*msg)
            }
            P2pRecord::SendComplete { rank, req }
            | P2pRecord::Matched { rank, req, .. }
            | P2pRecord::Protocol { rank, req, .. } => TraceObject::Request(*rank, *req),
            P2pRecord::Unexpected { rank, .. } => TraceObject::UnexpectedQueue(*rank),
            P2pRecord::RecvPosted {
                rank, req, queued, ..
            } => {
                if *queued {
                    TraceObject::PostedQueue(*rank)
                } else {
                    TraceObject::Request(*rank, *req)
                }
            }
        }
    }

    fn explain(&self, time: SimTime) -> String {
        match self {
            P2pRecord::SendPosted {
                rank,
                dst,
                tag,
                bytes,
                msg,
                sender_free,
                arrives,
                ..
            } => format!(
                "rank {rank} sends {bytes} B to rank {dst} ({}) as {msg}: it leaves the sender in {} and arrives in {}",
                tag_label(*tag),
                sender_free.saturating_sub(time),
                arrives.saturating_sub(time)
            ),
            P2pRecord::SendComplete { rank, req } => {
                format!("rank {rank}: send {req} completes; its buffer may be reused")
            }
            P2pRecord::Arrived {
                src, dst, tag, msg, ..
            } => {
                format!("{msg} from rank {src} ({}) arrives at rank {dst}", tag_label(*tag))
            }
            P2pRecord::Unexpected {
                rank,
                msg,
                queue_len,
            } => format!(
                "rank {rank} has no matching receive posted: {msg} waits in its unexpected queue ({queue_len} waiting)"
            ),
            P2pRecord::RecvPosted {
                rank,
                src,
                tag,
                req,
                queued,
                ..
            } => {
                if *queued {
                    format!("rank {rank} posts a receive from {src}, {tag} ({req}); no message yet, so it waits in the posted-receive queue")
                } else {
                    format!("rank {rank} posts a receive from {src}, {tag} ({req})")
                }
            }
            P2pRecord::Matched {
                rank,
                src,
                tag,
                msg,
                req,
                from_unexpected,
            } => {
                if *from_unexpected {
                    format!("rank {rank}: {req} takes {msg} from rank {src} ({}) out of the unexpected queue", tag_label(*tag))
                } else {
                    format!("rank {rank}: {msg} from rank {src} ({}) matches the posted {req}", tag_label(*tag))
                }
            }
            P2pRecord::Protocol {
                rank,
                peer,
                tag,
                req,
                step,
                ..
            } => match step {
                ProtocolStep::SendRequestSent => format!("rank {rank} sends a send request for {req} ({}) to rank {peer}", tag_label(*tag)),
                ProtocolStep::CopiedToTemp => format!("rank {rank} writes the data of {req} into a temporary buffer at rank {peer} (buffered protocol) and may reuse its buffer"),
                ProtocolStep::RecvRequestSent => format!("rank {rank} sends a receive request for {req} ({}) to rank {peer}'s associative memory", tag_label(*tag)),
                ProtocolStep::RecvRequestHeldBack => format!("rank {rank} holds back the receive request of {req}: an earlier wildcard receive has not matched yet (Sec. 4.3)"),
                ProtocolStep::RecvRequestStored => format!("rank {rank} keeps rank {peer}'s receive request ({}) in its associative memory for the next send", tag_label(*tag)),
                ProtocolStep::SendRequestQueued => format!("rank {rank}: rank {peer}'s send request ({}) finds no posted receive and waits", tag_label(*tag)),
                ProtocolStep::PulledToTemp => format!("rank {rank} pulls the data of rank {peer}'s unmatched send into a temporary buffer (get protocol, Fig. 5)"),
                ProtocolStep::RemoteRead => format!("rank {rank} reads the data for {req} from rank {peer} by remote read, straight into the receive buffer"),
                ProtocolStep::CopiedFromTemp => format!("rank {rank} copies the data for {req} out of the temporary buffer"),
                ProtocolStep::OneSidedSend => format!("rank {rank} found rank {peer}'s receive request ({}) and writes the data of {req} straight into its buffer: one-sided send, no receiver CPU", tag_label(*tag)),
                ProtocolStep::SendRequestIgnored => format!("rank {rank} ignores rank {peer}'s send request ({}): its own receive request for the same key is out, and the sender will answer it with a one-sided send (Fig. 7)", tag_label(*tag)),
                ProtocolStep::RecvRequestIgnored => format!("rank {rank} ignores rank {peer}'s receive request ({}): its own send request with the data is already there (buffered, Fig. 6)", tag_label(*tag)),
                ProtocolStep::CrossingTakesSendRequest => format!("rank {rank} takes rank {peer}'s crossing send request ({}); the sender ignores our receive request (buffered, Fig. 6)", tag_label(*tag)),
                ProtocolStep::Removed => format!("rank {rank} removes {req} from its request-issued queue: it has matched"),
                ProtocolStep::Promised => format!("rank {rank}'s receive {req} ({}) is promised to rank {peer}'s one-sided send: the data is on its way, so no send request may take it", tag_label(*tag)),
            },
        }
    }

    fn explain_ja(&self, time: SimTime) -> Option<String> {
        let ja = Lang::Ja;
        Some(match self {
            P2pRecord::SendPosted {
                rank,
                dst,
                tag,
                bytes,
                msg,
                sender_free,
                arrives,
                ..
            } => format!(
                "ランク {rank} がランク {dst} へ {bytes} B を{} として送信する({}):{} 後に送信側を離れ、{} 後に到着する",
                ja.msg(msg.0),
                tag_label_ja(*tag),
                sender_free.saturating_sub(time),
                arrives.saturating_sub(time)
            ),
            P2pRecord::SendComplete { rank, req } => format!(
                "ランク {rank}: 送信{} が完了し、バッファを再利用できる",
                ja.req(req.0)
            ),
            P2pRecord::Arrived {
                src, dst, tag, msg, ..
            } => format!(
                "ランク {src} からの{}({})がランク {dst} に到着する",
                ja.msg(msg.0),
                tag_label_ja(*tag)
            ),
            P2pRecord::Unexpected {
                rank,
                msg,
                queue_len,
            } => format!(
                "ランク {rank} には一致する受信がまだない:{} は予期しないメッセージのキューで待つ(待ち {queue_len} 件)",
                ja.msg(msg.0)
            ),
            P2pRecord::RecvPosted {
                rank,
                src,
                tag,
                req,
                queued,
                ..
            } => {
                let posted = format!(
                    "ランク {rank} が{}・{} からの受信を出す({})",
                    src.ja(),
                    tag.ja(),
                    ja.req(req.0)
                );
                if *queued {
                    posted + ":まだメッセージがないので、受信待ちキューで待つ"
                } else {
                    posted
                }
            }
            P2pRecord::Matched {
                rank,
                src,
                tag,
                msg,
                req,
                from_unexpected,
            } => {
                let (msg, req, tag) = (ja.msg(msg.0), ja.req(req.0), tag_label_ja(*tag));
                if *from_unexpected {
                    format!("ランク {rank}: {req} がランク {src} からの{msg}({tag})を予期しないメッセージのキューから取り出す")
                } else {
                    format!("ランク {rank}: ランク {src} からの{msg}({tag})が、出されていた{req} と一致する")
                }
            }
            P2pRecord::Protocol {
                rank,
                peer,
                tag,
                req,
                step,
                ..
            } => {
                let (req, tag) = (ja.req(req.0), tag_label_ja(*tag));
                match step {
                    ProtocolStep::SendRequestSent => format!("ランク {rank} が{req} の送信要求({tag})をランク {peer} へ送る"),
                    ProtocolStep::CopiedToTemp => format!("ランク {rank} が{req} のデータをランク {peer} の一時バッファに書き込み(バッファ方式)、自分のバッファを再利用できる"),
                    ProtocolStep::RecvRequestSent => format!("ランク {rank} が{req} の受信要求({tag})をランク {peer} の連想メモリへ送る"),
                    ProtocolStep::RecvRequestHeldBack => format!("ランク {rank} が{req} の受信要求を保留する:先に出したワイルドカード受信がまだ一致していない(4.3 節)"),
                    ProtocolStep::RecvRequestStored => format!("ランク {rank} がランク {peer} の受信要求({tag})を次の送信のために連想メモリに保持する"),
                    ProtocolStep::SendRequestQueued => format!("ランク {rank}: ランク {peer} の送信要求({tag})に一致する受信がなく、待つ"),
                    ProtocolStep::PulledToTemp => format!("ランク {rank} がランク {peer} の一致していない送信のデータを一時バッファに取り込む(get 方式、図 5)"),
                    ProtocolStep::RemoteRead => format!("ランク {rank} が{req} のデータをランク {peer} からリモート読み出しで受信バッファへ直接読む"),
                    ProtocolStep::CopiedFromTemp => format!("ランク {rank} が{req} のデータを一時バッファからコピーする"),
                    ProtocolStep::OneSidedSend => format!("ランク {rank} はランク {peer} の受信要求({tag})を見つけ、{req} のデータをそのバッファへ直接書き込む:片側送信で、受信側の CPU は使わない"),
                    ProtocolStep::SendRequestIgnored => format!("ランク {rank} がランク {peer} の送信要求({tag})を無視する:同じキーの自分の受信要求が出ており、送信側は片側送信でそれに応える(図 7)"),
                    ProtocolStep::RecvRequestIgnored => format!("ランク {rank} がランク {peer} の受信要求({tag})を無視する:データ付きの自分の送信要求がすでに届いている(バッファ方式、図 6)"),
                    ProtocolStep::CrossingTakesSendRequest => format!("ランク {rank} が行き違いになったランク {peer} の送信要求({tag})を受け取る。送信側はこちらの受信要求を無視する(バッファ方式、図 6)"),
                    ProtocolStep::Removed => format!("ランク {rank} が{req} を発行済み要求のキューから外す:一致したため"),
                    ProtocolStep::Promised => format!("ランク {rank} の受信{req}({tag})はランク {peer} の片側送信に予約された:データは送られてくる途中なので、ほかの送信要求はこれを取れない"),
                }
            }
        })
    }

    fn draw(&self, time: SimTime) -> Draw {
        match self {
            P2pRecord::SendPosted {
                rank,
                dst,
                msg,
                arrives,
                ..
            } => Draw::Arrow {
                kind: ArrowKind::Message,
                software: false,
                from: *rank,
                to: *dst,
                end: *arrives,
                back: None,
                key: Some(message_key(*msg)),
            },
            P2pRecord::Arrived { msg, .. } => Draw::Reached {
                key: message_key(*msg),
            },
            P2pRecord::Unexpected { rank, .. } => Draw::Mark {
                kind: MarkKind::Unexpected,
                rank: *rank,
            },
            // Paper 000's request packets are drawn as messages, its data moves (remote writes
            // and reads) as RDMA.
            P2pRecord::Protocol {
                rank,
                peer,
                step,
                until,
                ..
            } => match step.transfer() {
                Some(data) => {
                    let (from, to) = if step.inbound() {
                        (*peer, *rank)
                    } else {
                        (*rank, *peer)
                    };
                    Draw::Arrow {
                        kind: if data {
                            ArrowKind::Rdma
                        } else {
                            ArrowKind::Message
                        },
                        software: false,
                        from,
                        to,
                        end: (*until).max(time),
                        back: None,
                        key: None,
                    }
                }
                None => Draw::Nothing,
            },
            P2pRecord::SendComplete { .. }
            | P2pRecord::RecvPosted { .. }
            | P2pRecord::Matched { .. } => Draw::Nothing,
        }
    }

    fn export(&self) -> Export {
        match self {
            P2pRecord::SendPosted { rank, dst, .. } => Export::Point {
                name: format!("send → {dst}"),
                cat: "message",
                rank: *rank,
            },
            P2pRecord::Arrived { dst, src, .. } => Export::Point {
                name: format!("arrive ← {src}"),
                cat: "message",
                rank: *dst,
            },
            _ => Export::Instant,
        }
    }
}

fn message_key(msg: MsgId) -> ArrowKey {
    ArrowKey {
        space: MESSAGES,
        a: msg.0,
        b: 0,
    }
}
