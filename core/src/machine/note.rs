//! [`HwNote`]: what the hardware model reports about one transfer, as data and as a sentence.
//!
//! Notes are only made for things worth showing in a trace — waits, drops, software fallbacks —
//! so an uncontended transfer carries none (and allocates nothing).

use std::fmt;

use serde::Serialize;

use super::ops::RdmaOp;
use crate::time::SimTime;

/// One thing the hardware did to a transfer. `Display` gives a short plain-English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HwNote {
    /// The sending node's link was still busy with earlier messages.
    LinkBusy {
        /// Sending node.
        node: u32,
        /// Time waited.
        waited: SimTime,
    },
    /// The sending rank's core was still copying earlier messages into shared memory.
    CoreBusy {
        /// Sending rank.
        rank: u32,
        /// Time waited.
        waited: SimTime,
    },
    /// The message queued behind earlier traffic at a switch output port.
    PortQueued {
        /// Output port (= destination node).
        port: u32,
        /// Time waited.
        waited: SimTime,
    },
    /// The message was dropped at a full switch port and retransmitted after a timeout.
    Dropped {
        /// Output port (= destination node).
        port: u32,
        /// Which attempt was dropped (0 = the first transmission).
        attempt: u32,
        /// When it was dropped.
        at: SimTime,
        /// Bytes in the port's buffer then.
        occupancy: u64,
        /// The port's buffer size.
        buffer: u64,
        /// When it was retransmitted.
        retransmit_at: SimTime,
    },
    /// A later message between the same two ranks was held back so that delivery stays in order
    /// (TCP delivers in order, so it waits for an earlier retransmitted message).
    HeldInOrder {
        /// Time held.
        held: SimTime,
    },
    /// The operation waited for an RDMA engine at the target node.
    EngineBusy {
        /// Target node.
        node: u32,
        /// The engine that served it.
        engine: u32,
        /// Time waited.
        waited: SimTime,
    },
    /// An atomic waited for the node's serialization stage shared by its RDMA engines.
    AtomicSerialized {
        /// Target node.
        node: u32,
        /// Time waited.
        waited: SimTime,
    },
    /// The transfer waited for the shared bus.
    BusBusy {
        /// Time waited.
        waited: SimTime,
    },
    /// A test&set: a system call for the in-PE flag, then the bus locked for the flag's read and
    /// write.
    BusLocked {
        /// Time of the system call.
        syscall: SimTime,
        /// How long the bus was locked.
        held: SimTime,
    },
    /// The machine has no hardware for this operation; software on the target must do it.
    Software {
        /// The operation.
        op: RdmaOp,
    },
    /// A handler waited for the block running on the target processor to end (EM-X).
    HandlerWaited {
        /// The node whose processor ran it.
        node: u32,
        /// Time waited.
        waited: SimTime,
    },
}

impl fmt::Display for HwNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HwNote::LinkBusy { node, waited } => write!(
                f,
                "node {node}'s link was busy with earlier messages: waited {waited} to send"
            ),
            HwNote::CoreBusy { rank, waited } => write!(
                f,
                "rank {rank}'s core was still copying earlier messages into shared memory: waited {waited} to send"
            ),
            HwNote::PortQueued { port, waited } => write!(
                f,
                "waited {waited} behind other messages at switch port {port}"
            ),
            HwNote::Dropped {
                port,
                attempt,
                at,
                occupancy,
                buffer,
                retransmit_at,
            } => {
                let which = if *attempt == 0 {
                    "message".to_string()
                } else {
                    format!("retransmission {attempt}")
                };
                write!(
                    f,
                    "switch port {port} full at {at} ({occupancy} of {buffer} bytes buffered): \
                     {which} dropped, sent again after the retransmission timeout at {retransmit_at}"
                )
            }
            HwNote::HeldInOrder { held } => write!(
                f,
                "held {held} so it arrives after an earlier retransmitted message between the same ranks"
            ),
            HwNote::EngineBusy {
                node,
                engine,
                waited,
            } => write!(f, "waited {waited} for RDMA engine {engine} of node {node}"),
            HwNote::AtomicSerialized { node, waited } => write!(
                f,
                "atomic waited {waited} for node {node}'s bus lock shared by its RDMA engines"
            ),
            HwNote::BusBusy { waited } => write!(f, "waited {waited} for the shared bus"),
            HwNote::BusLocked { syscall, held } => write!(
                f,
                "test&set: {syscall} system call for the in-PE flag, then the bus locked for {held}"
            ),
            HwNote::Software { op } => write!(
                f,
                "no hardware support for this {op}: software on the target must do it"
            ),
            HwNote::HandlerWaited { node, waited } => write!(
                f,
                "handler waited {waited} for the block running on PE {node} to end"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::ops::AtomicKind;

    #[test]
    fn sentences_read_well() {
        let n = HwNote::Dropped {
            port: 0,
            attempt: 0,
            at: SimTime::ZERO,
            occupancy: 521_280,
            buffer: 524_288,
            retransmit_at: SimTime::from_ms(200),
        };
        assert_eq!(
            n.to_string(),
            "switch port 0 full at 0 ps (521280 of 524288 bytes buffered): message dropped, \
             sent again after the retransmission timeout at 200.000 ms"
        );
        let s = HwNote::Software {
            op: RdmaOp::Atomic(AtomicKind::FetchAndAdd),
        };
        assert!(s.to_string().contains("atomic fetch_and_add"));
        let json = serde_json::to_string(&HwNote::BusBusy {
            waited: SimTime::from_ns(1),
        })
        .unwrap();
        assert_eq!(json, r#"{"kind":"bus_busy","waited":1000}"#);
    }
}
