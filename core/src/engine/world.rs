//! The simulator's state apart from the programs: time, the event queue, the machine, rank
//! states, requests, messages in flight, matching queues and the trace. Point-to-point operations
//! (eager send, receive, MPI matching with non-overtaking order) live here.
//!
//! Model: a send is eager — the data travels at once and the send request completes when the data
//! has left the sender (`Transfer::sender_free`). On arrival the message meets the first posted
//! receive (in posting order) that accepts its source and tag, or waits in the destination's
//! unexpected queue; a new receive first scans that queue in arrival order. Because the machine
//! models deliver messages between one pair of ranks in order, this gives MPI's non-overtaking
//! rule. Simplifications: no rendezvous protocol, no sender CPU overhead beyond what the machine
//! charges to the transfer, one communicator.

use std::collections::{BTreeMap, VecDeque};

use super::event::Event;
use super::ids::{MsgId, Rank, ReqId, Source, Status, TagSel};
use super::limits::Limits;
use super::matching::Matching;
use super::program::{Completion, OpError};
use super::protocol::{Packet, ProtoBox};
use super::queue::EventQueue;
use super::rma::Rma;
use super::slab::Slab;
use crate::locks::{Algorithm, MemOp, Memory, Until};
use crate::machine::{Machine, RdmaOp};
use crate::rng::SplitMix64;
use crate::time::SimTime;
use crate::trace::{Record, RecordKind, Trace};

/// What a rank is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankState {
    /// Will be resumed by an event already in the queue.
    Ready,
    /// Computing until a resume event.
    Computing,
    /// Waiting for requests.
    Blocked(Wait),
    /// Waiting until a word of its own one-sided memory satisfies a condition (a local spin
    /// that costs no events: a write to the word wakes it).
    Spinning {
        /// The word's index.
        word: u32,
        /// The condition.
        until: Until,
    },
    /// Finished.
    Done,
}

/// What a blocked rank waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    /// One request.
    One(ReqId),
    /// All of these.
    All(Box<[ReqId]>),
    /// Any one of these.
    Any(Box<[ReqId]>),
}

impl Wait {
    /// The requests waited on.
    pub fn requests(&self) -> &[ReqId] {
        match self {
            Wait::One(r) => std::slice::from_ref(r),
            Wait::All(rs) | Wait::Any(rs) => rs,
        }
    }
}

/// A request's kind and parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReqKind {
    /// A send.
    Send {
        /// Destination.
        dst: Rank,
        /// Tag.
        tag: i32,
        /// Size.
        bytes: u64,
    },
    /// A receive.
    Recv {
        /// Accepted source.
        src: Source,
        /// Accepted tag.
        tag: TagSel,
        /// Buffer capacity in bytes.
        capacity: u64,
    },
    /// A one-sided operation on another rank's memory.
    Rdma {
        /// The rank whose memory is accessed.
        target: Rank,
        /// What is done there.
        op: RdmaOp,
        /// The operation on a memory word it carries out, if it has values (else timing only).
        mem: Option<MemOp>,
    },
}

/// An outstanding or completed operation of one rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The rank that started it.
    pub owner: Rank,
    /// What it is.
    pub kind: ReqKind,
    /// Whether it completed.
    pub done: bool,
    /// For completed receives.
    pub status: Option<Status>,
    /// For completed receives: data delivered.
    pub data: Vec<u8>,
}

/// A message in flight or waiting in an unexpected queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
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
}

/// A rank's matching queues, allocated only while non-empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mailbox {
    /// Posted receives not yet matched, in posting order.
    pub posted: VecDeque<ReqId>,
    /// Arrived messages not yet matched, in arrival order.
    pub unexpected: VecDeque<MsgId>,
}

/// One line a rank printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleLine {
    /// When.
    pub time: SimTime,
    /// Who.
    pub rank: Rank,
    /// What.
    pub text: String,
}

/// Everything but the programs.
#[derive(Clone, Debug)]
pub struct World {
    pub(crate) now: SimTime,
    pub(crate) size: u32,
    pub(crate) queue: EventQueue<Event>,
    pub(crate) machine: Machine,
    pub(crate) states: Vec<RankState>,
    pub(crate) mailboxes: Vec<Option<Box<Mailbox>>>,
    pub(crate) requests: Slab<Request>,
    pub(crate) messages: Slab<Message>,
    pub(crate) trace: Trace,
    pub(crate) console: Vec<ConsoleLine>,
    /// When each rank's software is done with the one-sided requests it emulates (only ranks
    /// that were targets of software-emulated operations appear).
    pub(crate) software_busy: BTreeMap<Rank, SimTime>,
    pub(crate) limits: Limits,
    pub(crate) events: u64,
    pub(crate) finished: u32,
    /// The point-to-point engine.
    pub(crate) matching: Matching,
    /// Each rank's protocol queues (request-based engines), allocated on first use.
    pub(crate) protos: Vec<Option<Box<ProtoBox>>>,
    /// Protocol packets in flight or waiting for their handlers.
    pub(crate) packets: Slab<Packet>,
    /// Each rank's words of one-sided memory (`SimConfig::words_per_rank`).
    pub(crate) memory: Memory,
    /// Processor time the running rank's current MPI call spent issuing its operations
    /// (request-based engines only); the library charges it to the caller and resets it.
    pub(crate) call_time: SimTime,
    /// Lock-algorithm memory operations in flight, recorded as steps when they take effect.
    pub(crate) lock_steps: BTreeMap<ReqId, Algorithm>,
    /// Reorders same-time events (`SimConfig::perturb`).
    pub(crate) perturb: Option<SplitMix64>,
    /// How the MPI library takes passive-target locks (`SimConfig::lock_scheme`).
    pub(crate) lock_scheme: crate::locks::LockScheme,
    /// One-sided accesses to windows in flight, exposed window parts, the collective ledger.
    pub(crate) rma: Rma,
}

impl World {
    pub(crate) fn record(&mut self, kind: RecordKind) {
        self.trace.push(Record {
            time: self.now,
            kind,
        });
    }

    pub(crate) fn check_rank(&self, rank: i64) -> Result<Rank, OpError> {
        match u32::try_from(rank) {
            Ok(r) if r < self.size => Ok(r),
            _ => Err(OpError::InvalidRank {
                rank,
                size: self.size,
            }),
        }
    }

    fn mailbox(&mut self, rank: Rank) -> &mut Mailbox {
        self.mailboxes[rank as usize].get_or_insert_with(Box::default)
    }

    /// Frees a rank's mailbox once both queues are empty, so idle ranks cost no heap.
    fn tidy_mailbox(&mut self, rank: Rank) {
        let slot = &mut self.mailboxes[rank as usize];
        if slot
            .as_ref()
            .is_some_and(|m| m.posted.is_empty() && m.unexpected.is_empty())
        {
            *slot = None;
        }
    }

    /// A send request of `src` and its payload in flight.
    pub(crate) fn new_send(
        &mut self,
        src: Rank,
        dst: Rank,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
    ) -> (ReqId, MsgId) {
        let req = ReqId(self.requests.insert(Request {
            owner: src,
            kind: ReqKind::Send { dst, tag, bytes },
            done: false,
            status: None,
            data: Vec::new(),
        }));
        let msg = MsgId(self.messages.insert(Message {
            src,
            dst,
            tag,
            bytes,
            data,
        }));
        (req, msg)
    }

    /// A receive request of `rank`.
    pub(crate) fn new_recv(
        &mut self,
        rank: Rank,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> ReqId {
        ReqId(self.requests.insert(Request {
            owner: rank,
            kind: ReqKind::Recv { src, tag, capacity },
            done: false,
            status: None,
            data: Vec::new(),
        }))
    }

    pub(crate) fn isend(
        &mut self,
        src: Rank,
        dst: Rank,
        tag: i32,
        bytes: u64,
        data: Vec<u8>,
    ) -> ReqId {
        if self.matching != Matching::Eager {
            return self.proto_isend(src, dst, tag, bytes, data);
        }
        let (req, msg) = self.new_send(src, dst, tag, bytes, data);
        let transfer = self.machine.message(self.now, src, dst, bytes);
        // The receiver's CPU overhead (LogGP `o`) is paid before the message can be matched.
        let arrives = transfer.arrival + transfer.target_cpu;
        self.record(RecordKind::SendPosted {
            rank: src,
            dst,
            tag,
            bytes,
            msg,
            req,
            sender_free: transfer.sender_free,
            arrives,
        });
        for note in transfer.notes {
            self.record(RecordKind::Hardware {
                rank: src,
                msg: Some(msg),
                note: note.to_string(),
            });
        }
        self.queue.push(transfer.sender_free, Event::SendDone(req));
        self.queue.push(arrives, Event::Arrive(msg));
        req
    }

    /// Starts a one-sided operation. With hardware support it completes when the machine says the
    /// result (or acknowledgement) is back; without (e.g. FX10 atomics), it becomes a request
    /// message to the target, executed there on arrival and answered with a reply message.
    /// The target's software handles such requests one at a time, each a handler on its
    /// processor costing `[cpu] handler_us` (the link's `o` if the profile gives none).
    /// Simplification: it runs them as soon as they arrive (as if the target were always inside
    /// MPI progress) and on a timeline of its own, not stealing the rank's compute time.
    /// With `mem`, the operation also carries out that memory-word operation at the target when
    /// it takes effect there (`Event::MemApply`; in software, when the target executes it).
    pub(crate) fn rdma(
        &mut self,
        origin: Rank,
        target: Rank,
        op: RdmaOp,
        mem: Option<MemOp>,
    ) -> ReqId {
        let req = ReqId(self.requests.insert(Request {
            owner: origin,
            kind: ReqKind::Rdma { target, op, mem },
            done: false,
            status: None,
            data: Vec::new(),
        }));
        self.issue_rdma(req, origin, target, op, false);
        req
    }

    /// Times the one-sided request `req` on the machine (or, with `software`, as a request to
    /// the target's software whatever the hardware) and schedules its events.
    pub(crate) fn issue_rdma(
        &mut self,
        req: ReqId,
        origin: Rank,
        target: Rank,
        op: RdmaOp,
        software: bool,
    ) {
        let transfer = if software {
            None
        } else {
            Some(self.machine.rdma(self.now, origin, target, op))
        };
        let (event, at) = match &transfer {
            Some(t) if !t.software => {
                if self.carries_values(req) {
                    self.queue.push(t.arrival, Event::MemApply(req));
                }
                (Event::RdmaDone(req), t.origin_complete)
            }
            _ => {
                let t = self
                    .machine
                    .message(self.now, origin, target, op.request_bytes());
                (Event::RdmaSoftware(req), t.arrival + t.target_cpu)
            }
        };
        self.record(RecordKind::RdmaIssued {
            rank: origin,
            target,
            op,
            req,
            software: transfer.as_ref().is_none_or(|t| t.software),
            completes: at,
        });
        for note in transfer.map(|t| t.notes).unwrap_or_default() {
            self.record(RecordKind::Hardware {
                rank: origin,
                msg: None,
                note: note.to_string(),
            });
        }
        self.queue.push(at, event);
    }

    /// Whether the one-sided request `req` changes values at its target (a memory word or a
    /// window), so it needs an `Event::MemApply`.
    fn carries_values(&self, req: ReqId) -> bool {
        self.mem_of(req).is_some() || self.is_window_access(req)
    }

    fn rdma_parts(&self, req: ReqId) -> (Rank, Rank, RdmaOp) {
        let r = self.requests.get(req.0).expect("rdma request is live");
        match r.kind {
            ReqKind::Rdma { target, op, .. } => (r.owner, target, op),
            ReqKind::Send { .. } | ReqKind::Recv { .. } => {
                unreachable!("RDMA events carry one-sided requests")
            }
        }
    }

    /// A software-emulated one-sided operation reached its target: the target's software executes
    /// it after the ones before it, then replies.
    pub(crate) fn rdma_software(&mut self, req: ReqId) {
        let (origin, target, op) = self.rdma_parts(req);
        let busy = self.software_busy.get(&target).copied().unwrap_or_default();
        let start = self.now.max(busy);
        let finish = start + self.machine.handler_cost();
        self.software_busy.insert(target, finish);
        if self.carries_values(req) {
            self.queue.push(finish, Event::MemApply(req));
        }
        let queued = start.saturating_sub(self.now);
        let why = match self.window_software_reason(req) {
            Some(reason) => reason.to_string(),
            None => format!("no hardware for {op}"),
        };
        self.record(RecordKind::Hardware {
            rank: target,
            msg: None,
            note: format!(
                "{why}: rank {target}'s software executes it for rank {origin} after waiting {queued} behind earlier requests, then replies"
            ),
        });
        self.queue.push(finish, Event::RdmaReply(req));
    }

    /// The target's software sends the result of a one-sided operation back.
    pub(crate) fn rdma_reply(&mut self, req: ReqId) {
        let (origin, target, op) = self.rdma_parts(req);
        let reply = self
            .machine
            .message(self.now, target, origin, op.response_bytes());
        self.queue
            .push(reply.arrival + reply.target_cpu, Event::RdmaDone(req));
    }

    /// A one-sided operation completed at its origin.
    pub(crate) fn rdma_done(&mut self, req: ReqId) {
        let r = self.requests.get_mut(req.0).expect("rdma request is live");
        r.done = true;
        let owner = r.owner;
        self.record(RecordKind::RdmaComplete { rank: owner, req });
        self.wake(owner);
    }

    pub(crate) fn irecv(&mut self, rank: Rank, src: Source, tag: TagSel, capacity: u64) -> ReqId {
        if self.matching != Matching::Eager {
            return self.proto_irecv(rank, src, tag, capacity);
        }
        let req = self.new_recv(rank, src, tag, capacity);
        let waiting = self.mailboxes[rank as usize].as_ref().and_then(|mb| {
            mb.unexpected.iter().position(|m| {
                let msg = self.messages.get(m.0).expect("queued message is live");
                src.accepts(msg.src) && tag.accepts(msg.tag)
            })
        });
        match waiting {
            Some(pos) => {
                let msg = self
                    .mailbox(rank)
                    .unexpected
                    .remove(pos)
                    .expect("position is in range");
                self.tidy_mailbox(rank);
                self.record(RecordKind::RecvPosted {
                    rank,
                    src,
                    tag,
                    req,
                    queued: false,
                });
                self.deliver(msg, req, true);
            }
            None => {
                self.mailbox(rank).posted.push_back(req);
                self.record(RecordKind::RecvPosted {
                    rank,
                    src,
                    tag,
                    req,
                    queued: true,
                });
            }
        }
        req
    }

    /// A message reaches its destination: match it or queue it.
    pub(crate) fn arrive(&mut self, msg: MsgId) {
        let (src, dst, tag) = {
            let m = self.messages.get(msg.0).expect("arriving message is live");
            (m.src, m.dst, m.tag)
        };
        self.record(RecordKind::Arrived { src, dst, tag, msg });
        let posted = self.mailboxes[dst as usize].as_ref().and_then(|mb| {
            mb.posted
                .iter()
                .position(|r| match &self.requests.get(r.0).map(|q| &q.kind) {
                    Some(ReqKind::Recv { src: s, tag: t, .. }) => s.accepts(src) && t.accepts(tag),
                    _ => false,
                })
        });
        match posted {
            Some(pos) => {
                let req = self
                    .mailbox(dst)
                    .posted
                    .remove(pos)
                    .expect("position is in range");
                self.tidy_mailbox(dst);
                self.deliver(msg, req, false);
            }
            None => {
                let mb = self.mailbox(dst);
                mb.unexpected.push_back(msg);
                let queue_len = u32::try_from(mb.unexpected.len()).unwrap_or(u32::MAX);
                self.record(RecordKind::Unexpected {
                    rank: dst,
                    msg,
                    queue_len,
                });
            }
        }
    }

    /// Completes receive `req` with message `msg` and wakes its owner.
    pub(crate) fn deliver(&mut self, msg: MsgId, req: ReqId, from_unexpected: bool) {
        let owner = self.complete_receive(msg, req, from_unexpected);
        self.wake(owner);
    }

    /// Completes receive `req` with message `msg`; returns its owner (not woken yet).
    pub(crate) fn complete_receive(
        &mut self,
        msg: MsgId,
        req: ReqId,
        from_unexpected: bool,
    ) -> Rank {
        let m = self
            .messages
            .remove(msg.0)
            .expect("matched message is live");
        let r = self
            .requests
            .get_mut(req.0)
            .expect("matched request is live");
        let capacity = match r.kind {
            ReqKind::Recv { capacity, .. } => capacity,
            ReqKind::Send { .. } | ReqKind::Rdma { .. } => {
                unreachable!("only receives are matched")
            }
        };
        let truncated = m.bytes > capacity;
        let mut data = m.data;
        data.truncate(usize::try_from(capacity).unwrap_or(usize::MAX));
        r.status = Some(Status {
            source: m.src,
            tag: m.tag,
            bytes: m.bytes.min(capacity),
            truncated,
        });
        r.data = data;
        r.done = true;
        let owner = r.owner;
        self.record(RecordKind::Matched {
            rank: owner,
            src: m.src,
            tag: m.tag,
            msg,
            req,
            from_unexpected,
        });
        owner
    }

    pub(crate) fn send_done(&mut self, req: ReqId) {
        let r = self.requests.get_mut(req.0).expect("send request is live");
        r.done = true;
        let owner = r.owner;
        self.record(RecordKind::SendComplete { rank: owner, req });
        self.wake(owner);
    }

    /// Schedules a blocked rank to resume if what it waits for is now satisfied.
    pub(crate) fn wake(&mut self, rank: Rank) {
        if self.unblock(rank) {
            self.queue.push(self.now, Event::Resume(rank));
        }
    }

    /// Marks a blocked rank ready if what it waits for is now satisfied; the caller schedules
    /// its resume. Returns whether it did.
    pub(crate) fn unblock(&mut self, rank: Rank) -> bool {
        let ready =
            matches!(&self.states[rank as usize], RankState::Blocked(w) if self.satisfied(w));
        if ready {
            self.states[rank as usize] = RankState::Ready;
        }
        ready
    }

    pub(crate) fn satisfied(&self, w: &Wait) -> bool {
        let done = |r: &ReqId| self.requests.get(r.0).is_some_and(|q| q.done);
        match w {
            Wait::One(r) => done(r),
            Wait::All(rs) => rs.iter().all(done),
            Wait::Any(rs) => rs.iter().any(done),
        }
    }

    fn own_request(&self, rank: Rank, req: ReqId) -> Result<&Request, OpError> {
        match self.requests.get(req.0) {
            Some(r) if r.owner == rank => Ok(r),
            _ => Err(OpError::InactiveRequest(req)),
        }
    }

    pub(crate) fn request_done(&self, rank: Rank, req: ReqId) -> Result<bool, OpError> {
        self.own_request(rank, req).map(|r| r.done)
    }

    pub(crate) fn take_request(
        &mut self,
        rank: Rank,
        req: ReqId,
    ) -> Result<Option<Completion>, OpError> {
        if !self.own_request(rank, req)?.done {
            return Ok(None);
        }
        let r = self.requests.remove(req.0).expect("checked above");
        Ok(Some(Completion {
            status: r.status,
            data: r.data,
        }))
    }

    pub(crate) fn print(&mut self, rank: Rank, text: String) {
        self.record(RecordKind::Console {
            rank,
            text: text.clone(),
        });
        self.console.push(ConsoleLine {
            time: self.now,
            rank,
            text,
        });
    }

    /// Estimated heap bytes held by the simulator state (for the memory limit).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.queue.heap_bytes()
            + self.states.capacity() * std::mem::size_of::<RankState>()
            + self.mailboxes.capacity() * std::mem::size_of::<Option<Box<Mailbox>>>()
            + self.requests.heap_bytes()
            + self.messages.heap_bytes()
            + self.packets.heap_bytes()
            + self.protos.capacity() * std::mem::size_of::<Option<Box<ProtoBox>>>()
            + self.trace.heap_bytes()
            + self.rma.heap_bytes()
    }
}

impl World {
    /// A copy of everything but the trace records (the caller sets the trace).
    pub(crate) fn clone_without_trace(&self) -> World {
        World {
            now: self.now,
            size: self.size,
            queue: self.queue.clone(),
            machine: self.machine.clone(),
            states: self.states.clone(),
            mailboxes: self.mailboxes.clone(),
            requests: self.requests.clone(),
            messages: self.messages.clone(),
            trace: Trace::new(self.trace.mode()),
            console: self.console.clone(),
            software_busy: self.software_busy.clone(),
            limits: self.limits,
            events: self.events,
            finished: self.finished,
            matching: self.matching,
            protos: self.protos.clone(),
            packets: self.packets.clone(),
            memory: self.memory.clone(),
            call_time: self.call_time,
            lock_steps: self.lock_steps.clone(),
            perturb: self.perturb.clone(),
            lock_scheme: self.lock_scheme,
            rma: self.rma.clone(),
        }
    }
}
