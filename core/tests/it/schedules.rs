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
fn run_fig4(schedule: &Schedule) -> (f64, u64) {
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

/// The paper 002 cluster.
fn ethernet() -> rankscope_core::machine::Profile {
    rankscope_core::machine::builtin_profile("ethernet-1g").unwrap()
}

/// The run's port log replays the switch: one pass per message, the drops the trace reports,
/// a full buffer at every drop, nothing buffered once the run is over, and never more than the
/// buffer holds.
#[test]
fn the_port_log_replays_every_message_and_drop_of_a_run() {
    use rankscope_core::workloads::scheduled;
    let eth = ethernet();
    let gather = Pattern::named("gather", 64).unwrap();
    for schedule in [ring_schedule(&gather), delay_schedule(&gather, false).0] {
        let run = scheduled::run(&schedule, &eth, 63 * 1024, SimTime::from_us_f64(400.0)).unwrap();
        let switch = run.switch.unwrap();
        assert_eq!(run.passes.len(), 63);
        assert_eq!(run.ports(), [0]);
        let drops = run.drops_in_order();
        assert_eq!(drops.len() as u64, run.drops.values().sum::<u64>());
        for d in &drops {
            let full = run.buffered_at(d.at).get(&d.port).copied().unwrap_or(0);
            assert!(
                full + switch.window_bytes > switch.buffer_bytes,
                "{}: {full} buffered",
                d.said
            );
            assert!(d
                .said
                .starts_with(&format!("PE {}'s message: switch port 0 full at", d.from)));
            assert_eq!(d.retransmit_at, d.at + SimTime::from_ms(200));
        }
        assert!(run.buffered_at(run.end).is_empty());
        let step = SimTime::from_us(50);
        let mut t = SimTime::ZERO;
        while t < run.end {
            let b = run.buffered_at(t).get(&0).copied().unwrap_or(0);
            assert!(b <= switch.buffer_bytes, "{b} at {t}");
            t += step;
        }
    }
}

/// Fig. 4 in C (`fig4_c::program`), run by the interpreter with the eager limit its run line
/// names, takes the native program's time (the slowest PE's, which it prints: exactly on
/// gather and triangle), receives every message intact (it would print the ones that are not),
/// and its receive buffers are what `receive_bytes` says.
#[test]
fn fig4_in_c_runs_any_schedule_as_the_native_program_does() {
    use rankscope_core::engine::Sim;
    use rankscope_core::lang::{self, VmLimits};
    use rankscope_core::machine::Machine;
    use rankscope_core::proto::schedules::fig4_c;
    use rankscope_core::proto::SimConfig;
    use rankscope_core::workloads::scheduled;
    let eth = ethernet();
    const K: u64 = 63 * 1024;
    for (name, n, exact) in [
        ("gather", 64, true),
        ("triangle", 16, true),
        ("sf-1", 64, false),
        ("random:0.3", 12, false),
    ] {
        let pattern = Pattern::named(name, n).unwrap();
        for schedule in [ring_schedule(&pattern), delay_schedule(&pattern, false).0] {
            let what = format!("{} {name}", schedule.algo);
            let source = fig4_c::program(&schedule, K, 400, &what);
            assert_eq!(
                fig4_c::receive_bytes(&schedule, K),
                pattern.sends() as u64 * K
            );
            let compiled = lang::load(&source, "fig4.c")
                .unwrap_or_else(|d| panic!("{what}: {}", d[0].render("fig4.c", &source)));
            let machine = Machine::new(&eth, n).unwrap();
            let hint = lang::run_hint(&source).unwrap();
            assert_eq!((hint.ranks, hint.profile.as_str()), (n, "ethernet-1g"));
            let mut sim = Sim::new(
                machine,
                lang::ranks(&compiled, n, VmLimits::default()),
                SimConfig {
                    eager_limit: hint.config.unwrap().eager_limit,
                    ..SimConfig::default()
                },
            );
            sim.run().unwrap_or_else(|e| panic!("{what}: {e}"));
            let console: Vec<String> = sim.console().iter().map(|l| l.text.clone()).collect();
            let native = scheduled::run(&schedule, &eth, K, SimTime::from_us(400)).unwrap();
            let native_ms = native.end.as_secs_f64() * 1e3;
            let said = format!(
                "{} messages of {K} bytes, delta 400 us: the slowest PE took ",
                pattern.sends()
            );
            assert_eq!(console.len(), 1, "{what}: {console:?}");
            let ms: f64 = console[0]
                .strip_prefix(&said)
                .and_then(|rest| rest.strip_suffix(" ms"))
                .unwrap_or_else(|| panic!("{what}: {}", console[0]))
                .parse()
                .unwrap();
            if exact {
                // Every sender into one port: the order the port serves them is the schedule's.
                assert_eq!(format!("{ms:.3}"), format!("{native_ms:.3}"), "{what}");
            } else {
                // The barrier lets the PEs start a few µs apart (the native program starts them
                // all at 0), which reorders messages at busy ports: close, not equal.
                assert!(
                    (ms / native_ms - 1.0).abs() < 0.15,
                    "{what}: C {ms} ms, native {native_ms} ms"
                );
            }
        }
    }
}
