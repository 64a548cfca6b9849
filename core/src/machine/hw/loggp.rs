//! LogGP point-to-point link: latency `L`, overhead `o`, gap `g`, gap per byte `G`.
//!
//! Model (Alexandrov et al., 1997; the form paper 002 Sec. 5.2 uses): sending `k` bytes keeps the
//! sender busy `o + (k−1)G`; the last byte reaches the receiver `L` later, so the message arrives
//! at `start + o + (k−1)G + L`, and the receiver then spends `o` to take it in. A node cannot
//! start injecting a message less than `g` after it started the previous one, nor before the
//! previous message's `k·G` of link time has passed.
//!
//! Simplifications: the overhead `o` is spent by the sending rank's own CPU, and only the
//! injection (the part after `o`) is serialized per node, so ranks sharing a node share one link;
//! one `o` serves both sides (LogGP's original form); `k = 0` and `k = 1` both stream no bytes.

use serde::Serialize;

use super::rate::PerUnit;
use crate::time::SimTime;

/// The four LogGP parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogGpParams {
    /// `L`: time from the last byte leaving the sender to its arrival at the receiver.
    pub latency: SimTime,
    /// `o`: CPU time to send or receive one message.
    pub overhead: SimTime,
    /// `g`: minimum interval between the starts of two injections from one node.
    pub gap: SimTime,
    /// `G`: time per byte on the link (1 / bandwidth).
    pub per_byte: PerUnit,
}

impl LogGpParams {
    /// `(k−1)G`: the time to stream `k` bytes after the first.
    pub fn stream(&self, bytes: u64) -> SimTime {
        self.per_byte.times(bytes.saturating_sub(1))
    }

    /// `I(k) = o + (k−1)G`: how long the sender is busy with one message (paper 002 eq. (9)).
    pub fn send_interval(&self, bytes: u64) -> SimTime {
        self.overhead + self.stream(bytes)
    }

    /// `o + (k−1)G + L + o`: one-way time of an uncontended message, receive overhead included.
    pub fn one_way(&self, bytes: u64) -> SimTime {
        self.send_interval(bytes) + self.latency + self.overhead
    }
}

/// When one injection happened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Injection {
    /// The sending CPU finished its overhead `o` (it started at the call's `now`).
    pub cpu_done: SimTime,
    /// The first byte entered the link: `cpu_done`, or later if the node's link was busy.
    pub first_byte: SimTime,
    /// The last byte entered the link: `first_byte + (k−1)G`; the sender is busy until here.
    pub last_byte: SimTime,
    /// How long the message waited for the node's link (`first_byte − cpu_done`).
    pub waited: SimTime,
}

impl Injection {
    /// When the last byte reaches the other end of a link of latency `latency`.
    pub fn arrival(&self, latency: SimTime) -> SimTime {
        self.last_byte + latency
    }
}

/// LogGP links of every node: the parameters plus each node's "next injection allowed" time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogGp {
    params: LogGpParams,
    next_injection: Vec<SimTime>,
}

impl LogGp {
    /// Links for `nodes` nodes, all idle at time zero.
    pub fn new(params: LogGpParams, nodes: u32) -> LogGp {
        LogGp {
            params,
            next_injection: vec![SimTime::ZERO; nodes as usize],
        }
    }

    /// The parameters.
    pub fn params(&self) -> &LogGpParams {
        &self.params
    }

    /// The earliest time `node` may start its next injection.
    pub fn next_injection(&self, node: u32) -> SimTime {
        self.next_injection
            .get(node as usize)
            .copied()
            .unwrap_or_default()
    }

    /// Keeps `node` from injecting again before `until` (used when something other than the
    /// link, e.g. programmed I/O on a bus, occupies the node's sending side).
    pub fn occupy_until(&mut self, node: u32, until: SimTime) {
        if let Some(next) = self.next_injection.get_mut(node as usize) {
            *next = (*next).max(until);
        }
    }

    /// Injects a `bytes`-byte message from `node` whose sender starts at `now` (spending `o`
    /// first). With `overhead = false` no CPU overhead is charged (a kernel retransmission, an
    /// RDMA engine streaming a response).
    pub fn inject(&mut self, now: SimTime, node: u32, bytes: u64, overhead: bool) -> Injection {
        let p = self.params;
        let cpu_done = if overhead { now + p.overhead } else { now };
        let slot = self.next_injection.get_mut(node as usize);
        let allowed = slot.as_deref().copied().unwrap_or_default();
        let first_byte = cpu_done.max(allowed);
        let last_byte = first_byte + p.stream(bytes);
        if let Some(next) = slot {
            *next = first_byte + p.gap.max(p.per_byte.times(bytes));
        }
        Injection {
            cpu_done,
            first_byte,
            last_byte,
            waited: first_byte - cpu_done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> LogGpParams {
        LogGpParams {
            latency: SimTime::from_us(5),
            overhead: SimTime::from_us(2),
            gap: SimTime::from_us(3),
            per_byte: PerUnit::from_ps(8_000),
        }
    }

    #[test]
    fn one_message_follows_the_closed_form() {
        let mut l = LogGp::new(params(), 2);
        let k = 1000;
        let inj = l.inject(SimTime::from_us(10), 0, k, true);
        // start + o + (k-1)G + L with start = 10 µs.
        let expect_free = SimTime::from_us(10 + 2) + SimTime::from_ns(8 * 999);
        assert_eq!(inj.last_byte, expect_free);
        assert_eq!(
            inj.arrival(params().latency),
            expect_free + SimTime::from_us(5)
        );
        assert_eq!(inj.waited, SimTime::ZERO);
        assert_eq!(
            params().one_way(k),
            SimTime::from_us(2 + 5 + 2) + SimTime::from_ns(8 * 999)
        );
    }

    #[test]
    fn small_messages_are_spaced_by_the_gap() {
        let mut l = LogGp::new(params(), 1);
        let a = l.inject(SimTime::ZERO, 0, 1, true);
        // The sender is free at o = 2 µs, but g = 3 µs after the first injection started.
        let b = l.inject(a.last_byte, 0, 1, true);
        assert_eq!(a.first_byte, SimTime::from_us(2));
        assert_eq!(b.first_byte, SimTime::from_us(5));
        assert_eq!(b.waited, SimTime::from_us(1));
    }

    #[test]
    fn long_messages_are_spaced_by_their_bytes() {
        let mut l = LogGp::new(params(), 1);
        let k = 10_000; // 80 µs of link time > g
        let a = l.inject(SimTime::ZERO, 0, k, true);
        // A second rank on the same node starts its overhead at once but must wait for the link.
        let b = l.inject(SimTime::ZERO, 0, k, true);
        assert_eq!(b.first_byte, a.first_byte + SimTime::from_ns(80_000));
    }

    #[test]
    fn zero_bytes_stream_nothing_and_nodes_are_independent() {
        let mut l = LogGp::new(params(), 2);
        let a = l.inject(SimTime::ZERO, 0, 0, true);
        let b = l.inject(SimTime::ZERO, 1, 0, true);
        assert_eq!(a.last_byte, SimTime::from_us(2));
        assert_eq!(b.last_byte, SimTime::from_us(2));
        let c = l.inject(SimTime::ZERO, 1, 0, false);
        assert_eq!(c.first_byte, SimTime::from_us(5));
    }
}
