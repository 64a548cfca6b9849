//! PVM's trace records: a task's `pvm_send`, each fragment's hop (task → pvmd, pvmd → pvmd
//! with its acknowledgement, pvmd → task, or task → task on a direct route), a packet held
//! for an acknowledgement, and a message received. The transports' own records (socket
//! sends, FCP's word accesses) sit beside them.

use super::tid::Tid;
use crate::engine::Rank;
use crate::proto::fcp::records::{is_rank, join_ja, who, who_ja};
use crate::time::SimTime;
use crate::trace::{LayerRecord, TraceObject};
use rankscope_derive::{RecordCodec, WordField};

/// One hop of PVM's route.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, WordField)]
pub enum Leg {
    /// A task writes a fragment to its pvmd (TCP within the host).
    TaskToPvmd,
    /// A pvmd sends a fragment to another host's pvmd (UDP over Ethernet, or FCP).
    PvmdToPvmd,
    /// A pvmd acknowledges a fragment from another pvmd.
    Ack,
    /// A pvmd writes a fragment to one of its tasks (TCP within the host).
    PvmdToTask,
    /// A task sends a fragment straight to another task (the direct route).
    Direct,
}

impl Leg {
    /// Every leg, in route order.
    pub const ALL: [Leg; 5] = [
        Leg::TaskToPvmd,
        Leg::PvmdToPvmd,
        Leg::Ack,
        Leg::PvmdToTask,
        Leg::Direct,
    ];

    /// In words.
    pub fn name(self) -> &'static str {
        match self {
            Leg::TaskToPvmd => "task → pvmd",
            Leg::PvmdToPvmd => "pvmd → pvmd",
            Leg::Ack => "pvmd's acknowledgement",
            Leg::PvmdToTask => "pvmd → task",
            Leg::Direct => "task → task",
        }
    }

    /// In Japanese.
    fn name_ja(self) -> &'static str {
        match self {
            Leg::TaskToPvmd => "タスク → pvmd",
            Leg::PvmdToPvmd => "pvmd → pvmd",
            Leg::Ack => "pvmd の確認応答",
            Leg::PvmdToTask => "pvmd → タスク",
            Leg::Direct => "タスク → タスク",
        }
    }
}

/// How a hop travels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, WordField)]
pub enum Via {
    /// TCP (within a host: the loopback).
    Tcp,
    /// UDP over the Ethernet.
    Udp,
    /// FCP over the VME bus.
    Fcp,
}

impl Via {
    fn name(self) -> &'static str {
        match self {
            Via::Tcp => "TCP",
            Via::Udp => "UDP over the Ethernet",
            Via::Fcp => "FCP over the VME bus",
        }
    }

    fn name_ja(self) -> &'static str {
        match self {
            Via::Tcp => "TCP",
            Via::Udp => "Ethernet 上の UDP",
            Via::Fcp => "VME バス上の FCP",
        }
    }
}

/// One PVM record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "packed", code = 48)]
pub enum PvmRecord {
    /// `rank` (task `tid`) calls `pvm_send` of message `msg` to `dst` with `tag`.
    #[record(name = "pvm send")]
    Sent {
        /// The sending rank.
        rank: Rank,
        /// Its tid.
        tid: Tid,
        /// The destination.
        dst: Tid,
        /// The tag.
        tag: i32,
        /// Data bytes.
        bytes: u32,
        /// The message's number in the run.
        msg: u32,
        /// Its fragments.
        frags: u32,
    },
    /// A fragment of message `msg` starts a hop from `from` to `to` (process labels).
    #[record(name = "pvm hop")]
    Hop {
        /// The message.
        msg: u32,
        /// The fragment (from 1).
        frag: u32,
        /// Who sends it.
        from: u32,
        /// To whom.
        to: u32,
        /// Which hop.
        leg: Leg,
        /// How.
        #[record(shift = 8)]
        via: Via,
        /// The packet's bytes, headers included.
        bytes: u32,
    },
    /// A pvmd holds a fragment for another host until the previous one is acknowledged.
    #[record(name = "pvm held")]
    Held {
        /// The pvmd (label).
        pvmd: u32,
        /// The message.
        msg: u32,
        /// The fragment.
        frag: u32,
        /// The other host's pvmd (label).
        to: u32,
    },
    /// `rank`'s `pvm_recv` (or `pvm_nrecv`) takes message `msg`.
    #[record(name = "pvm receive")]
    Received {
        /// The receiving rank.
        rank: Rank,
        /// Its tid.
        tid: Tid,
        /// The sender.
        src: Tid,
        /// The tag.
        tag: i32,
        /// Data bytes.
        bytes: u32,
        /// The message's number.
        msg: u32,
        /// When it was sent.
        sent: SimTime,
    },
}

impl LayerRecord for PvmRecord {
    fn ranks(&self) -> Vec<Rank> {
        match *self {
            PvmRecord::Sent { rank, .. } | PvmRecord::Received { rank, .. } => vec![rank],
            PvmRecord::Hop { from, to, .. } => {
                [from, to].into_iter().filter(|l| is_rank(*l)).collect()
            }
            PvmRecord::Held { .. } => Vec::new(),
        }
    }

    fn object(&self) -> TraceObject {
        match *self {
            PvmRecord::Sent { rank, .. } | PvmRecord::Received { rank, .. } => {
                TraceObject::Rank(rank)
            }
            PvmRecord::Hop { from, .. } => TraceObject::Rank(from & !crate::proto::fcp::DAEMON),
            PvmRecord::Held { pvmd, .. } => TraceObject::Rank(pvmd & !crate::proto::fcp::DAEMON),
        }
    }

    fn explain(&self, time: SimTime) -> String {
        match *self {
            PvmRecord::Sent {
                rank,
                tid,
                dst,
                tag,
                bytes,
                msg,
                frags,
            } => {
                let plural = if frags == 1 { "fragment" } else { "fragments" };
                format!(
                    "rank {rank} ({tid}) calls pvm_send: message {msg}, {bytes} bytes with tag {tag}, to {dst} — {frags} {plural}"
                )
            }
            PvmRecord::Hop {
                msg,
                frag,
                from,
                to,
                leg,
                via,
                bytes,
            } => match leg {
                Leg::Ack => format!(
                    "{} acknowledges fragment {frag} of message {msg} to {} ({bytes} bytes, {})",
                    who(from),
                    who(to),
                    via.name()
                ),
                _ => format!(
                    "{} sends fragment {frag} of message {msg} to {} ({}: {bytes} bytes with headers, {})",
                    who(from),
                    who(to),
                    leg.name(),
                    via.name()
                ),
            },
            PvmRecord::Held {
                pvmd,
                msg,
                frag,
                to,
            } => format!(
                "{} holds fragment {frag} of message {msg} until {} acknowledges its previous packet (one unacknowledged packet per host)",
                who(pvmd),
                who(to)
            ),
            PvmRecord::Received {
                rank,
                tid,
                src,
                tag,
                bytes,
                msg,
                sent,
            } => format!(
                "rank {rank} ({tid}) receives message {msg} from {src}: {bytes} bytes with tag {tag}, {} after it was sent",
                time - sent
            ),
        }
    }

    fn explain_ja(&self, time: SimTime) -> Option<String> {
        Some(match *self {
            PvmRecord::Sent {
                rank,
                tid,
                dst,
                tag,
                bytes,
                msg,
                frags,
            } => format!(
                "ランク {rank}({tid})が pvm_send を呼ぶ:メッセージ {msg}({bytes} バイト、タグ {tag})を {dst} へ。フラグメント {frags} 個になる"
            ),
            PvmRecord::Hop {
                msg,
                frag,
                from,
                to,
                leg,
                via,
                bytes,
            } => match leg {
                Leg::Ack => format!(
                    "{} へメッセージ {msg} のフラグメント {frag} の確認応答を返す({bytes} バイト、{})",
                    join_ja(&format!("{} が", who_ja(from)), &who_ja(to)),
                    via.name_ja()
                ),
                _ => format!(
                    "{} へ送る({}: ヘッダ込みで {bytes} バイト、{})",
                    join_ja(
                        &format!("{} がメッセージ {msg} のフラグメント {frag} を", who_ja(from)),
                        &who_ja(to)
                    ),
                    leg.name_ja(),
                    via.name_ja()
                ),
            },
            PvmRecord::Held {
                pvmd,
                msg,
                frag,
                to,
            } => format!(
                "{} はメッセージ {msg} のフラグメント {frag} を、{} が直前のパケットに確認応答を返すまで保留する(未確認のパケットはホストごとに一つまで)",
                who_ja(pvmd),
                who_ja(to)
            ),
            PvmRecord::Received {
                rank,
                tid,
                src,
                tag,
                bytes,
                msg,
                sent,
            } => format!(
                "ランク {rank}({tid})が {src} からメッセージ {msg} を受信する:タグ {tag} の {bytes} バイト、送信から {} 後",
                time - sent
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_pack_and_unpack() {
        crate::trace::check_round_trip(&[
            PvmRecord::Sent {
                rank: 0,
                tid: Tid(0x40001),
                dst: Tid(0x80001),
                tag: -1,
                bytes: 4,
                msg: 3,
                frags: 1,
            },
            PvmRecord::Hop {
                msg: 3,
                frag: 2,
                from: crate::proto::fcp::DAEMON | 1,
                to: 1,
                leg: Leg::PvmdToTask,
                via: Via::Fcp,
                bytes: 80,
            },
            PvmRecord::Held {
                pvmd: crate::proto::fcp::DAEMON,
                msg: 1,
                frag: 2,
                to: crate::proto::fcp::DAEMON | 1,
            },
            PvmRecord::Received {
                rank: 1,
                tid: Tid(0x80001),
                src: Tid(0x40001),
                tag: 7,
                bytes: 4096,
                msg: 3,
                sent: SimTime::from_us(3),
            },
        ]);
    }
}
