//! Paper 003's lock algorithms on the engine, checked for 2–4 ranks under many seeds of
//! same-time event perturbation (`SimConfig::perturb`): mutual exclusion (a writer is alone, read
//! from the trace's lock records), no lost wake-up (every run finishes: a rank spinning forever is
//! a deadlock), the lock record left free, and readers really sharing. On FX100 (hardware RDMA
//! atomics) and EM-X (none: atomics run in the target's software). A failure names the seed.

use rankscope_core::engine::Sim;
use rankscope_core::locks::LockRecord;
use rankscope_core::locks::{Algorithm, Mode, Word};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::rma::OneSided;
use rankscope_core::proto::SimConfig;
use rankscope_core::time::SimTime;
use rankscope_core::workloads::lock_rounds::LockRounds;
use rankscope_core::workloads::Native;

/// What one run showed.
struct Seen {
    max_readers: u32,
}

fn check(machine: &str, algorithm: Algorithm, ranks: u32, writer_every: u32, seed: u64) -> Seen {
    let profile = builtin_profile(machine).unwrap();
    let programs = (0..ranks)
        .map(|_| {
            Native::Lock(Box::new(
                LockRounds::mixed(algorithm, 6, writer_every).holding_for(SimTime::from_us(100)),
            ))
        })
        .collect();
    let mut sim = Sim::new(
        Machine::new(&profile, ranks).unwrap(),
        programs,
        SimConfig {
            words_per_rank: algorithm.words(),
            perturb: Some(seed),
            ..SimConfig::default()
        },
    );
    let what =
        format!("{algorithm} on {machine}, {ranks} ranks, 1 writer in {writer_every}, seed {seed}");
    sim.run().unwrap_or_else(|e| panic!("{what}: {e}"));
    let (mut readers, mut writers, mut max_readers) = (0u32, 0u32, 0u32);
    for (i, r) in sim.trace().records().iter().enumerate() {
        let Some(LockRecord::Lock {
            rank, mode, held, ..
        }) = r.layer::<LockRecord>()
        else {
            continue;
        };
        match (mode, held) {
            (Mode::Shared, true) => {
                assert_eq!(
                    writers, 0,
                    "{what}: rank {rank} read while a writer held the lock (record {i})"
                );
                readers += 1;
                max_readers = max_readers.max(readers);
            }
            (Mode::Exclusive, true) => {
                assert!(
                    readers == 0 && writers == 0,
                    "{what}: rank {rank} wrote with {readers} readers and {writers} writers inside (record {i})"
                );
                writers += 1;
            }
            (Mode::Shared, false) => readers -= 1,
            (Mode::Exclusive, false) => writers -= 1,
        }
    }
    assert_eq!((readers, writers), (0, 0), "{what}");
    if algorithm != Algorithm::TestAndSet {
        for index in 0..algorithm.words().min(4) {
            assert_eq!(
                sim.layer::<OneSided>()
                    .and_then(|l| l.word(Word { rank: 0, index })),
                Some(0),
                "{what}: word {index}"
            );
        }
    }
    Seen { max_readers }
}

#[test]
fn every_lock_algorithm_is_safe_and_live_under_perturbed_event_order() {
    for machine in ["fx100", "emx"] {
        for algorithm in Algorithm::ALL {
            for ranks in 2..=4 {
                for writer_every in [0, 1, 2, 3] {
                    let mut most = 0;
                    for seed in 0..40 {
                        most = most
                            .max(check(machine, algorithm, ranks, writer_every, seed).max_readers);
                    }
                    // Readers share the queue lock and foMPI's global lock; the test-and-set
                    // lock lets one in at a time.
                    if writer_every == 0 {
                        match algorithm {
                            Algorithm::McsRw | Algorithm::Fompi => {
                                assert!(most >= 2, "{algorithm} {machine} {ranks}: {most}")
                            }
                            Algorithm::TestAndSet => assert_eq!(most, 1),
                        }
                    }
                }
            }
        }
    }
}

/// Perturbation really changes the order (different seeds, different traces) and replays exactly
/// (the same seed, the same trace).
#[test]
fn a_perturbed_run_is_reproducible_from_its_seed() {
    let hash = |seed: u64| {
        let profile = builtin_profile("fx100").unwrap();
        let programs = (0..4)
            .map(|_| Native::Lock(Box::new(LockRounds::mixed(Algorithm::McsRw, 6, 2))))
            .collect();
        let mut sim: Sim<Native> = Sim::new(
            Machine::new(&profile, 4).unwrap(),
            programs,
            SimConfig {
                words_per_rank: Algorithm::McsRw.words(),
                perturb: Some(seed),
                ..SimConfig::default()
            },
        );
        sim.run().unwrap().trace_hash
    };
    assert_eq!(hash(7), hash(7));
    let distinct: std::collections::BTreeSet<u64> = (0..10).map(hash).collect();
    assert!(distinct.len() > 1, "{distinct:?}");
}
