//! `MPI_Win_lock` / `MPI_Win_lock_all` under every lock scheme (`SimConfig::lock_scheme`):
//! paper 003's global MCS-RW lock, foMPI's global + local words, a test-and-set lock, and Li et
//! al.'s lock per target. Each keeps a counter's get-increment-put exclusive on machines with
//! RDMA atomics (FX100) and without (FX10: software), never lets a writer share its lock (read
//! from the trace's `Lock` records, per lock), and differs where the papers say it does: Li et
//! al.'s lock_all costs a round trip per rank.

use std::collections::BTreeMap;

use rankscope_core::locks::LockRecord;
use rankscope_core::locks::{LockScheme, Mode};
use rankscope_core::machine::{AtomicKind, RdmaOp};

use super::lang_rma::{counter, issued, run_with};

/// Checks from the trace that no lock was ever held exclusively together with any other hold;
/// returns the number of acquires per lock home.
fn exclusion(sim: &rankscope_core::engine::Sim<rankscope_core::lang::Vm>) -> BTreeMap<u32, u32> {
    let mut holders: BTreeMap<u32, (u32, Option<u32>)> = BTreeMap::new();
    let mut acquires = BTreeMap::new();
    for r in sim.trace().records().iter() {
        let Some(LockRecord::Lock {
            rank,
            home,
            mode,
            held,
        }) = r.layer::<LockRecord>()
        else {
            continue;
        };
        let (readers, writer) = holders.entry(home).or_default();
        match (mode, held) {
            (Mode::Shared, true) => {
                assert_eq!(
                    *writer, None,
                    "rank {rank} reads lock {home} while a writer holds it"
                );
                *readers += 1;
            }
            (Mode::Shared, false) => *readers -= 1,
            (Mode::Exclusive, true) => {
                assert!(
                    *readers == 0 && writer.is_none(),
                    "rank {rank} writes lock {home} while it is held: {readers} readers, writer {writer:?}"
                );
                *writer = Some(rank);
            }
            (Mode::Exclusive, false) => *writer = None,
        }
        if held {
            *acquires.entry(home).or_insert(0) += 1;
        }
    }
    assert!(
        holders.values().all(|h| *h == (0, None)),
        "every lock is free at the end: {holders:?}"
    );
    acquires
}

#[test]
fn every_scheme_keeps_exclusive_increments_apart_with_and_without_rdma_atomics() {
    let src = counter(
        "MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);",
        "MPI_Win_flush(0, win);",
        "MPI_Win_unlock(0, win);",
    );
    for scheme in LockScheme::ALL {
        for (id, n) in [("fx100", 5), ("fx10", 4)] {
            let (result, sim) = run_with(&src, n, id, scheme);
            assert_eq!(
                result.unwrap(),
                vec![format!("counter {}", 4 * n)],
                "{scheme} on {id}: every increment counted"
            );
            let acquires = exclusion(&sim);
            // Global schemes keep their lock on rank 0; Li et al. the target's own (rank 0 too).
            assert_eq!(acquires, BTreeMap::from([(0, 4 * n)]), "{scheme} on {id}");
        }
    }
}

#[test]
fn the_mcs_lock_example_runs_under_every_scheme_with_every_increment() {
    let src = include_str!("../../../examples/mcs_lock.c");
    for scheme in LockScheme::ALL {
        let (result, sim) = run_with(src, 6, "fx100", scheme);
        let lines = result.unwrap_or_else(|e| panic!("{scheme}: {e}"));
        assert!(
            lines.contains(&"counter 6: 3 writers x 2 rounds, no increment lost".to_string()),
            "{scheme}: {lines:?}"
        );
        exclusion(&sim);
    }
}

#[test]
fn li_et_al_lock_all_takes_a_lock_on_every_rank_the_global_schemes_one() {
    let src = r#"
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, size, x, y;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  x = rank;
  MPI_Win_create(&x, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_lock_all(0, win);
  MPI_Get(&y, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
"#;
    let n = 6;
    let adds = |scheme| {
        let (result, sim) = run_with(src, n, "fx100", scheme);
        result.unwrap();
        let acquires = exclusion(&sim);
        let adds = issued(&sim, |op, _| {
            matches!(op, RdmaOp::Atomic(AtomicKind::FetchAndAdd))
        });
        (acquires, adds)
    };
    // Paper 003 and foMPI: one shared hold of one global lock per rank, a fetch_and_add in and
    // one out.
    for scheme in [LockScheme::McsRw, LockScheme::Fompi] {
        assert_eq!(adds(scheme), (BTreeMap::from([(0, n)]), 2 * n as usize));
    }
    // Li et al.: a shared lock on every rank's window — n² holds, 2n² fetch_and_adds.
    let (acquires, count) = adds(LockScheme::LiEtAl);
    assert_eq!(acquires, (0..n).map(|home| (home, n)).collect());
    assert_eq!(count, 2 * (n * n) as usize);
}

#[test]
fn per_target_locks_let_one_rank_hold_two_targets_a_global_lock_does_not() {
    let src = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, a, b;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  a = rank;
  MPI_Win_create(&a, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, 0, win);
    MPI_Get(&b, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
    MPI_Win_unlock(2, win);
    MPI_Win_unlock(1, win);
    printf("got %d\n", b);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
"#;
    let (ok, sim) = run_with(src, 3, "fx100", LockScheme::LiEtAl);
    assert_eq!(ok.unwrap(), vec!["got 2".to_string()]);
    assert_eq!(exclusion(&sim), BTreeMap::from([(1, 1), (2, 1)]));
    for scheme in [LockScheme::McsRw, LockScheme::Fompi, LockScheme::TestAndSet] {
        let err = run_with(src, 3, "fx100", scheme).0.unwrap_err();
        insta::assert_snapshot!(format!("lock_scheme_conflict_{scheme}"), err);
    }
}
