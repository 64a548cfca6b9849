//! Paper 004 on FOLON: VCL and FCP on its bus — the loads and stores of each transfer are Table 5's;
//! the structures are Table 4's; the latency ranking of Table 2; delivery in order with nothing
//! lost when all six PEs send at once, over many event orders — through FCP and through PVM on
//! each of its routes.

use std::collections::BTreeSet;

use rankscope_core::engine::Sim;
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::fcp::{FcpRecord, Side, Variant};
use rankscope_core::proto::SimConfig;
use rankscope_core::workloads::folon_transfers::{FolonTransfers, Pattern, Plan, Via};
use rankscope_core::workloads::Native;

fn folon(sim: &Sim<Native>, rank: u32) -> &FolonTransfers {
    match sim.program(rank) {
        Some(Native::Folon(p)) => p,
        _ => panic!("rank {rank} is not a FOLON transfer program"),
    }
}
use rankscope_core::SimTime;

fn natives(ranks: u32, plan: Plan) -> Vec<Native> {
    FolonTransfers::programs(ranks, plan)
        .into_iter()
        .map(|p| Native::Folon(Box::new(p)))
        .collect()
}

fn run(ranks: u32, plan: Plan, config: SimConfig) -> Sim<Native> {
    let profile = builtin_profile("folon").expect("folon is built in");
    let machine = Machine::new(&profile, ranks).unwrap();
    let mut sim = Sim::new(machine, natives(ranks, plan), config);
    sim.run().unwrap_or_else(|e| panic!("{e}"));
    sim
}

fn ping_pong(via: Via, variant: Variant, bytes: u64) -> Sim<Native> {
    let config = SimConfig {
        fcp: variant,
        ..SimConfig::default()
    };
    let plan = Plan {
        pattern: Pattern::PingPong,
        via,
        bytes,
        reps: 3,
    };
    run(2, plan, config)
}

fn transfers(sim: &Sim<Native>) -> Vec<FcpRecord> {
    sim.trace()
        .records()
        .iter()
        .filter_map(|r| r.layer::<FcpRecord>())
        .filter(|r| matches!(r, FcpRecord::Transfer { .. }))
        .collect()
}

/// (loads, stores) of the first send and the first receive of a 4-byte ping-pong.
fn counts(variant: Variant) -> ((u32, u32), (u32, u32)) {
    let t = transfers(&ping_pong(Via::Fcp, variant, 4));
    let of = |side: Side| {
        t.iter()
            .find_map(|r| match *r {
                FcpRecord::Transfer {
                    side: s,
                    loads,
                    stores,
                    ..
                } if s == side => Some((loads, stores)),
                _ => None,
            })
            .unwrap()
    };
    (of(Side::Send), of(Side::Receive))
}

#[test]
fn each_transfer_loads_and_stores_the_words_of_table_5() {
    // Table 5: send 23 / 18 / 8 words, receive 22 / 16 / 7 (FCP / FCP plus / FCP II).
    let table5 = [
        (Variant::Fcp, 23, 22),
        (Variant::FcpPlus, 18, 16),
        (Variant::FcpII, 8, 7),
    ];
    for (variant, send, recv) in table5 {
        let ((sl, ss), (rl, rs)) = counts(variant);
        assert_eq!(sl + ss, send, "{variant} send: {sl} loads + {ss} stores");
        assert_eq!(rl + rs, recv, "{variant} receive: {rl} loads + {rs} stores");
    }
    // Every transfer of the run the same (no retries in a ping-pong).
    for variant in Variant::ALL {
        let t = transfers(&ping_pong(Via::Fcp, variant, 4));
        let sends: BTreeSet<(u32, u32)> = t
            .iter()
            .filter_map(|r| match *r {
                FcpRecord::Transfer {
                    side: Side::Send,
                    loads,
                    stores,
                    ..
                } => Some((loads, stores)),
                _ => None,
            })
            .collect();
        assert_eq!(sends.len(), 1, "{variant}: {sends:?}");
    }
}

fn one_way(via: Via, variant: Variant, bytes: u64) -> SimTime {
    folon(&ping_pong(via, variant, bytes), 0).one_way().unwrap()
}

#[test]
fn latency_ranks_as_table_2_vcl_then_fcp_ii_then_fcp_plus_then_fcp() {
    let vcl = one_way(Via::Vcl, Variant::Fcp, 4);
    let [fcp, plus, two] = Variant::ALL.map(|v| one_way(Via::Fcp, v, 4));
    assert!(
        vcl < two && two < plus && plus < fcp,
        "{vcl} {two} {plus} {fcp}"
    );
    // The bus is not what costs: VCL's raw transfer is a small part of FCP's.
    assert!(vcl.as_ps() * 10 < plus.as_ps(), "{vcl} vs {plus}");
    // Throughput at 4096 bytes: FCP near VCL (a fixed cost per transfer, Sec. 5.1).
    let rate = |t: SimTime| 4096.0 / t.as_us_f64();
    let (v, f) = (
        rate(one_way(Via::Vcl, Variant::Fcp, 4096)),
        rate(one_way(Via::Fcp, Variant::Fcp, 4096)),
    );
    assert!(f < v && f > 0.9 * v, "VCL {v} MB/s, FCP {f} MB/s");
}

#[test]
fn six_pes_sending_to_one_lose_nothing_and_keep_each_senders_order_under_any_event_order() {
    let ranks = 6;
    let reps = 12;
    for variant in Variant::ALL {
        let mut hashes = BTreeSet::new();
        for seed in 0..12 {
            let config = SimConfig {
                fcp: variant,
                perturb: Some(seed),
                ..SimConfig::default()
            };
            // 1 KB messages: 60 of them overflow rank 0's 16 KB ring, so senders also wait
            // for room.
            let plan = Plan {
                pattern: Pattern::ToRoot,
                via: Via::Fcp,
                bytes: 1024,
                reps,
            };
            let sim = run(ranks, plan, config);
            let arrived = folon(&sim, 0).arrived();
            for (sender, got) in arrived.iter().enumerate().skip(1) {
                assert_eq!(
                    got,
                    &(0..reps).collect::<Vec<u32>>(),
                    "{variant}, seed {seed}: rank {sender}'s messages"
                );
            }
            hashes.insert(sim.trace().hash());
        }
        assert!(
            hashes.len() > 1,
            "{variant}: the seeds should reorder events"
        );
    }
}

#[test]
fn a_full_buffer_makes_senders_wait_for_room_not_fail() {
    let config = SimConfig::default();
    let plan = Plan {
        pattern: Pattern::ToRoot,
        via: Via::Fcp,
        bytes: 4096,
        reps: 6,
    };
    let sim = run(6, plan, config);
    let waits = sim
        .trace()
        .records()
        .iter()
        .filter(|r| {
            matches!(
                r.layer::<FcpRecord>(),
                Some(FcpRecord::Waits {
                    wait: rankscope_core::proto::fcp::Wait::Space { of: 0 },
                    ..
                })
            )
        })
        .count();
    assert!(
        waits > 0,
        "4 KB messages from five senders overflow a 16 KB ring"
    );
    assert_eq!(folon(&sim, 0).arrived()[5], (0..6).collect::<Vec<u32>>());
}

#[test]
fn one_fcp_ii_send_and_receive_word_by_word() {
    let config = SimConfig {
        fcp: Variant::FcpII,
        ..SimConfig::default()
    };
    let plan = Plan {
        pattern: Pattern::PingPong,
        via: Via::Fcp,
        bytes: 4,
        reps: 1,
    };
    let sim = run(2, plan, config);
    let lines: Vec<String> = sim
        .trace()
        .records()
        .iter()
        .filter_map(|r| r.layer::<FcpRecord>().map(|f| (r.time, f)))
        .take_while(|(_, f)| {
            !matches!(
                f,
                FcpRecord::Transfer {
                    side: Side::Receive,
                    ..
                }
            )
        })
        .map(|(t, f)| {
            format!(
                "{t}: {}",
                rankscope_core::trace::LayerRecord::explain(&f, t)
            )
        })
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

#[test]
fn fcp_off_folon_and_oversized_messages_are_refused_in_words() {
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, 2).unwrap();
    let plan = Plan {
        pattern: Pattern::PingPong,
        via: Via::Fcp,
        bytes: 4,
        reps: 1,
    };
    let e = Sim::new(machine, natives(2, plan), SimConfig::default())
        .run()
        .unwrap_err()
        .to_string();
    assert!(e.contains("need FOLON's VME bus"), "{e}");
    let profile = builtin_profile("folon").unwrap();
    let machine = Machine::new(&profile, 2).unwrap();
    let plan = Plan {
        bytes: 20_000,
        ..plan
    };
    let e = Sim::new(machine, natives(2, plan), SimConfig::default())
        .run()
        .unwrap_err()
        .to_string();
    assert!(e.contains("a message of 20000 bytes does not fit"), "{e}");
}

#[test]
fn pvm_from_six_pes_loses_nothing_and_keeps_each_senders_order_on_every_route() {
    use rankscope_core::proto::pvm::PvmConfig;
    for pvm in [PvmConfig::UDP, PvmConfig::FCP, PvmConfig::DIRECT] {
        let mut hashes = BTreeSet::new();
        for seed in 0..6 {
            let config = SimConfig {
                pvm,
                perturb: Some(seed),
                ..SimConfig::default()
            };
            // 5000-byte messages: two fragments each, so the daemons hold fragments for
            // acknowledgements and the tasks reassemble.
            let plan = Plan {
                pattern: Pattern::ToRoot,
                via: Via::Pvm,
                bytes: 5000,
                reps: 4,
            };
            let sim = run(6, plan, config);
            for (sender, got) in folon(&sim, 0).arrived().iter().enumerate().skip(1) {
                assert_eq!(
                    got,
                    &[0, 1, 2, 3],
                    "{}, seed {seed}: rank {sender}",
                    pvm.name()
                );
            }
            hashes.insert(sim.trace().hash());
        }
        assert!(
            hashes.len() > 1,
            "{}: the seeds should reorder events",
            pvm.name()
        );
    }
}

#[test]
fn a_pvm_message_through_both_daemons_hop_by_hop() {
    use rankscope_core::proto::pvm::{PvmConfig, PvmRecord};
    let config = SimConfig {
        pvm: PvmConfig::UDP,
        ..SimConfig::default()
    };
    let plan = Plan {
        pattern: Pattern::PingPong,
        via: Via::Pvm,
        bytes: 4,
        reps: 1,
    };
    let sim = run(2, plan, config);
    let lines: Vec<String> = sim
        .trace()
        .records()
        .iter()
        .filter_map(|r| {
            r.layer::<PvmRecord>().map(|p| {
                (
                    r.time,
                    rankscope_core::trace::LayerRecord::explain(&p, r.time),
                )
            })
        })
        .take_while(|(_, l)| !l.contains("calls pvm_send: message 2"))
        .map(|(t, l)| format!("{t}: {l}"))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}
