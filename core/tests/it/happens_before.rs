//! The happens-before order of real runs: the master/worker of the `every-match` lesson, whose
//! wildcard receives could each have taken another worker's answer, and a program on a split
//! communicator, whose messages carry their communicator.

use rankscope_core::engine::Sim;
use rankscope_core::lang::{Launch, Vm, VmLimits};
use rankscope_core::machine::builtin_profiles;
use rankscope_core::proto::p2p::happens_before::{Order, OrderKind};
use rankscope_core::proto::SimConfig;

fn run(source: &str, ranks: u32) -> Sim<Vm> {
    let p = builtin_profiles()
        .unwrap()
        .into_iter()
        .find(|p| p.machine.id == "cluster")
        .unwrap();
    let mut sim = Launch {
        profile: &p,
        ranks,
        args: &[],
        config: SimConfig::default(),
        limits: VmLimits::default(),
        network: None,
    }
    .sim(source, "test.c")
    .unwrap();
    sim.run().unwrap();
    sim
}

const MASTER_WORKER: &str = include_str!("../../../lessons/every-match/master_worker.c");

#[test]
fn each_wildcard_receive_of_the_master_lists_the_answers_it_could_have_taken() {
    let sim = run(MASTER_WORKER, 4);
    let order = Order::of(sim.trace().records(), 4, 10_000);
    assert!(!order.truncated);
    // Three tasks out and three answers back, each a message edge.
    let wildcard: Vec<usize> = (0..order.events.len())
        .filter(|&e| order.events[e].kind.is_wildcard())
        .collect();
    assert_eq!(wildcard.len(), 3);
    let from = |e: usize| order.events[e].rank;
    // The first answer taken (worker 1's) could have been worker 2's or 3's; the second, worker
    // 3's; the last, nobody else's (the other answers were taken before it).
    let candidates: Vec<Vec<u32>> = wildcard
        .iter()
        .map(|&r| order.candidates_of(r).map(from).collect())
        .collect();
    assert_eq!(candidates, vec![vec![2, 3], vec![3], vec![]]);
    // Every candidate is a send to the master that does not happen after the receive.
    for c in &order.candidates {
        assert!(!order.happens_before(c.receive, c.send));
        assert!(matches!(
            order.events[c.send].kind,
            OrderKind::Send { dst: 0, .. }
        ));
    }
    // A worker's answer happens after its task: send, receive, send in causal columns.
    for e in &order.edges {
        assert!(order.events[e.receive].column > order.events[e.send].column);
        assert!(order.happens_before(e.send, e.receive));
    }
}

const SPLIT: &str = r#"
/* Ranks: 4 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, x = 0;
    MPI_Comm half;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    if (rank == 0 || rank == 1)
        MPI_Send(&rank, 1, MPI_INT, rank == 0 ? 1 : 2, 7, rank == 0 ? half : MPI_COMM_WORLD);
    if (rank == 2) {
        MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 7, half, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn a_send_on_another_communicator_is_no_candidate() {
    let sim = run(SPLIT, 4);
    let order = Order::of(sim.trace().records(), 4, 10_000);
    let user: Vec<usize> = (0..order.events.len())
        .filter(|&e| order.events[e].kind.tag() == 7)
        .collect();
    assert_eq!(user.len(), 4, "{order:?}");
    let contexts = order.contexts();
    assert!(contexts.len() >= 2, "{contexts:?}");
    // Rank 2's world receive takes rank 1's message; rank 0's, on the split communicator, is no
    // candidate for it, however early it came.
    let world_receive = user
        .iter()
        .copied()
        .find(|&e| order.events[e].rank == 2 && order.events[e].kind.context() == 0)
        .unwrap();
    assert_eq!(order.events[world_receive].kind.peer(), 1);
    assert_eq!(order.candidates_of(world_receive).count(), 0);
}
