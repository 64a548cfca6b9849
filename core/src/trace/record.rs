//! One trace record: what happened, when, to whom, and a sentence explaining it.
//!
//! Records are compact structured data; the sentence is rendered on demand by
//! [`Record::explain`], so a run with millions of events does not build millions of strings.

use serde::Serialize;

use crate::engine::ids::{MsgId, Rank, ReqId, Source, TagSel};
use crate::locks::{Algorithm, MemOp, Mode, Until};
use crate::machine::RdmaOp;
use crate::time::SimTime;
use crate::trace::hash::TraceHasher;

/// A recorded transition.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record {
    /// When it happened.
    pub time: SimTime,
    /// What happened.
    pub kind: RecordKind,
}

/// The kinds of transitions.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
    /// A rank spins until a word of its own one-sided memory satisfies `until` (woken by the
    /// write that does, with a `Resumed` record).
    Spinning {
        /// The rank.
        rank: Rank,
        /// The word's index.
        word: u32,
        /// The condition.
        until: Until,
    },
    /// One memory operation of a lock algorithm, with its result (at the origin).
    LockStep {
        /// The rank.
        rank: Rank,
        /// The algorithm (which names the words and explains the step).
        algorithm: Algorithm,
        /// The operation.
        op: MemOp,
        /// Its result: a read's value, an atomic's old value.
        result: u64,
    },
    /// A rank takes (`held`) or leaves a lock (paper 003's lock algorithms on the engine).
    Lock {
        /// The rank.
        rank: Rank,
        /// The rank whose words hold the lock (0 for a global lock).
        home: Rank,
        /// Shared or exclusive.
        mode: Mode,
        /// It now holds the lock (else it leaves it and starts releasing).
        held: bool,
    },
    /// A rank posted a send; the network will deliver it at `arrives`.
    SendPosted {
        /// Sender.
        rank: Rank,
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// Size in bytes.
        bytes: u64,
        /// The message.
        msg: MsgId,
        /// The send request.
        req: ReqId,
        /// When the data will have left the sender.
        sender_free: SimTime,
        /// When the data arrives at the destination.
        arrives: SimTime,
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
    /// A send request completed (its buffer may be reused).
    SendComplete {
        /// Sender.
        rank: Rank,
        /// The request.
        req: ReqId,
    },
    /// A message reached its destination.
    Arrived {
        /// Sender.
        src: Rank,
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// The message.
        msg: MsgId,
    },
    /// A message arrived with no matching receive posted: it waits in the unexpected queue.
    Unexpected {
        /// Destination rank (owner of the queue).
        rank: Rank,
        /// The message.
        msg: MsgId,
        /// Queue length after adding it.
        queue_len: u32,
    },
    /// A rank posted a receive.
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
    },
    /// A message met a receive.
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
    /// A rank started a one-sided operation on another rank's memory.
    RdmaIssued {
        /// The origin.
        rank: Rank,
        /// The rank whose memory is accessed.
        target: Rank,
        /// The operation.
        op: RdmaOp,
        /// Its request.
        req: ReqId,
        /// Emulated in software (no hardware for it on this machine).
        software: bool,
        /// When it completes at the origin (or, in software, reaches the target).
        completes: SimTime,
    },
    /// A one-sided operation completed at its origin.
    RdmaComplete {
        /// The origin.
        rank: Rank,
        /// Its request.
        req: ReqId,
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
    },
    /// A step of one of paper 000's request-based protocols.
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
    /// A rank finished its program.
    Done {
        /// The rank.
        rank: Rank,
    },
}

/// The steps of paper 000's request-based protocols (see `engine::protocol`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
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
    fn code(self) -> u32 {
        self as u32
    }

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

/// The protocol object a record touched, for linking views to the log.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
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

impl Record {
    /// The ranks involved, first the acting one.
    pub fn ranks(&self) -> Vec<Rank> {
        match &self.kind {
            RecordKind::SendPosted { rank, dst, .. } => vec![*rank, *dst],
            RecordKind::Arrived { src, dst, .. } => vec![*dst, *src],
            RecordKind::Matched { rank, src, .. } => vec![*rank, *src],
            RecordKind::RdmaIssued { rank, target, .. } => vec![*rank, *target],
            RecordKind::Protocol { rank, peer, .. } => vec![*rank, *peer],
            RecordKind::Start { rank }
            | RecordKind::RdmaComplete { rank, .. }
            | RecordKind::Compute { rank, .. }
            | RecordKind::Library { rank, .. }
            | RecordKind::Yielded { rank, .. }
            | RecordKind::Hardware { rank, .. }
            | RecordKind::SendComplete { rank, .. }
            | RecordKind::Unexpected { rank, .. }
            | RecordKind::RecvPosted { rank, .. }
            | RecordKind::Blocked { rank, .. }
            | RecordKind::Spinning { rank, .. }
            | RecordKind::Lock { rank, .. }
            | RecordKind::Resumed { rank }
            | RecordKind::Console { rank, .. }
            | RecordKind::Done { rank } => vec![*rank],
            RecordKind::LockStep { rank, op, .. } => {
                let target = op.word().rank;
                if target == *rank {
                    vec![*rank]
                } else {
                    vec![*rank, target]
                }
            }
        }
    }

    /// The protocol object this record touched.
    pub fn object(&self) -> TraceObject {
        match &self.kind {
            RecordKind::Start { rank }
            | RecordKind::Compute { rank, .. }
            | RecordKind::Library { rank, .. }
            | RecordKind::Yielded { rank, .. }
            | RecordKind::Blocked { rank, .. }
            | RecordKind::Spinning { rank, .. }
            | RecordKind::Lock { rank, .. }
            | RecordKind::LockStep { rank, .. }
            | RecordKind::Resumed { rank }
            | RecordKind::Console { rank, .. }
            | RecordKind::Done { rank } => TraceObject::Rank(*rank),
            RecordKind::Hardware { rank, msg, .. } => {
                msg.map_or(TraceObject::Rank(*rank), TraceObject::Message)
            }
            RecordKind::SendPosted { msg, .. } | RecordKind::Arrived { msg, .. } => {
                TraceObject::Message(*msg)
            }
            RecordKind::SendComplete { rank, req }
            | RecordKind::RdmaIssued { rank, req, .. }
            | RecordKind::RdmaComplete { rank, req } => TraceObject::Request(*rank, *req),
            RecordKind::Unexpected { rank, .. } => TraceObject::UnexpectedQueue(*rank),
            RecordKind::RecvPosted {
                rank, req, queued, ..
            } => {
                if *queued {
                    TraceObject::PostedQueue(*rank)
                } else {
                    TraceObject::Request(*rank, *req)
                }
            }
            RecordKind::Matched { rank, req, .. } => TraceObject::Request(*rank, *req),
            RecordKind::Protocol { rank, req, .. } => TraceObject::Request(*rank, *req),
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
            RecordKind::LockStep {
                rank,
                algorithm,
                op,
                result,
            } => algorithm.explain_op(*rank, *op, *result),
            RecordKind::Lock {
                rank,
                home,
                mode,
                held,
            } => {
                let which = if *home == 0 {
                    "the lock".to_string()
                } else {
                    format!("rank {home}'s lock")
                };
                match (mode, held) {
                    (Mode::Shared, true) => {
                        format!("rank {rank} holds {which}, shared with other readers")
                    }
                    (Mode::Exclusive, true) => format!("rank {rank} holds {which} alone (exclusive)"),
                    (_, false) => format!("rank {rank} leaves {which} and starts releasing it"),
                }
            }
            RecordKind::Spinning { rank, word, until } => format!(
                "rank {rank} spins until its word {word} {} (a local spin: a remote write wakes it)",
                until.describe()
            ),
            RecordKind::Yielded { rank, until } => {
                format!(
                    "rank {rank} yields: the handlers waiting for its processor run, then its thread is invoked again ({} in all)",
                    until.saturating_sub(self.time)
                )
            }
            RecordKind::SendPosted {
                rank,
                dst,
                tag,
                bytes,
                msg,
                sender_free,
                arrives,
                ..
            } => format!(
                "rank {rank} sends {bytes} B to rank {dst} (tag {tag}) as {msg}: it leaves the sender in {} and arrives in {}",
                sender_free.saturating_sub(self.time),
                arrives.saturating_sub(self.time)
            ),
            RecordKind::Hardware { rank, note, .. } => format!("rank {rank}: {note}"),
            RecordKind::SendComplete { rank, req } => {
                format!("rank {rank}: send {req} completes; its buffer may be reused")
            }
            RecordKind::Arrived { src, dst, tag, msg } => {
                format!("{msg} from rank {src} (tag {tag}) arrives at rank {dst}")
            }
            RecordKind::Unexpected {
                rank,
                msg,
                queue_len,
            } => format!(
                "rank {rank} has no matching receive posted: {msg} waits in its unexpected queue ({queue_len} waiting)"
            ),
            RecordKind::RecvPosted {
                rank,
                src,
                tag,
                req,
                queued,
            } => {
                if *queued {
                    format!("rank {rank} posts a receive from {src}, {tag} ({req}); no message yet, so it waits in the posted-receive queue")
                } else {
                    format!("rank {rank} posts a receive from {src}, {tag} ({req})")
                }
            }
            RecordKind::Matched {
                rank,
                src,
                tag,
                msg,
                req,
                from_unexpected,
            } => {
                if *from_unexpected {
                    format!("rank {rank}: {req} takes {msg} from rank {src} (tag {tag}) out of the unexpected queue")
                } else {
                    format!("rank {rank}: {msg} from rank {src} (tag {tag}) matches the posted {req}")
                }
            }
            RecordKind::RdmaIssued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                let dt = completes.saturating_sub(self.time);
                if *software {
                    format!("rank {rank} starts {op} on rank {target} ({req}); no hardware for it, so a request message goes to rank {target}'s software, arriving in {dt}")
                } else {
                    format!("rank {rank} starts {op} on rank {target} ({req}); the target's RDMA engine executes it without its CPU, done in {dt}")
                }
            }
            RecordKind::RdmaComplete { rank, req } => {
                format!("rank {rank}: one-sided {req} completes")
            }
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
            RecordKind::Console { rank, text } => format!("rank {rank} prints: {text}"),
            RecordKind::Done { rank } => format!("rank {rank} finishes its program"),
            RecordKind::Protocol {
                rank,
                peer,
                tag,
                req,
                step,
                ..
            } => match step {
                ProtocolStep::SendRequestSent => format!("rank {rank} sends a send request for {req} (tag {tag}) to rank {peer}"),
                ProtocolStep::CopiedToTemp => format!("rank {rank} writes the data of {req} into a temporary buffer at rank {peer} (buffered protocol) and may reuse its buffer"),
                ProtocolStep::RecvRequestSent => format!("rank {rank} sends a receive request for {req} (tag {tag}) to rank {peer}'s associative memory"),
                ProtocolStep::RecvRequestHeldBack => format!("rank {rank} holds back the receive request of {req}: an earlier wildcard receive has not matched yet (Sec. 4.3)"),
                ProtocolStep::RecvRequestStored => format!("rank {rank} keeps rank {peer}'s receive request (tag {tag}) in its associative memory for the next send"),
                ProtocolStep::SendRequestQueued => format!("rank {rank}: rank {peer}'s send request (tag {tag}) finds no posted receive and waits"),
                ProtocolStep::PulledToTemp => format!("rank {rank} pulls the data of rank {peer}'s unmatched send into a temporary buffer (get protocol, Fig. 5)"),
                ProtocolStep::RemoteRead => format!("rank {rank} reads the data for {req} from rank {peer} by remote read, straight into the receive buffer"),
                ProtocolStep::CopiedFromTemp => format!("rank {rank} copies the data for {req} out of the temporary buffer"),
                ProtocolStep::OneSidedSend => format!("rank {rank} found rank {peer}'s receive request (tag {tag}) and writes the data of {req} straight into its buffer: one-sided send, no receiver CPU"),
                ProtocolStep::SendRequestIgnored => format!("rank {rank} ignores rank {peer}'s send request (tag {tag}): its own receive request for the same key is out, and the sender will answer it with a one-sided send (Fig. 7)"),
                ProtocolStep::RecvRequestIgnored => format!("rank {rank} ignores rank {peer}'s receive request (tag {tag}): its own send request with the data is already there (buffered, Fig. 6)"),
                ProtocolStep::CrossingTakesSendRequest => format!("rank {rank} takes rank {peer}'s crossing send request (tag {tag}); the sender ignores our receive request (buffered, Fig. 6)"),
                ProtocolStep::Removed => format!("rank {rank} removes {req} from its request-issued queue: it has matched"),
                ProtocolStep::Promised => format!("rank {rank}'s receive {req} (tag {tag}) is promised to rank {peer}'s one-sided send: the data is on its way, so no send request may take it"),
            },
        }
    }

    /// Feeds this record into a stable hash (explicit encoding, independent of `std::hash`).
    pub fn hash_into(&self, h: &mut TraceHasher) {
        h.u64(self.time.as_ps());
        let src = |h: &mut TraceHasher, s: &Source| match s {
            Source::Rank(r) => h.u64(u64::from(*r)),
            Source::Any => h.u64(u64::MAX),
        };
        let tag = |h: &mut TraceHasher, t: &TagSel| match t {
            TagSel::Tag(t) => h.u64(*t as u32 as u64),
            TagSel::Any => h.u64(u64::MAX),
        };
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
            RecordKind::LockStep {
                rank,
                algorithm,
                op,
                result,
            } => {
                h.u32(20);
                h.u32(*rank);
                h.u32(*algorithm as u32);
                let w = op.word();
                h.u32(w.rank);
                h.u32(w.index);
                match op {
                    MemOp::Read(_) => h.u32(0),
                    MemOp::Write(_, v) => {
                        h.u32(1);
                        h.u64(*v);
                    }
                    MemOp::Atomic {
                        kind,
                        operand,
                        compare,
                        ..
                    } => {
                        h.u32(2 + *kind as u32);
                        h.u64(*operand);
                        h.u64(*compare);
                    }
                }
                h.u64(*result);
            }
            RecordKind::Lock {
                rank,
                home,
                mode,
                held,
            } => {
                h.u32(19);
                h.u32(*rank);
                h.u32(*home);
                h.u32(u32::from(*mode == Mode::Exclusive));
                h.u32(u32::from(*held));
            }
            RecordKind::Spinning { rank, word, until } => {
                h.u32(18);
                h.u32(*rank);
                h.u32(*word);
                match until {
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
            RecordKind::SendPosted {
                rank,
                dst,
                tag,
                bytes,
                msg,
                req,
                sender_free,
                arrives,
            } => {
                h.u32(2);
                for v in [*rank, *dst, *tag as u32, msg.0, req.0] {
                    h.u32(v);
                }
                h.u64(*bytes);
                h.u64(sender_free.as_ps());
                h.u64(arrives.as_ps());
            }
            RecordKind::Hardware { rank, msg, note } => {
                h.u32(3);
                h.u32(*rank);
                h.u64(msg.map_or(u64::MAX, |m| u64::from(m.0)));
                h.str(note);
            }
            RecordKind::SendComplete { rank, req } => {
                h.u32(4);
                h.u32(*rank);
                h.u32(req.0);
            }
            RecordKind::Arrived {
                src: s,
                dst,
                tag: t,
                msg,
            } => {
                h.u32(5);
                for v in [*s, *dst, *t as u32, msg.0] {
                    h.u32(v);
                }
            }
            RecordKind::Unexpected {
                rank,
                msg,
                queue_len,
            } => {
                h.u32(6);
                for v in [*rank, msg.0, *queue_len] {
                    h.u32(v);
                }
            }
            RecordKind::RecvPosted {
                rank,
                src: s,
                tag: t,
                req,
                queued,
            } => {
                h.u32(7);
                h.u32(*rank);
                src(h, s);
                tag(h, t);
                h.u32(req.0);
                h.u32(u32::from(*queued));
            }
            RecordKind::Matched {
                rank,
                src: s,
                tag: t,
                msg,
                req,
                from_unexpected,
            } => {
                h.u32(8);
                for v in [
                    *rank,
                    *s,
                    *t as u32,
                    msg.0,
                    req.0,
                    u32::from(*from_unexpected),
                ] {
                    h.u32(v);
                }
            }
            RecordKind::RdmaIssued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                h.u32(13);
                for v in [*rank, *target, req.0, u32::from(*software)] {
                    h.u32(v);
                }
                match op {
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
                h.u64(completes.as_ps());
            }
            RecordKind::RdmaComplete { rank, req } => {
                h.u32(14);
                h.u32(*rank);
                h.u32(req.0);
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
            RecordKind::Console { rank, text } => {
                h.u32(11);
                h.u32(*rank);
                h.str(text);
            }
            RecordKind::Protocol {
                rank,
                peer,
                tag,
                req,
                step,
                until,
            } => {
                h.u32(15);
                for v in [*rank, *peer, *tag as u32, req.0, step.code()] {
                    h.u32(v);
                }
                h.u64(until.as_ps());
            }
            RecordKind::Done { rank } => {
                h.u32(12);
                h.u32(*rank);
            }
        }
    }
}
