//! Benchmark kernels shared by `rankscope bench` (native) and the web build (WebAssembly), so both
//! time exactly the same code. Timing itself happens outside `core` (no clock here); each kernel
//! returns a checksum so the two builds can be checked to compute the same thing.

use crate::engine::EventQueue;
use crate::rng::SplitMix64;
use crate::time::SimTime;

/// The classic hold model: fill the queue with `pending` events, then `ops` times pop the earliest
/// and push a new one at its time plus a random increment (uniform in 0..1 µs). Returns a checksum
/// of the popped times and payloads.
pub fn hold_model(pending: usize, ops: u64, seed: u64) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut q: EventQueue<u32> = EventQueue::with_capacity(pending + 1);
    for i in 0..pending {
        q.push(SimTime(rng.below(1_000_000)), i as u32);
    }
    let mut checksum = 0u64;
    for _ in 0..ops {
        let Some((t, e)) = q.pop() else { break };
        checksum = checksum.rotate_left(5) ^ t.as_ps() ^ u64::from(e);
        q.push(t + SimTime(rng.below(1_000_000)), e);
    }
    checksum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hold_model_is_deterministic_and_keeps_the_queue_size() {
        assert_eq!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 1));
        assert_ne!(hold_model(100, 10_000, 1), hold_model(100, 10_000, 2));
    }
}
