//! The timeline built from real runs and crafted records: message and one-sided arrows paired
//! with their ends, spans opened and closed, window queries against a naive filter. (Integration
//! tests: the records come from the protocol layers, which `trace/` itself never names.)

use proptest::prelude::*;
use rankscope_core::engine::{MsgId, ReqId, Sim};
use rankscope_core::machine::{builtin_profile, AtomicKind, Machine, RdmaOp};
use rankscope_core::proto::p2p::P2pRecord;
use rankscope_core::proto::rma::RmaRecord;
use rankscope_core::proto::SimConfig;
use rankscope_core::trace::timeline::*;
use rankscope_core::trace::{Record, RecordKind};
use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};
use rankscope_core::SimTime;

fn run(kind: WorkloadKind, ranks: u32, machine: &str) -> Vec<Record> {
    let profile = builtin_profile(machine).unwrap();
    let params = WorkloadParams {
        bytes: 256,
        iterations: 3,
    };
    let mut sim = Sim::new(
        Machine::new(&profile, ranks).unwrap(),
        programs(kind, ranks, params),
        SimConfig::default(),
    );
    sim.run().unwrap();
    sim.trace().records().to_vec()
}

fn at(ps: u64, kind: RecordKind) -> Record {
    Record {
        time: SimTime(ps),
        kind,
    }
}

#[test]
fn a_broadcast_has_one_arrow_per_message_paired_with_its_arrival() {
    let records = run(WorkloadKind::Broadcast, 8, "ib-qdr");
    let t = Timeline::build(&records, 8);
    assert_eq!(t.seen(), records.len());
    let sends = records
        .iter()
        .filter(|r| matches!(r.layer::<P2pRecord>(), Some(P2pRecord::SendPosted { .. })))
        .count();
    assert_eq!(t.arrows().len(), sends);
    assert_eq!(sends, 7);
    for a in t.arrows() {
        assert_eq!(a.kind, ArrowKind::Message);
        let end = a.end_record.expect("every message arrived");
        assert!(matches!(
            records[end].layer::<P2pRecord>(),
            Some(P2pRecord::Arrived { src, dst, .. }) if src == a.from && dst == a.to
        ));
        assert_eq!(records[end].time, a.end);
        assert!(matches!(
            records[a.record].layer::<P2pRecord>(),
            Some(P2pRecord::SendPosted { .. })
        ));
    }
    assert!(t.arrows().windows(2).all(|w| w[0].start <= w[1].start));
    // Every rank but the root blocks for its message; nothing is left open at the end.
    for r in 1..8 {
        let spans = t.spans(r);
        assert!(
            spans.iter().any(|s| s.kind == SpanKind::Blocked),
            "rank {r}"
        );
        assert!(spans.iter().all(|s| s.end.is_some()));
        assert!(spans.windows(2).all(|w| w[0].start <= w[1].start));
        for s in spans {
            let opener = &records[s.record].kind;
            match s.kind {
                SpanKind::Blocked => {
                    let spinner = matches!(
                        records[s.record].layer::<RmaRecord>(),
                        Some(RmaRecord::Spinning { rank, .. }) if rank == r
                    );
                    assert!(
                        spinner || matches!(opener, RecordKind::Blocked { rank, .. } if *rank == r)
                    );
                    let closer = &records[s.end_record.unwrap()].kind;
                    assert!(matches!(closer, RecordKind::Resumed { rank } if *rank == r));
                }
                SpanKind::Compute => {
                    assert!(matches!(opener, RecordKind::Compute { rank, .. } if *rank == r));
                }
                SpanKind::Library => {
                    assert!(matches!(
                        opener,
                        RecordKind::Library { rank, .. } | RecordKind::Yielded { rank, .. }
                            if *rank == r
                    ));
                }
            }
        }
    }
    let done = t.marks().iter().filter(|m| m.kind == MarkKind::Done);
    assert_eq!(done.count(), 8);
    assert_eq!(t.end_time(), records.last().unwrap().time);
}

#[test]
fn atomics_are_arrows_with_a_reply_leg_in_hardware_and_in_software() {
    for (machine, software) in [("fx100", false), ("fx10", true)] {
        let records = run(WorkloadKind::Atomics, 4, machine);
        let t = Timeline::build(&records, 4);
        let atomics: Vec<_> = t
            .arrows()
            .iter()
            .filter(|a| a.kind == ArrowKind::Atomic)
            .collect();
        assert!(!atomics.is_empty(), "{machine}");
        for a in atomics {
            assert_eq!(a.software, software, "{machine}");
            assert_eq!(a.to, 0);
            let back = a.back.expect("the reply is known");
            assert!(a.start <= a.end && a.end <= back, "{a:?}");
            let done = a.back_record.unwrap();
            assert!(
                matches!(records[done].layer::<RmaRecord>(), Some(RmaRecord::Complete { rank, .. }) if rank == a.from)
            );
            assert_eq!(records[done].time, back);
            assert_eq!(a.legs().count(), 2);
        }
    }
}

#[test]
fn crafted_records_pair_and_leave_open_spans_open() {
    let op = RdmaOp::Atomic(AtomicKind::FetchAndAdd);
    let records = vec![
        at(0, RecordKind::Start { rank: 0 }),
        at(
            0,
            RecordKind::Compute {
                rank: 0,
                until: SimTime(10),
            },
        ),
        at(
            0,
            RecordKind::Blocked {
                rank: 1,
                first: ReqId(0),
                count: 1,
                any: false,
            },
        ),
        at(
            10,
            RecordKind::layer(&RmaRecord::Issued {
                rank: 0,
                target: 1,
                op,
                req: ReqId(3),
                software: true,
                completes: SimTime(30),
            }),
        ),
        at(
            12,
            RecordKind::Console {
                rank: 0,
                text: "hi".into(),
                stream: rankscope_core::engine::Stream::Stdout,
            },
        ),
        at(
            50,
            RecordKind::layer(&RmaRecord::Complete {
                rank: 0,
                req: ReqId(3),
            }),
        ),
    ];
    let t = Timeline::build(&records, 2);
    assert_eq!(t.spans(0).len(), 1);
    assert_eq!(t.spans(1)[0].end, None);
    assert_eq!(t.spans(1)[0].end_or(t.end_time()), SimTime(50));
    let a = t.arrows()[0];
    assert_eq!(
        (a.start, a.end, a.back),
        (SimTime(10), SimTime(30), Some(SimTime(50)))
    );
    assert_eq!((a.record, a.back_record), (3, Some(5)));
    // The open span is visible however late the window.
    assert_eq!(t.visible_spans(1, SimTime(45), SimTime(60)).count(), 1);
    // Hits: the console mark at 12, the arrow's start at 10, the compute span at 5.
    let tol = SimTime(1);
    assert_eq!(t.hit(0, SimTime(12), tol).unwrap().item, Item::Mark(0));
    assert_eq!(t.hit(0, SimTime(10), tol).unwrap().record, 3);
    assert_eq!(t.hit(0, SimTime(50), tol).unwrap().record, 5);
    assert_eq!(
        t.hit(0, SimTime(5), tol).unwrap().item,
        Item::Span { rank: 0, index: 0 }
    );
    assert_eq!(t.hit(0, SimTime(40), tol), None);
    assert_eq!(t.hit(1, SimTime(40), tol).unwrap().record, 2);
    // Midway along the request leg (rank 0 at 10 → rank 1 at 30), on screen.
    let hit = t
        .nearest_arrow(20.0, 0.5, 1.0, 20.0, SimTime(0), SimTime(60), 3.0)
        .unwrap();
    assert_eq!(hit.item, Item::Arrow(0));
    assert_eq!(
        t.nearest_arrow(20.0, 0.0, 1.0, 20.0, SimTime(0), SimTime(60), 3.0),
        None
    );
    assert_eq!(last_record_at((&records).into(), SimTime(11)), Some(3));
    // A stopped run (a deadlock): the blocked rank stays blocked past the end of time.
    let mut stopped = t.clone();
    assert_eq!(t.visible_spans(1, SimTime(70), SimTime(90)).count(), 0);
    stopped.set_stopped(true);
    assert_eq!(
        stopped.visible_spans(1, SimTime(70), SimTime(90)).count(),
        1
    );
    assert_eq!(stopped.hit(1, SimTime(80), tol).unwrap().record, 2);
    assert_eq!(last_record_at(records[3..].into(), SimTime(5)), None);
}

#[test]
fn extending_piece_by_piece_equals_building_at_once() {
    let records = run(WorkloadKind::Ring, 5, "fx100");
    let whole = Timeline::build(&records, 5);
    for chunk in [1, 3, 17] {
        let mut t = Timeline::new(5);
        let mut n = 0;
        while n < records.len() {
            n = (n + chunk).min(records.len());
            t.extend(&records[..n]);
            t.extend(&records[..n]); // idempotent
        }
        assert_eq!(format!("{t:?}"), format!("{whole:?}"));
    }
    // A shorter list (another run) rebuilds.
    let mut t = whole.clone();
    t.extend(&records[..4]);
    assert_eq!(
        format!("{t:?}"),
        format!("{:?}", Timeline::build(&records[..4], 5))
    );
}

fn window_queries_match_a_naive_filter(records: &[Record], ranks: u32, t0: u64, t1: u64) {
    let t = Timeline::build(records, ranks);
    let (t0, t1) = (SimTime(t0.min(t1)), SimTime(t0.max(t1)));
    let end = t.end_time();
    for r in 0..ranks {
        let fast: Vec<usize> = t.visible_spans(r, t0, t1).map(|(i, _)| i).collect();
        let slow: Vec<usize> = (0..t.spans(r).len())
            .filter(|&i| {
                let s = &t.spans(r)[i];
                s.start <= t1 && s.end_or(end) >= t0
            })
            .collect();
        assert_eq!(fast, slow, "rank {r} in [{t0}, {t1}]");
    }
    let fast: Vec<usize> = t.visible_arrows(t0, t1).map(|(i, _)| i).collect();
    let slow: Vec<usize> = (0..t.arrows().len())
        .filter(|&i| t.arrows()[i].start <= t1 && t.arrows()[i].last() >= t0)
        .collect();
    assert_eq!(fast, slow);
    let fast: Vec<usize> = t.visible_marks(t0, t1).map(|(i, _)| i).collect();
    let slow: Vec<usize> = (0..t.marks().len())
        .filter(|&i| (t0..=t1).contains(&t.marks()[i].time))
        .collect();
    assert_eq!(fast, slow);
}

/// Random but well-formed traces: per rank, compute and blocked spans of random lengths,
/// and messages of random latency between random ranks.
fn crafted(ops: &[(u8, u8, u16, u16)], ranks: u32) -> Vec<Record> {
    let mut events: Vec<Record> = Vec::new();
    let mut clock = vec![0u64; ranks as usize];
    for (i, &(what, rank, a, b)) in ops.iter().enumerate() {
        let rank = u32::from(rank) % ranks;
        let now = clock[rank as usize];
        let (a, b) = (u64::from(a), u64::from(b));
        match what % 3 {
            0 => {
                events.push(at(
                    now,
                    RecordKind::Compute {
                        rank,
                        until: SimTime(now + a),
                    },
                ));
                clock[rank as usize] = now + a;
            }
            1 => {
                events.push(at(
                    now,
                    RecordKind::Blocked {
                        rank,
                        first: ReqId(0),
                        count: 1,
                        any: false,
                    },
                ));
                if b % 7 != 0 {
                    events.push(at(now + a, RecordKind::Resumed { rank }));
                    clock[rank as usize] = now + a;
                } else {
                    clock[rank as usize] = u64::MAX / 4; // stays blocked
                }
            }
            _ => {
                let dst = (rank + 1 + (b as u32)) % ranks;
                let msg = MsgId(i as u32);
                events.push(at(
                    now,
                    RecordKind::layer(&P2pRecord::SendPosted {
                        rank,
                        dst,
                        tag: 0,
                        bytes: 8,
                        msg,
                        req: ReqId(0),
                        sender_free: SimTime(now),
                        arrives: SimTime(now + a),
                    }),
                ));
                events.push(at(
                    now + a,
                    RecordKind::layer(&P2pRecord::Arrived {
                        src: rank,
                        dst,
                        tag: 0,
                        msg,
                        context: 0,
                    }),
                ));
            }
        }
    }
    events.retain(|r| r.time.as_ps() < u64::MAX / 4);
    // The engine records in time order (stable: a rank's own order is kept).
    events.sort_by_key(|r| r.time);
    events
}

proptest! {
    #[test]
    fn window_queries_equal_a_naive_filter(
        ops in prop::collection::vec((any::<u8>(), any::<u8>(), 0u16..2000, any::<u16>()), 0..120),
        ranks in 1u32..6,
        t0 in 0u64..40_000,
        t1 in 0u64..40_000,
    ) {
        let records = crafted(&ops, ranks);
        window_queries_match_a_naive_filter(&records, ranks, t0, t1);
    }
}

#[test]
fn window_queries_on_real_runs() {
    for (kind, machine) in [
        (WorkloadKind::Gather, "ethernet-1g"),
        (WorkloadKind::PingPong, "emx"),
        (WorkloadKind::Atomics, "fx10"),
    ] {
        let records = run(kind, 4, machine);
        let end = records.last().unwrap().time.as_ps();
        for k in 0..20 {
            window_queries_match_a_naive_filter(&records, 4, end * k / 20, end * (k + 3) / 20);
        }
    }
}
