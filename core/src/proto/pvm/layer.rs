//! PVM 3 as a protocol layer: a pvmd per host and the run's ranks as PVM tasks, messages cut
//! into fragments that travel task → pvmd → pvmd → task (paper 004's Fig. 3), with the
//! daemons talking over UDP on the Ethernet or — the FOLON port, Fig. 4 — over FCP on the VME
//! bus, or task → task directly over FCP (the paper's future work).
//!
//! Model (PVM 3's `pvmd.c`, `lpvm.c`; see [`super::packet`] for the framing):
//! - A task writes each fragment of a message to its host's pvmd over TCP (within the host,
//!   the loopback); `pvm_send` returns when the last is written.
//! - A pvmd takes one piece of work per turn of its `select` loop (a system call per turn):
//!   a fragment from a task goes to the destination host's pvmd (or, on the same host,
//!   straight to the task); a fragment from another pvmd is acknowledged first, by a packet
//!   of its own, then written to the task. A pvmd has at most one unacknowledged packet per
//!   other host (`nopax` = 1): the next waits for the acknowledgement. Packets are forwarded
//!   one by one, not reassembled.
//! - A task's library reads each fragment as it arrives and hands a whole message to
//!   `pvm_recv` (by source and tag, −1 matching any).
//! - The transports are [`crate::proto::sockets`]' and [`crate::proto::fcp`]'s engines: every
//!   packet costs what a socket send and receive or an FCP transfer costs there, and leaves
//!   their records too.
//!
//! Simplifications: no loss, so no retransmission timers; `pvm_mcast` sends to each
//! destination in turn (PVM 3 sends once to its pvmd, which copies per host); the library
//! reads arriving fragments even while the task computes (PVM reads them in its next call);
//! the pvmd's own instructions beyond its system calls cost nothing.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use super::packet::{fragments, packet_bytes, DD_HEADER, TD_HEADER};
use super::records::{Leg, PvmRecord, Via};
use super::tid::Tid;
use super::PvmConfig;
use crate::engine::{
    Delivery, EventCodec, Io, Layer, LayerEvent, LayerFailure, Lift, Pending, Rank, ReqId,
};
use crate::proto::fcp::{FcpEngine, FcpEvent, Variant, DAEMON};
use crate::proto::sockets::{SocketEngine, SocketEvent, Transport};
use crate::time::SimTime;

/// The layer's events: a pvmd's turn, and its socket and FCP engines' own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PvmEvent {
    /// The pvmd of this host takes its turn (one piece of work).
    Turn(u32),
    /// The socket engine's event (the UDP and TCP links).
    Sockets(SocketEvent),
    /// The FCP engine's event (the VME bus links).
    Fcp(FcpEvent),
}

/// Where the engines' codes start in the packed form.
const SOCKETS: u8 = 10;
const FCP: u8 = 20;

impl EventCodec for PvmEvent {
    fn encode(self) -> LayerEvent {
        let (base, inner) = match self {
            PvmEvent::Turn(host) => {
                return LayerEvent {
                    code: 0,
                    a: host,
                    b: 0,
                }
            }
            PvmEvent::Sockets(e) => (SOCKETS, e.encode()),
            PvmEvent::Fcp(e) => (FCP, e.encode()),
        };
        LayerEvent {
            code: base + inner.code,
            ..inner
        }
    }

    fn decode(e: LayerEvent) -> PvmEvent {
        let inner = |base: u8| LayerEvent {
            code: e.code - base,
            ..e
        };
        match e.code {
            0 => PvmEvent::Turn(e.a),
            c if c >= FCP => PvmEvent::Fcp(FcpEvent::decode(inner(FCP))),
            c if c >= SOCKETS => PvmEvent::Sockets(SocketEvent::decode(inner(SOCKETS))),
            other => unreachable!("no PVM event {other}"),
        }
    }
}

/// PVM's error codes (`pvm3.h`).
pub mod codes {
    /// A bad parameter.
    pub const PVM_BAD_PARAM: i32 = -2;
    /// No such task.
    pub const PVM_NO_TASK: i32 = -31;
    /// The task has no parent.
    pub const PVM_NO_PARENT: i32 = -23;
    /// No such buffer.
    pub const PVM_NO_SUCH_BUF: i32 = -16;
    /// No current buffer.
    pub const PVM_NO_BUF: i32 = -15;
    /// Not enough data to unpack.
    pub const PVM_NO_DATA: i32 = -5;
    /// A system error (here: the machine cannot carry PVM's links).
    pub const PVM_SYS_ERR: i32 = -14;
}

/// Why a PVM call was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PvmError {
    /// The tid names no task of the run.
    NoTask(i32),
    /// The machine lacks what the links need (a kernel for sockets, a bus for FCP).
    Transport(String),
}

impl PvmError {
    /// PVM's error code for it.
    pub fn code(&self) -> i32 {
        match self {
            PvmError::NoTask(_) => codes::PVM_NO_TASK,
            PvmError::Transport(_) => codes::PVM_SYS_ERR,
        }
    }
}

impl fmt::Display for PvmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PvmError::NoTask(t) => write!(
                f,
                "t{t:x} is not a task of this run (PvmNoTask): tids come from pvm_mytid, pvm_parent or pvm_spawn"
            ),
            PvmError::Transport(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for PvmError {}

/// A message on its way.
#[derive(Clone, Debug)]
struct Msg {
    src: Tid,
    dst: Tid,
    tag: i32,
    encoding: i32,
    body: Vec<u8>,
    frags: Vec<u64>,
    arrived: usize,
    sent: SimTime,
}

/// One fragment (or acknowledgement) in flight.
#[derive(Copy, Clone, Debug)]
struct Packet {
    msg: u32,
    /// From 0.
    frag: usize,
    /// An acknowledgement from host `ack_from` (the fragment it acknowledges: `msg`, `frag`).
    ack_from: Option<u32>,
    /// The host whose pvmd last sent it.
    from_host: u32,
}

/// What a finished transport call means.
#[derive(Copy, Clone, Debug)]
enum Use {
    /// A task's write of fragment `packet` (to its pvmd, or directly).
    TaskSend { rank: Rank },
    /// A task's standing read (TCP from its pvmd, or FCP on the direct route).
    TaskRead { rank: Rank, direct: bool },
    /// A pvmd's standing read (from its tasks, or from the other pvmds).
    PvmdRead { host: u32, net: bool },
    /// A pvmd's send of `packet`.
    PvmdSend { host: u32 },
}

/// A pvmd's work.
#[derive(Copy, Clone, Debug)]
enum Work {
    /// A fragment from one of its tasks, or from another pvmd.
    Fragment { packet: u32, from_net: bool },
}

#[derive(Clone, Debug, Default)]
struct Daemon {
    busy: bool,
    turn_due: bool,
    work: VecDeque<Work>,
    /// Hosts with an unacknowledged packet from this pvmd.
    outstanding: BTreeMap<u32, bool>,
    /// Fragments waiting for an acknowledgement, by destination host.
    held: BTreeMap<u32, VecDeque<u32>>,
}

#[derive(Clone, Debug, Default)]
struct Task {
    /// Whole messages arrived, not received yet.
    inbox: VecDeque<u32>,
    /// A `pvm_recv` waiting: request, source and tag (−1: any), the buffer it fills.
    waiting: Option<(ReqId, i32, i32, i32)>,
    /// The `pvm_send` in progress: request, message, next fragment.
    sending: Option<(ReqId, u32, usize)>,
    /// Messages still to send after it (`pvm_mcast`), completing the same request.
    queued: VecDeque<u32>,
    /// Received messages by buffer id.
    buffers: BTreeMap<i32, Arrival>,
}

/// What a finished `pvm_recv` found (`pvm_bufinfo`'s answers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The sender.
    pub src: Tid,
    /// The tag.
    pub tag: i32,
    /// The sender's data encoding (`PvmDataDefault` 0, `PvmDataRaw` 1).
    pub encoding: i32,
    /// The data.
    pub body: Vec<u8>,
}

/// PVM among the run's ranks (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Pvm {
    config: PvmConfig,
    sockets: SocketEngine,
    fcp: FcpEngine,
    set_up: bool,
    ranks: u32,
    hosts: u32,
    host_of: Vec<u32>,
    tids: Vec<Tid>,
    daemons: Vec<Daemon>,
    tasks: Vec<Task>,
    msgs: BTreeMap<u32, Msg>,
    packets: BTreeMap<u32, Packet>,
    next: u32,
    next_msg: u32,
    uses: BTreeMap<u64, Use>,
    next_token: u64,
    /// When each packet's current hop started, and which hop.
    hops: BTreeMap<u32, (Leg, SimTime)>,
    spent: BTreeMap<Leg, SimTime>,
}

impl Pvm {
    /// The layer with `config`, FCP links of design `variant`.
    pub fn new(config: PvmConfig, variant: Variant) -> Pvm {
        Pvm {
            config,
            sockets: SocketEngine::new(Lift(|e| PvmEvent::Sockets(e).encode())),
            fcp: FcpEngine::new(variant, Lift(|e| PvmEvent::Fcp(e).encode())),
            ..Pvm::default()
        }
    }

    /// The configuration.
    pub fn config(&self) -> PvmConfig {
        self.config
    }

    /// Rank `rank`'s tid.
    pub fn tid(&self, rank: Rank) -> Option<Tid> {
        self.tids.get(rank as usize).copied()
    }

    /// The rank whose tid is `tid`.
    pub fn rank_of(&self, tid: Tid) -> Option<Rank> {
        self.tids.iter().position(|t| *t == tid).map(|r| r as Rank)
    }

    /// Time the hops took, from a packet's send to its read by the next process, in all.
    pub fn spent(&self, leg: Leg) -> SimTime {
        self.spent.get(&leg).copied().unwrap_or(SimTime::ZERO)
    }

    /// The FCP engine (its memories and records' placement).
    pub fn fcp(&self) -> &FcpEngine {
        &self.fcp
    }

    /// Whether a PVM call has set the tasks and daemons up.
    pub fn is_set_up(&self) -> bool {
        self.set_up
    }

    /// The hosts (PEs) with a pvmd.
    pub fn hosts(&self) -> u32 {
        self.hosts
    }

    /// Each pvmd's packets waiting for an acknowledgement, by host: (destination host, count).
    pub fn held(&self, host: u32) -> Vec<(u32, usize)> {
        self.daemons
            .get(host as usize)
            .map(|d| {
                d.held
                    .iter()
                    .filter(|(_, q)| !q.is_empty())
                    .map(|(to, q)| (*to, q.len()))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn uses_fcp(&self) -> bool {
        self.config.daemons_over_fcp || self.config.direct
    }

    /// Sets tids, daemons and standing reads up at the first call.
    pub fn setup(&mut self, io: &mut Io<'_>) -> Result<(), PvmError> {
        if self.set_up {
            return Ok(());
        }
        let ranks = io.size();
        let host_of: Vec<u32> = (0..ranks).map(|r| io.machine_ref().node_of(r)).collect();
        let hosts = host_of.iter().max().map_or(1, |h| h + 1);
        let mut locals: BTreeMap<u32, u32> = BTreeMap::new();
        let tids = host_of
            .iter()
            .map(|&h| {
                let l = locals.entry(h).or_insert(0);
                *l += 1;
                Tid::new(h + 1, *l)
            })
            .collect();
        if io.machine_ref().kernel().is_none() {
            return Err(PvmError::Transport(format!(
                "PVM's tasks talk to their pvmd over TCP, which needs the machine's kernel costs; {}'s profile has no [kernel] section (run on folon)",
                io.machine_ref().name()
            )));
        }
        // Sockets: tasks 0..ranks, then each pvmd's TCP end, then its UDP end.
        let mut procs: Vec<(u32, u32)> = (0..ranks).map(|r| (host_of[r as usize], r)).collect();
        procs.extend((0..hosts).map(|h| (h, DAEMON | h)));
        procs.extend((0..hosts).map(|h| (h, DAEMON | h)));
        self.sockets.setup(&procs);
        if self.uses_fcp() {
            // FCP: the pvmds 0..hosts, then the tasks.
            let mut fprocs: Vec<(u32, u32)> = (0..hosts).map(|h| (h, DAEMON | h)).collect();
            fprocs.extend((0..ranks).map(|r| (host_of[r as usize], r)));
            self.fcp
                .setup(io, &fprocs)
                .map_err(|e| PvmError::Transport(e.to_string()))?;
        }
        self.ranks = ranks;
        self.hosts = hosts;
        self.host_of = host_of;
        self.tids = tids;
        self.daemons = vec![Daemon::default(); hosts as usize];
        self.tasks = vec![Task::default(); ranks as usize];
        self.set_up = true;
        for r in 0..ranks {
            self.post_task_read(io, r);
        }
        for h in 0..hosts {
            self.post_pvmd_reads(io, h);
        }
        Ok(())
    }

    fn token(&mut self, u: Use) -> u64 {
        let t = self.next_token;
        self.next_token += 1;
        self.uses.insert(t, u);
        t
    }

    fn tcp_end(&self, host: u32) -> Rank {
        self.ranks + host
    }

    fn udp_end(&self, host: u32) -> Rank {
        self.ranks + self.hosts + host
    }

    fn post_task_read(&mut self, io: &mut Io<'_>, rank: Rank) {
        self.task_read(io, rank, false);
        if self.config.direct {
            self.task_read(io, rank, true);
        }
    }

    fn task_read(&mut self, io: &mut Io<'_>, rank: Rank, direct: bool) {
        let t = self.token(Use::TaskRead { rank, direct });
        if direct {
            self.fcp.recv(io, (self.hosts + rank, t), true);
        } else {
            let _ = self.sockets.recv(io, (rank, t), None, Transport::Tcp);
        }
    }

    fn post_pvmd_reads(&mut self, io: &mut Io<'_>, host: u32) {
        self.pvmd_read(io, host, false);
        self.pvmd_read(io, host, true);
    }

    fn pvmd_read(&mut self, io: &mut Io<'_>, host: u32, net: bool) {
        let t = self.token(Use::PvmdRead { host, net });
        if !net {
            let _ = self
                .sockets
                .recv(io, (self.tcp_end(host), t), None, Transport::Tcp);
        } else if self.config.daemons_over_fcp {
            self.fcp.recv(io, (host, t), true);
        } else {
            let _ = self
                .sockets
                .recv(io, (self.udp_end(host), t), None, Transport::Udp);
        }
    }

    fn label_of_host(host: u32) -> u32 {
        DAEMON | host
    }

    /// `pvm_send(dst, tag)` of `body` by `rank`: a request completed when the message has left
    /// the task (its last fragment written).
    pub fn send(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        (dst, tag): (i32, i32),
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError> {
        self.mcast(io, rank, &[dst], tag, encoding, body)
    }

    /// `pvm_mcast(tids, tag)` of `body` by `rank`: to each destination in turn; a request
    /// completed when the last message has left the task.
    pub fn mcast(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dsts: &[i32],
        tag: i32,
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError> {
        self.setup(io)?;
        for &d in dsts {
            if self.rank_of(Tid(d as u32)).is_none() {
                return Err(PvmError::NoTask(d));
            }
        }
        let ids: Vec<u32> = dsts
            .iter()
            .map(|&d| self.new_message(io, rank, Tid(d as u32), (tag, encoding), body.clone()))
            .collect();
        let req = io.new_request(rank);
        let task = &mut self.tasks[rank as usize];
        let mut ids = ids.into_iter();
        match ids.next() {
            Some(first) => {
                task.sending = Some((req, first, 0));
                task.queued = ids.collect();
                self.send_next_fragment(io, rank);
            }
            None => {
                io.complete(req);
            }
        }
        Ok(req)
    }

    fn new_message(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst_tid: Tid,
        (tag, encoding): (i32, i32),
        body: Vec<u8>,
    ) -> u32 {
        self.next_msg += 1;
        let id = self.next_msg;
        let frags = fragments(body.len() as u64);
        let src = self.tids[rank as usize];
        io.record(PvmRecord::Sent {
            rank,
            tid: src,
            dst: dst_tid,
            tag,
            bytes: body.len() as u32,
            msg: id,
            frags: frags.len() as u32,
        });
        self.msgs.insert(
            id,
            Msg {
                src,
                dst: dst_tid,
                tag,
                encoding,
                body,
                frags,
                arrived: 0,
                sent: io.now(),
            },
        );
        id
    }

    fn new_packet(&mut self, msg: u32, frag: usize, from_host: u32) -> u32 {
        let p = self.next;
        self.next += 1;
        self.packets.insert(
            p,
            Packet {
                msg,
                frag,
                ack_from: None,
                from_host,
            },
        );
        p
    }

    /// The data an engine carries for a packet: its number (the bytes counted are the real
    /// packet's).
    fn tag_bytes(packet: u32) -> Vec<u8> {
        packet.to_le_bytes().to_vec()
    }

    fn packet_of(data: &[u8]) -> Option<u32> {
        Some(u32::from_le_bytes(data.get(..4)?.try_into().ok()?))
    }

    fn send_next_fragment(&mut self, io: &mut Io<'_>, rank: Rank) {
        let Some((req, msg, frag)) = self.tasks[rank as usize].sending else {
            return;
        };
        let Some(m) = self.msgs.get(&msg) else {
            return;
        };
        if frag >= m.frags.len() {
            let task = &mut self.tasks[rank as usize];
            if let Some(next) = task.queued.pop_front() {
                task.sending = Some((req, next, 0));
                self.send_next_fragment(io, rank);
                return;
            }
            task.sending = None;
            let owner = io.complete(req);
            io.wake(owner);
            return;
        }
        let data = m.frags[frag];
        let dst_rank = self.rank_of(m.dst).unwrap_or(0);
        let bytes = packet_bytes(frag, data, TD_HEADER);
        let host = self.host_of[rank as usize];
        let packet = self.new_packet(msg, frag, host);
        self.tasks[rank as usize].sending = Some((req, msg, frag + 1));
        let t = self.token(Use::TaskSend { rank });
        if self.config.direct {
            self.hop(io, packet, (rank, dst_rank), Leg::Direct, Via::Fcp, bytes);
            let _ = self.fcp.send(
                io,
                (self.hosts + rank, t),
                i64::from(self.hosts + dst_rank),
                bytes,
                Some(Self::tag_bytes(packet)),
            );
        } else {
            self.hop(
                io,
                packet,
                (rank, Self::label_of_host(host)),
                Leg::TaskToPvmd,
                Via::Tcp,
                bytes,
            );
            let _ = self.sockets.send(
                io,
                (rank, t),
                i64::from(self.tcp_end(host)),
                Transport::Tcp,
                bytes,
                Some(Self::tag_bytes(packet)),
            );
        }
    }

    fn hop(
        &mut self,
        io: &mut Io<'_>,
        packet: u32,
        (from, to): (u32, u32),
        leg: Leg,
        via: Via,
        bytes: u64,
    ) {
        let Some(p) = self.packets.get(&packet) else {
            return;
        };
        io.record(PvmRecord::Hop {
            msg: p.msg,
            frag: p.frag as u32 + 1,
            from,
            to,
            leg,
            via,
            bytes: bytes as u32,
        });
        self.hops.insert(packet, (leg, io.now()));
    }

    /// The hop of `packet` ended: its time goes to its leg.
    fn hop_done(&mut self, io: &Io<'_>, packet: u32) {
        if let Some((leg, start)) = self.hops.remove(&packet) {
            *self.spent.entry(leg).or_insert(SimTime::ZERO) += io.now() - start;
        }
    }

    /// A pvmd gets work: its loop turns (a `select`) if it is idle.
    fn give(&mut self, io: &mut Io<'_>, host: u32, work: Work) {
        self.daemons[host as usize].work.push_back(work);
        self.turn_soon(io, host);
    }

    fn turn_soon(&mut self, io: &mut Io<'_>, host: u32) {
        let d = &mut self.daemons[host as usize];
        if d.busy || d.turn_due || d.work.is_empty() {
            return;
        }
        d.turn_due = true;
        let syscall = io
            .machine_ref()
            .kernel()
            .map_or(SimTime::ZERO, |k| k.syscall);
        io.schedule(io.now() + syscall, PvmEvent::Turn(host));
    }

    /// A pvmd's turn: one piece of work.
    fn turn(&mut self, io: &mut Io<'_>, host: u32) {
        let d = &mut self.daemons[host as usize];
        d.turn_due = false;
        if d.busy {
            return;
        }
        let Some(Work::Fragment { packet, from_net }) = d.work.pop_front() else {
            return;
        };
        let Some(p) = self.packets.get(&packet).copied() else {
            return;
        };
        if let Some(other) = p.ack_from {
            // An acknowledgement: the next held packet to that host may go.
            self.packets.remove(&packet);
            let d = &mut self.daemons[host as usize];
            d.outstanding.insert(other, false);
            if let Some(next) = d.held.get_mut(&other).and_then(VecDeque::pop_front) {
                self.net_send(io, host, other, next);
            }
            self.turn_soon(io, host);
            return;
        }
        if from_net {
            // Acknowledge first (its own packet), then the task's write is the next work.
            let ack = self.next;
            self.next += 1;
            self.packets.insert(
                ack,
                Packet {
                    ack_from: Some(host),
                    from_host: host,
                    ..p
                },
            );
            self.daemons[host as usize].work.push_front(Work::Fragment {
                packet,
                from_net: false,
            });
            self.pvmd_send(io, host, p.from_host, ack, Leg::Ack, DD_HEADER);
            return;
        }
        let Some(m) = self.msgs.get(&p.msg) else {
            return;
        };
        let dst_host = m.dst.host() - 1;
        if dst_host == host {
            let dst_rank = self.rank_of(m.dst).unwrap_or(0);
            let bytes = packet_bytes(p.frag, m.frags[p.frag], TD_HEADER);
            self.hop(
                io,
                packet,
                (Self::label_of_host(host), dst_rank),
                Leg::PvmdToTask,
                Via::Tcp,
                bytes,
            );
            let t = self.token(Use::PvmdSend { host });
            self.daemons[host as usize].busy = true;
            let _ = self.sockets.send(
                io,
                (self.tcp_end(host), t),
                i64::from(dst_rank),
                Transport::Tcp,
                bytes,
                Some(Self::tag_bytes(packet)),
            );
        } else {
            self.net_send(io, host, dst_host, packet);
            self.turn_soon(io, host);
        }
    }

    /// A pvmd sends `packet` to `to`'s pvmd, or holds it until the last one is acknowledged.
    fn net_send(&mut self, io: &mut Io<'_>, host: u32, to: u32, packet: u32) {
        let d = &mut self.daemons[host as usize];
        if d.outstanding.get(&to).copied().unwrap_or(false) {
            if let Some(p) = self.packets.get(&packet) {
                io.record(PvmRecord::Held {
                    pvmd: Self::label_of_host(host),
                    msg: p.msg,
                    frag: p.frag as u32 + 1,
                    to: Self::label_of_host(to),
                });
            }
            d.held.entry(to).or_default().push_back(packet);
            return;
        }
        d.outstanding.insert(to, true);
        let Some(p) = self.packets.get(&packet).copied() else {
            return;
        };
        let Some(m) = self.msgs.get(&p.msg) else {
            return;
        };
        let bytes = packet_bytes(p.frag, m.frags[p.frag], DD_HEADER);
        if let Some(p) = self.packets.get_mut(&packet) {
            p.from_host = host;
        }
        self.pvmd_send(io, host, to, packet, Leg::PvmdToPvmd, bytes);
    }

    fn pvmd_send(
        &mut self,
        io: &mut Io<'_>,
        host: u32,
        to: u32,
        packet: u32,
        leg: Leg,
        bytes: u64,
    ) {
        let via = if self.config.daemons_over_fcp {
            Via::Fcp
        } else {
            Via::Udp
        };
        self.hop(
            io,
            packet,
            (Self::label_of_host(host), Self::label_of_host(to)),
            leg,
            via,
            bytes,
        );
        let t = self.token(Use::PvmdSend { host });
        self.daemons[host as usize].busy = true;
        if self.config.daemons_over_fcp {
            let _ = self.fcp.send(
                io,
                (host, t),
                i64::from(to),
                bytes,
                Some(Self::tag_bytes(packet)),
            );
        } else {
            let _ = self.sockets.send(
                io,
                (self.udp_end(host), t),
                i64::from(self.udp_end(to)),
                Transport::Udp,
                bytes,
                Some(Self::tag_bytes(packet)),
            );
        }
    }

    /// A transport call finished.
    fn done(&mut self, io: &mut Io<'_>, token: u64, data: Option<Vec<u8>>) {
        let Some(u) = self.uses.remove(&token) else {
            return;
        };
        match u {
            Use::TaskSend { rank } => self.send_next_fragment(io, rank),
            Use::PvmdSend { host } => {
                // Held packets go when their acknowledgement is processed (`turn`).
                self.daemons[host as usize].busy = false;
                self.turn_soon(io, host);
            }
            Use::PvmdRead { host, net } => {
                if let Some(packet) = data.as_deref().and_then(Self::packet_of) {
                    self.hop_done(io, packet);
                    self.give(
                        io,
                        host,
                        Work::Fragment {
                            packet,
                            from_net: net,
                        },
                    );
                }
                self.pvmd_read(io, host, net);
            }
            Use::TaskRead { rank, direct } => {
                if let Some(packet) = data.as_deref().and_then(Self::packet_of) {
                    self.hop_done(io, packet);
                    self.fragment_arrived(io, rank, packet);
                }
                self.task_read(io, rank, direct);
            }
        }
    }

    fn fragment_arrived(&mut self, io: &mut Io<'_>, rank: Rank, packet: u32) {
        let Some(p) = self.packets.remove(&packet) else {
            return;
        };
        let Some(m) = self.msgs.get_mut(&p.msg) else {
            return;
        };
        m.arrived += 1;
        if m.arrived == m.frags.len() {
            self.tasks[rank as usize].inbox.push_back(p.msg);
            self.match_waiting(io, rank);
        }
    }

    /// If `event` lands a fragment a pvmd writes to a task: the task, the fragment and its
    /// message.
    fn last_leg(&self, event: PvmEvent) -> Option<(Rank, &Packet, &Msg)> {
        let PvmEvent::Sockets(e) = event else {
            return None;
        };
        let (from, to, data) = self.sockets.delivered(e)?;
        if to >= self.ranks || from < self.ranks {
            return None; // not a pvmd writing to a task
        }
        let packet = self.packets.get(&Self::packet_of(data)?)?;
        Some((to, packet, self.msgs.get(&packet.msg)?))
    }

    fn matches(m: &Msg, src: i32, tag: i32) -> bool {
        (src == -1 || m.src.0 == src as u32) && (tag == -1 || m.tag == tag)
    }

    fn take_match(&mut self, rank: Rank, src: i32, tag: i32) -> Option<u32> {
        let inbox = &mut self.tasks[rank as usize].inbox;
        let at = inbox.iter().position(|id| {
            self.msgs
                .get(id)
                .is_some_and(|m| Self::matches(m, src, tag))
        })?;
        inbox.remove(at)
    }

    fn deliver(&mut self, io: &mut Io<'_>, rank: Rank, id: u32) -> Option<Arrival> {
        let m = self.msgs.remove(&id)?;
        io.record(PvmRecord::Received {
            rank,
            tid: self.tids[rank as usize],
            src: m.src,
            tag: m.tag,
            bytes: m.body.len() as u32,
            msg: id,
            sent: m.sent,
        });
        let a = Arrival {
            src: m.src,
            tag: m.tag,
            encoding: m.encoding,
            body: m.body,
        };
        Some(a)
    }

    fn match_waiting(&mut self, io: &mut Io<'_>, rank: Rank) {
        let Some((req, src, tag, buf)) = self.tasks[rank as usize].waiting else {
            return;
        };
        if let Some(id) = self.take_match(rank, src, tag) {
            self.tasks[rank as usize].waiting = None;
            if let Some(a) = self.deliver(io, rank, id) {
                io.set_data(req, a.body.clone());
                self.tasks[rank as usize].buffers.insert(buf, a);
            }
            let owner = io.complete(req);
            io.wake(owner);
        }
    }

    /// `pvm_recv(src, tag)` by `rank` (−1: any) into buffer `buf`: a request completed with
    /// the message's data.
    pub fn recv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        (src, tag): (i32, i32),
        buf: i32,
    ) -> Result<ReqId, PvmError> {
        self.setup(io)?;
        if src != -1 && self.rank_of(Tid(src as u32)).is_none() {
            return Err(PvmError::NoTask(src));
        }
        let req = io.new_request(rank);
        if let Some(id) = self.take_match(rank, src, tag) {
            if let Some(a) = self.deliver(io, rank, id) {
                io.set_data(req, a.body.clone());
                self.tasks[rank as usize].buffers.insert(buf, a);
            }
            io.complete(req);
        } else {
            self.tasks[rank as usize].waiting = Some((req, src, tag, buf));
        }
        Ok(req)
    }

    /// `pvm_nrecv(src, tag)` by `rank` into buffer `buf`: whether a message had arrived.
    pub fn nrecv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        (src, tag): (i32, i32),
        buf: i32,
    ) -> Result<bool, PvmError> {
        self.setup(io)?;
        if src != -1 && self.rank_of(Tid(src as u32)).is_none() {
            return Err(PvmError::NoTask(src));
        }
        let Some(a) = self
            .take_match(rank, src, tag)
            .and_then(|id| self.deliver(io, rank, id))
        else {
            return Ok(false);
        };
        self.tasks[rank as usize].buffers.insert(buf, a);
        Ok(true)
    }

    /// A received message of `rank`'s by buffer id.
    pub fn buffer(&self, rank: Rank, buf: i32) -> Option<&Arrival> {
        self.tasks.get(rank as usize)?.buffers.get(&buf)
    }

    /// Drops a received buffer (`pvm_freebuf`).
    pub fn free_buffer(&mut self, rank: Rank, buf: i32) -> bool {
        self.tasks
            .get_mut(rank as usize)
            .is_some_and(|t| t.buffers.remove(&buf).is_some())
    }

    /// `pvm_parent()`: rank 0's tid for every other rank (the copies it spawned), `None` for
    /// rank 0 (started by hand).
    pub fn parent(&mut self, io: &mut Io<'_>, rank: Rank) -> Result<Option<Tid>, PvmError> {
        self.setup(io)?;
        Ok((rank > 0).then(|| self.tids[0]))
    }
    /// Rank `rank`'s tid, setting up at the first call.
    pub fn mytid(&mut self, io: &mut Io<'_>, rank: Rank) -> Result<Tid, PvmError> {
        self.setup(io)?;
        Ok(self.tids[rank as usize])
    }
}

impl Layer for Pvm {
    type Event = PvmEvent;

    fn on_event(&mut self, event: PvmEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match event {
            PvmEvent::Turn(host) => self.turn(io, host),
            PvmEvent::Sockets(event) => {
                let done = self
                    .sockets
                    .on_event(io, event)
                    .map_err(|message| LayerFailure { rank: 0, message })?;
                if let Some(d) = done {
                    self.done(io, d.token, d.data);
                }
            }
            PvmEvent::Fcp(FcpEvent::Step(id)) => {
                let done = self.fcp.step(io, id).map_err(|(p, message)| LayerFailure {
                    rank: p
                        .saturating_sub(self.hosts)
                        .min(self.ranks.saturating_sub(1)),
                    message,
                })?;
                if let Some(d) = done {
                    self.done(io, d.token, d.data);
                }
            }
        }
        Ok(())
    }

    /// A fragment a pvmd writes to a task (the last leg, over TCP): a delivery from the task
    /// that sent the message to the task it is for, which the network may land behind another
    /// task's (see the module documentation of [`super`]).
    fn delivery(&self, event: PvmEvent) -> Option<Delivery> {
        let (to, _, m) = self.last_leg(event)?;
        let src = self.rank_of(m.src)?;
        (src != to).then_some(Delivery { from: src, to })
    }

    fn describe_delivery(&self, event: PvmEvent) -> String {
        self.last_leg(event)
            .map_or_else(String::new, |(_, packet, m)| {
                format!(
                    "fragment {} of {} of a message with tag {}",
                    packet.frag + 1,
                    m.frags.len(),
                    m.tag
                )
            })
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        self.tasks.iter().enumerate().find_map(|(r, t)| {
            if let Some((q, src, tag, _)) = t.waiting {
                if q == req {
                    let from = if src == -1 {
                        "any task".to_string()
                    } else {
                        Tid(src as u32).to_string()
                    };
                    let tag = if tag == -1 {
                        "any tag".to_string()
                    } else {
                        format!("tag {tag}")
                    };
                    return Some(Pending {
                        what: format!("{req}: rank {r}'s pvm_recv from {from} with {tag}"),
                        on: (src != -1).then(|| self.rank_of(Tid(src as u32))).flatten(),
                    });
                }
            }
            if let Some((q, ..)) = t.sending {
                if q == req {
                    return Some(Pending {
                        what: format!("{req}: rank {r}'s pvm_send"),
                        on: None,
                    });
                }
            }
            None
        })
    }

    fn heap_bytes(&self) -> usize {
        self.msgs.values().map(|m| m.body.len() + 96).sum::<usize>()
            + self.sockets.heap_bytes()
            + self.fcp.heap_bytes()
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <PvmRecord as crate::trace::RecordCodec>::KINDS
    }
}
