//! A full-duplex crossbar switch with a finite FIFO buffer per output port: incast drops.
//!
//! Model: every node has its own input and output link, so only traffic to the same destination
//! contends, in that destination's output-port FIFO, which drains at the link rate `G`. A message
//! is forwarded cut-through: when the port is idle it leaves as fast as it arrives (finishing
//! `k·G` after its head); otherwise it leaves after everything queued ahead of it. The port has
//! `buffer_bytes` of memory. A TCP sender keeps at most a window of bytes in flight, so each
//! message in the port's FIFO occupies at most `window_bytes` of it (`retransmit_window_bytes`
//! after a timeout, when TCP restarts from one segment). If the bytes of the messages still in
//! the FIFO plus the new message's window would exceed the buffer when its head arrives, the
//! message is DROPPED; its sender retransmits after a retransmission timeout (RTO, Linux minimum
//! 200 ms) that doubles on every further drop up to a maximum: the incast signature of paper 002
//! Table 3.
//!
//! Simplifications: messages, not packets; a dropped message is lost whole (real TCP loses the
//! segments that overflow and recovers most by fast retransmit, the tail by RTO); a
//! retransmission is reserved on the port at its future time, after the traffic queued when it
//! was dropped, and later traffic flows around it; the retransmission's time on the sender's own
//! link is not charged; after [`MAX_ATTEMPTS`] attempts a message is delivered anyway (a real TCP
//! would report a broken connection). Calls come in nondecreasing `now`, but heads may lie in
//! the future (a rank that starts many non-blocking sends at once: its link releases them one
//! after another): the port serves messages in the order their heads arrive, each in the first
//! gap at or after its head long enough for it — so a message called later but arriving earlier
//! goes first (a message already placed is not moved back by one arriving before it).

use std::collections::BTreeMap;

use super::rate::PerUnit;
use crate::time::SimTime;

/// The switch's parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CrossbarParams {
    /// Link time per byte of an output port.
    pub per_byte: PerUnit,
    /// Buffer of one output port, in bytes.
    pub buffer_bytes: u64,
    /// Bytes one first-attempt message can have in the buffer (a TCP window).
    pub window_bytes: u64,
    /// Bytes a retransmitted message can have in the buffer (one segment after a timeout).
    pub retransmit_window_bytes: u64,
    /// The first retransmission timeout.
    pub rto: SimTime,
    /// The largest retransmission timeout (the doubling stops here).
    pub max_rto: SimTime,
}

impl CrossbarParams {
    /// Timeout before retransmitting a message dropped on attempt `attempt` (0 = first send):
    /// `rto · 2^attempt`, at most `max_rto`.
    pub fn rto_after(&self, attempt: u32) -> SimTime {
        let factor = 1u64.checked_shl(attempt.min(63)).unwrap_or(u64::MAX);
        self.rto.times(factor).min(self.max_rto.max(self.rto))
    }

    fn window(&self, attempt: u32) -> u64 {
        if attempt == 0 {
            self.window_bytes
        } else {
            self.retransmit_window_bytes
        }
    }
}

/// One message's way through an output port: when its head arrived, when the port sent its
/// first and last byte, and how much of the port's buffer it could hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    /// When its head reached the port (the delivered attempt's).
    pub head: SimTime,
    /// When its first byte left the port.
    pub start: SimTime,
    /// When its last byte left the port.
    pub finish: SimTime,
    /// Its size.
    pub bytes: u64,
    /// The most of it the buffer holds at once (its sender's TCP window).
    pub window: u64,
}

impl Passage {
    /// Bytes of it in the port's buffer at `at`, for a port that sends `per_byte`: none before
    /// its head or after its last byte; what is left to send, at most its window, in between.
    pub fn buffered_at(&self, at: SimTime, per_byte: PerUnit) -> u64 {
        if at < self.head || at >= self.finish {
            return 0;
        }
        let left = if at <= self.start {
            self.bytes
        } else {
            self.bytes
                .saturating_sub(per_byte.units_within(at - self.start))
        };
        left.min(self.window)
    }
}

/// Attempts (first send plus retransmissions) after which a message is delivered regardless.
pub const MAX_ATTEMPTS: u32 = 16;

/// One drop of a message at a full output port.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PortDrop {
    /// Which attempt was dropped (0 = the first transmission).
    pub attempt: u32,
    /// When its head reached the full port.
    pub at: SimTime,
    /// Bytes in the port's buffer at that moment.
    pub occupancy: u64,
    /// When its sender retransmits it (`at` + RTO for this attempt).
    pub retransmit_at: SimTime,
}

/// One message through the switch as a log keeps it (for views that replay the ports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortPass {
    /// The sending node (its input port).
    pub from: u32,
    /// The output port (= the receiving node).
    pub port: u32,
    /// The delivered copy's way through the port.
    pub passage: Passage,
    /// Every drop before it got through, in order.
    pub drops: Vec<PortDrop>,
}

/// How a message went through the port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forwarded {
    /// The delivered copy's way through the port.
    pub passage: Passage,
    /// Time the delivered copy waited behind other traffic at the port.
    pub waited: SimTime,
    /// Every drop before it got through, in order (empty when none).
    pub drops: Vec<PortDrop>,
}

/// The switch: (only for ports with traffic in flight) the queue and the times the port is
/// taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crossbar {
    params: CrossbarParams,
    /// Number of ports.
    ports: u32,
    /// Ports with messages in flight; drained ports leave the map at the next sweep.
    busy: BTreeMap<u32, Port>,
    /// Calls since the last sweep of drained ports.
    since_sweep: u32,
}

/// Calls between two sweeps of drained ports (keeps the sweep's cost amortized O(1) per call).
const SWEEP_EVERY: u32 = 4096;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Port {
    /// Messages in the buffer or still to come, for occupancy.
    queue: Vec<Passage>,
    /// When the port's link is taken by a message (first transmission or retransmission):
    /// start → finish, non-overlapping.
    reserved: BTreeMap<SimTime, SimTime>,
}

impl Port {
    /// Forgets the messages and reservations that are over by `now`.
    fn prune(&mut self, now: SimTime) {
        self.queue.retain(|q| q.finish > now);
        while let Some((&s, &f)) = self.reserved.first_key_value() {
            if f > now {
                break;
            }
            self.reserved.remove(&s);
        }
    }

    /// The earliest start `>= start` at which `len` fits between the reservations.
    fn skip_reserved(&self, mut start: SimTime, len: SimTime) -> SimTime {
        // Only the reservation that starts last at or before `start` can cover it.
        if let Some((_, &f)) = self.reserved.range(..=start).next_back() {
            start = start.max(f);
        }
        for (&s, &f) in self.reserved.range(start..) {
            if len > SimTime::ZERO && s >= start + len || len == SimTime::ZERO && s > start {
                break;
            }
            start = start.max(f);
        }
        start
    }
}

impl Crossbar {
    /// A switch with `ports` ports, all empty.
    pub fn new(params: CrossbarParams, ports: u32) -> Crossbar {
        Crossbar {
            params,
            ports,
            busy: BTreeMap::new(),
            since_sweep: 0,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &CrossbarParams {
        &self.params
    }

    /// Bytes in `port`'s buffer at time `at` (each queued message counting at most its window).
    pub fn occupancy(&self, port: u32, at: SimTime) -> u64 {
        let Some(port) = self.busy.get(&port) else {
            return 0;
        };
        port.queue
            .iter()
            .map(|q| q.buffered_at(at, self.params.per_byte))
            .fold(0u64, u64::saturating_add)
    }

    /// Sends a `bytes`-byte message whose head reaches output `port` at `head_at` through the
    /// port, retransmitting after each drop until it gets through. `now` (nondecreasing across
    /// calls, `<= head_at`) lets the port forget traffic that has left.
    pub fn forward(&mut self, now: SimTime, port: u32, head_at: SimTime, bytes: u64) -> Forwarded {
        let p = self.params;
        let len = p.per_byte.times(bytes);
        if port >= self.ports {
            return Forwarded {
                passage: Passage {
                    head: head_at,
                    start: head_at,
                    finish: head_at + len,
                    bytes,
                    window: bytes,
                },
                waited: SimTime::ZERO,
                drops: Vec::new(),
            };
        };
        self.since_sweep += 1;
        if self.since_sweep >= SWEEP_EVERY {
            self.prune(now);
        } else if let Some(busy) = self.busy.get_mut(&port) {
            busy.prune(now);
        }
        let mut drops = Vec::new();
        let mut head = head_at;
        let mut attempt = 0;
        let window = loop {
            let window = p.window(attempt);
            let occupancy = self.occupancy(port, head);
            let last = attempt + 1 >= MAX_ATTEMPTS;
            if last || occupancy.saturating_add(bytes.min(window)) <= p.buffer_bytes {
                break window;
            }
            let retransmit_at = head + p.rto_after(attempt);
            drops.push(PortDrop {
                attempt,
                at: head,
                occupancy,
                retransmit_at,
            });
            head = retransmit_at;
            attempt += 1;
        };
        let slot = self.busy.entry(port).or_default();
        let start = slot.skip_reserved(head, len);
        let finish = start + len;
        if len > SimTime::ZERO {
            slot.reserved.insert(start, finish);
        }
        let passage = Passage {
            head,
            start,
            finish,
            bytes,
            window,
        };
        slot.queue.push(passage);
        Forwarded {
            passage,
            waited: start - head,
            drops,
        }
    }

    /// Ports currently holding traffic (for memory accounting and tests).
    pub fn busy_ports(&self) -> usize {
        self.busy.len()
    }

    /// Forgets every port's traffic that is over by `now` (ports that drained leave the map).
    pub fn prune(&mut self, now: SimTime) {
        self.since_sweep = 0;
        self.busy.retain(|_, port| {
            port.prune(now);
            !(port.queue.is_empty() && port.reserved.is_empty())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: u64 = 63 * 1024;

    fn gbe() -> CrossbarParams {
        CrossbarParams {
            per_byte: PerUnit::from_ps(8_000),
            buffer_bytes: 512 * 1024,
            window_bytes: 14_480,
            retransmit_window_bytes: 1_448,
            rto: SimTime::from_ms(200),
            max_rto: SimTime::from_ms(120_000),
        }
    }

    fn wire(bytes: u64) -> SimTime {
        SimTime::from_ns(8 * bytes)
    }

    #[test]
    fn an_idle_port_forwards_cut_through() {
        let mut x = Crossbar::new(gbe(), 2);
        let f = x.forward(SimTime::ZERO, 1, SimTime::from_us(3), K);
        assert_eq!(f.passage.start, SimTime::from_us(3));
        assert_eq!(f.passage.finish, SimTime::from_us(3) + wire(K));
        assert!(f.drops.is_empty());
    }

    #[test]
    fn two_senders_to_one_port_serialize() {
        let mut x = Crossbar::new(gbe(), 2);
        let a = x.forward(SimTime::ZERO, 0, SimTime::ZERO, K);
        let b = x.forward(SimTime::ZERO, 0, SimTime::ZERO, K);
        assert_eq!(
            (b.passage.start, b.waited),
            (a.passage.finish, a.passage.finish)
        );
        assert_eq!(b.passage.finish, wire(2 * K));
        // Another port is unaffected (full duplex crossbar).
        let c = x.forward(SimTime::ZERO, 1, SimTime::ZERO, K);
        assert_eq!(c.passage.start, SimTime::ZERO);
    }

    #[test]
    fn heads_are_served_in_arrival_order_even_when_called_out_of_it() {
        // A rank that starts its sends at once releases them one after another: a message
        // called later may reach the port first. It goes first, in the gap before the later one.
        let mut x = Crossbar::new(gbe(), 2);
        let slot = wire(K) + SimTime::from_us(10);
        let late = x.forward(SimTime::ZERO, 0, slot.times(3), K);
        let early = x.forward(SimTime::ZERO, 0, slot, K);
        assert_eq!((early.passage.start, early.waited), (slot, SimTime::ZERO));
        assert_eq!(
            (late.passage.start, late.waited),
            (slot.times(3), SimTime::ZERO)
        );
        // One that does not fit in the gap waits after the traffic already placed.
        let third = x.forward(SimTime::ZERO, 0, slot.times(2) + wire(K), K);
        assert_eq!(third.passage.start, late.passage.finish);
        assert!(third.drops.is_empty());
    }

    #[test]
    fn incast_drops_and_retransmits_after_the_rto() {
        // 63 senders at once into one port (paper 002's Ring gather): each queued message holds a
        // 14,480-byte window, so ⌊524,288 / 14,480⌋ = 36 get in; the other 27 are dropped, wait
        // the 200 ms RTO, and then go through one after another (one segment of window each).
        let mut x = Crossbar::new(gbe(), 64);
        let runs: Vec<Forwarded> = (0..63)
            .map(|_| x.forward(SimTime::ZERO, 0, SimTime::ZERO, K))
            .collect();
        let dropped: Vec<&Forwarded> = runs.iter().filter(|f| !f.drops.is_empty()).collect();
        assert_eq!(dropped.len(), 27);
        for f in &dropped {
            assert_eq!(f.drops.len(), 1);
            assert_eq!(f.drops[0].retransmit_at, SimTime::from_ms(200));
        }
        let last = runs.iter().map(|f| f.passage.finish).max().unwrap();
        // Closed form: RTO + 27 messages' wire time.
        assert_eq!(last, SimTime::from_ms(200) + wire(27 * K));
    }

    #[test]
    fn later_traffic_flows_around_a_reserved_retransmission() {
        let mut x = Crossbar::new(gbe(), 1);
        for _ in 0..37 {
            x.forward(SimTime::ZERO, 0, SimTime::ZERO, K);
        }
        // The 37th was dropped and is reserved at 200 ms. A message at 100 ms is not delayed.
        let t = SimTime::from_ms(100);
        let f = x.forward(t, 0, t, K);
        assert_eq!((f.passage.start, f.drops.len()), (t, 0));
        // One that would overlap the reservation goes after it.
        let t2 = SimTime::from_ms(200) - SimTime::from_us(1);
        let g = x.forward(t2, 0, t2, K);
        assert_eq!(g.passage.start, SimTime::from_ms(200) + wire(K));
    }

    #[test]
    fn occupancy_drains_as_the_port_sends() {
        let mut x = Crossbar::new(gbe(), 1);
        x.forward(SimTime::ZERO, 0, SimTime::ZERO, 10_000);
        x.forward(SimTime::ZERO, 0, SimTime::ZERO, 10_000);
        assert_eq!(x.occupancy(0, SimTime::ZERO), 20_000);
        // After 5,000 bytes' time the first message has 5,000 left.
        assert_eq!(x.occupancy(0, SimTime::from_ns(40_000)), 15_000);
        assert_eq!(x.occupancy(0, SimTime::from_ns(160_000)), 0);
        // Messages that have left are forgotten once `now` passes them.
        x.forward(SimTime::from_ns(200_000), 0, SimTime::from_ns(200_000), 1);
        assert_eq!(x.busy[&0].queue.len(), 1);
        x.prune(SimTime::from_ms(1));
        assert_eq!(x.busy_ports(), 0);
    }

    #[test]
    fn rto_doubles_up_to_the_maximum() {
        let p = gbe();
        assert_eq!(p.rto_after(0), SimTime::from_ms(200));
        assert_eq!(p.rto_after(1), SimTime::from_ms(400));
        assert_eq!(p.rto_after(3), SimTime::from_ms(1_600));
        assert_eq!(p.rto_after(20), SimTime::from_ms(120_000));
        assert_eq!(p.rto_after(u32::MAX), SimTime::from_ms(120_000));
    }

    #[test]
    fn a_port_too_small_for_any_window_still_delivers_after_max_attempts() {
        let mut p = gbe();
        p.buffer_bytes = 100;
        let mut x = Crossbar::new(p, 1);
        let f = x.forward(SimTime::ZERO, 0, SimTime::ZERO, K);
        assert_eq!(f.drops.len() as u32, MAX_ATTEMPTS - 1);
        assert!(f.passage.finish > SimTime::from_ms(120_000));
    }
}
