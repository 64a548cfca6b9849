//! Under paper 000's request-based engines an MPI call costs its caller processor time: one
//! pass through the library (`o`), plus `o` for each request packet it sends. `MPI_Wtime` sees
//! it, and the trace says where it went. The eager engine keeps its calls free (its overhead is
//! in the transfers).

use rankscope_core::engine::{Matching, Protocol, Sim, SimConfig};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profiles, Machine};
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
    let profile = builtin_profiles()
        .unwrap()
        .into_iter()
        .find(|p| p.machine.id == "emx")
        .unwrap();
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
