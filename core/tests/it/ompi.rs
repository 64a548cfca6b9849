//! Open MPI 3.1's collectives (`workloads::ompi`): the decision rules pick the paper's
//! algorithms, every message an algorithm sends is one its receiver posts (same pair, same
//! order, same size), every rank ends with the bytes the collective promises, and each runs to
//! the end on the switched-Ethernet cluster at several sizes.

use std::collections::BTreeMap;

use rankscope_core::engine::Sim;
use rankscope_core::machine::Machine;
use rankscope_core::proto::schedules::Pattern;
use rankscope_core::workloads::ompi::{self, bintree_children, Algorithm, Collective};
use rankscope_core::workloads::scheduled;
use rankscope_core::workloads::script::{Op, Script};
use rankscope_core::workloads::Native;

const K: u64 = 63 * 1024;

/// The paper 002 cluster.
fn ethernet() -> rankscope_core::machine::Profile {
    rankscope_core::machine::builtin_profile("ethernet-1g").unwrap()
}

#[test]
fn at_64_ranks_and_63_kib_the_rules_pick_the_algorithms_the_module_documents() {
    let picked: Vec<String> = Collective::ALL
        .iter()
        .map(|c| format!("{}: {}", c.call(), c.decide(64, K).name()))
        .collect();
    assert_eq!(
        picked,
        [
            "MPI_Barrier: ompi_coll_base_barrier_intra_recursivedoubling",
            "MPI_Bcast: ompi_coll_base_bcast_intra_split_bintree (1 KiB segments)",
            "MPI_Scatter: ompi_coll_base_scatter_intra_basic_linear",
            "MPI_Gather: ompi_coll_base_gather_intra_linear_sync (1 KiB first segment)",
            "MPI_Allgather: ompi_coll_base_allgather_intra_neighborexchange",
            "MPI_Alltoall: ompi_coll_base_alltoall_intra_pairwise",
            "MPI_Alltoallv: ompi_coll_base_alltoallv_intra_pairwise",
        ]
    );
    // Other branches of the rules.
    assert_eq!(
        Collective::Gather.decide(64, 100_000),
        Algorithm::GatherLinearSync { first: 32_768 }
    );
    assert_eq!(Collective::Gather.decide(8, 4000), Algorithm::GatherLinear);
    assert_eq!(
        Collective::Allgather.decide(63, K),
        Algorithm::AllgatherRing
    );
    assert_eq!(
        Collective::Bcast.decide(8, 1 << 20),
        Algorithm::BcastSplitBintree { segment: 8192 }
    );
    assert_eq!(Collective::named("alltoallv"), Some(Collective::Alltoallv));
    assert_eq!(Collective::named("MPI_Gather"), Some(Collective::Gather));
    assert_eq!(Collective::named("MPI_Reduce"), None);
    assert_eq!(Collective::Barrier.decide(63, 0), Algorithm::BarrierBruck);
    assert_eq!(Collective::Barrier.decide(2, 0), Algorithm::BarrierTwoProcs);
}

#[test]
fn an_algorithm_the_rules_pick_but_the_simulator_lacks_is_an_error_naming_it() {
    let e = ompi::programs(Collective::Bcast, 64, 100, None, 1).unwrap_err();
    assert_eq!(
        e,
        "Open MPI 3.1 runs MPI_Bcast of 100 B on 64 ranks with \
         ompi_coll_base_bcast_intra_binomial (no segments), which the simulator does not model"
    );
    let e = ompi::programs(Collective::Alltoallv, 8, K, None, 1).unwrap_err();
    assert!(e.contains("needs a pattern"), "{e}");
    let p = Pattern::named("gather", 4).unwrap();
    let e = ompi::programs(Collective::Alltoallv, 8, K, Some(&p), 1).unwrap_err();
    assert_eq!(e, "the pattern has 4 PEs, the run 8 ranks");
    let e = ompi::programs(Collective::Scatter, 1, K, None, 1).unwrap_err();
    assert!(e.contains("at least 2 ranks"), "{e}");
}

#[test]
fn open_mpis_binary_tree_covers_every_rank_once_with_odd_ranks_left_and_even_right() {
    for n in 2..=130u32 {
        let mut parent = vec![None; n as usize];
        for r in 0..n {
            for c in bintree_children(r, n) {
                assert!(c > r && c < n);
                assert_eq!(parent[c as usize], None, "n = {n}: {c} has two parents");
                parent[c as usize] = Some(r);
            }
        }
        for r in 1..n {
            // Walk up to the root's child: it is 1 for odd ranks, 2 for even ones.
            let mut x = r;
            while let Some(p) = parent[x as usize].filter(|&p| p != 0) {
                x = p;
            }
            assert_eq!(
                parent[x as usize],
                Some(0),
                "n = {n}: {r} is not under the root"
            );
            assert_eq!(x, 2 - r % 2, "n = {n}: rank {r} in the wrong subtree");
        }
    }
    assert_eq!(bintree_children(0, 64), [1, 2]);
    assert_eq!(bintree_children(3, 64), [7, 11]);
    assert_eq!(bintree_children(31, 64), [63]);
}

/// Message sizes by (sender, receiver), in order.
type Traffic = BTreeMap<(u32, u32), Vec<u64>>;

/// Every (sender, receiver) pair's sends in script order, and the receives the receiver posts
/// from that sender, in its order.
fn traffic(scripts: &[Script]) -> (Traffic, Traffic) {
    let mut sent = BTreeMap::new();
    let mut posted = BTreeMap::new();
    for (r, s) in scripts.iter().enumerate() {
        let r = r as u32;
        for op in s.ops() {
            match op {
                Op::Send { to, bytes } => {
                    sent.entry((r, *to)).or_insert_with(Vec::new).push(*bytes)
                }
                Op::Recv { from, bytes } => posted
                    .entry((*from, r))
                    .or_insert_with(Vec::new)
                    .push(*bytes),
                _ => {}
            }
        }
    }
    (sent, posted)
}

/// What each rank receives in all, by the collective's definition.
fn promised(c: Collective, n: u32, block: u64, pattern: &Pattern, rank: u32) -> u64 {
    let others = u64::from(n - 1);
    match c {
        Collective::Barrier => 0,
        Collective::Bcast => u64::from(rank != 0) * block,
        Collective::Scatter => u64::from(rank != 0) * block,
        Collective::Gather => u64::from(rank == 0) * others * block,
        Collective::Allgather | Collective::Alltoall => others * block,
        Collective::Alltoallv => {
            (0..n)
                .filter(|&p| p != rank && pattern.has(p, rank))
                .count() as u64
                * block
        }
    }
}

#[test]
fn every_send_meets_a_posted_receive_and_every_rank_gets_what_the_collective_promises() {
    for n in [3u32, 4, 5, 8, 13, 16, 33, 64] {
        let pattern = Pattern::named("triangle", n).unwrap();
        for c in Collective::ALL {
            for block in [6001, K] {
                let (algorithm, scripts) = match ompi::calls(c, n, block, Some(&pattern)) {
                    Ok((a, calls)) => (
                        a,
                        calls
                            .into_iter()
                            .map(|b| b.build())
                            .collect::<Vec<Script>>(),
                    ),
                    // Small communicators may pick algorithms that are not modelled.
                    Err(e) => {
                        assert!(e.contains("does not model"), "{e}");
                        continue;
                    }
                };
                let what = format!("{} n = {n} block {block} ({})", c.call(), algorithm.name());
                let (sent, posted) = traffic(&scripts);
                assert_eq!(sent, posted, "{what}");
                for r in 0..n {
                    let got: u64 = posted
                        .iter()
                        .filter(|((_, to), _)| *to == r)
                        .flat_map(|(_, sizes)| sizes)
                        .sum();
                    assert_eq!(got, promised(c, n, block, &pattern, r), "{what}: rank {r}");
                }
            }
        }
    }
}

#[test]
fn every_collective_runs_to_its_end_on_the_cluster() {
    let profile = ethernet();
    for n in [4u32, 13, 64] {
        let pattern = Pattern::named("sf-2", 64)
            .ok()
            .filter(|_| n == 64)
            .unwrap_or_else(|| Pattern::named("alltoall", n).unwrap());
        for c in Collective::ALL {
            let Ok((algorithm, programs)) = ompi::programs(c, n, K, Some(&pattern), 3) else {
                continue;
            };
            let machine = Machine::new(&profile, n).unwrap();
            let mut sim = Sim::new(machine, programs, scheduled::ompi_config());
            let summary = sim
                .run()
                .unwrap_or_else(|e| panic!("{} on {n}: {e}", algorithm.name()));
            assert!(summary.end_time.as_secs_f64() > 0.0);
            assert!(sim.is_finished(), "{} on {n}", algorithm.name());
            // Three rounds of barrier and collective, every rank.
            for r in 0..n {
                match sim.program(r) {
                    Some(Native::Script(s)) => assert_eq!(s.rounds_done(), 3),
                    other => panic!("{other:?}"),
                }
            }
        }
    }
}
