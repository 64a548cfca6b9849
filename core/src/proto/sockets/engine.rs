//! UDP and TCP through the host kernel and the machine's Ethernet, as an engine for any layer
//! whose processes use sockets (the `Sockets` layer's ranks; PVM's tasks and daemons): a send
//! is a system call, a copy into the kernel, and per packet the kernel's output path; each
//! packet crosses the shared wire (or, between processes of one host, the loopback) and costs
//! the receiving host's kernel its input path; a receive is a system call and a copy out.
//!
//! Model: UDP datagrams larger than the MTU leave as IP fragments (20 bytes of IP header
//! each, the 8-byte UDP header in the first); TCP cuts a stream's message into segments of
//! at most MTU − 40 bytes (20 IP + 20 TCP header each). Within a host the MTU is the
//! loopback's. The sender's call returns when its
//! last packet is handed to the adapter; the message is deliverable when the receiving kernel
//! has processed its last packet (kernels take packets one at a time, per host). Each pair's
//! messages arrive in order (one wire, FIFO kernels).
//!
//! Deliveries: a message reaching another process is a delivery ([`SocketEngine::delivery`]):
//! "You are the network" may land messages from different senders to one process in another
//! order (a pair's messages stay in order, as on one wire).
//!
//! Simplifications: no loss, so no retransmission; TCP's acknowledgements and windows are not
//! modelled (on an idle LAN they ride along without stalling a 4 KB message); the kernel's
//! input path runs beside the processes, not stealing their processor.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use crate::engine::{EventCodec, Io, LayerEvent, Lift, Rank};
use crate::machine::hw::Ethernet;
use crate::machine::KernelCosts;
use crate::time::SimTime;

use super::records::{SocketRecord, Transport};

/// IP's header.
pub const IP_HEADER: u64 = 20;
/// UDP's header.
pub const UDP_HEADER: u64 = 8;
/// TCP's header (no options).
pub const TCP_HEADER: u64 = 20;
/// The loopback interface's MTU between processes of one host (FreeBSD's `lo0`: `LOMTU`
/// 16384 in `if_loop.c`).
pub const LOOPBACK_MTU: u64 = 16384;
/// The largest UDP datagram's data (64 KB less the headers).
pub const MAX_DATAGRAM: u64 = 65_507;

/// Why a socket call was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketError {
    /// The profile gives no kernel costs (or no Ethernet between hosts).
    NoSockets {
        /// The machine's name.
        machine: String,
        /// What is missing.
        missing: &'static str,
    },
    /// No such process.
    NoSuchRank {
        /// The one asked for.
        rank: i64,
        /// How many there are.
        size: u32,
    },
    /// A datagram larger than UDP allows.
    TooLarge {
        /// Its bytes.
        bytes: u64,
    },
}

impl fmt::Display for SocketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SocketError::NoSockets { machine, missing } => write!(
                f,
                "sockets need the machine's {missing}; {machine}'s profile has none (run on folon)"
            ),
            SocketError::NoSuchRank { rank, size } => {
                write!(f, "rank {rank} does not exist (the run has {size} ranks)")
            }
            SocketError::TooLarge { bytes } => write!(
                f,
                "a UDP datagram of {bytes} bytes is too large: at most {MAX_DATAGRAM} bytes fit"
            ),
        }
    }
}

impl std::error::Error for SocketError {}

/// A message on its way, deliverable at its time.
#[derive(Clone, Debug)]
struct Message {
    from: Rank,
    to: Rank,
    transport: Transport,
    data: Vec<u8>,
    bytes: u64,
}

/// A receive waiting for a message.
#[derive(Clone, Debug)]
struct Waiting {
    token: u64,
    from: Option<Rank>,
    transport: Transport,
}

/// A finished call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// The call's token.
    pub token: u64,
    /// The process whose call it was.
    pub proc: Rank,
    /// The other side.
    pub peer: Rank,
    /// The message's bytes.
    pub bytes: u64,
    /// A receive's data.
    pub data: Option<Vec<u8>>,
}

/// The engine's events (the sockets layer's; PVM's under `PvmEvent::Sockets`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The message with this id is deliverable.
    Deliver(u32),
    /// The call with this id finishes.
    Finish(u32),
}

impl EventCodec for SocketEvent {
    fn encode(self) -> LayerEvent {
        let (code, a) = match self {
            SocketEvent::Deliver(a) => (0, a),
            SocketEvent::Finish(a) => (1, a),
        };
        LayerEvent { code, a, b: 0 }
    }

    fn decode(e: LayerEvent) -> SocketEvent {
        match e.code {
            0 => SocketEvent::Deliver(e.a),
            1 => SocketEvent::Finish(e.a),
            other => unreachable!("no socket event {other}"),
        }
    }
}

/// UDP and TCP among one run's processes (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct SocketEngine {
    lift: Lift<SocketEvent>,
    hosts: Vec<u32>,
    labels: Vec<u32>,
    messages: BTreeMap<u32, Message>,
    next: u32,
    /// Deliverable messages not received yet, per receiver, in arrival order.
    queued: BTreeMap<Rank, VecDeque<u32>>,
    waiting: BTreeMap<Rank, Waiting>,
    /// Calls finishing: token, process, peer, bytes, data.
    finishing: BTreeMap<u32, Done>,
    /// When each host's kernel is free to take the next incoming packet.
    kernel_free: BTreeMap<u32, SimTime>,
    /// Packets sent in all, and on the wire.
    packets: u64,
    wire_packets: u64,
}

impl SocketEngine {
    /// An engine whose events are scheduled as its owner's through `lift`.
    pub fn new(lift: Lift<SocketEvent>) -> SocketEngine {
        SocketEngine {
            lift,
            ..SocketEngine::default()
        }
    }

    /// Sets the processes: process `i` on host `procs[i].0`, labelled `procs[i].1` in records.
    pub fn setup(&mut self, procs: &[(u32, u32)]) {
        if self.hosts.is_empty() {
            self.hosts = procs.iter().map(|p| p.0).collect();
            self.labels = procs.iter().map(|p| p.1).collect();
        }
    }

    /// Whether processes are set.
    pub fn is_set_up(&self) -> bool {
        !self.hosts.is_empty()
    }

    /// Packets sent, and of them those that crossed the wire.
    pub fn packets(&self) -> (u64, u64) {
        (self.packets, self.wire_packets)
    }

    fn label(&self, p: Rank) -> u32 {
        self.labels.get(p as usize).copied().unwrap_or(p)
    }

    fn kernel(io: &mut Io<'_>) -> Result<KernelCosts, SocketError> {
        let m = io.machine();
        m.kernel().ok_or_else(|| SocketError::NoSockets {
            machine: m.name().to_string(),
            missing: "[kernel] costs",
        })
    }

    /// The packets a message of `bytes` leaves as: each packet's bytes on the wire's payload
    /// (IP and transport headers included).
    pub fn packet_sizes(transport: Transport, bytes: u64, mtu: u64) -> Vec<u64> {
        match transport {
            Transport::Udp => {
                let body = bytes + UDP_HEADER;
                let per = (mtu - IP_HEADER) / 8 * 8;
                let n = body.div_ceil(per).max(1);
                (0..n)
                    .map(|i| IP_HEADER + per.min(body - i * per))
                    .collect()
            }
            Transport::Tcp => {
                let per = mtu - IP_HEADER - TCP_HEADER;
                let n = bytes.div_ceil(per).max(1);
                (0..n)
                    .map(|i| IP_HEADER + TCP_HEADER + per.min(bytes - (i * per).min(bytes)))
                    .collect()
            }
        }
    }

    /// A send of `bytes` (`data`, or zeros) by `from` to `to`: done when its last packet is
    /// handed to the adapter.
    #[allow(clippy::too_many_arguments)]
    pub fn send(
        &mut self,
        io: &mut Io<'_>,
        (from, token): (Rank, u64),
        to: i64,
        transport: Transport,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<(), SocketError> {
        let size = self.hosts.len() as u32;
        let to = Rank::try_from(to)
            .ok()
            .filter(|t| *t < size)
            .ok_or(SocketError::NoSuchRank { rank: to, size })?;
        if transport == Transport::Udp && bytes > MAX_DATAGRAM {
            return Err(SocketError::TooLarge { bytes });
        }
        let k = Self::kernel(io)?;
        let (hs, hd) = (self.hosts[from as usize], self.hosts[to as usize]);
        let now = io.now();
        let machine = io.machine();
        let mtu = if hs == hd {
            LOOPBACK_MTU
        } else {
            machine.ethernet().map_or(1500, |e| e.params().mtu)
        };
        if hs != hd && machine.ethernet().is_none() {
            return Err(SocketError::NoSockets {
                machine: machine.name().to_string(),
                missing: "[ethernet]",
            });
        }
        let sizes = Self::packet_sizes(transport, bytes, mtu);
        let mut cpu = now + k.syscall + k.copy.times(bytes);
        let mut delivered = now;
        let mut first_wire = None;
        let mut last_wire = now;
        for &p in &sizes {
            cpu += k.packet_send;
            let arrival = if hs == hd {
                cpu
            } else {
                let wire: &mut Ethernet = io.machine().ethernet().expect("checked above");
                let t = wire.send_frame(cpu, p);
                first_wire.get_or_insert(t.start);
                last_wire = t.end;
                self.wire_packets += 1;
                t.end
            };
            let free = self.kernel_free.get(&hd).copied().unwrap_or(SimTime::ZERO);
            delivered = arrival.max(free) + k.packet_receive;
            self.kernel_free.insert(hd, delivered);
        }
        self.packets += sizes.len() as u64;
        let id = self.next;
        self.next += 1;
        self.messages.insert(
            id,
            Message {
                from,
                to,
                transport,
                data: data.unwrap_or_else(|| vec![0; bytes as usize]),
                bytes,
            },
        );
        io.record(SocketRecord::Sent {
            rank: self.label(from),
            to: self.label(to),
            transport,
            bytes,
            packets: sizes.len() as u32,
            wire: first_wire.map(|s| (s, last_wire)),
            delivered,
        });
        self.lift.schedule(io, delivered, SocketEvent::Deliver(id));
        self.finishing.insert(
            id,
            Done {
                token,
                proc: from,
                peer: to,
                bytes,
                data: None,
            },
        );
        self.lift.schedule(io, cpu, SocketEvent::Finish(id));
        Ok(())
    }

    /// A receive by `proc` of the next message (from `from`, or anyone) on `transport`.
    pub fn recv(
        &mut self,
        io: &mut Io<'_>,
        (proc, token): (Rank, u64),
        from: Option<Rank>,
        transport: Transport,
    ) -> Result<(), SocketError> {
        Self::kernel(io)?;
        let w = Waiting {
            token,
            from,
            transport,
        };
        if let Some(id) = self.take_queued(proc, &w) {
            self.finish_receive(io, proc, w.token, id)?;
        } else {
            self.waiting.insert(proc, w);
        }
        Ok(())
    }

    /// Whether a message for `proc` (from `from`, or anyone) is deliverable now.
    pub fn has_message(&self, proc: Rank, from: Option<Rank>, transport: Transport) -> bool {
        self.queued.get(&proc).is_some_and(|q| {
            q.iter().any(|id| {
                self.messages
                    .get(id)
                    .is_some_and(|m| m.transport == transport && from.is_none_or(|f| f == m.from))
            })
        })
    }

    fn take_queued(&mut self, proc: Rank, w: &Waiting) -> Option<u32> {
        let q = self.queued.get_mut(&proc)?;
        let at = q.iter().position(|id| {
            self.messages
                .get(id)
                .is_some_and(|m| m.transport == w.transport && w.from.is_none_or(|f| f == m.from))
        })?;
        q.remove(at)
    }

    fn finish_receive(
        &mut self,
        io: &mut Io<'_>,
        proc: Rank,
        token: u64,
        id: u32,
    ) -> Result<(), SocketError> {
        let k = Self::kernel(io)?;
        let Some(m) = self.messages.remove(&id) else {
            return Ok(());
        };
        let at = io.now() + k.syscall + k.copy.times(m.bytes);
        let rid = self.next;
        self.next += 1;
        io.record(SocketRecord::Received {
            rank: self.label(proc),
            from: self.label(m.from),
            transport: m.transport,
            bytes: m.bytes,
        });
        self.finishing.insert(
            rid,
            Done {
                token,
                proc,
                peer: m.from,
                bytes: m.bytes,
                data: Some(m.data),
            },
        );
        self.lift.schedule(io, at, SocketEvent::Finish(rid));
        Ok(())
    }

    /// One of the engine's events fell due: a finished call, if any.
    pub fn on_event(
        &mut self,
        io: &mut Io<'_>,
        event: SocketEvent,
    ) -> Result<Option<Done>, String> {
        match event {
            SocketEvent::Deliver(id) => {
                let Some(m) = self.messages.get(&id) else {
                    return Ok(None);
                };
                let to = m.to;
                self.queued.entry(to).or_default().push_back(id);
                if let Some(w) = self.waiting.remove(&to) {
                    if let Some(id) = self.take_queued(to, &w) {
                        self.finish_receive(io, to, w.token, id)
                            .map_err(|e| e.to_string())?;
                    } else {
                        self.waiting.insert(to, w);
                    }
                }
                Ok(None)
            }
            SocketEvent::Finish(id) => Ok(self.finishing.remove(&id)),
        }
    }

    /// The message a `Deliver` event carries, if it is one.
    fn delivering(&self, event: SocketEvent) -> Option<&Message> {
        match event {
            SocketEvent::Deliver(id) => self.messages.get(&id),
            SocketEvent::Finish(_) => None,
        }
    }

    /// The processes a `Deliver` event carries a message between (`from`, `to`), when they
    /// differ: a delivery a run where the user is the network may hold back behind racing ones.
    pub fn delivery(&self, event: SocketEvent) -> Option<(Rank, Rank)> {
        self.delivered(event)
            .filter(|(from, to, _)| from != to)
            .map(|(from, to, _)| (from, to))
    }

    /// A `Deliver` event's message: its processes (`from`, `to`) and its data (an owner that
    /// routes, as PVM does, reads what it carries).
    pub fn delivered(&self, event: SocketEvent) -> Option<(Rank, Rank, &[u8])> {
        self.delivering(event)
            .map(|m| (m.from, m.to, m.data.as_slice()))
    }

    /// The message a `Deliver` event carries, in words ("a UDP datagram of 64 bytes").
    pub fn describe_delivery(&self, event: SocketEvent) -> String {
        self.delivering(event)
            .map_or_else(String::new, |m| match m.transport {
                Transport::Udp => format!("a UDP datagram of {} bytes", m.bytes),
                Transport::Tcp => format!("a TCP message of {} bytes", m.bytes),
            })
    }

    /// What the call started with `token` waits for, in words.
    pub fn describe(&self, token: u64) -> Option<String> {
        self.waiting.iter().find_map(|(p, w)| {
            (w.token == token).then(|| {
                let from = w
                    .from
                    .map_or("anyone".to_string(), |f| format!("process {f}"));
                format!("process {p}'s {} receive, waiting for {from}", w.transport)
            })
        })
    }

    /// Estimated heap bytes.
    pub fn heap_bytes(&self) -> usize {
        self.messages
            .values()
            .map(|m| m.data.len() + 64)
            .sum::<usize>()
            + 128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn udp_fragments_at_the_mtu_and_tcp_segments_at_the_mss() {
        assert_eq!(
            SocketEngine::packet_sizes(Transport::Udp, 4, 1500),
            vec![32]
        );
        // 4096 + 8 bytes in fragments of 1480: 1480, 1480, 1144, each with IP's 20.
        assert_eq!(
            SocketEngine::packet_sizes(Transport::Udp, 4096, 1500),
            vec![1500, 1500, 1164]
        );
        assert_eq!(
            SocketEngine::packet_sizes(Transport::Tcp, 4096, 1500),
            vec![1500, 1500, 1216]
        );
        assert_eq!(
            SocketEngine::packet_sizes(Transport::Tcp, 0, 1500),
            vec![40]
        );
    }
}
