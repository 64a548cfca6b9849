//! One-sided memory with values: remote reads, writes and atomics return real results, a rank
//! spinning on its own word wakes exactly when a remote write satisfies it, a spin nobody ends is
//! reported as a deadlock, and the lock workloads built on them finish with the lock free.

use rankscope_core::engine::{Program, RankCtx, ReqId, Sim, SimError, Step};
use rankscope_core::locks::LockRecord;
use rankscope_core::locks::{mcs_rw, MemOp, Until, Word};
use rankscope_core::machine::{builtin_profile, AtomicKind, Machine};
use rankscope_core::proto::rma::{OneSided, OneSidedOps};
use rankscope_core::proto::SimConfig;
use rankscope_core::time::SimTime;
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};

#[derive(Clone, Debug)]
enum W {
    Mem(MemOp),
    Spin(u32, Until),
    Compute(u64),
}

/// Runs its operations in order; keeps each memory operation's result and when it got it.
#[derive(Clone, Debug, Default)]
struct Words {
    ops: Vec<W>,
    next: usize,
    pending: Option<ReqId>,
    results: Vec<(u64, SimTime)>,
}

impl Program for Words {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        loop {
            if let Some(req) = self.pending.take() {
                match ctx.take(req) {
                    Ok(Some(done)) => {
                        let v = u64::from_le_bytes(done.data[..8].try_into().unwrap());
                        self.results.push((v, ctx.now()));
                    }
                    Ok(None) => {
                        self.pending = Some(req);
                        return Step::Wait(req);
                    }
                    Err(e) => return Step::Fail(e.to_string()),
                }
            }
            let Some(op) = self.ops.get(self.next).cloned() else {
                return Step::Done;
            };
            self.next += 1;
            match op {
                W::Mem(m) => match ctx.mem_op(m) {
                    Ok(r) => self.pending = Some(r),
                    Err(e) => return Step::Fail(e.to_string()),
                },
                W::Spin(word, until) => {
                    self.results.push((ctx.own_word(word), ctx.now()));
                    return ctx.spin(word, until);
                }
                W::Compute(ns) => return Step::Compute(SimTime::from_ns(ns)),
            }
        }
    }
}

/// A word of the run's one-sided memory.
fn word_value<P: Program>(s: &Sim<P>, w: Word) -> Option<u64> {
    s.layer::<OneSided>()?.word(w)
}

fn sim<P: Program>(machine: &str, programs: Vec<P>, words: u32) -> Sim<P> {
    let profile = builtin_profile(machine).unwrap();
    let n = programs.len() as u32;
    Sim::new(
        Machine::new(&profile, n).unwrap(),
        programs,
        SimConfig {
            words_per_rank: words,
            ..SimConfig::default()
        },
    )
}

fn word(rank: u32, index: u32) -> Word {
    Word { rank, index }
}

#[test]
fn a_spinning_rank_wakes_when_the_remote_write_lands() {
    let spinner = Words {
        ops: vec![W::Spin(1, Until::Differs(0)), W::Spin(1, Until::Equals(7))],
        ..Default::default()
    };
    let writer = Words {
        ops: vec![W::Compute(5_000), W::Mem(MemOp::Write(word(0, 1), 7))],
        ..Default::default()
    };
    let mut s = sim("fx100", vec![spinner, writer], 2);
    s.run().unwrap();
    let spin = &s.program(0).unwrap().results;
    let write = &s.program(1).unwrap().results;
    // The second spin sees the written value; it started when the first one ended, which is
    // when the write took effect — before the writer heard back.
    assert_eq!(spin[0].0, 0);
    assert_eq!(spin[1].0, 7);
    assert!(
        spin[1].1 > SimTime::from_ns(5_000) && spin[1].1 < write[0].1,
        "{spin:?} {write:?}"
    );
    assert_eq!(word_value(&s, word(0, 1)), Some(7));
}

#[test]
fn remote_atomics_return_the_old_values_in_some_order() {
    let adder = || Words {
        ops: vec![W::Mem(MemOp::fetch(AtomicKind::FetchAndAdd, word(0, 0), 5))],
        ..Default::default()
    };
    let mut s = sim("fx100", vec![adder(), adder(), adder(), adder()], 1);
    s.run().unwrap();
    let mut olds: Vec<u64> = (0..4).map(|r| s.program(r).unwrap().results[0].0).collect();
    olds.sort_unstable();
    assert_eq!(olds, vec![0, 5, 10, 15]);
    assert_eq!(word_value(&s, word(0, 0)), Some(20));
}

#[test]
fn a_spin_nobody_ends_is_a_deadlock_that_names_the_word() {
    let spinner = Words {
        ops: vec![W::Spin(1, Until::Equals(3))],
        ..Default::default()
    };
    let mut s = sim("fx100", vec![spinner, Words::default()], 2);
    let err = s.run().unwrap_err();
    let SimError::Deadlock(report) = err else {
        panic!("{err}")
    };
    assert_eq!(report.blocked.len(), 1);
    assert!(
        report.blocked[0].waits_for[0].starts_with("its word 1 (now 0)"),
        "{:?}",
        report.blocked[0]
    );
}

#[test]
fn a_word_out_of_range_is_an_error_not_a_panic() {
    let bad = Words {
        ops: vec![W::Mem(MemOp::Read(word(1, 9)))],
        ..Default::default()
    };
    let mut s = sim("fx100", vec![bad, Words::default()], 2);
    let err = s.run().unwrap_err().to_string();
    assert!(err.contains("word 9 does not exist"), "{err}");
}

/// The MCS-RW lock workloads finish on machines with and without RDMA atomics (EM-X and FX10
/// emulate them in software), and leave the lock free: no readers, no flags, empty queues.
#[test]
fn lock_workloads_finish_and_leave_the_lock_free() {
    for machine in ["fx100", "fx10", "emx", "ib-qdr"] {
        for kind in [WorkloadKind::SharedLock, WorkloadKind::ExclusiveLock] {
            for ranks in 2..=5 {
                let params = WorkloadParams {
                    bytes: 8,
                    iterations: 20,
                };
                let mut s = sim(
                    machine,
                    programs(kind, ranks, params),
                    kind.words_per_rank(),
                );
                s.run()
                    .unwrap_or_else(|e| panic!("{machine} {kind} {ranks}: {e}"));
                for index in [mcs_rw::RCNT, mcs_rw::R_HD, mcs_rw::W_TAIL, mcs_rw::W_HD] {
                    assert_eq!(
                        word_value(&s, word(0, index)),
                        Some(0),
                        "{machine} {kind} {ranks}"
                    );
                }
            }
        }
    }
}

/// Paper 003 Fig. 8's shape on FX100: a shared lock + unlock costs 2.3 µs at 4 processes (the
/// one calibration point, within 2 %) and grows in proportion to the number of processes (each
/// doubling doubles it, within 5 %): every process's two fetch_and_adds queue at the lock
/// node's one RDMA engine.
#[test]
fn shared_lock_time_grows_linearly_from_the_calibration_point() {
    let per_lock = |ranks: u32| {
        let params = WorkloadParams {
            bytes: 8,
            iterations: 100,
        };
        let kind = WorkloadKind::SharedLock;
        let mut s = sim(
            "fx100",
            programs(kind, ranks, params),
            kind.words_per_rank(),
        );
        s.run().unwrap().end_time.as_us_f64() / 100.0
    };
    let at4 = per_lock(4);
    assert!((at4 - 2.3).abs() / 2.3 < 0.02, "{at4}");
    let mut last = at4;
    for ranks in [8, 16, 32, 64] {
        let t = per_lock(ranks);
        assert!((t / last - 2.0).abs() < 0.1, "{ranks}: {t} after {last}");
        last = t;
    }
}

/// The event log of a small lock run teaches the algorithm: every memory operation with its
/// result in the algorithm's words, and the moments ranks take and leave the lock. Two writers
/// and a reader on FX100, one round each (golden).
#[test]
fn the_lock_steps_read_as_the_algorithm() {
    use rankscope_core::locks::Algorithm;
    use rankscope_core::workloads::lock_rounds::LockRounds;
    use rankscope_core::workloads::Native;
    let programs = (0..3)
        .map(|_| Native::Lock(Box::new(LockRounds::mixed(Algorithm::McsRw, 1, 2))))
        .collect();
    let mut s = sim("fx100", programs, Algorithm::McsRw.words());
    s.run().unwrap();
    let log: Vec<String> = s
        .trace()
        .records()
        .iter()
        .filter(|r| r.layer::<LockRecord>().is_some())
        .map(|r| format!("{:>10} {}", r.time.to_string(), r.explain()))
        .collect();
    insta::assert_snapshot!(log.join("\n"));
}

/// Paper 003 Sec. 3 on Li et al.'s `MPI_Win_lock_all` (a shared lock on every rank): it does not
/// scale. Each lock_all is one round trip per rank even uncontended, so its time per round grows
/// faster than the single global MCS-RW lock's (which grows in proportion to the processes,
/// Fig. 8): at 64 processes it is over 10× slower, and from 16 to 64 processes it grows more
/// than the global lock's 4×.
#[test]
fn lock_all_on_every_rank_does_not_scale_like_the_global_lock() {
    let per_round = |kind: WorkloadKind, ranks: u32| {
        let params = WorkloadParams {
            bytes: 8,
            iterations: 5,
        };
        let mut s = sim(
            "fx100",
            programs(kind, ranks, params),
            kind.words_per_rank(),
        );
        s.run().unwrap().end_time.as_us_f64() / 5.0
    };
    let global = |n| per_round(WorkloadKind::SharedLock, n);
    let each = |n| per_round(WorkloadKind::LockAllEach, n);
    let (g16, g64, e16, e64) = (global(16), global(64), each(16), each(64));
    assert!(e64 > 10.0 * g64, "{e64} vs {g64}");
    assert!(
        e64 / e16 > 1.5 * (g64 / g16),
        "each {e16} → {e64}, global {g16} → {g64}"
    );
}
