//! Paper 002's schedules: Table 1 (which schedules are conflict-free, and the conflict-free
//! makespan `(n − 1)·I(k) + L + o`), every schedule a permutation of its pattern's sends, the
//! proposed schedule conflict-free on random and scale-free patterns, and the incremental
//! scheduler equal to a naive Algorithm 1 + 2 that recomputes every `Q_p` (property tests).

use proptest::prelude::*;
use rankscope_core::machine::builtin_profiles;
use rankscope_core::proto::schedules::{
    delay_schedule, makespan, ring_schedule, LogGp, Pattern, Schedule,
};
use rankscope_core::time::SimTime;

const TABLE1: [&str; 4] = ["scatter", "gather", "alltoall", "triangle"];

#[test]
fn table_1_ring_conflicts_on_gather_and_triangle_and_the_proposal_on_none() {
    for n in [4, 16, 64] {
        for name in TABLE1 {
            let p = Pattern::named(name, n).unwrap();
            let ring = ring_schedule(&p);
            let (delay, _) = delay_schedule(&p, false);
            assert!(ring.covers(&p) && delay.covers(&p), "{name} n={n}");
            let ring_conflicts = !ring.conflicts().is_empty();
            assert_eq!(
                ring_conflicts,
                matches!(name, "gather" | "triangle"),
                "{name} n={n}"
            );
            assert!(delay.conflicts().is_empty(), "{name} n={n}");
        }
    }
}

/// Parameters where eq. 14 holds for every receiver (L ≥ |S_q|·I(k)): Table 1's regime.
fn long_latency(n: u32) -> LogGp {
    LogGp {
        l: SimTime::from_us_f64(10.0 * f64::from(n)),
        o: SimTime::from_us_f64(1.0),
        g_ps_per_byte: 1.0,
        k: 8001,
    }
}

#[test]
fn table_1_every_conflict_free_makespan_is_n_minus_1_slots_plus_l_plus_o() {
    let n = 64;
    let p = long_latency(n);
    let formula = p.interval().times(u64::from(n - 1)) + p.l + p.o;
    for name in TABLE1 {
        let pattern = Pattern::named(name, n).unwrap();
        let (delay, _) = delay_schedule(&pattern, false);
        assert_eq!(makespan(&delay, &p), Some((formula, true)), "{name}");
        let ring = ring_schedule(&pattern);
        match name {
            "gather" | "triangle" => assert_eq!(makespan(&ring, &p), None, "{name}"),
            _ => assert_eq!(makespan(&ring, &p), Some((formula, true)), "{name}"),
        }
    }
}

#[test]
fn on_the_papers_cluster_a_conflict_free_gather_takes_one_link_rate_bound() {
    let profiles = builtin_profiles().unwrap();
    let eth = profiles
        .iter()
        .find(|p| p.machine.id == "ethernet-1g")
        .unwrap();
    let params = LogGp::of(eth, 63 * 1024);
    let (delay, _) = delay_schedule(&Pattern::named("gather", 64).unwrap(), false);
    let (t, quiet) = makespan(&delay, &params).unwrap();
    // 63 × 63 KiB at 125 MB/s plus overheads: Table 3's 33.2 s per 1000 gathers.
    assert!(quiet);
    assert!((t.as_secs_f64() * 1000.0 - 33.2).abs() < 0.6, "{t}");
}

#[test]
fn a_regular_pattern_gets_thakurs_schedule_without_delays() {
    let p = Pattern::named("alltoall", 16).unwrap();
    let (delay, _) = delay_schedule(&p, false);
    assert_eq!(
        delay,
        Schedule {
            algo: "delay",
            ..ring_schedule(&p)
        }
    );
    assert_eq!(delay.delays(), 0);
}

#[test]
fn recorded_turns_replay_the_schedule_and_explain_each_choice() {
    let p = Pattern::named("gather", 4).unwrap();
    let (s, turns) = delay_schedule(&p, true);
    // Three senders into PE 0: one per slot, the others wait.
    assert_eq!(s.delays(), 3);
    assert_eq!(s.length(), 3);
    assert_eq!(turns[0].slot, 0);
    assert_eq!(turns[0].order.len(), 3);
    assert!(
        turns[0]
            .explain()
            .starts_with("slot 0: PE 1 goes next (Q = 1"),
        "{}",
        turns[0].explain()
    );
    let waits = turns.iter().filter(|d| d.choice.is_none()).count();
    assert_eq!(waits, 3);
    assert!(
        turns[1].explain().contains("it waits one slot (δ)"),
        "{}",
        turns[1].explain()
    );
    // Replaying the turns rebuilds the schedule.
    let mut rebuilt: Vec<Vec<Option<u32>>> = vec![Vec::new(); 4];
    for d in &turns {
        rebuilt[d.pe as usize].push(d.choice);
    }
    assert_eq!(rebuilt, s.slots);
}

/// Algorithm 1 with Algorithm 2 recomputed from scratch at every turn (the paper's pseudocode,
/// with the same tie and candidate-order rules).
fn naive(p: &Pattern) -> Vec<Vec<Option<u32>>> {
    let n = p.n as usize;
    let mut todo: Vec<Vec<u32>> = (0..n)
        .map(|i| {
            let mut t = p.targets[i].clone();
            t.sort_by_key(|&q| (q as usize + n - i - 1) % n);
            t
        })
        .collect();
    let mut slots = vec![Vec::new(); n];
    while todo.iter().any(|t| !t.is_empty()) {
        let mut lt: Vec<u32> = Vec::new();
        let mut x: Vec<usize> = (0..n).filter(|&i| !todo[i].is_empty()).collect();
        while !x.is_empty() {
            let qp = |i: usize| todo[i].iter().filter(|q| !lt.contains(q)).count();
            let (k, &pe) = x
                .iter()
                .enumerate()
                .min_by_key(|&(_, &i)| (qp(i), i))
                .unwrap();
            x.remove(k);
            match todo[pe].iter().position(|q| !lt.contains(q)) {
                Some(j) => {
                    let q = todo[pe].remove(j);
                    lt.push(q);
                    slots[pe].push(Some(q));
                }
                None => slots[pe].push(None),
            }
        }
    }
    slots
}

fn pattern_strategy() -> impl Strategy<Value = Pattern> {
    prop_oneof![
        (2u32..24, 0.0f64..1.0, any::<u64>())
            .prop_map(|(n, d, seed)| Pattern::random(n, d, seed).unwrap()),
        (6u32..40, 1u32..5, any::<u64>())
            .prop_map(|(n, m, seed)| { Pattern::scale_free("sf", n, m, m, seed).unwrap() }),
    ]
}

proptest! {
    #[test]
    fn the_proposal_is_conflict_free_sends_each_message_once_and_equals_the_naive_algorithm(
        p in pattern_strategy()
    ) {
        let (s, _) = delay_schedule(&p, false);
        prop_assert!(s.covers(&p));
        prop_assert!(s.conflicts().is_empty());
        prop_assert_eq!(&s.slots, &naive(&p));
        let r = ring_schedule(&p);
        prop_assert!(r.covers(&p));
    }
}

/// Fig. 4 run natively on the paper's cluster: the end time (ms) and the switch's drops.
fn run_fig4(schedule: &Schedule) -> (f64, usize) {
    use rankscope_core::workloads::scheduled;
    let profiles = builtin_profiles().unwrap();
    let eth = profiles
        .iter()
        .find(|p| p.machine.id == "ethernet-1g")
        .unwrap();
    let run = scheduled::run(schedule, eth, 63 * 1024, SimTime::from_us_f64(400.0)).unwrap();
    (run.end.as_secs_f64() * 1000.0, run.drops.values().sum())
}

#[test]
fn table_3_shape_ring_pays_a_retransmission_timeout_on_gather_and_triangle_and_the_proposal_does_not(
) {
    let gather = Pattern::named("gather", 64).unwrap();
    let (ring_ms, ring_drops) = run_fig4(&ring_schedule(&gather));
    // Every drop is at PE 0's port (the incast).
    {
        use rankscope_core::workloads::scheduled;
        let profiles = builtin_profiles().unwrap();
        let eth = profiles
            .iter()
            .find(|p| p.machine.id == "ethernet-1g")
            .unwrap();
        let run = scheduled::run(
            &ring_schedule(&gather),
            eth,
            63 * 1024,
            SimTime::from_us_f64(400.0),
        )
        .unwrap();
        assert_eq!(run.drops.keys().copied().collect::<Vec<_>>(), [0]);
    }
    let (delay_ms, delay_drops) = run_fig4(&delay_schedule(&gather, false).0);
    // Paper 002 Table 3 (s per 1000 collectives = ms per collective): Ring 214.4, proposed 33.2.
    assert!(
        ring_drops > 0 && delay_drops == 0,
        "{ring_drops} {delay_drops}"
    );
    assert!((180.0..260.0).contains(&ring_ms), "{ring_ms}");
    assert!((30.0..36.0).contains(&delay_ms), "{delay_ms}");
    // About one RTO (200 ms) apart.
    assert!(
        (150.0..230.0).contains(&(ring_ms - delay_ms)),
        "{ring_ms} {delay_ms}"
    );
    // Triangle: Ring's conflicts cost a timeout too, the proposal's schedule none.
    let triangle = Pattern::named("triangle", 64).unwrap();
    let (ring_ms, ring_drops) = run_fig4(&ring_schedule(&triangle));
    let (delay_ms, delay_drops) = run_fig4(&delay_schedule(&triangle, false).0);
    assert!(
        ring_drops > 0 && delay_drops == 0,
        "{ring_drops} {delay_drops}"
    );
    assert!(ring_ms > delay_ms + 150.0, "{ring_ms} {delay_ms}");
    // Scatter and alltoall have no conflict under either: the same time, no drop.
    for name in ["scatter", "alltoall"] {
        let p = Pattern::named(name, 64).unwrap();
        let ring = run_fig4(&ring_schedule(&p));
        assert_eq!(ring, run_fig4(&delay_schedule(&p, false).0), "{name}");
        assert_eq!(ring.1, 0, "{name}");
    }
}
