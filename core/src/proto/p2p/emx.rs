//! MPI-EMX's request-based point-to-point protocols (paper 000 Secs. 3–4): receiver-side matching
//! with the sync, get and buffered protocols, and matching on both sides with one-sided send.
//!
//! Model.
//! - **Packets.** A *send request* (buffer, request, tag) goes from sender to receiver; a *receive
//!   request* (buffer, request, tag) from receiver to sender; a *removal* clears an entry of a
//!   request-issued queue. Each is a remote thread invocation: it runs as a handler on the target
//!   processor, so on EM-X it waits behind the block running there (`Machine::admit_handler`).
//!   Handlers cost the profile's handler time (`[cpu] handler_us`, else `o`); what a handler
//!   issues (a remote read, a one-sided write, a flag) pays no further software overhead.
//! - **Hardware transfers.** Remote writes (SYSWR) and reads (SYSRD) use `Machine::rdma` and need
//!   no target processor. Data landing in a user buffer completes the receive; a completion flag
//!   written into the sender's request completes the send. A rank waiting for either wakes up
//!   like a thread woken by an I-structure write: it takes its processor at once (packets that
//!   arrive later wait behind it, FIFO) and continues after `o`.
//! - **Receiver side.** A send request meets the first posted receive (in posting order) that
//!   accepts it and is not already promised to a one-sided send; otherwise it waits in the
//!   receiver's queue of send requests, which a new receive scans in arrival order. sync pulls
//!   the data into the user buffer by remote read and then writes the sender's completion flag;
//!   get does the same, but pulls an unmatched request's data into a temporary buffer at once
//!   (the send completes early); buffered writes the data into a temporary buffer at the
//!   receiver before the send request, and the receive copies it out (at `G` per byte).
//! - **Both sides.** A receive with a specific source and tag also sends a receive request, which
//!   the sender keeps in its associative memory (a FIFO per (receiver, context, tag): the
//!   communicator's context id is part of every key). A send that finds one
//!   there writes the data straight into the user buffer (one-sided send) and tells the receiver
//!   to drop its request-issued entry; otherwise it sends a send request. When both requests
//!   cross, one is ignored (Figs. 6–7): the receive request with buffered, the send request with
//!   sync and get; each side detects the crossing from its request-issued queue. After an
//!   `MPI_ANY_SOURCE`/`MPI_ANY_TAG` receive, later receives hold their receive requests back until
//!   the wildcard receive has matched, then send them in order (Sec. 4.3).
//!
//! - **Calls cost the caller's processor.** `MPI_Isend` and `MPI_Irecv` run in the calling
//!   thread. Each makes one *pass* through the library, costing the software overhead `o` of the
//!   calibrated split (the sender's `o` is its associative-memory match plus issuing the
//!   SYSWR). A remote write or read the call issues is inside its pass; a remote thread
//!   invocation it sends (a send or receive request) costs that packet's own `o` on top, like
//!   any message; copying out of a temporary buffer costs the copy. The library charges this
//!   time to the call (`RankCtx::take_call_time`), so `MPI_Wtime` sees it and, on EM-X, it is
//!   part of the running block. So a failed sender-side match costs a pass *and* a send
//!   request, and a receive with a receive request costs two `o` (Table 1).
//!
//! Deliveries ("You are the network"): none declared yet. Request packets from different
//! senders could race on EM-X's network, and the crossing rules (Figs. 6–7) are meant to hold in
//! any order. But the rules also assume that one sender's packets and remote writes arrive in
//! the order sent (Sec. 4.3's FIFO network): holding a packet back while the same sender's
//! SYSWR data, which is not a delivery, lands would break that order, so the writes must become
//! deliveries with the packets; until then they land in the machine model's order.
//!
//! Simplifications: a request-issued removal is a 2-word packet the caller
//! does not wait for; a local copy streams at the link's `G`; temporary buffers are unbounded.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::engines::Protocol;
use super::{
    library_pass, Context, Envelope, P2p, P2pEvent, P2pRecord, ProtocolStep, ReqKind, Source,
    TagSel,
};
use crate::engine::{Io, MsgId, Rank, ReqId};
use crate::machine::{RdmaOp, Transfer};
use crate::time::SimTime;

/// Bytes of a send or receive request packet (buffer address, request address, tag, size).
const REQUEST_BYTES: u64 = 16;
/// Bytes of a completion flag or request-object write.
const FLAG_BYTES: u64 = 8;

/// A send request as the receiver holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SendInfo {
    /// The sender's request.
    pub send: ReqId,
    /// The communicator's context.
    pub context: Context,
    /// Sender.
    pub src: Rank,
    /// Receiver.
    pub dst: Rank,
    /// Tag.
    pub tag: i32,
    /// Size.
    pub bytes: u64,
    /// The payload.
    pub msg: MsgId,
    /// When the data is in a temporary buffer at the receiver (buffered; get once pulled).
    pub in_temp: Option<SimTime>,
}

/// A receive request as the sender holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecvInfo {
    /// The receiver's request.
    pub recv: ReqId,
    /// The communicator's context.
    pub context: Context,
    /// Receiver.
    pub receiver: Rank,
    /// Sender.
    pub sender: Rank,
    /// Tag.
    pub tag: i32,
}

/// A protocol packet on its way or waiting for its handler.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Packet {
    /// Sender → receiver.
    SendRequest(SendInfo),
    /// Receiver → sender.
    RecvRequest(RecvInfo),
    /// Clear the oldest request-issued entry of `owner` for `(peer, tag)` (of sends if `send`).
    Removal {
        /// Whose queue.
        owner: Rank,
        /// The other rank of the key.
        peer: Rank,
        /// Context of the key.
        context: Context,
        /// Tag of the key.
        tag: i32,
        /// A send request's entry (else a receive request's).
        send: bool,
    },
}

impl Packet {
    fn target(&self) -> Rank {
        match self {
            Packet::SendRequest(s) => s.dst,
            Packet::RecvRequest(r) => r.sender,
            Packet::Removal { owner, .. } => *owner,
        }
    }
}

/// What a posted receive is waiting for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecvMode {
    /// Any matching send request.
    Open,
    /// Its receive request is out: a crossing send request is ignored (sync/get).
    Requested,
    /// Promised to a one-sided send: no send request may take it.
    Promised,
}

/// One rank's protocol queues.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProtoBox {
    /// Posted receives not yet matched, in posting order, with what each waits for.
    pub posted: Vec<(ReqId, RecvMode)>,
    /// Send requests that found no posted receive, in arrival order.
    pub send_requests: VecDeque<SendInfo>,
    /// Receive requests from receivers (the associative memory), FIFO per (receiver, context,
    /// tag).
    pub assoc: BTreeMap<Key, VecDeque<RecvInfo>>,
    /// Send requests this rank sent and has not seen resolved, per (receiver, context, tag), with
    /// their payloads (a crossing receive request turns one into a one-sided send).
    pub issued_sends: BTreeMap<Key, VecDeque<(ReqId, MsgId)>>,
    /// Receive requests this rank sent and has not seen resolved, per (sender, context, tag).
    pub issued_recvs: BTreeMap<Key, VecDeque<ReqId>>,
    /// Posted wildcard receives not matched yet.
    pub wildcards: BTreeSet<ReqId>,
    /// Receives whose receive requests wait for the wildcards to match (Sec. 4.3).
    pub held_back: VecDeque<ReqId>,
}

/// The key of the associative memory and the request-issued queues: the other rank, the
/// communicator's context, the tag.
pub type Key = (Rank, Context, i32);

fn pop_key<T>(map: &mut BTreeMap<Key, VecDeque<T>>, key: Key) -> Option<T> {
    let queue = map.get_mut(&key)?;
    let item = queue.pop_front();
    if queue.is_empty() {
        map.remove(&key);
    }
    item
}

impl P2p {
    fn proto(&mut self, rank: Rank) -> &mut ProtoBox {
        self.protos[rank as usize].get_or_insert_with(Box::default)
    }

    fn protocol(&self) -> Protocol {
        self.matching
            .protocol()
            .expect("protocol paths run only with a request-based engine")
    }

    fn step(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        peer: Rank,
        tag: i32,
        req: ReqId,
        step: ProtocolStep,
    ) {
        let now = io.now();
        Self::step_until(io, rank, peer, tag, req, step, now);
    }

    /// Records a protocol step that moves something between the ranks until `until`.
    fn step_until(
        io: &mut Io<'_>,
        rank: Rank,
        peer: Rank,
        tag: i32,
        req: ReqId,
        step: ProtocolStep,
        until: SimTime,
    ) {
        io.record(P2pRecord::Protocol {
            rank,
            peer,
            tag,
            req,
            step,
            until,
        });
    }

    /// Sends a protocol packet; its handler runs at the target when the target's processor
    /// admits it.
    /// Returns its transfer (when it left the sender, when it arrives).
    fn send_packet(
        &mut self,
        io: &mut Io<'_>,
        at: SimTime,
        from: Rank,
        packet: Packet,
    ) -> Transfer {
        let to = packet.target();
        let t = io.machine().message(at, from, to, REQUEST_BYTES);
        let id = self.packets.insert(packet);
        io.schedule(t.arrival, P2pEvent::Packet(id));
        t
    }

    /// A packet reached its target's input buffer: admit its handler.
    pub(crate) fn packet_arrived(&mut self, io: &mut Io<'_>, id: u32) {
        let target = self
            .packets
            .get(id)
            .expect("arriving packet is live")
            .target();
        let cost = io.machine().handler_cost();
        io.run_handler(target, cost, P2pEvent::Handler(id));
    }

    /// Data landed in a receive buffer.
    pub(crate) fn landed(&mut self, io: &mut Io<'_>, req: ReqId, msg: MsgId) {
        let owner = self.complete_receive(io, msg, req, false);
        self.take_posted(owner, req);
        io.wake_on_processor(owner);
    }

    /// A packet's handler finished: apply it.
    pub(crate) fn handler_done(&mut self, io: &mut Io<'_>, id: u32) {
        let packet = self.packets.remove(id).expect("handled packet is live");
        match packet {
            Packet::SendRequest(info) => self.on_send_request(io, info),
            Packet::RecvRequest(info) => self.on_recv_request(io, info),
            Packet::Removal {
                owner,
                peer,
                context,
                tag,
                send,
            } => {
                let p = self.proto(owner);
                let removed = if send {
                    pop_key(&mut p.issued_sends, (peer, context, tag)).map(|(req, _)| req)
                } else {
                    pop_key(&mut p.issued_recvs, (peer, context, tag))
                };
                if let Some(req) = removed {
                    self.step(io, owner, peer, tag, req, ProtocolStep::Removed);
                }
            }
        }
    }

    /// `MPI_Isend` under a request-based engine.
    pub(crate) fn proto_isend(
        &mut self,
        io: &mut Io<'_>,
        env: Envelope,
        bytes: u64,
        data: Vec<u8>,
    ) -> ReqId {
        let Envelope {
            context,
            src,
            dst,
            tag,
        } = env;
        let now = io.now();
        let (send, msg) = self.new_send(io, env, bytes, data);
        if self.matching.both_sides() {
            if let Some(rr) = pop_key(&mut self.proto(src).assoc, (dst, context, tag)) {
                let busy = self.one_sided_send(io, send, msg, rr, false);
                io.charge_until(busy);
                self.send_packet(
                    io,
                    now,
                    src,
                    Packet::Removal {
                        owner: dst,
                        peer: src,
                        context,
                        tag,
                        send: false,
                    },
                );
                return send;
            }
        }
        let mut info = SendInfo {
            send,
            context,
            src,
            dst,
            tag,
            bytes,
            msg,
            in_temp: None,
        };
        let mut at = now;
        if self.protocol() == Protocol::Buffered {
            // Copy into a temporary buffer at the receiver first; the send is then complete.
            let put = io.machine().rdma(now, src, dst, RdmaOp::Put { bytes });
            info.in_temp = Some(put.arrival);
            at = put.sender_free;
            io.schedule(put.sender_free, P2pEvent::SendDone(send));
            Self::step_until(
                io,
                src,
                dst,
                tag,
                send,
                ProtocolStep::CopiedToTemp,
                put.arrival,
            );
        }
        if self.matching.both_sides() {
            self.proto(src)
                .issued_sends
                .entry((dst, context, tag))
                .or_default()
                .push_back((send, msg));
        }
        let packet = self.send_packet(io, at, src, Packet::SendRequest(info));
        if self.protocol() != Protocol::Buffered {
            // The pass that looked for a receive request and found none (buffered's pass is
            // the copy's).
            io.charge(library_pass(io));
        }
        io.charge_until(packet.sender_free);
        Self::step_until(
            io,
            src,
            dst,
            tag,
            send,
            ProtocolStep::SendRequestSent,
            packet.arrival,
        );
        send
    }

    /// `MPI_Irecv` under a request-based engine.
    pub(crate) fn proto_irecv(
        &mut self,
        io: &mut Io<'_>,
        context: Context,
        rank: Rank,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> ReqId {
        let now = io.now();
        let recv = self.new_recv(io, context, rank, src, tag, capacity);
        let waiting = self.protos[rank as usize].as_ref().and_then(|p| {
            p.send_requests
                .iter()
                .position(|s| s.context == context && src.accepts(s.src) && tag.accepts(s.tag))
        });
        if let Some(pos) = waiting {
            let info = self
                .proto(rank)
                .send_requests
                .remove(pos)
                .expect("position is in range");
            io.record(P2pRecord::RecvPosted {
                rank,
                src,
                tag,
                req: recv,
                queued: false,
                context,
            });
            let busy = self.receive_from_request(io, info, recv, true, false);
            io.charge_until(busy);
            return recv;
        }
        io.record(P2pRecord::RecvPosted {
            rank,
            src,
            tag,
            req: recv,
            queued: true,
            context,
        });
        let both = self.matching.both_sides();
        // A local queue operation, unless a receive request is issued (then its `o`).
        let queued = now + library_pass(io);
        let p = self.proto(rank);
        let specific = match (src, tag) {
            (Source::Rank(s), TagSel::Tag(t)) => Some((s, t)),
            _ => None,
        };
        match specific {
            Some((s, t)) if both => {
                if p.wildcards.is_empty() {
                    p.posted.push((recv, RecvMode::Requested));
                    let packet = self.issue_recv_request(io, rank, (s, context, t), recv);
                    io.charge_until(packet.sender_free);
                    io.charge(library_pass(io));
                    return recv;
                } else {
                    p.posted.push((recv, RecvMode::Open));
                    p.held_back.push_back(recv);
                    self.step(io, rank, s, t, recv, ProtocolStep::RecvRequestHeldBack);
                }
            }
            _ => {
                p.posted.push((recv, RecvMode::Open));
                if specific.is_none() {
                    p.wildcards.insert(recv);
                }
            }
        }
        io.charge_until(queued);
        recv
    }

    /// Sends `rank`'s receive request for `recv` to the sender of `key` (sender, context, tag).
    fn issue_recv_request(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        key: Key,
        recv: ReqId,
    ) -> Transfer {
        let now = io.now();
        let (sender, context, tag) = key;
        self.proto(rank)
            .issued_recvs
            .entry(key)
            .or_default()
            .push_back(recv);
        let packet = self.send_packet(
            io,
            now,
            rank,
            Packet::RecvRequest(RecvInfo {
                recv,
                context,
                receiver: rank,
                sender,
                tag,
            }),
        );
        Self::step_until(
            io,
            rank,
            sender,
            tag,
            recv,
            ProtocolStep::RecvRequestSent,
            packet.arrival,
        );
        packet
    }

    /// A send request's handler ran at the receiver.
    fn on_send_request(&mut self, io: &mut Io<'_>, info: SendInfo) {
        let now = io.now();
        let (r, key) = (info.dst, (info.src, info.context, info.tag));
        let crossing = self.protos[r as usize]
            .as_ref()
            .is_some_and(|p| p.issued_recvs.contains_key(&key));
        if crossing {
            let recv = pop_key(&mut self.proto(r).issued_recvs, key).expect("crossing key present");
            if self.protocol() == Protocol::Buffered {
                // Fig. 6: the data is already here; the sender ignores our receive request.
                self.take_posted(r, recv);
                self.step(
                    io,
                    r,
                    info.src,
                    info.tag,
                    info.send,
                    ProtocolStep::CrossingTakesSendRequest,
                );
                self.receive_from_request(io, info, recv, false, true);
            } else {
                // Fig. 7: the sender will answer our receive request with a one-sided send. The
                // receive may have completed already (the one-sided send overtook this send
                // request) and its id been reused by a newer receive: only a receive that still
                // waits on its receive request for this key is promised.
                let same = self.accepts(recv, info.msg);
                if let Some(slot) = self
                    .proto(r)
                    .posted
                    .iter_mut()
                    .find(|(q, mode)| *q == recv && *mode == RecvMode::Requested && same)
                {
                    slot.1 = RecvMode::Promised;
                }
                self.step(
                    io,
                    r,
                    info.src,
                    info.tag,
                    info.send,
                    ProtocolStep::SendRequestIgnored,
                );
                self.step(io, r, info.src, info.tag, recv, ProtocolStep::Promised);
            }
            return;
        }
        let matched = self.protos[r as usize].as_ref().and_then(|p| {
            p.posted
                .iter()
                .position(|(q, mode)| *mode != RecvMode::Promised && self.accepts(*q, info.msg))
        });
        match matched {
            Some(pos) => {
                let (recv, _) = self.proto(r).posted.remove(pos);
                self.receive_from_request(io, info, recv, true, true);
            }
            None => {
                let mut info = info;
                if self.protocol() == Protocol::Get {
                    // Fig. 5: pull the data into a temporary buffer now; the send completes.
                    let get = io.machine().rdma_by_handler(
                        now,
                        r,
                        info.src,
                        RdmaOp::Get { bytes: info.bytes },
                    );
                    info.in_temp = Some(get.origin_complete);
                    self.complete_send_by_flag(io, get.origin_complete, r, info.src, info.send);
                    Self::step_until(
                        io,
                        r,
                        info.src,
                        info.tag,
                        info.send,
                        ProtocolStep::PulledToTemp,
                        get.origin_complete,
                    );
                }
                self.step(
                    io,
                    r,
                    info.src,
                    info.tag,
                    info.send,
                    ProtocolStep::SendRequestQueued,
                );
                self.proto(r).send_requests.push_back(info);
            }
        }
    }

    /// Removes `recv` from `rank`'s posted receives (it is being matched).
    fn take_posted(&mut self, rank: Rank, recv: ReqId) {
        let p = self.proto(rank);
        p.posted.retain(|(q, _)| *q != recv);
    }

    /// Receive `recv` takes the data of send request `info` (matched at the receiver). With both
    /// sides, the sender is told to drop its request-issued entry, unless a crossing already
    /// resolved it there (`notify_sender` false). Returns until when a calling receiver's
    /// processor is busy with it: its pass, which issues the remote read, or its pass and the
    /// copy out of the temporary buffer.
    fn receive_from_request(
        &mut self,
        io: &mut Io<'_>,
        info: SendInfo,
        recv: ReqId,
        notify_sender: bool,
        by_handler: bool,
    ) -> SimTime {
        let now = io.now();
        let r = info.dst;
        let (landed, busy) = match info.in_temp {
            Some(ready) => {
                let copy = io.machine().loggp().stream(info.bytes);
                self.step(
                    io,
                    r,
                    info.src,
                    info.tag,
                    recv,
                    ProtocolStep::CopiedFromTemp,
                );
                let done = now.max(ready) + copy;
                (done, now + library_pass(io) + copy)
            }
            None => {
                let op = RdmaOp::Get { bytes: info.bytes };
                let get = if by_handler {
                    io.machine().rdma_by_handler(now, r, info.src, op)
                } else {
                    io.machine().rdma(now, r, info.src, op)
                };
                Self::step_until(
                    io,
                    r,
                    info.src,
                    info.tag,
                    recv,
                    ProtocolStep::RemoteRead,
                    get.origin_complete,
                );
                self.complete_send_by_flag(io, get.origin_complete, r, info.src, info.send);
                (get.origin_complete, get.sender_free)
            }
        };
        io.schedule(landed, P2pEvent::Landed(recv, info.msg));
        if self.matching.both_sides() && notify_sender {
            self.send_packet(
                io,
                now,
                r,
                Packet::Removal {
                    owner: info.src,
                    peer: r,
                    context: info.context,
                    tag: info.tag,
                    send: true,
                },
            );
        }
        // Only now: receive requests released by a matched wildcard must reach the sender after
        // the removal above, or the sender would take its stale entry for a crossing.
        self.matched_wildcard(io, r, recv);
        busy
    }

    /// The receiver writes the sender's completion flag at `at`; the send completes when the
    /// sender notices.
    fn complete_send_by_flag(
        &mut self,
        io: &mut Io<'_>,
        at: SimTime,
        r: Rank,
        sender: Rank,
        send: ReqId,
    ) {
        let flag = io
            .machine()
            .rdma_by_handler(at, r, sender, RdmaOp::Put { bytes: FLAG_BYTES });
        io.schedule(flag.arrival, P2pEvent::FlagSet(send));
    }

    /// A receive request's handler ran at the sender.
    fn on_recv_request(&mut self, io: &mut Io<'_>, info: RecvInfo) {
        let (s, key) = (info.sender, (info.receiver, info.context, info.tag));
        let crossing = self.protos[s as usize]
            .as_ref()
            .is_some_and(|p| p.issued_sends.contains_key(&key));
        if crossing {
            let (send, msg) =
                pop_key(&mut self.proto(s).issued_sends, key).expect("crossing key present");
            if self.protocol() == Protocol::Buffered {
                self.step(
                    io,
                    s,
                    info.receiver,
                    info.tag,
                    info.recv,
                    ProtocolStep::RecvRequestIgnored,
                );
            } else {
                self.one_sided_send(io, send, msg, info, true);
            }
            return;
        }
        self.step(
            io,
            s,
            info.receiver,
            info.tag,
            info.recv,
            ProtocolStep::RecvRequestStored,
        );
        self.proto(s).assoc.entry(key).or_default().push_back(info);
    }

    /// Writes the data of `send` straight into the user buffer of `rr` (and its request object).
    /// Returns when the sender's processor is free of it.
    fn one_sided_send(
        &mut self,
        io: &mut Io<'_>,
        send: ReqId,
        msg: MsgId,
        rr: RecvInfo,
        by_handler: bool,
    ) -> SimTime {
        let now = io.now();
        let bytes = self.messages.get(msg.0).map_or(0, |m| m.bytes);
        let op = RdmaOp::Put {
            bytes: bytes + FLAG_BYTES,
        };
        let put = if by_handler {
            io.machine()
                .rdma_by_handler(now, rr.sender, rr.receiver, op)
        } else {
            io.machine().rdma(now, rr.sender, rr.receiver, op)
        };
        Self::step_until(
            io,
            rr.sender,
            rr.receiver,
            rr.tag,
            send,
            ProtocolStep::OneSidedSend,
            put.arrival,
        );
        io.schedule(put.sender_free, P2pEvent::SendDone(send));
        io.schedule(put.arrival, P2pEvent::Landed(rr.recv, msg));
        // The receive is promised to this send from now on (no send request may take it); it
        // leaves the posted queue when the data lands.
        if let Some(slot) = self
            .proto(rr.receiver)
            .posted
            .iter_mut()
            .find(|(q, _)| *q == rr.recv)
        {
            slot.1 = RecvMode::Promised;
            self.step(
                io,
                rr.receiver,
                rr.sender,
                rr.tag,
                rr.recv,
                ProtocolStep::Promised,
            );
        }
        put.sender_free
    }

    /// `MPI_Cancel` of receive `req` at `rank`: one still posted that sent no receive request
    /// (a wildcard, a receiver-only receive, or one held back) leaves the queues and completes,
    /// cancelled (`Ok(true)`; a cancelled wildcard may release the held-back receive requests);
    /// one already matched goes on (`Ok(false)`). One whose receive request reached the sender
    /// cannot be taken back here: an error says so.
    pub(crate) fn proto_cancel_recv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        req: ReqId,
    ) -> Result<bool, String> {
        let Some(pos) = self.protos[rank as usize]
            .as_ref()
            .and_then(|p| p.posted.iter().position(|(r, _)| *r == req))
        else {
            return Ok(false);
        };
        if self.proto(rank).posted[pos].1 == RecvMode::Requested {
            return Err(format!(
                "MPI_Cancel of this receive: under {} its receive request already went to the \
                 sender, which may be writing the data; Rankscope cancels a receive there only \
                 before it sends a receive request (a wildcard or a receiver-only receive)",
                self.matching
            ));
        }
        let p = self.proto(rank);
        p.posted.remove(pos);
        p.held_back.retain(|r| *r != req);
        let was_wildcard = p.wildcards.contains(&req);
        io.complete(req);
        if was_wildcard {
            self.matched_wildcard(io, rank, req);
        }
        Ok(true)
    }

    /// `recv` matched: if it was the last pending wildcard, send the held-back receive requests.
    fn matched_wildcard(&mut self, io: &mut Io<'_>, rank: Rank, recv: ReqId) {
        let p = self.proto(rank);
        if !p.wildcards.remove(&recv) || !p.wildcards.is_empty() {
            return;
        }
        let held: Vec<ReqId> = p.held_back.drain(..).collect();
        for q in held {
            let still_posted = self.proto(rank).posted.iter().position(|(x, _)| *x == q);
            let Some(pos) = still_posted else { continue };
            let Some(ReqKind::Recv {
                context,
                src: Source::Rank(s),
                tag: TagSel::Tag(t),
                ..
            }) = self.kinds.get(q.0).cloned()
            else {
                continue;
            };
            self.proto(rank).posted[pos].1 = RecvMode::Requested;
            self.issue_recv_request(io, rank, (s, context, t), q);
        }
    }
}
