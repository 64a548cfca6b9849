//! A shared Ethernet segment beside a machine's main network (FOLON's PCs also sat on 10 Mb/s
//! Ethernet: paper 004 compares UDP over it, and PVM's daemons talk over it): one frame on the
//! wire at a time, each frame its header, payload (at least the minimum frame), FCS, preamble
//! and inter-frame gap at the wire's rate.
//!
//! Simplifications: no collisions or backoff (a frame waits for the wire, first come first
//! served, as on a switch port or an uncontended segment); the adapter moves the frame to and
//! from host memory in no time of its own (the kernel's per-packet costs include the driver).

use super::rate::PerUnit;
use crate::time::SimTime;

/// Bytes of an Ethernet frame beyond its payload: destination, source and type (14), FCS (4).
pub const FRAME_HEADER_BYTES: u64 = 14 + 4;
/// Bytes on the wire beyond the frame: preamble and start delimiter (8), inter-frame gap (12).
pub const WIRE_EXTRA_BYTES: u64 = 8 + 12;
/// The smallest frame (header, payload padded, FCS).
pub const MIN_FRAME_BYTES: u64 = 64;

/// The segment's parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EthernetParams {
    /// Time per byte on the wire.
    pub per_byte: PerUnit,
    /// The largest payload of one frame (the MTU).
    pub mtu: u64,
}

/// One frame's time on the wire.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tenure {
    /// When its first bit went out.
    pub start: SimTime,
    /// When its last bit arrived (and the gap after it passed).
    pub end: SimTime,
    /// Time it waited for the wire.
    pub waited: SimTime,
}

/// The segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ethernet {
    params: EthernetParams,
    free: SimTime,
}

impl Ethernet {
    /// An idle segment.
    pub fn new(params: EthernetParams) -> Ethernet {
        Ethernet {
            params,
            free: SimTime::ZERO,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &EthernetParams {
        &self.params
    }

    /// Bytes a frame with `payload` bytes takes on the wire.
    pub fn wire_bytes(payload: u64) -> u64 {
        (payload + FRAME_HEADER_BYTES).max(MIN_FRAME_BYTES) + WIRE_EXTRA_BYTES
    }

    /// A frame of `payload` bytes handed to the adapter at `now`: on the wire when it is free.
    pub fn send_frame(&mut self, now: SimTime, payload: u64) -> Tenure {
        let start = now.max(self.free);
        let end = start + self.params.per_byte.times(Ethernet::wire_bytes(payload));
        self.free = end;
        Tenure {
            start,
            end,
            waited: start - now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ten_megabit() -> Ethernet {
        Ethernet::new(EthernetParams {
            per_byte: PerUnit::from_per_second(1.25e6),
            mtu: 1500,
        })
    }

    #[test]
    fn a_small_frame_is_padded_to_64_bytes_and_full_ones_take_1538() {
        assert_eq!(Ethernet::wire_bytes(4), 84);
        assert_eq!(Ethernet::wire_bytes(1500), 1538);
        let mut e = ten_megabit();
        let t = e.send_frame(SimTime::ZERO, 32);
        // 84 bytes at 10 Mb/s: 67.2 µs.
        assert_eq!(t.end, SimTime::from_ns(67_200));
    }

    #[test]
    fn frames_take_the_wire_one_at_a_time() {
        let mut e = ten_megabit();
        let a = e.send_frame(SimTime::ZERO, 1500);
        let b = e.send_frame(SimTime::from_us(1), 4);
        assert_eq!(b.start, a.end);
        assert_eq!(b.waited, a.end - SimTime::from_us(1));
    }
}
