//! The engine end to end: determinism, deadlock and limit errors, stepping back, MPI order.

use rankscope_core::engine::history::MAX_CHECKPOINTS;
use rankscope_core::engine::{History, Limits, Sim, SimError};
use rankscope_core::machine::{builtin_profile, builtin_profiles, Machine, Profile};
use rankscope_core::proto::p2p::P2pRecord;
use rankscope_core::proto::rma::RmaRecord;
use rankscope_core::time::SimTime;
use rankscope_core::trace::chrome::to_chrome_json;
use rankscope_core::workloads::{programs, Native, WorkloadKind, WorkloadParams};

use crate::script::{Op, Script};
use rankscope_core::proto::SimConfig;

fn profile(id: &str) -> Profile {
    builtin_profile(id).unwrap()
}

fn native(kind: WorkloadKind, ranks: u32, id: &str, params: WorkloadParams) -> Sim<Native> {
    let machine = Machine::new(&profile(id), ranks).unwrap();
    let config = SimConfig {
        words_per_rank: kind.words_per_rank(),
        ..SimConfig::default()
    };
    Sim::new(machine, programs(kind, ranks, params), config)
}

/// Steps `history` to the end one event at a time; returns the state (as `Debug` text) after each
/// step, starting with the initial one.
fn walk_to_the_end<P: rankscope_core::engine::Program>(history: &mut History<P>) -> Vec<String> {
    let mut snapshots = Vec::new();
    loop {
        snapshots.push(format!("{:?}", history.sim()));
        if history.forward(1).unwrap() == 0 {
            return snapshots;
        }
    }
}

fn scripted(id: &str, scripts: Vec<Vec<Op>>, limits: Limits) -> Sim<Script> {
    let machine = Machine::new(&profile(id), scripts.len() as u32).unwrap();
    let programs = scripts.into_iter().map(Script::new).collect();
    Sim::new(
        machine,
        programs,
        SimConfig {
            limits,
            ..SimConfig::default()
        },
    )
}

#[test]
fn every_workload_on_every_machine_runs_twice_with_the_same_trace_hash() {
    let params = WorkloadParams {
        bytes: 1024,
        iterations: 3,
    };
    for p in builtin_profiles().unwrap() {
        let ranks = (p.machine.nodes.value * p.machine.ranks_per_node.value).min(6);
        for (kind, name, _) in WorkloadKind::ALL {
            let run = || {
                let mut sim = native(kind, ranks, &p.machine.id, params);
                let result = sim.run();
                (
                    result.map(|s| s.trace_hash).map_err(|e| e.to_string()),
                    sim.trace().hash(),
                )
            };
            let (a, b) = (run(), run());
            assert_eq!(a, b, "{name} on {}", p.machine.id);
            if kind == WorkloadKind::HeadToHead {
                assert!(a.0.is_err(), "{name} must deadlock");
            } else {
                assert!(a.0.is_ok(), "{name} on {}: {:?}", p.machine.id, a.0);
            }
        }
    }
}

#[test]
fn binomial_broadcast_reaches_every_rank_once_in_log_rounds() {
    let ranks = 37;
    let mut sim = native(
        WorkloadKind::Broadcast,
        ranks,
        "fx100",
        WorkloadParams::default(),
    );
    sim.run().unwrap();
    let mut received = vec![0; ranks as usize];
    let mut sends = 0;
    for r in sim.trace().records() {
        match r.layer::<P2pRecord>() {
            Some(P2pRecord::Matched { rank, .. }) => received[rank as usize] += 1,
            Some(P2pRecord::SendPosted { .. }) => sends += 1,
            _ => {}
        }
    }
    assert_eq!(received[0], 0);
    assert!(received[1..].iter().all(|&n| n == 1), "{received:?}");
    assert_eq!(sends, ranks - 1);
}

#[test]
fn deadlock_names_every_blocked_rank_and_the_cycle() {
    let mut sim = native(
        WorkloadKind::HeadToHead,
        3,
        "ib-qdr",
        WorkloadParams::default(),
    );
    let err = sim.run().unwrap_err();
    let SimError::Deadlock(report) = &err else {
        panic!("expected a deadlock, got {err}");
    };
    assert_eq!(
        report.blocked.iter().map(|b| b.rank).collect::<Vec<_>>(),
        [0, 1]
    );
    assert_eq!(report.cycle, Some(vec![0, 1]));
    insta::assert_snapshot!(err.to_string());
}

#[test]
fn deadlock_without_cycle_says_nobody_sends() {
    let scripts = vec![
        vec![
            Op::Recv {
                src: Some(1),
                tag: Some(5),
                cap: 4,
            },
            Op::WaitAll,
        ],
        vec![Op::Compute(3)],
    ];
    let err = scripted("ib-qdr", scripts, Limits::default())
        .run()
        .unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

#[test]
fn runaway_program_stops_at_the_event_limit() {
    let params = WorkloadParams {
        bytes: 8,
        iterations: 1_000_000,
    };
    let machine = Machine::new(&profile("ib-qdr"), 4).unwrap();
    let limits = Limits {
        max_events: 10_000,
        ..Limits::default()
    };
    let mut sim = Sim::new(
        machine,
        programs(WorkloadKind::Ring, 4, params),
        SimConfig {
            limits,
            ..SimConfig::default()
        },
    );
    let err = sim.run().unwrap_err();
    assert!(
        matches!(err, SimError::EventLimit { limit: 10_000, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("loops forever"));
    // The error sticks.
    assert_eq!(sim.step().unwrap_err(), err);
}

#[test]
fn time_and_memory_limits_end_the_run_with_errors() {
    let limits = Limits {
        max_time: SimTime::from_us(50),
        ..Limits::default()
    };
    let err = scripted("ib-qdr", vec![vec![Op::Compute(100)]], limits)
        .run()
        .unwrap_err();
    assert_eq!(
        err,
        SimError::TimeLimit {
            limit: SimTime::from_us(50)
        }
    );

    let limits = Limits {
        max_memory: 1024,
        ..Limits::default()
    };
    let params = WorkloadParams {
        bytes: 8,
        iterations: 1000,
    };
    let machine = Machine::new(&profile("ib-qdr"), 16).unwrap();
    let err = Sim::new(
        machine,
        programs(WorkloadKind::Ring, 16, params),
        SimConfig {
            limits,
            ..SimConfig::default()
        },
    )
    .run()
    .unwrap_err();
    assert!(matches!(err, SimError::MemoryLimit { .. }), "{err}");
}

#[test]
fn program_errors_name_the_rank() {
    let scripts = vec![vec![], vec![Op::Compute(1), Op::Fail("boom")]];
    let err = scripted("ib-qdr", scripts, Limits::default())
        .run()
        .unwrap_err();
    assert_eq!(err.to_string(), "rank 1 failed at 1.000 µs: boom");

    let scripts = vec![vec![Op::Send {
        dst: 5,
        tag: 0,
        bytes: 1,
    }]];
    let err = scripted("ib-qdr", scripts, Limits::default())
        .run()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "rank 0 failed at 0 ps: rank 5 does not exist: valid ranks are 0 to 0"
    );

    let err = scripted("ib-qdr", vec![vec![Op::WaitBogus]], Limits::default())
        .run()
        .unwrap_err();
    assert!(
        err.to_string().contains("wait on an inactive request"),
        "{err}"
    );
}

#[test]
fn messages_between_a_pair_do_not_overtake() {
    // Rank 0 sends sizes 1..=6 with alternating tags; rank 1 receives with ANY_TAG, so it must
    // see them in send order, and a tag-specific receive takes the first message with that tag.
    let sends: Vec<Op> = (1..=6)
        .map(|i| Op::Send {
            dst: 1,
            tag: (i % 2) as i32,
            bytes: i,
        })
        .chain([Op::WaitAll])
        .collect();
    let mut recvs = vec![
        Op::Compute(50),
        Op::Recv {
            src: Some(0),
            tag: Some(0),
            cap: 64,
        },
    ];
    recvs.extend((0..5).map(|_| Op::Recv {
        src: None,
        tag: None,
        cap: 64,
    }));
    recvs.push(Op::WaitAll);
    let mut sim = scripted("ethernet-1g", vec![sends, recvs], Limits::default());
    sim.run().unwrap();
    let got: Vec<u64> = sim
        .program(1)
        .unwrap()
        .received
        .iter()
        .map(|r| r.2)
        .collect();
    assert_eq!(got, [2, 1, 3, 4, 5, 6]);
}

#[test]
fn truncation_is_reported_in_the_status() {
    let scripts = vec![
        vec![
            Op::Send {
                dst: 1,
                tag: 0,
                bytes: 100,
            },
            Op::WaitAll,
        ],
        vec![
            Op::Recv {
                src: Some(0),
                tag: Some(0),
                cap: 10,
            },
            Op::WaitAll,
        ],
    ];
    let mut sim = scripted("ib-qdr", scripts, Limits::default());
    sim.run().unwrap();
    assert_eq!(sim.program(1).unwrap().received, [(0, 0, 10)]);
}

#[test]
fn stepping_back_restores_exactly_the_state_reached_going_forward() {
    let params = WorkloadParams {
        bytes: 4096,
        iterations: 4,
    };
    let machine = Machine::new(&profile("ethernet-1g"), 8).unwrap();
    let sim = Sim::new(
        machine,
        programs(WorkloadKind::Ring, 8, params),
        SimConfig::default(),
    );
    let mut history = History::new(sim, 16);
    let snapshots = walk_to_the_end(&mut history);
    let end = history.position();
    assert!(
        end > 100,
        "the run is long enough to cross checkpoints ({end} steps)"
    );
    for target in [end - 1, 77, 16, 15, 0, 40] {
        history.goto(target).unwrap();
        assert_eq!(history.position(), target);
        assert_eq!(
            format!("{:?}", history.sim()),
            snapshots[target as usize],
            "step {target}"
        );
    }
    history.goto(end).unwrap();
    assert!(history.sim().is_finished());
    assert_eq!(format!("{:?}", history.sim()), snapshots[end as usize]);
    history.back(3).unwrap();
    assert_eq!(format!("{:?}", history.sim()), snapshots[end as usize - 3]);
}

#[test]
fn chrome_export_has_a_track_per_rank_and_paired_message_arrows() {
    let mut sim = native(
        WorkloadKind::Broadcast,
        8,
        "ib-qdr",
        WorkloadParams::default(),
    );
    sim.run().unwrap();
    let doc = to_chrome_json(sim.trace().records(), 8, "bcast");
    let events = doc["traceEvents"].as_array().unwrap();
    let names = events.iter().filter(|e| e["name"] == "thread_name").count();
    assert_eq!(names, 8);
    let starts = events.iter().filter(|e| e["ph"] == "s").count();
    let finishes = events.iter().filter(|e| e["ph"] == "f").count();
    assert_eq!((starts, finishes), (7, 7));
    // Round-trips through text (what Perfetto reads).
    let text = serde_json::to_string(&doc).unwrap();
    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back, doc);
}

#[test]
fn every_record_explains_itself_in_a_sentence() {
    let mut sim = native(
        WorkloadKind::Gather,
        4,
        "ethernet-1g",
        WorkloadParams::default(),
    );
    sim.run().unwrap();
    for r in sim.trace().records() {
        let s = r.explain();
        assert!(s.starts_with("rank ") || s.starts_with("message #"), "{s}");
        assert!(!r.ranks().is_empty());
    }
}

#[test]
fn remote_atomics_queue_at_the_target_engine_so_time_grows_with_ranks() {
    // Paper 003 Fig. 8's shape: every fetch-and-add goes to rank 0's node, whose RDMA engine
    // serves them one at a time, so total time grows in proportion to the number of ranks.
    let params = WorkloadParams {
        bytes: 8,
        iterations: 10,
    };
    let time = |ranks: u32, id: &str| {
        let mut sim = native(WorkloadKind::Atomics, ranks, id, params);
        sim.run().unwrap().end_time.as_ps() as f64
    };
    let (t4, t64) = (time(4, "fx100"), time(64, "fx100"));
    let ratio = t64 / t4;
    assert!(
        (12.8..=19.2).contains(&ratio),
        "16× the ranks → {ratio:.2}× the time (±20 %)"
    );

    // FX10 has no RDMA atomics: each one is a request message to rank 0's software.
    let mut sim = native(WorkloadKind::Atomics, 4, "fx10", params);
    sim.run().unwrap();
    assert!(sim.trace().records().iter().any(|r| matches!(
        r.layer::<RmaRecord>(),
        Some(RmaRecord::Issued { software: true, .. })
    )));
}

#[test]
fn limit_errors_read_as_plain_english() {
    let messages = [
        SimError::EventLimit {
            limit: 10_000,
            time: SimTime::from_us(42),
        },
        SimError::TimeLimit {
            limit: SimTime::from_ms(3_600_000),
        },
        SimError::MemoryLimit {
            limit: 1 << 30,
            used: 3 << 29,
        },
    ]
    .map(|e| e.to_string())
    .join("\n");
    insta::assert_snapshot!(messages);
}

#[test]
fn stepping_back_keeps_the_known_future_and_maps_records_to_steps() {
    let sim = native(WorkloadKind::Ring, 4, "ib-qdr", WorkloadParams::default());
    let mut history = History::new(sim, 8);
    while history.forward(1).unwrap() == 1 {}
    let end = history.position();
    let all = history.sim().trace().records().to_vec();
    assert_eq!(history.sim().trace().known_steps(), end);
    assert_eq!(history.sim().trace().records_after_steps(end), all.len());

    history.goto(end / 2).unwrap();
    let trace = history.sim().trace();
    assert_eq!(trace.known_records().to_vec(), all, "the future is kept");
    assert_eq!(trace.records().len(), trace.records_after_steps(end / 2));
    assert!(trace.records().len() < all.len());

    // Every record is shown by the step that wrote it: going there makes it the newest.
    for (i, _) in all.iter().enumerate() {
        let step = trace.steps_to_show(i);
        assert!(trace.records_after_steps(step) > i, "record {i}");
        assert!(trace.records_after_steps(step - 1) <= i, "record {i}");
    }
    history.goto(end).unwrap();
    assert_eq!(history.sim().trace().records().to_vec(), all);
}

#[test]
fn long_histories_thin_their_checkpoints_and_still_step_back_exactly() {
    let params = WorkloadParams {
        iterations: 40,
        ..WorkloadParams::default()
    };
    let sim = native(WorkloadKind::Ring, 8, "ib-qdr", params);
    let mut history = History::new(sim, 1);
    let snapshots = walk_to_the_end(&mut history);
    let end = history.position();
    assert!(end > 4 * MAX_CHECKPOINTS as u64, "{end} steps");
    assert!(history.checkpoints() <= MAX_CHECKPOINTS);
    assert!(history.interval() >= 4, "interval {}", history.interval());
    for target in [end - 1, end / 2 + 3, 1, 0, end / 3] {
        history.goto(target).unwrap();
        assert_eq!(format!("{:?}", history.sim()), snapshots[target as usize]);
    }
}

#[test]
fn checkpoints_of_large_programs_stay_within_the_byte_budget() {
    use rankscope_core::engine::history::CHECKPOINT_BUDGET;
    use rankscope_core::lang::{self, VmLimits};
    // Each rank holds 16 MiB; 200 messages make far more steps than the budget allows
    // checkpoints of that size.
    let source = "#include <mpi.h>\ndouble big[2097152];\nint main(int argc, char **argv) {\n    int rank, i, v = 0;\n    MPI_Init(&argc, &argv);\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n    big[2097151] = 1.0;\n    for (i = 0; i < 200; i++) {\n        if (rank == 0) MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);\n        else MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n    }\n    MPI_Finalize();\n    return 0;\n}\n";
    let compiled = lang::load(source, "big.c").unwrap();
    let machine = Machine::new(&profile("ib-qdr"), 2).unwrap();
    let sim = Sim::new(
        machine,
        lang::ranks(&compiled, 2, VmLimits::default()),
        SimConfig::default(),
    );
    let mut history = History::new(sim, 1);
    let mut peak = 0;
    while history.forward(1).unwrap() == 1 {
        peak = peak.max(history.checkpoint_bytes());
    }
    let one = history.sim().checkpoint_bytes();
    assert!(one > 32 << 20, "two ranks of 16 MiB: {one} bytes");
    assert!(peak <= CHECKPOINT_BUDGET, "{peak} bytes of checkpoints");
    assert!(
        history.interval() > 8,
        "thinned: interval {}",
        history.interval()
    );
    let end = history.position();
    history.goto(end / 2).unwrap();
    assert_eq!(history.position(), end / 2);
}
