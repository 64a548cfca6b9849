//! Software time a rank pays on its own processor. Under paper 000's request-based engines an
//! MPI call costs one pass through the library (`o`), plus `o` for each request packet it sends;
//! the eager engine keeps its calls free (its overhead is in the transfers). On a machine with
//! atomic blocks (EM-X) `yield()` costs a thread invocation. `MPI_Wtime` sees both, and the
//! trace says where the time went.

use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::p2p::{Matching, Protocol};
use rankscope_core::proto::SimConfig;
use rankscope_core::trace::RecordKind;

const PROGRAM: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, buf[1];
    double t0, t1;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        t0 = MPI_Wtime();
        MPI_Irecv(buf, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
        t1 = MPI_Wtime();
        printf("irecv %.3f\n", (t1 - t0) * 1e6);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        buf[0] = 5;
        MPI_Send(buf, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"#;

/// The microseconds `MPI_Irecv` took on EM-X under `matching`, and the library records.
fn irecv_time(matching: Matching) -> (f64, Vec<String>) {
    let compiled = lang::load(PROGRAM, "cost.c").unwrap();
    let profile = builtin_profile("emx").unwrap();
    let profile = without_op_costs(profile);
    let machine = Machine::new(&profile, 2).unwrap();
    let config = SimConfig {
        matching,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, 2, VmLimits::default()),
        config,
    );
    sim.run().unwrap();
    let line = &sim.console()[0].text;
    let us: f64 = line.trim_start_matches("irecv ").trim().parse().unwrap();
    let library = sim
        .trace()
        .records()
        .iter()
        .filter(|r| matches!(r.kind, RecordKind::Library { rank: 0, .. }))
        .map(|r| r.explain())
        .collect();
    (us, library)
}

#[test]
fn a_receive_costs_a_pass_and_its_receive_request() {
    // EM-X: o = 7.15 µs (profiles/emx.toml).
    let (eager, none) = irecv_time(Matching::Eager);
    assert_eq!(eager, 0.0);
    assert!(none.is_empty(), "{none:?}");

    let (receiver, lib) = irecv_time(Matching::ReceiverOnly(Protocol::Sync));
    assert!((receiver - 7.15).abs() < 0.01, "{receiver}");
    assert_eq!(lib.len(), 1, "{lib:?}");
    assert!(
        lib[0].starts_with("rank 0 spends 7.150 µs in MPI_Irecv"),
        "{lib:?}"
    );

    // Both sides: the pass plus the receive request's own o (and its injection).
    let (both, _) = irecv_time(Matching::BothSides(Protocol::Sync));
    assert!((2.0 * 7.15..2.0 * 7.15 + 1.0).contains(&both), "{both}");
}

const YIELDING: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    double t0, t1;
    MPI_Init(&argc, &argv);
    t0 = MPI_Wtime();
    yield();
    t1 = MPI_Wtime();
    printf("yield %.3f\n", (t1 - t0) * 1e6);
    MPI_Finalize();
    return 0;
}
"#;

/// The microseconds `yield()` took on `machine`, and the yield records' sentences.
fn yield_time(machine: &str) -> (f64, Vec<String>) {
    let compiled = lang::load(YIELDING, "yield.c").unwrap();
    let profile = builtin_profile(machine).unwrap();
    let profile = without_op_costs(profile);
    let mut sim = Sim::new(
        Machine::new(&profile, 1).unwrap(),
        lang::ranks(&compiled, 1, VmLimits::default()),
        SimConfig::default(),
    );
    sim.run().unwrap();
    let us: f64 = sim.console()[0].text["yield ".len()..]
        .trim()
        .parse()
        .unwrap();
    let records = sim
        .trace()
        .records()
        .iter()
        .filter(|r| matches!(r.kind, RecordKind::Yielded { .. }))
        .map(|r| r.explain())
        .collect();
    (us, records)
}

#[test]
fn a_yield_costs_a_thread_invocation_only_with_atomic_blocks() {
    // EM-X: [cpu] handler_us = 1.5 µs.
    let (emx, said) = yield_time("emx");
    assert!((emx - 1.5).abs() < 1e-9, "{emx}");
    assert_eq!(said.len(), 1);
    assert!(said[0].starts_with("rank 0 yields"), "{said:?}");
    let (ib, none) = yield_time("ib-qdr");
    assert_eq!(ib, 0.0);
    assert!(none.is_empty());
}

/// `profile` with plain C free, so a call's measured time is the library's alone (not the
/// operations that evaluate its arguments).
fn without_op_costs(
    mut profile: rankscope_core::machine::Profile,
) -> rankscope_core::machine::Profile {
    profile.cpu.ops = None;
    profile
}
