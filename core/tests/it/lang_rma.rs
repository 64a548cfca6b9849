//! MPI one-sided communication from C: values of Put/Get/Accumulate/Fetch_and_op/Compare_and_swap
//! across ranks with hardware atomics (FX100) and without (FX10: software), mutual exclusion of
//! `MPI_Win_lock(MPI_LOCK_EXCLUSIVE)`, determinism of racy fence epochs, `MPI_MODE_NOCHECK`
//! skipping the lock's atomics, and the errors as rendered (pinned snapshots).

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::lang::{self, Vm, VmLimits};
use rankscope_core::locks::LockScheme;
use rankscope_core::machine::{builtin_profile, AtomicKind, Machine, RdmaOp};
use rankscope_core::proto::rma::RmaRecord;
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of machine `id`: the console (or the error as rendered) and the sim.
fn run(src: &str, n: u32, id: &str) -> (Result<Vec<String>, String>, Sim<Vm>) {
    run_with(src, n, id, LockScheme::default())
}

/// [`run`] with passive-target locks taken as `scheme` says.
pub(crate) fn run_with(
    src: &str,
    n: u32,
    id: &str,
    scheme: LockScheme,
) -> (Result<Vec<String>, String>, Sim<Vm>) {
    let compiled = lang::load(src, "rma.c").unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|d| d.render("rma.c", src))
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let profile = builtin_profile(id).unwrap();
    let machine = Machine::new(&profile, n).unwrap();
    let config = SimConfig {
        words_per_rank: lang::RMA_WORDS,
        lock_scheme: scheme,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, n, VmLimits::default()),
        config,
    );
    let result = match sim.run() {
        Ok(_) => Ok(sim.console().iter().map(|l| l.text.clone()).collect()),
        Err(SimError::Program { message, .. }) => Err(message),
        Err(e) => Err(e.to_string()),
    };
    (result, sim)
}

/// The one-sided operations the run issued with this op.
pub(crate) fn issued(sim: &Sim<Vm>, wanted: impl Fn(RdmaOp, bool) -> bool) -> usize {
    sim.trace()
        .records()
        .iter()
        .filter(|r| matches!(r.layer::<RmaRecord>(), Some(RmaRecord::Issued { op, software, .. }) if wanted(op, software)))
        .count()
}

const VALUES: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size, i, one, old, mine, expect, got;
  int a[16];
  double d[2], two, back[2];
  MPI_Win win, dwin;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < 16; i++) a[i] = 0;
  d[0] = 1.0; d[1] = 1.0;
  MPI_Win_create(a, 16 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_create(d, 2 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &dwin);
  one = 1; mine = 100 + rank; expect = 0; two = 2.0;
  MPI_Win_lock_all(0, win);
  MPI_Put(&mine, 1, MPI_INT, 0, 4 + rank, 1, MPI_INT, win);
  MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 1, MPI_SUM, win);
  MPI_Compare_and_swap(&mine, &expect, &got, MPI_INT, 0, 2, win);
  MPI_Accumulate(&mine, 1, MPI_INT, 0, 3, 1, MPI_INT, MPI_MAX, win);
  MPI_Win_flush_all(win);
  MPI_Win_unlock_all(win);
  MPI_Win_fence(0, dwin);
  MPI_Accumulate(&two, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, MPI_PROD, dwin);
  MPI_Accumulate(&two, 1, MPI_DOUBLE, 0, 1, 1, MPI_DOUBLE, MPI_SUM, dwin);
  MPI_Win_fence(0, dwin);
  MPI_Get(back, 2, MPI_DOUBLE, 0, 0, 2, MPI_DOUBLE, dwin);
  MPI_Win_fence(0, dwin);
  printf("rank %d fetched %d swapped-from %d\n", rank, old, got);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    printf("count %d fetched %d max %d cas %d\n", a[0], a[1], a[3], a[2]);
    for (i = 0; i < size; i++) printf("slot %d = %d\n", i, a[4 + i]);
  }
  printf("rank %d sees %.1f %.1f\n", rank, back[0], back[1]);
  MPI_Win_free(&dwin);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
"#;

#[test]
fn put_get_accumulate_fetch_and_op_and_cas_values_across_ranks_with_and_without_rdma_atomics() {
    let n = 6;
    for id in ["fx100", "fx10"] {
        let (result, sim) = run(VALUES, n, id);
        let lines = result.unwrap_or_else(|e| panic!("{id}: {e}"));
        let find = |prefix: &str| {
            lines
                .iter()
                .find(|l| l.starts_with(prefix))
                .unwrap_or_else(|| panic!("{id}: no line {prefix:?} in {lines:?}"))
                .clone()
        };
        assert_eq!(find("count"), "count 6 fetched 6 max 105 cas 100", "{id}");
        for r in 0..n {
            assert_eq!(
                find(&format!("slot {r} ")),
                format!("slot {r} = {}", 100 + r)
            );
            // 2^6 from six products, 1 + 6 × 2 from six sums: fences completed them all.
            assert_eq!(
                find(&format!("rank {r} sees")),
                format!("rank {r} sees 64.0 13.0")
            );
        }
        // Each fetch-and-add saw a different count; the one compare-and-swap that found 0 won.
        let mut fetched: Vec<i32> = (0..n)
            .map(|r| {
                let l = find(&format!("rank {r} fetched"));
                l.split_whitespace().nth(3).unwrap().parse().unwrap()
            })
            .collect();
        fetched.sort_unstable();
        assert_eq!(fetched, (0..n as i32).collect::<Vec<_>>(), "{id}");
        let winners = (0..n)
            .filter(|r| find(&format!("rank {r} fetched")).ends_with("swapped-from 0"))
            .count();
        assert_eq!(winners, 1, "{id}");
        // One-element int sums and compare-and-swap are the NIC's atomics (emulated in software
        // on FX10); the double products and sums are always the target's software.
        let hw_atomics = issued(&sim, |op, sw| matches!(op, RdmaOp::Atomic(_)) && !sw);
        let sw_ops = issued(&sim, |_, sw| sw);
        if id == "fx100" {
            assert!(hw_atomics > 0, "{id}: {hw_atomics}");
        } else {
            assert_eq!(hw_atomics, 0, "{id}");
        }
        assert!(sw_ops >= 2 * (n as usize - 1), "{id}: {sw_ops}");
    }
}

pub(crate) const COUNTER: &str = r#"
#include <mpi.h>
#include <stdio.h>
#define K 4
int main(int argc, char **argv) {
  int rank, size, k, counter, value;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  counter = 0;
  MPI_Win_create(&counter, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Barrier(MPI_COMM_WORLD);
  for (k = 0; k < K; k++) {
    LOCK
    MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    FLUSH
    value = value + 1;
    MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    UNLOCK
  }
  MPI_Win_free(&win);
  if (rank == 0) printf("counter %d\n", counter);
  MPI_Finalize();
  return 0;
}
"#;

pub(crate) fn counter(lock: &str, flush: &str, unlock: &str) -> String {
    COUNTER
        .replace("UNLOCK", unlock)
        .replace("LOCK", lock)
        .replace("FLUSH", flush)
}

#[test]
fn an_exclusive_lock_makes_get_and_put_increments_mutually_exclusive() {
    let src = counter(
        "MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);",
        "MPI_Win_flush(0, win);",
        "MPI_Win_unlock(0, win);",
    );
    for (id, n) in [("fx100", 5), ("fx10", 4)] {
        let (result, sim) = run(&src, n, id);
        assert_eq!(
            result.unwrap(),
            vec![format!("counter {}", 4 * n)],
            "{id}: every increment counted"
        );
        // The lock itself ran on rank 0's words with atomics (the writer queue's swaps).
        assert!(
            issued(&sim, |op, _| matches!(
                op,
                RdmaOp::Atomic(AtomicKind::FetchAndStore)
            )) > 0
        );
    }
}

#[test]
fn racy_increments_under_fences_lose_updates_but_the_same_ones_every_run() {
    let src = counter(
        "MPI_Win_fence(0, win);",
        "MPI_Win_fence(0, win);",
        "MPI_Win_fence(0, win);",
    );
    let (a, sa) = run(&src, 4, "fx100");
    let (b, sb) = run(&src, 4, "fx100");
    assert_eq!(a, b);
    assert_eq!(sa.trace().hash(), sb.trace().hash());
    // All four ranks read the same value between the same two fences: one increment per round.
    assert_eq!(a.unwrap(), vec!["counter 4".to_string()]);
}

#[test]
fn lock_all_with_nocheck_does_no_atomics() {
    let src = |assert: &str| {
        format!(
            r#"
#include <mpi.h>
int main(int argc, char **argv) {{
  int rank, size, i, x, y;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  x = rank;
  MPI_Win_create(&x, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_lock_all({assert}, win);
  for (i = 0; i < 3; i++) {{
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Get(&y, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
    MPI_Win_flush_all(win);
  }}
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}}
"#
        )
    };
    let atomics = |assert| {
        let (result, sim) = run(&src(assert), 4, "fx100");
        result.unwrap();
        issued(&sim, |op, _| matches!(op, RdmaOp::Atomic(_)))
    };
    assert_eq!(atomics("MPI_MODE_NOCHECK"), 0);
    // Without the assertion: one fetch_and_add to lock and one to unlock per rank (Fig. 6–7).
    assert_eq!(atomics("0"), 8);
}

/// A program whose rank 1 (of 2) does `body` after creating `int a[4]` as window `win`.
fn failing(body: &str) -> String {
    let src = format!(
        r#"#include <mpi.h>
int main(int argc, char **argv) {{
  int rank, x, a[4];
  char c[4];
  MPI_Win win, other;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = 1;
  MPI_Win_create(a, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 1) {{
    {body}
  }}
  MPI_Finalize();
  return 0;
}}
"#
    );
    run(&src, 2, "fx100")
        .0
        .expect_err("the program is erroneous")
}

#[test]
fn rma_errors_name_the_call_and_point_at_it() {
    let cases = [
        ("put_outside_an_epoch", "MPI_Put(&x, 1, MPI_INT, 0, 0, 1, MPI_INT, win);"),
        (
            "put_outside_the_window",
            "MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);\n    MPI_Put(&x, 1, MPI_INT, 0, 4, 1, MPI_INT, win);",
        ),
        ("unlock_without_lock", "MPI_Win_unlock(0, win);"),
        ("bad_lock_type", "MPI_Win_lock(7, 0, 0, win);"),
        ("bad_target_rank", "MPI_Win_lock(MPI_LOCK_SHARED, 5, 0, win);"),
        (
            "datatype_mismatch",
            "MPI_Win_lock_all(0, win);\n    MPI_Get(a, 2, MPI_INT, 0, 0, 1, MPI_DOUBLE, win);",
        ),
        ("wrong_window_handle", "MPI_Win_fence(0, other);"),
        (
            "null_window",
            "other = MPI_WIN_NULL;\n    MPI_Win_lock_all(0, other);",
        ),
        (
            "exclusive_inside_shared",
            "MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);\n    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);",
        ),
        ("flush_without_lock", "MPI_Win_flush_all(win);"),
    ];
    for (name, body) in cases {
        insta::assert_snapshot!(format!("rma_error_{name}"), failing(body));
    }
}

#[test]
fn ranks_that_disagree_on_a_collective_window_call_are_told_where() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, a[4];
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_create(a, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 0) {
    MPI_Win_fence(0, win);
  } else {
    compute(5.0);
    MPI_Win_free(&win);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2, "fx100").0.unwrap_err());
}

#[test]
fn win_allocate_memory_outlives_the_function_that_allocated_it() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
MPI_Win win;
double *make(int n) {
  double *p;
  MPI_Win_allocate(n * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &p, &win);
  return p;
}
int main(int argc, char **argv) {
  int rank, size;
  double *buf, v;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  buf = make(4);
  buf[3] = 10.0 * rank;
  MPI_Win_fence(0, win);
  MPI_Get(&v, 1, MPI_DOUBLE, (rank + 1) % size, 3, 1, MPI_DOUBLE, win);
  MPI_Win_fence(0, win);
  printf("%d got %.1f\n", rank, v);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
"#;
    let (result, _) = run(src, 3, "fx100");
    assert_eq!(
        result.unwrap(),
        vec!["0 got 10.0", "1 got 20.0", "2 got 0.0"]
    );
}
