//! Point-to-point messages with MPI matching, as a protocol layer: the eager protocol
//! ([`eager`]) or one of paper 000's request-based matching engines ([`emx`]), chosen per run
//! ([`Matching`]).
//!
//! The layer owns what point-to-point needs beyond the engine's requests: each request's kind
//! (a send's destination and tag, a receive's accepted source, tag and capacity), the messages
//! in flight, each rank's matching queues, the statuses of completed receives until their owner
//! takes them, and the request-based engines' packets and queues. Programs use it through the
//! [`PointToPoint`] extension of `RankCtx`; views read it through `Sim::layer::<P2p>()`.
//!
//! Communicators: every message and receive carries a context id ([`Context`]); matching
//! compares it first, so communicators are separate message spaces. Ranks are world ranks here
//! (the library translates communicator ranks).
//!
//! Diagnostic metadata: a send may carry a [`Note`] (opaque words from the sending library:
//! which call and line sent it, its datatype signature…) that reaches the receiver in the
//! message's [`Status`]; it is not part of the message's size, so it costs no wire bytes, no time
//! and no record. For collectives built on point-to-point, [`PointToPoint::meet`] keeps a
//! ledger of the note the first rank of a communicator brought to each collective call, so a
//! library can tell a later rank that it calls something else at that point (as the one-sided
//! layer's ledger does for window calls).
//!
//! Simplifications (shared by every engine): message order per pair of ranks
//! is the machine's (every model delivers a pair's messages in order), which with first-match
//! matching gives MPI's non-overtaking rule.
//!
//! Above [`SimConfig::eager_limit`](crate::proto::SimConfig::eager_limit) a standard send completes
//! only once matched, through the synchronous-send bookkeeping `MPI_Ssend` uses ([`eager`]). Under
//! paper 000's engines an MPI call costs its caller a library pass (`o`) plus `o` per request
//! packet, charged to the call and shown as an "MPI library" span ([`emx`]). A receive's [`Status`]
//! is the layer's until the library takes it (`PointToPoint::take_received`). Records: `P2pRecord`
//! (sends, arrivals, matches, queues, paper 000's `ProtocolStep`s); collectives' internal tags are
//! named in words by [`internal_tags`].

pub mod eager;
pub mod emx;
pub mod engines;
pub mod happens_before;
mod held;
pub mod ids;
pub mod internal_tags;
pub mod records;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

pub use emx::{Packet, ProtoBox, RecvInfo, RecvMode, SendInfo};
pub use engines::{Matching, Protocol, ENGINES};
pub use ids::{Context, Envelope, Note, Source, Status, TagSel, WORLD};
pub use internal_tags::{collective_of, tag_label, tag_label_in, COLLECTIVE_KINDS};
pub use records::{P2pRecord, ProtocolStep};

use crate::engine::slab::{IdMap, Slab};
use crate::engine::{
    Delivery, EventCodec, Io, Layer, LayerEvent, LayerFailure, MsgId, OpError, Pending, Rank,
    RankCtx, ReqId,
};
use crate::time::SimTime;

/// The largest message the eager engine sends eagerly by default: what Debian's MPICH 4.0.2
/// (ch4:ucx), the MPI the differential test runs, sends eagerly between two processes of one
/// machine — measured by bisection with two ranks that both `MPI_Send` `n` bytes of `MPI_BYTE`
/// before receiving: 8,251 bytes complete, 8,252 hang (UCX's rendezvous threshold). MPICH's ch3
/// device documents 131,072 (`MPIR_CVAR_CH3_EAGER_MAX_MSG_SIZE`); other MPIs and networks choose
/// others. A standard send above it completes only once its receive matched it (rendezvous);
/// [`SimConfig::eager_limit`] changes it.
///
/// [`SimConfig::eager_limit`]: crate::proto::SimConfig::eager_limit
pub const DEFAULT_EAGER_LIMIT: u64 = 8_251;

/// Open MPI's eager limit over TCP (`btl_tcp_eager_limit`, 64 KiB by default in Open MPI 3.1),
/// for paper 002's cluster: its k = 63 KiB is "the largest eager size" of that Open MPI, so
/// its sends are eager.
pub const OPEN_MPI_TCP_EAGER_LIMIT: u64 = 64 * 1024;

/// A point-to-point request's kind and parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReqKind {
    /// A send.
    Send {
        /// The communicator's context.
        context: Context,
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// Size.
        bytes: u64,
    },
    /// A receive.
    Recv {
        /// The receiver.
        rank: Rank,
        /// The communicator's context.
        context: Context,
        /// Accepted source.
        src: Source,
        /// Accepted tag.
        tag: TagSel,
        /// Buffer capacity in bytes.
        capacity: u64,
    },
}

/// A message in flight or waiting in an unexpected queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The communicator's context.
    pub context: Context,
    /// Sender.
    pub src: Rank,
    /// Destination.
    pub dst: Rank,
    /// Tag.
    pub tag: i32,
    /// Size.
    pub bytes: u64,
    /// Payload (may be empty when only the size matters).
    pub data: Vec<u8>,
    /// A synchronous send's request (`MPI_Ssend`): it completes only once this message is
    /// matched (and its data left).
    pub sync: Option<ReqId>,
    /// The sending library's diagnostic metadata (no wire bytes, no time; see [`Note`]).
    pub note: Note,
}

impl Message {
    /// Whether a receive on `context` from `src` with `tag` accepts this message.
    pub fn matches(&self, context: Context, src: Source, tag: TagSel) -> bool {
        self.context == context && src.accepts(self.src) && tag.accepts(self.tag)
    }
}

/// Where a synchronous send is: it completes when both happened.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SyncSend {
    /// Its data left the sender.
    left: bool,
    /// Its message was matched by a receive.
    matched: bool,
}

/// A rank's matching queues under the eager engine, allocated only while non-empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mailbox {
    /// Posted receives not yet matched, in posting order.
    pub posted: VecDeque<ReqId>,
    /// Arrived messages not yet matched, in arrival order.
    pub unexpected: VecDeque<MsgId>,
    /// Receives held back in a run that explores every match (see [`held`]): a wildcard
    /// receive first, then the receives of its communicator posted after it, in posting order.
    pub held: VecDeque<ReqId>,
}

/// A completed receive or send taken back by its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// For receives: who sent, which tag, how many bytes. `None` for sends.
    pub status: Option<Status>,
    /// For receives: the bytes delivered (empty when the sender sent only a size).
    pub data: Vec<u8>,
}

/// The layer's events.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum P2pEvent {
    /// A send's data has left the sender: the send request completes.
    SendDone(ReqId),
    /// A message reaches its destination (eager).
    Arrive(MsgId),
    /// A protocol packet reaches its target's input buffer (request-based engines).
    Packet(u32),
    /// A protocol packet's handler finished on the target processor.
    Handler(u32),
    /// A message's data is in the receive buffer: the receive completes, and a receiver
    /// waiting for it takes its processor to wake up (paper 000's I-structure wake-up).
    Landed(ReqId, MsgId),
    /// The receiver wrote a send's completion flag into the sender's request.
    FlagSet(ReqId),
}

impl EventCodec for P2pEvent {
    fn encode(self) -> LayerEvent {
        let (code, a, b) = match self {
            P2pEvent::SendDone(r) => (0, r.0, 0),
            P2pEvent::Arrive(m) => (1, m.0, 0),
            P2pEvent::Packet(p) => (2, p, 0),
            P2pEvent::Handler(p) => (3, p, 0),
            P2pEvent::Landed(r, m) => (4, r.0, m.0),
            P2pEvent::FlagSet(r) => (5, r.0, 0),
        };
        LayerEvent { code, a, b }
    }

    fn decode(e: LayerEvent) -> P2pEvent {
        match e.code {
            0 => P2pEvent::SendDone(ReqId(e.a)),
            1 => P2pEvent::Arrive(MsgId(e.a)),
            2 => P2pEvent::Packet(e.a),
            3 => P2pEvent::Handler(e.a),
            4 => P2pEvent::Landed(ReqId(e.a), MsgId(e.b)),
            5 => P2pEvent::FlagSet(ReqId(e.a)),
            other => unreachable!("no point-to-point event {other}"),
        }
    }
}

/// The point-to-point layer (see the module documentation).
#[derive(Clone, Debug)]
pub struct P2p {
    pub(crate) matching: Matching,
    pub(crate) kinds: IdMap<ReqKind>,
    pub(crate) statuses: IdMap<Status>,
    pub(crate) messages: Slab<Message>,
    /// Eager: each rank's matching queues, allocated only while non-empty.
    pub(crate) mailboxes: Vec<Option<Box<Mailbox>>>,
    /// Request-based engines: each rank's protocol queues, allocated on first use.
    pub(crate) protos: Vec<Option<Box<ProtoBox>>>,
    /// Request-based engines: packets in flight or waiting for their handlers.
    pub(crate) packets: Slab<Packet>,
    /// Synchronous sends not complete yet, by request.
    pub(crate) sync: std::collections::BTreeMap<u32, SyncSend>,
    /// The next send made is synchronous.
    next_sync: bool,
    /// The note of the next send made.
    next_note: Note,
    /// Eager engine: the largest message whose standard send completes once its data left;
    /// a larger one completes only once matched (rendezvous).
    eager_limit: u64,
    /// Collective calls some but not all members made, by (context, sequence number).
    ledger: std::collections::BTreeMap<(Context, Rank, u32), Meeting>,
    /// Ranks that receive nothing any more (`MPI_Finalize`), and the messages already reported
    /// as never received (see [`PointToPoint::close_receiving`]).
    closed: std::collections::BTreeSet<Rank>,
    reported: std::collections::BTreeSet<u32>,
}

/// A message sent and never received, as reported when a rank stops receiving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreceived {
    /// Sender.
    pub src: Rank,
    /// Destination.
    pub dst: Rank,
    /// Tag (negative: a collective's).
    pub tag: i32,
    /// The sending library's note (its call and line).
    pub note: Note,
}

/// The first rank's call at one collective point, and how many members came.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Meeting {
    first: Rank,
    note: Note,
    arrived: u32,
}

impl P2p {
    /// The layer for `ranks` ranks under engine `matching`.
    pub fn new(ranks: u32, matching: Matching) -> P2p {
        let n = ranks as usize;
        P2p {
            matching,
            kinds: IdMap::default(),
            statuses: IdMap::default(),
            messages: Slab::default(),
            mailboxes: if matching == Matching::Eager {
                vec![None; n]
            } else {
                Vec::new()
            },
            protos: if matching == Matching::Eager {
                Vec::new()
            } else {
                vec![None; n]
            },
            packets: Slab::default(),
            sync: std::collections::BTreeMap::new(),
            next_sync: false,
            next_note: Note::default(),
            eager_limit: DEFAULT_EAGER_LIMIT,
            ledger: std::collections::BTreeMap::new(),
            closed: std::collections::BTreeSet::new(),
            reported: std::collections::BTreeSet::new(),
        }
    }

    /// `MPI_Iprobe`: the status of the first message waiting at `rank` that a receive from `src`
    /// with `tag` would match now — under eager, one that arrived and is unexpected; under the
    /// request-based engines, one whose send request reached `rank` (receiver-only engines never
    /// tell the receiver about a send before it asks, so a probe there finds messages only once
    /// the sender's data is on its way).
    pub fn probe(&self, rank: Rank, context: Context, src: Source, tag: TagSel) -> Option<Status> {
        let status = |m: &Message| Status {
            source: m.src,
            tag: m.tag,
            bytes: m.bytes,
            truncated: false,
            note: m.note,
        };
        if self.matching == Matching::Eager {
            let mb = self.mailboxes.get(rank as usize)?.as_ref()?;
            return mb.unexpected.iter().find_map(|id| {
                let m = self.messages.get(id.0)?;
                m.matches(context, src, tag).then(|| status(m))
            });
        }
        let proto = self.protos.get(rank as usize)?.as_ref()?;
        proto.send_requests.iter().find_map(|info| {
            let m = self.messages.get(info.msg.0)?;
            m.matches(context, src, tag).then(|| status(m))
        })
    }

    /// `MPI_Issend`: like [`P2p::isend`], but the request completes only once a receive matched
    /// the message.
    pub fn issend(&mut self, io: &mut Io<'_>, env: Envelope, bytes: u64, data: Vec<u8>) -> ReqId {
        self.next_sync = true;
        let req = self.isend(io, env, bytes, data);
        self.next_sync = false;
        req
    }

    /// A synchronous send's data left (`true`: complete it now) — or its message was matched.
    /// Sends that are not synchronous complete at once.
    fn sync_progress(&mut self, req: ReqId, matched: bool) -> bool {
        let Some(state) = self.sync.get_mut(&req.0) else {
            return !matched;
        };
        if matched {
            state.matched = true;
        } else {
            state.left = true;
        }
        let done = state.left && state.matched;
        if done {
            self.sync.remove(&req.0);
        }
        done
    }

    /// The layer with `limit` as the eager engine's eager limit (bytes).
    pub fn with_eager_limit(mut self, limit: u64) -> P2p {
        self.eager_limit = limit;
        self
    }

    /// The eager engine's eager limit in bytes (see [`DEFAULT_EAGER_LIMIT`]).
    pub fn eager_limit(&self) -> u64 {
        self.eager_limit
    }

    /// The point-to-point engine of the run.
    pub fn matching(&self) -> Matching {
        self.matching
    }

    /// A rank's eager matching queues (`None` when both are empty, or under another engine).
    pub fn mailbox(&self, rank: Rank) -> Option<&Mailbox> {
        self.mailboxes.get(rank as usize)?.as_deref()
    }

    /// A rank's protocol queues under one of paper 000's engines (`None` before first use, or
    /// with the eager engine).
    pub fn protocol_queues(&self, rank: Rank) -> Option<&ProtoBox> {
        self.protos.get(rank as usize)?.as_deref()
    }

    /// What a live point-to-point request is.
    pub fn kind(&self, req: ReqId) -> Option<&ReqKind> {
        self.kinds.get(req.0)
    }

    /// A message in flight or queued.
    pub fn message(&self, msg: MsgId) -> Option<&Message> {
        self.messages.get(msg.0)
    }

    /// `MPI_Isend`: starts sending `bytes` bytes (with optional real `data`) from
    /// `env.src` to `env.dst` under `env.tag` on the communicator with `env.context`.
    pub fn isend(&mut self, io: &mut Io<'_>, env: Envelope, bytes: u64, data: Vec<u8>) -> ReqId {
        if self.matching == Matching::Eager {
            self.eager_isend(io, env, bytes, data)
        } else {
            self.proto_isend(io, env, bytes, data)
        }
    }

    /// `MPI_Irecv`: starts receiving up to `capacity` bytes at `rank` from `src` with `tag` on
    /// the communicator with `context`.
    pub fn irecv(
        &mut self,
        io: &mut Io<'_>,
        context: Context,
        rank: Rank,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> ReqId {
        if self.matching == Matching::Eager {
            self.eager_irecv(io, context, rank, src, tag, capacity)
        } else {
            self.proto_irecv(io, context, rank, src, tag, capacity)
        }
    }

    /// A send request of `src` and its payload in flight.
    pub(crate) fn new_send(
        &mut self,
        io: &mut Io<'_>,
        env: Envelope,
        bytes: u64,
        data: Vec<u8>,
    ) -> (ReqId, MsgId) {
        let Envelope {
            context,
            src,
            dst,
            tag,
        } = env;
        let req = io.new_request(src);
        self.kinds.insert(
            req.0,
            ReqKind::Send {
                context,
                dst,
                tag,
                bytes,
            },
        );
        let sync = std::mem::take(&mut self.next_sync).then_some(req);
        if sync.is_some() {
            self.sync.insert(req.0, SyncSend::default());
        }
        let msg = MsgId(self.messages.insert(Message {
            context,
            src,
            dst,
            tag,
            bytes,
            data,
            sync,
            note: std::mem::take(&mut self.next_note),
        }));
        (req, msg)
    }

    /// A receive request of `rank`.
    pub(crate) fn new_recv(
        &mut self,
        io: &mut Io<'_>,
        context: Context,
        rank: Rank,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> ReqId {
        let req = io.new_request(rank);
        self.kinds.insert(
            req.0,
            ReqKind::Recv {
                rank,
                context,
                src,
                tag,
                capacity,
            },
        );
        req
    }

    /// Whether receive `req` accepts message `msg`.
    /// A message in words: "a message with tag 0, 4 bytes".
    pub(crate) fn describe_message(&self, msg: MsgId) -> String {
        self.messages.get(msg.0).map_or_else(String::new, |m| {
            // User tags are never negative: the MPI library's collectives use those.
            let what = if let Some(name) = collective_of(m.tag) {
                format!("a message of {name}")
            } else if m.context == WORLD {
                format!("a message with tag {}", m.tag)
            } else {
                format!("a message with tag {} on another communicator", m.tag)
            };
            format!("{what}, {} bytes", m.bytes)
        })
    }

    pub(crate) fn accepts(&self, req: ReqId, msg: MsgId) -> bool {
        match (self.kinds.get(req.0), self.messages.get(msg.0)) {
            (
                Some(ReqKind::Recv {
                    context, src, tag, ..
                }),
                Some(m),
            ) => m.matches(*context, *src, *tag),
            _ => false,
        }
    }

    /// Completes receive `req` with message `msg` (its data, status and record); returns its
    /// owner (not woken yet).
    pub(crate) fn complete_receive(
        &mut self,
        io: &mut Io<'_>,
        msg: MsgId,
        req: ReqId,
        from_unexpected: bool,
    ) -> Rank {
        let m = self
            .messages
            .remove(msg.0)
            .expect("matched message is live");
        let capacity = match self.kinds.get(req.0) {
            Some(ReqKind::Recv { capacity, .. }) => *capacity,
            _ => unreachable!("only receives are matched"),
        };
        let truncated = m.bytes > capacity;
        let mut data = m.data;
        data.truncate(usize::try_from(capacity).unwrap_or(usize::MAX));
        self.statuses.insert(
            req.0,
            Status {
                source: m.src,
                tag: m.tag,
                bytes: m.bytes.min(capacity),
                truncated,
                note: m.note,
            },
        );
        io.set_data(req, data);
        if let Some(send) = m.sync {
            if self.sync_progress(send, true) {
                let sender = self.complete_send(io, send);
                io.wake(sender);
            }
        }
        let owner = io.complete(req);
        io.record(P2pRecord::Matched {
            rank: owner,
            src: m.src,
            tag: m.tag,
            msg,
            req,
            from_unexpected,
        });
        owner
    }

    /// A send completed (its data left, or its completion flag was written): record it and
    /// return its owner.
    pub(crate) fn complete_send(&mut self, io: &mut Io<'_>, req: ReqId) -> Rank {
        let owner = io.complete(req);
        io.record(P2pRecord::SendComplete { rank: owner, req });
        owner
    }
}

/// " on communicator context 3" (nothing for `MPI_COMM_WORLD`'s, so its reports read as before).
fn on_context(context: Context) -> String {
    if context == WORLD {
        String::new()
    } else {
        format!(" on communicator context {context}")
    }
}

impl P2p {
    /// For a deadlock report: a message to `rank` that a receive on `context` from `src` with
    /// `tag` would take if only it had been sent on the same communicator.
    fn elsewhere(&self, rank: Rank, context: Context, src: Source, tag: TagSel) -> String {
        let found = self
            .messages
            .iter()
            .find(|(_, m)| m.dst == rank && m.context != context && m.matches(m.context, src, tag));
        match found {
            Some((_, m)) => format!(
                "; a message from rank {} {} is waiting for rank {rank}, but it was sent on a different communicator (context {}, this receive's is {context}): messages never cross communicators",
                m.src,
                match collective_of(m.tag) {
                    Some(name) => format!("for {name}"),
                    None => format!("with tag {}", m.tag),
                },
                m.context
            ),
            None => String::new(),
        }
    }
}

impl Layer for P2p {
    type Event = P2pEvent;

    fn on_event(&mut self, event: P2pEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match event {
            P2pEvent::SendDone(req) => {
                if self.sync_progress(req, false) {
                    let owner = self.complete_send(io, req);
                    io.wake(owner);
                }
            }
            P2pEvent::Arrive(msg) => self.arrive(io, msg),
            P2pEvent::Packet(id) => self.packet_arrived(io, id),
            P2pEvent::Handler(id) => self.handler_done(io, id),
            P2pEvent::Landed(req, msg) => self.landed(io, req, msg),
            P2pEvent::FlagSet(req) => {
                if self.sync_progress(req, false) {
                    let owner = self.complete_send(io, req);
                    io.wake_on_processor(owner);
                }
            }
        }
        Ok(())
    }

    fn on_taken(&mut self, req: ReqId) {
        self.kinds.remove(req.0);
        self.statuses.remove(req.0);
    }

    /// An eager message reaching its destination: the network may land racing ones in another
    /// order (a run where the user is the network).
    fn delivery(&self, event: P2pEvent) -> Option<Delivery> {
        match event {
            P2pEvent::Arrive(msg) => self.messages.get(msg.0).map(|m| Delivery {
                from: m.src,
                to: m.dst,
            }),
            _ => None,
        }
    }

    fn describe_delivery(&self, event: P2pEvent) -> String {
        match event {
            P2pEvent::Arrive(msg) => self.describe_message(msg),
            _ => String::new(),
        }
    }

    fn on_quiet(&mut self, io: &mut Io<'_>) -> Result<bool, LayerFailure> {
        self.resolve_held(io)
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        Some(match self.kinds.get(req.0)? {
            ReqKind::Recv {
                rank,
                context,
                src,
                tag,
                ..
            } => Pending {
                what: format!(
                    "{req}: a receive from {src}, {tag}{}{}",
                    on_context(*context),
                    self.elsewhere(*rank, *context, *src, *tag)
                ),
                on: match src {
                    Source::Rank(s) => Some(*s),
                    Source::Any => None,
                },
            },
            ReqKind::Send {
                context,
                dst,
                tag,
                bytes,
            } => Pending {
                what: format!(
                    "{req}: a send of {bytes} B to rank {dst}, {}{}",
                    tag_label(*tag),
                    on_context(*context)
                ),
                // A send that completes only once its receive is posted (synchronous, or the
                // sync protocol) waits for its destination.
                on: (self.sync.contains_key(&req.0)
                    || self.matching.protocol() == Some(Protocol::Sync))
                .then_some(*dst),
            },
        })
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <P2pRecord as crate::trace::RecordCodec>::KINDS
    }

    fn heap_bytes(&self) -> usize {
        self.mailboxes.capacity() * std::mem::size_of::<Option<Box<Mailbox>>>()
            + self.messages.heap_bytes()
            + self.packets.heap_bytes()
            + self.protos.capacity() * std::mem::size_of::<Option<Box<ProtoBox>>>()
            + self.kinds.heap_bytes()
            + self.statuses.heap_bytes()
            + self.sync.len() * std::mem::size_of::<(u32, SyncSend)>() * 2
            + self.ledger.len() * std::mem::size_of::<((Context, Rank, u32), Meeting)>() * 2
    }
}

/// Point-to-point operations of a running rank (an extension of `RankCtx`).
pub trait PointToPoint {
    /// Starts sending `bytes` bytes (with optional real `data`) to `dst` under `tag` on
    /// `MPI_COMM_WORLD`. Eager: the request completes when the data has left this rank.
    fn isend(&mut self, dst: i64, tag: i32, bytes: u64, data: Vec<u8>) -> Result<ReqId, OpError> {
        self.isend_on(WORLD, dst, tag, bytes, data)
    }
    /// Starts receiving up to `capacity` bytes from `src` with `tag` on `MPI_COMM_WORLD`.
    fn irecv(&mut self, src: Source, tag: TagSel, capacity: u64) -> Result<ReqId, OpError> {
        self.irecv_on(WORLD, src, tag, capacity)
    }
    /// [`PointToPoint::isend`] on the communicator with `context` (`dst` a world rank).
    fn isend_on(
        &mut self,
        context: Context,
        dst: i64,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
    ) -> Result<ReqId, OpError> {
        self.isend_noted(context, dst, tag, bytes, data, false, Note::default())
    }
    /// [`PointToPoint::irecv`] on the communicator with `context` (`src` a world rank).
    fn irecv_on(
        &mut self,
        context: Context,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> Result<ReqId, OpError>;
    /// Takes a completed request back like `RankCtx::take`, with a receive's status.
    fn take_received(&mut self, req: ReqId) -> Result<Option<Received>, OpError>;
    /// A completed receive's status, leaving the request in place (`MPI_Request_get_status`);
    /// `None` for a send or a request not complete.
    fn peek_status(&self, req: ReqId) -> Option<Status>;
    /// A request that is complete at once and moves nothing (a send to or a receive from
    /// `MPI_PROC_NULL`).
    fn null_request(&mut self) -> ReqId;
    /// Like [`PointToPoint::isend_on`], but the request completes only once a receive matched
    /// the message (`MPI_Ssend`, `MPI_Issend`).
    fn issend_on(
        &mut self,
        context: Context,
        dst: i64,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
    ) -> Result<ReqId, OpError> {
        self.isend_noted(context, dst, tag, bytes, data, true, Note::default())
    }
    /// [`PointToPoint::isend_on`] (or, if `sync`, [`PointToPoint::issend_on`]) with a [`Note`]
    /// for the receiver's checks: the message's size, timing and records are the same.
    #[allow(clippy::too_many_arguments)]
    fn isend_noted(
        &mut self,
        context: Context,
        dst: i64,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
        sync: bool,
        note: Note,
    ) -> Result<ReqId, OpError>;
    /// This rank arrives at the `seq`-th collective call on the communicator with `context`
    /// whose rank 0 is world rank `leader` (the communicators one split makes share a context,
    /// and differ by their rank 0), of `members` ranks, with `note`; the first arrival's rank
    /// and note if another rank came first. Once every member came, the entry is forgotten.
    fn meet(
        &mut self,
        context: Context,
        leader: Rank,
        seq: u32,
        members: u32,
        note: Note,
    ) -> Option<(Rank, Note)>;

    /// `MPI_Cancel` of this rank's receive `req`: `true` if it was still unmatched and is now
    /// complete, cancelled; `false` if a message already matched it (it completes as usual).
    /// Under paper 000's engines only a receive that sent no receive request can be cancelled
    /// (an error says so otherwise).
    fn cancel_recv(&mut self, req: ReqId) -> Result<bool, OpError>;

    /// This rank receives nothing any more (`MPI_Finalize`): the messages sent to it and never
    /// received (in flight or waiting in its queues), and the ones it sent to ranks that had
    /// already stopped receiving — each message reported once. Changes no time,
    /// no record and no trace hash.
    fn close_receiving(&mut self) -> Vec<Unreceived>;
}

impl PointToPoint for RankCtx<'_> {
    fn irecv_on(
        &mut self,
        context: Context,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> Result<ReqId, OpError> {
        self.call::<P2p, _>(|p, io, rank| {
            if let Source::Rank(r) = src {
                io.check_rank(i64::from(r))?;
            }
            Ok(p.irecv(io, context, rank, src, tag, capacity))
        })
    }

    fn cancel_recv(&mut self, req: ReqId) -> Result<bool, OpError> {
        self.call::<P2p, _>(|p, io, rank| {
            if p.matching == Matching::Eager {
                return Ok(p.eager_cancel_recv(io, rank, req));
            }
            p.proto_cancel_recv(io, rank, req).map_err(OpError::Refused)
        })
    }

    fn peek_status(&self, req: ReqId) -> Option<Status> {
        if !self.is_complete(req).unwrap_or(false) {
            return None;
        }
        self.layer::<P2p>()
            .and_then(|p| p.statuses.get(req.0).copied())
    }

    fn take_received(&mut self, req: ReqId) -> Result<Option<Received>, OpError> {
        let status = self
            .layer::<P2p>()
            .and_then(|p| p.statuses.get(req.0).copied());
        Ok(self.take(req)?.map(|c| Received {
            status,
            data: c.data,
        }))
    }

    fn isend_noted(
        &mut self,
        context: Context,
        dst: i64,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
        sync: bool,
        note: Note,
    ) -> Result<ReqId, OpError> {
        self.call::<P2p, _>(|p, io, rank| {
            let dst = io.check_rank(dst)?;
            // `new_send` takes the note into the message.
            p.next_note = note;
            let envelope = Envelope {
                context,
                src: rank,
                dst,
                tag,
            };
            Ok(if sync {
                p.issend(io, envelope, bytes, data)
            } else {
                p.isend(io, envelope, bytes, data)
            })
        })
    }

    fn meet(
        &mut self,
        context: Context,
        leader: Rank,
        seq: u32,
        members: u32,
        note: Note,
    ) -> Option<(Rank, Note)> {
        self.call::<P2p, _>(|p, _, rank| {
            let entry = p.ledger.entry((context, leader, seq)).or_insert(Meeting {
                first: rank,
                note,
                arrived: 0,
            });
            entry.arrived += 1;
            let first = (entry.first != rank).then_some((entry.first, entry.note));
            if entry.arrived >= members {
                p.ledger.remove(&(context, leader, seq));
            }
            first
        })
    }

    fn close_receiving(&mut self) -> Vec<Unreceived> {
        self.call::<P2p, _>(|p, _, rank| {
            p.closed.insert(rank);
            let found: Vec<(u32, Unreceived)> = p
                .messages
                .iter()
                .filter(|(id, m)| {
                    !p.reported.contains(id)
                        && (m.dst == rank || (m.src == rank && p.closed.contains(&m.dst)))
                })
                .map(|(id, m)| {
                    (
                        id,
                        Unreceived {
                            src: m.src,
                            dst: m.dst,
                            tag: m.tag,
                            note: m.note,
                        },
                    )
                })
                .collect();
            p.reported.extend(found.iter().map(|(id, _)| *id));
            found.into_iter().map(|(_, u)| u).collect()
        })
    }

    fn null_request(&mut self) -> ReqId {
        self.call::<P2p, _>(|_, io, rank| {
            let req = io.new_request(rank);
            io.complete(req);
            req
        })
    }
}

/// One pass of an MPI call through the library (the software overhead `o`).
pub(crate) fn library_pass(io: &Io<'_>) -> SimTime {
    io.machine_ref().loggp().overhead
}
