//! A shared bus with a bus lock (FOLON's VME bus, paper 004): one transaction at a time.
//!
//! Model: every PE has dual-port memory on its bus adapter. Reading or writing a word of its own
//! dual-port memory takes `own_access` (400 ns) and does not use the shared bus; a word of another
//! PE's memory takes `remote_access` (2.1 µs) and holds the bus, which carries one transaction at
//! a time. There is no hardware test-and-set: a test&set first takes an in-PE kernel flag by a
//! system call (`syscall`) to exclude the PE's other processes, then locks the bus and reads and
//! writes the flag word with the bus held, so nothing else crosses the bus meanwhile.
//!
//! Simplifications: a block of words is one bus tenure (real VME arbitrates per cycle, which would
//! interleave two block transfers but give the same total bus time); bus arbitration is first
//! come, first served in call order; DMA is not modelled (paper 004 did not use it).

use crate::time::SimTime;

/// Timing of the bus and its memories.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BusParams {
    /// One word of the PE's own dual-port memory (no bus).
    pub own_access: SimTime,
    /// One word of another PE's dual-port memory (holds the bus).
    pub remote_access: SimTime,
    /// Bytes per access.
    pub word_bytes: u32,
    /// System call that takes or releases the in-PE kernel exclusion flag.
    pub syscall: SimTime,
    /// The protocol library's code around one single-word access (FCP's; not VCL's plain
    /// mapped stores, nor a block of data).
    pub protocol_word: SimTime,
}

/// One use of the memory or the bus.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BusUse {
    /// When the accesses started.
    pub start: SimTime,
    /// When they ended (the bus, if held, is free again).
    pub end: SimTime,
    /// Time spent waiting for the bus.
    pub waited: SimTime,
}

/// A test&set: syscall, then the bus lock held for a read and a write of the flag word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TestAndSet {
    /// When the in-PE system call finished.
    pub syscall_done: SimTime,
    /// The locked bus tenure (read + write of the flag).
    pub lock: BusUse,
}

/// The shared bus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bus {
    params: BusParams,
    free: SimTime,
}

impl Bus {
    /// An idle bus.
    pub fn new(params: BusParams) -> Bus {
        Bus {
            params,
            free: SimTime::ZERO,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &BusParams {
        &self.params
    }

    /// Words needed for `bytes` bytes.
    pub fn words(&self, bytes: u64) -> u64 {
        bytes.div_ceil(u64::from(self.params.word_bytes.max(1)))
    }

    /// `words` accesses to the PE's own dual-port memory, starting at `now`: no bus.
    pub fn own_access(&self, now: SimTime, words: u64) -> BusUse {
        BusUse {
            start: now,
            end: now + self.params.own_access.times(words),
            waited: SimTime::ZERO,
        }
    }

    /// `words` accesses to another PE's memory, as one bus tenure from `now` or when the bus
    /// frees.
    pub fn remote_access(&mut self, now: SimTime, words: u64) -> BusUse {
        self.hold(now, self.params.remote_access.times(words))
    }

    /// A test&set of a flag word starting at `now`: syscall, then the bus locked for a read and a
    /// write of the flag (in another PE's memory if `remote`, else in the PE's own).
    pub fn test_and_set(&mut self, now: SimTime, remote: bool) -> TestAndSet {
        let syscall_done = now + self.params.syscall;
        let access = if remote {
            self.params.remote_access
        } else {
            self.params.own_access
        };
        let lock = self.hold(syscall_done, access.times(2));
        TestAndSet { syscall_done, lock }
    }

    fn hold(&mut self, now: SimTime, length: SimTime) -> BusUse {
        let start = now.max(self.free);
        let end = start + length;
        self.free = end;
        BusUse {
            start,
            end,
            waited: start - now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folon() -> BusParams {
        BusParams {
            own_access: SimTime::from_ns(400),
            remote_access: SimTime::from_ns(2_100),
            word_bytes: 4,
            syscall: SimTime::from_us(10),
            protocol_word: SimTime::ZERO,
        }
    }

    #[test]
    fn remote_words_cost_2_1_us_each_and_own_words_400_ns() {
        let mut bus = Bus::new(folon());
        assert_eq!(bus.words(4096), 1024);
        assert_eq!(bus.words(5), 2);
        let w = bus.remote_access(SimTime::ZERO, 1024);
        assert_eq!(w.end, SimTime::from_ns(2_100 * 1024));
        let own = bus.own_access(SimTime::ZERO, 1024);
        assert_eq!(own.end, SimTime::from_ns(400 * 1024));
        assert_eq!(own.waited, SimTime::ZERO); // dual-port: no bus
    }

    #[test]
    fn one_transaction_at_a_time() {
        let mut bus = Bus::new(folon());
        let a = bus.remote_access(SimTime::ZERO, 2);
        let b = bus.remote_access(SimTime::from_ns(100), 1);
        assert_eq!(b.start, a.end);
        assert_eq!(b.waited, SimTime::from_ns(4_100));
        assert_eq!(b.end, SimTime::from_ns(6_300));
    }

    #[test]
    fn test_and_set_is_syscall_then_locked_read_and_write() {
        let mut bus = Bus::new(folon());
        let t = bus.test_and_set(SimTime::ZERO, true);
        assert_eq!(t.syscall_done, SimTime::from_us(10));
        assert_eq!(t.lock.end, SimTime::from_ns(10_000 + 4_200));
        // A transfer issued meanwhile waits for the lock to be released.
        let w = bus.remote_access(SimTime::from_us(11), 1);
        assert_eq!(w.start, t.lock.end);
        // On its own memory the lock still holds the bus, for 2 × 400 ns.
        let own = bus.test_and_set(SimTime::from_us(100), false);
        assert_eq!(own.lock.end - own.lock.start, SimTime::from_ns(800));
    }
}
