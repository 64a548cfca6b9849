//! The socket path's trace records: a message sent (its packets, its time on the wire, when
//! the receiving kernel has it) and a message received. Sentences in the event log; a message
//! that crossed the wire is drawn as an arrow.

use std::fmt;

use crate::engine::Rank;
use crate::time::SimTime;
use crate::trace::timeline::ArrowKind;
use crate::trace::{Draw, LayerRecord, Packer, TraceObject, Unpacker, Words};
use rankscope_derive::{RecordCodec, WordField};

/// UDP or TCP.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, WordField)]
pub enum Transport {
    /// Datagrams.
    Udp,
    /// A stream (one per pair of processes).
    Tcp,
}

impl fmt::Display for Transport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Transport::Udp => "UDP",
            Transport::Tcp => "TCP",
        })
    }
}

/// One record of the socket path.
#[derive(Copy, Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "packed", code = 44)]
pub enum SocketRecord {
    /// `rank` sent `bytes` to `to`.
    #[record(name = "socket send", custom)]
    Sent {
        /// Sender (a label: see `proto::fcp::records::who`).
        rank: u32,
        /// Receiver.
        to: u32,
        /// UDP or TCP.
        transport: Transport,
        /// The message's bytes.
        bytes: u64,
        /// Packets it left as.
        packets: u32,
        /// Its first packet's start and last packet's end on the wire (none: the loopback).
        wire: Option<(SimTime, SimTime)>,
        /// When the receiving kernel has processed its last packet.
        delivered: SimTime,
    },
    /// `rank` received `bytes` from `from`.
    #[record(name = "socket receive")]
    Received {
        /// Receiver.
        rank: u32,
        /// Sender.
        from: u32,
        /// UDP or TCP.
        transport: Transport,
        /// The message's bytes.
        bytes: u64,
    },
}

use crate::proto::fcp::records::{is_rank, join_ja, who, who_ja};

impl SocketRecord {
    /// A send's words: the transport and whether it crossed the wire share a word, the bytes
    /// are stored in 32 bits, the wire's times are zero for the loopback.
    fn pack_custom(&self) -> Words {
        let SocketRecord::Sent {
            rank,
            to,
            transport,
            bytes,
            packets,
            wire,
            delivered,
        } = *self
        else {
            return Words::default();
        };
        let (s, e) = wire.unwrap_or((SimTime::ZERO, SimTime::ZERO));
        Packer::default()
            .u32(rank)
            .u32(to)
            .u32(u32::from(transport == Transport::Tcp) | u32::from(wire.is_some()) << 1)
            .u32(bytes as u32)
            .u32(packets)
            .time(s)
            .time(e)
            .time(delivered)
            .done()
    }

    /// A send back from [`SocketRecord::pack_custom`]'s words.
    fn unpack_custom(_variant: u8, words: &Words) -> Self {
        let u = &mut Unpacker::new(words);
        let (rank, to, flags) = (u.u32(), u.u32(), u.u32());
        let bytes = u64::from(u.u32());
        let packets = u.u32();
        let (s, e, delivered) = (u.time(), u.time(), u.time());
        SocketRecord::Sent {
            rank,
            to,
            transport: if flags & 1 == 1 {
                Transport::Tcp
            } else {
                Transport::Udp
            },
            bytes,
            packets,
            wire: (flags & 2 == 2).then_some((s, e)),
            delivered,
        }
    }
}

impl LayerRecord for SocketRecord {
    fn ranks(&self) -> Vec<Rank> {
        let (a, b) = match *self {
            SocketRecord::Sent { rank, to, .. } => (rank, to),
            SocketRecord::Received { rank, from, .. } => (rank, from),
        };
        let mut v: Vec<Rank> = vec![a, b].into_iter().filter(|r| is_rank(*r)).collect();
        v.dedup();
        v
    }

    fn object(&self) -> TraceObject {
        match *self {
            SocketRecord::Sent { rank, .. } | SocketRecord::Received { rank, .. } => {
                TraceObject::Rank(rank & !crate::proto::fcp::DAEMON)
            }
        }
    }

    fn explain(&self, _time: SimTime) -> String {
        match *self {
            SocketRecord::Sent {
                rank,
                to,
                transport,
                bytes,
                packets,
                wire,
                delivered,
            } => {
                let path = match wire {
                    Some((s, e)) => format!("on the Ethernet from {s} to {e}"),
                    None => "through the loopback".to_string(),
                };
                let plural = if packets == 1 { "packet" } else { "packets" };
                format!(
                    "{} sends {bytes} bytes to {} by {transport}: {packets} {plural} {path}; the receiving kernel has it at {delivered}",
                    who(rank),
                    who(to)
                )
            }
            SocketRecord::Received {
                rank,
                from,
                transport,
                bytes,
            } => format!(
                "{} receives {bytes} bytes from {} by {transport}",
                who(rank),
                who(from)
            ),
        }
    }

    fn explain_ja(&self, _time: SimTime) -> Option<String> {
        Some(match *self {
            SocketRecord::Sent {
                rank,
                to,
                transport,
                bytes,
                packets,
                wire,
                delivered,
            } => {
                let path = match wire {
                    Some((s, e)) => format!("Ethernet 上を {s} から {e} まで"),
                    None => "ループバック経由で".to_string(),
                };
                format!(
                    "{} へ {bytes} バイトを {transport} で送る:{path}パケット {packets} 個、受信側のカーネルに届くのは {delivered}",
                    join_ja(&format!("{} が", who_ja(rank)), &who_ja(to))
                )
            }
            SocketRecord::Received {
                rank,
                from,
                transport,
                bytes,
            } => format!(
                "{} から {bytes} バイトを {transport} で受け取る",
                join_ja(&format!("{} が", who_ja(rank)), &who_ja(from))
            ),
        })
    }

    fn draw(&self, _time: SimTime) -> Draw {
        match *self {
            SocketRecord::Sent {
                rank,
                to,
                wire: Some(_),
                delivered,
                ..
            } if is_rank(rank) && is_rank(to) && rank != to => Draw::Arrow {
                kind: ArrowKind::Message,
                software: false,
                from: rank,
                to,
                end: delivered,
                back: None,
                key: None,
            },
            _ => Draw::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_pack_and_unpack() {
        crate::trace::check_round_trip(&[
            SocketRecord::Sent {
                rank: 0,
                to: 1,
                transport: Transport::Udp,
                bytes: 4096,
                packets: 3,
                wire: Some((SimTime::from_us(1), SimTime::from_us(9))),
                delivered: SimTime::from_us(10),
            },
            SocketRecord::Sent {
                rank: 0,
                to: crate::proto::fcp::DAEMON | 1,
                transport: Transport::Tcp,
                bytes: 4,
                packets: 1,
                wire: None,
                delivered: SimTime::from_us(10),
            },
            SocketRecord::Received {
                rank: 1,
                from: 0,
                transport: Transport::Tcp,
                bytes: 7,
            },
        ]);
    }
}
