//! Each built-in profile's headline number, computed by its [`Machine`] and checked against the
//! closed form (and, where the paper gives one, the paper's value).

use super::builtin::{builtin_profile, builtin_profiles};
use super::model::{Machine, MachineError};
use super::note::HwNote;
use super::ops::{AtomicKind, RdmaOp};
use super::profile::Profile;
use crate::time::SimTime;

fn profile(id: &str) -> Profile {
    builtin_profile(id).unwrap()
}

fn machine(id: &str, ranks: u32) -> Machine {
    Machine::new(&profile(id), ranks).unwrap()
}

fn within(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance * expected.abs()
}

#[test]
fn every_builtin_profile_builds_a_machine_at_full_size_and_with_one_rank() {
    for p in builtin_profiles().unwrap() {
        let full = p.machine.nodes.value * p.machine.ranks_per_node.value;
        for ranks in [1, 2.min(full), full] {
            let mut m = Machine::new(&p, ranks).unwrap_or_else(|e| panic!("{}: {e}", p.machine.id));
            assert_eq!(m.ranks(), ranks);
            // Every kind of call works and keeps time moving forward.
            let last = ranks - 1;
            let t = m.message(SimTime::ZERO, 0, last, 1024);
            assert!(t.arrival >= t.sender_free || t.arrival > SimTime::ZERO);
            for op in [
                RdmaOp::Put { bytes: 64 },
                RdmaOp::Get { bytes: 64 },
                RdmaOp::Atomic(AtomicKind::FetchAndAdd),
            ] {
                let r = m.rdma(SimTime::ZERO, 0, last, op);
                assert!(r.origin_complete >= r.sender_free, "{}: {op}", p.machine.id);
            }
            assert!(m.compute_time(1_000) > SimTime::ZERO);
        }
        let too_many = Machine::new(&p, full + 1).unwrap_err();
        assert!(matches!(too_many, MachineError::TooManyRanks { .. }));
        assert!(too_many.to_string().contains("has room for"), "{too_many}");
        assert_eq!(Machine::new(&p, 0).unwrap_err(), MachineError::NoRanks);
    }
}

#[test]
fn emx_zero_byte_remote_write_latency_is_15_3_us() {
    // Paper 000 (calibrate): 0-byte one-sided latency 15.3 µs = o + L_path + o.
    let mut m = machine("emx", 80);
    let put = m.rdma(SimTime::ZERO, 1, 2, RdmaOp::Put { bytes: 0 });
    assert!(!put.software);
    assert_eq!(put.target_cpu, SimTime::ZERO); // SYSWR: no target CPU
    let one_way = put.arrival + m.receive_overhead();
    assert!(within(one_way.as_us_f64(), 15.3, 0.01), "{one_way}");
    // A 0-byte message (remote thread invocation) has the same closed form.
    let msg = m.message(SimTime::from_ms(1), 1, 2, 0);
    let t = msg.arrival + msg.target_cpu - SimTime::from_ms(1);
    assert!(within(t.as_us_f64(), 15.3, 0.01), "{t}");
    // 7 omega stages between distinct PEs; no remote atomics in hardware.
    assert_eq!(m.hop_distance(0, 79), 7);
    let cas = m.rdma(
        SimTime::from_ms(2),
        1,
        2,
        RdmaOp::Atomic(AtomicKind::CompareAndSwap),
    );
    assert!(cas.software);
}

#[test]
fn emx_peak_and_half_peak_bandwidth() {
    // Calibrate: 31.4 MB/s at 1.6 MB. Prediction: half of the peak at about 512 B (Fig. 10).
    let m = machine("emx", 2);
    let rate = |bytes: u64| bytes as f64 / m.loggp().one_way(bytes).as_secs_f64() / 1e6;
    assert!(within(rate(1_600_000), 31.4, 0.01), "{}", rate(1_600_000));
    assert!(within(rate(512), 31.4 / 2.0, 0.1), "{}", rate(512));
}

#[test]
fn emx_compute_rate_and_atomic_blocks() {
    let mut m = machine("emx", 5);
    // 3.66 MFlops (calibrate): 3.66e6 flops take one second.
    assert!(within(m.compute_time(3_660_000).as_secs_f64(), 1.0, 1e-8));
    // A handler for rank 1 waits until rank 1's block ends.
    assert_eq!(m.begin_block(SimTime::ZERO, 1), SimTime::ZERO);
    let cost = m.receive_overhead();
    assert_eq!(
        m.admit_handler(SimTime::from_us(10), 1, 42, cost),
        super::hw::Admission::Queued
    );
    let runs = m.end_block(SimTime::from_ms(1), 1);
    assert_eq!((runs[0].id, runs[0].start), (42, SimTime::from_ms(1)));
}

/// Four ranks of node 0 hammer a fetch-and-add at rank 0 (paper 003 Fig. 8's 4-process point):
/// each issues its next atomic when the previous one completes. Returns the time per lock+unlock
/// (two atomics) of the slowest rank's total from the common start, no warm-up (the paper's measure: nearer
/// ranks are served first and finish early, so a mean over ranks, or a rank's own window, would
/// be lower).
fn fx100_lock_unlock(engines: u32, procs: u32, iterations: u32) -> f64 {
    let mut m = machine("fx100", 4096);
    m.set_engines_in_use(engines).unwrap();
    let mut next: Vec<SimTime> = vec![SimTime::ZERO; procs as usize];
    let mut done = vec![0u32; procs as usize];
    let total = 2 * iterations;
    // Earliest rank first (ties: lowest rank), so calls come in nondecreasing time.
    while let Some((r, &t)) = next
        .iter()
        .enumerate()
        .filter(|(r, _)| done[*r] < total)
        .min_by_key(|(r, t)| (**t, *r))
    {
        let x = m.rdma(t, r as u32, 0, RdmaOp::Atomic(AtomicKind::FetchAndAdd));
        assert!(!x.software);
        next[r] = x.origin_complete;
        done[r] += 1;
    }
    let slowest = next.iter().copied().max().unwrap_or_default();
    slowest.as_us_f64() / f64::from(iterations)
}

#[test]
fn fx100_shared_lock_unlock_at_4_processes_is_2_3_us() {
    // Calibrate (paper 003 Fig. 8): 2.3 µs per lock+unlock at 4 processes = 8 × 0.2875 µs.
    let t = fx100_lock_unlock(1, 4, 1000);
    assert!(within(t, 2.3, 0.01), "{t}");
    // Prediction (Fig. 10): proportional to the number of processes; ppn 1 × 128 nodes gave
    // 0.069 s per 1000 iterations. Here 128 processes on one node's engine: 128 × 2 × 0.2875 µs.
    let t128 = fx100_lock_unlock(1, 128, 50);
    assert!(within(t128, 128.0 * 2.0 * 0.2875, 0.02), "{t128}");
    assert!(within(t128, 69.0, 0.1), "{t128} vs Fig. 10's 69 µs");
}

#[test]
fn fx100_four_engines_help_but_not_fourfold() {
    // Prediction (Figs. 11-12, ≈40 % better, not 4×): bounded by the shared stage, 1/0.667.
    let one = fx100_lock_unlock(1, 128, 50);
    let four = fx100_lock_unlock(4, 128, 50);
    let speedup = one / four;
    assert!(speedup > 1.3 && speedup < 1.6, "{speedup}");
}

#[test]
fn fx100_tofu_hops_and_a_remote_atomic_round_trip() {
    let mut m = machine("fx100", 4096);
    // Node 0 = (0,0,0,0,0,0); rank 32 × 17 is on node 17 = (0,0,1,0,2,1): 1 + 1 + 1 hops.
    assert_eq!(m.hop_distance(0, 32 * 17), 3);
    assert_eq!(m.hop_distance(0, 31), 0); // same node
                                          // Uncontended atomic to 3 hops away: o + (L + 3 × 100 ns) + 287.5 ns + (L + 3 × 100 ns).
    let x = m.rdma(
        SimTime::ZERO,
        32 * 17,
        0,
        RdmaOp::Atomic(AtomicKind::CompareAndSwap),
    );
    let expect = 0.1 + 2.0 * (0.3 + 0.3) + 0.2875;
    assert!(
        within(x.origin_complete.as_us_f64(), expect, 1e-6),
        "{}",
        x.origin_complete
    );
}

#[test]
fn fx10_has_no_rdma_atomics() {
    // Paper 003: Tofu1 has no RDMA atomics; the engine must emulate them in software (Fig. 9).
    let mut m = machine("fx10", 256);
    for kind in AtomicKind::ALL {
        assert!(!m.has_atomic(kind));
        let x = m.rdma(SimTime::ZERO, 5, 0, RdmaOp::Atomic(kind));
        assert!(x.software);
        assert!(matches!(x.notes[0], HwNote::Software { .. }));
    }
    let put = m.rdma(SimTime::ZERO, 5, 0, RdmaOp::Put { bytes: 8 });
    assert!(!put.software);
}

#[test]
fn folon_vcl_latency_and_throughput_from_access_times() {
    let mut m = machine("folon", 6);
    // VCL 4-byte latency (paper 004 Table 2: 4.2 µs, a prediction here): a data word and a flag
    // word written into the other PE's dual-port memory, 2 × 2.1 µs.
    let t = m.message(SimTime::ZERO, 0, 1, 8);
    assert!(within(t.arrival.as_us_f64(), 4.2, 0.01), "{}", t.arrival);
    // 4096 bytes = 1024 remote words = 2150.4 µs → 1.905 MB/s (Table 2's VCL: 1.7 MB/s).
    let start = SimTime::from_ms(1);
    let big = m.message(start, 0, 1, 4096);
    let secs = (big.arrival - start).as_secs_f64();
    assert!(within(secs, 1024.0 * 2.1e-6, 1e-6), "{secs}");
    assert!(within(4096.0 / secs / 1e6, 1.7, 0.15));
    // Two PEs writing at once share the bus.
    let a = m.message(SimTime::from_ms(10), 2, 3, 4096);
    let b = m.message(SimTime::from_ms(10), 4, 5, 4096);
    assert_eq!(
        b.sender_free - a.sender_free,
        SimTime::from_ns(2_100 * 1024)
    );
    assert!(matches!(b.notes[0], HwNote::BusBusy { .. }));
    // test&set: the profile's system call (5.45 µs, calibrated from paper 004's text) then the
    // bus locked for a read and a write across the bus.
    let ts = m.rdma(
        SimTime::from_ms(20),
        0,
        1,
        RdmaOp::Atomic(AtomicKind::TestAndSet),
    );
    assert_eq!(
        ts.arrival - SimTime::from_ms(20),
        SimTime::from_ns(5_450 + 4_200)
    );
    assert!(
        m.rdma(
            SimTime::from_ms(30),
            0,
            1,
            RdmaOp::Atomic(AtomicKind::FetchAndAdd)
        )
        .software
    );
}

#[test]
fn ib_qdr_4_mib_put_is_wire_bound_at_4_gb_s() {
    let mut m = machine("ib-qdr", 16);
    let k: u64 = 4 << 20;
    let x = m.rdma(SimTime::ZERO, 0, 1, RdmaOp::Put { bytes: k });
    // o + L + engine op + (k−1)G: 0.5 + 1.0 + 0.1 µs + 4 MiB / 4 GB/s (1048.576 µs).
    let expect = 0.5 + 1.0 + 0.1 + (k - 1) as f64 / 4e9 * 1e6;
    assert!(within(x.arrival.as_us_f64(), expect, 1e-6), "{}", x.arrival);
    assert_eq!(x.origin_complete, x.arrival + SimTime::from_us(1));
    assert_eq!(x.sender_free, SimTime::from_ns(500)); // the CPU only posts
    assert!(m.has_atomic(AtomicKind::CompareAndSwap));
    assert!(!m.has_atomic(AtomicKind::FetchAndOr));
    assert_eq!(m.comm_thread_command(), Some(SimTime::from_ns(500)));
}

#[test]
fn ethernet_63_kib_message_has_0_52_ms_of_wire_time() {
    let mut m = machine("ethernet-1g", 64);
    let k: u64 = 63 * 1024;
    let x = m.message(SimTime::ZERO, 1, 2, k);
    // (k−1)G at 1 Gb/s = 0.516 ms; sender busy o + (k−1)G; arrival + L.
    let wire = (k - 1) as f64 * 8e-9;
    assert!(within(wire, 0.52e-3, 0.01));
    assert!(within(x.sender_free.as_secs_f64(), 10e-6 + wire, 1e-9));
    assert!(within(x.arrival.as_secs_f64(), 10e-6 + wire + 15e-6, 1e-9));
    assert!(x.notes.is_empty());
}

#[test]
fn ethernet_conflict_free_scatter_is_63_send_intervals() {
    // Paper 002 Table 1: conflict-free makespan (n−1)·I(k) + L + o; Table 3: scatter 33.2 ms
    // per collective (33.2 s per 1000) — a prediction here.
    let mut m = machine("ethernet-1g", 64);
    let k: u64 = 63 * 1024;
    let mut now = SimTime::ZERO;
    let mut last = SimTime::ZERO;
    for dst in 1..64 {
        let x = m.message(now, 0, dst, k);
        now = x.sender_free;
        last = x.arrival + x.target_cpu;
    }
    let closed = 63.0 * m.loggp().send_interval(k).as_secs_f64() + 25e-6;
    assert!(within(last.as_secs_f64(), closed, 1e-6), "{last}");
    assert!(within(last.as_secs_f64(), 33.2e-3, 0.02), "{last}");
}

#[test]
fn ethernet_incast_gather_costs_one_retransmission_timeout() {
    // Paper 002 Table 3: Ring's gather (all 63 send to PE 0 at once) takes 214.4 ms per
    // collective against 33.2 ms conflict-free: one 200 ms RTO plus the wire time. A prediction.
    let mut m = machine("ethernet-1g", 64);
    let k: u64 = 63 * 1024;
    let transfers: Vec<_> = (1..64)
        .map(|src| m.message(SimTime::ZERO, src, 0, k))
        .collect();
    let drops = transfers
        .iter()
        .filter(|t| t.notes.iter().any(|n| matches!(n, HwNote::Dropped { .. })))
        .count();
    assert!(drops > 0 && drops < 63, "{drops}");
    let last = transfers
        .iter()
        .map(|t| t.arrival + t.target_cpu)
        .max()
        .unwrap();
    assert!(within(last.as_secs_f64(), 214.4e-3, 0.05), "{last}");
    // A later message from a sender whose message was dropped arrives after the retransmission.
    let dropped_src = 1 + transfers
        .iter()
        .position(|t| t.notes.iter().any(|n| matches!(n, HwNote::Dropped { .. })))
        .unwrap() as u32;
    let first = transfers[dropped_src as usize - 1].arrival;
    let next = m.message(SimTime::from_ms(1), dropped_src, 0, 8);
    assert!(next.arrival >= first);
    assert!(next
        .notes
        .iter()
        .any(|n| matches!(n, HwNote::HeldInOrder { .. })));
}
