//! Exploration on small C programs: a wildcard race the machine's timing hides, a deadlock
//! found only in another match order, and the runs the reduction saves.

use super::*;
use crate::lang::Launch;
use crate::machine::builtin::builtin_profile;
use crate::run_config::RunConfig;

fn start(source: &'static str, ranks: u32) -> impl FnMut() -> Result<Sim<crate::lang::Vm>, String> {
    let profile = builtin_profile("cluster").expect("builtin");
    move || {
        let config = RunConfig::default();
        Launch {
            profile: &profile,
            ranks,
            args: &[],
            config: config.sim_config(),
            limits: config.vm_limits(),
            network: None,
        }
        .sim(source, "race.c")
        .map_err(|e| format!("{e:?}"))
    }
}

/// Rank 0 takes two messages from MPI_ANY_SOURCE and prints who came first; rank 2 computes a
/// long time before it sends, so the machine always lands rank 1's first.
const FIRST_COMES: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, v, i;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (i = 0; i < 2; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            printf("got %d from %d\n", v, st.MPI_SOURCE);
        }
    } else {
        if (rank == 2) compute(1000000);
        v = rank * 10;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn every_match_finds_the_order_the_machine_hides() {
    let e = explore(Space::Matches, 100, start(FIRST_COMES, 3)).unwrap();
    assert!(e.complete);
    assert_eq!(e.runs, 2, "one choice point with two senders: {e:?}");
    let outputs: Vec<Vec<String>> = e
        .outcomes
        .iter()
        .map(|f| f.outcome.output[0].clone())
        .collect();
    assert_eq!(
        outputs,
        vec![
            vec!["got 10 from 1".to_string(), "got 20 from 2".to_string()],
            vec!["got 20 from 2".to_string(), "got 10 from 1".to_string()],
        ]
    );
    assert_eq!(e.outcomes[1].witness, vec![2]);
    // The machine-bound space never sees rank 2 first: its message is not in flight yet.
    let n = explore(Space::Network, 100, start(FIRST_COMES, 3)).unwrap();
    assert!(n.complete);
    assert_eq!(n.outcomes.len(), 1, "{n:?}");
}

/// A master that expects rank 1's answer before rank 2's (the CLI's test program): when rank
/// 2's message takes the wildcard receive, the receive from rank 2 by name never completes.
const ORDER_DEADLOCK: &str = include_str!("../../../cli/tests/programs/wildcard_deadlock.c");

#[test]
fn a_deadlock_the_default_order_hides_is_found_and_replays() {
    let e = explore(Space::Matches, 100, start(ORDER_DEADLOCK, 3)).unwrap();
    assert!(e.complete);
    assert_eq!(e.outcomes.len(), 2, "{e:?}");
    assert_eq!(e.outcomes[0].outcome.ending, Ending::Finished);
    let bad = &e.outcomes[1];
    assert!(
        matches!(bad.outcome.ending, Ending::Deadlock { .. }),
        "{bad:?}"
    );
    assert_eq!(bad.witness, vec![2]);
    // The witness replays exactly: the same deadlock.
    let mut sim = start(ORDER_DEADLOCK, 3)()
        .unwrap()
        .with_match_choices(bad.witness.clone());
    let result = sim.run().map(|_| ());
    assert_eq!(Outcome::of(&sim, &result), bad.outcome);
    // A choice naming a rank that is not among the senders is an error, not a guess.
    let mut wrong = start(ORDER_DEADLOCK, 3)()
        .unwrap()
        .with_match_choices(vec![0]);
    let err = wrong.run().unwrap_err().to_string();
    assert!(err.contains("match choice 1 names rank 0"), "{err}");
}

#[test]
fn the_budget_ends_an_exploration_and_says_what_is_left() {
    let e = explore(Space::Matches, 1, start(FIRST_COMES, 3)).unwrap();
    assert_eq!(e.runs, 1);
    assert!(!e.complete);
    assert_eq!(e.unexplored, 1);
}

/// Three senders to one wildcard receiver, each message independent (the benchmark's
/// fan-in): 3! orders of takes, one sum.
const FAN_IN: &str = super::bench_programs::EXPLORE_PROGRAMS[0].source;

#[test]
fn independent_orders_that_change_nothing_give_one_outcome() {
    let e = explore(Space::Matches, 100, start(FAN_IN, 4)).unwrap();
    assert!(e.complete);
    assert_eq!(e.runs, 6, "3 senders taken in 3! orders");
    assert_eq!(e.outcomes.len(), 1);
    assert_eq!(e.outcomes[0].runs, 6);
    assert_eq!(e.outcomes[0].outcome.output[0], vec!["sum 6".to_string()]);
}

/// A halo exchange (the benchmark's): named sources only, so MPI has no match to choose, while
/// its deliveries race at every rank.
const HALO: &str = super::bench_programs::EXPLORE_PROGRAMS[1].source;

#[test]
fn without_the_reduction_the_same_outcomes_take_more_runs_and_their_witnesses_replay() {
    // The hidden deadlock: both spaces find both outcomes; with no reduction the independent
    // delivery orders are runs of their own.
    let reduced = explore(Space::Matches, 1000, start(ORDER_DEADLOCK, 3)).unwrap();
    let all = explore(Space::All, 1000, start(ORDER_DEADLOCK, 3)).unwrap();
    assert!(reduced.complete && all.complete, "{all:?}");
    let endings = |e: &Exploration| -> Vec<Outcome> {
        let mut v: Vec<Outcome> = e.outcomes.iter().map(|f| f.outcome.clone()).collect();
        v.sort_by_key(|o| o.summary());
        v
    };
    assert_eq!(endings(&reduced), endings(&all));
    assert!(all.runs >= reduced.runs, "{} < {}", all.runs, reduced.runs);
    // Every witness of both kinds replays its outcome exactly.
    for f in &all.outcomes {
        let mut sim = start(ORDER_DEADLOCK, 3)()
            .unwrap()
            .with_match_choices(f.witness.clone())
            .with_network(f.witness_network.clone());
        let result = sim.run().map(|_| ());
        assert_eq!(Outcome::of(&sim, &result), f.outcome, "{f:?}");
    }
    // Each run's choices are in the order it met them, both kinds.
    for p in &all.paths {
        assert!(
            p.choices.windows(2).all(|w| w[0].event <= w[1].event),
            "{p:?}"
        );
    }
    // The halo: one run with the reduction; its delivery races make many without it.
    let halo = explore(Space::Matches, 50, start(HALO, 4)).unwrap();
    assert_eq!((halo.runs, halo.complete), (1, true));
    let halo_all = explore(Space::All, 50, start(HALO, 4)).unwrap();
    assert!(halo_all.runs > 1, "{halo_all:?}");
    assert!(halo_all
        .paths
        .iter()
        .flat_map(|p| &p.choices)
        .all(|c| c.kind == ChoiceKind::Delivery));
    assert_eq!(halo_all.outcomes.len(), 1);
}
