//! The web page in 日本語 shows every record's sentence in Japanese: each layer's records, made by
//! running real programs on it, have a Japanese sentence (`LayerRecord::explain_ja`) that is
//! Japanese and carries the same numbers as the English one.

use rankscope_core::engine::{ChoiceRecord, Sim};
use rankscope_core::lang::{Launch, Vm, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::acp::AcpRecord;
use rankscope_core::proto::fcp::{FcpRecord, Variant};
use rankscope_core::proto::locks::{LockRecord, LockScheme};
use rankscope_core::proto::pvm::{PvmConfig, PvmRecord};
use rankscope_core::proto::rma::RmaRecord;
use rankscope_core::proto::sockets::SocketRecord;
use rankscope_core::proto::SimConfig;
use rankscope_core::trace::{LayerRecord, Trace};
use rankscope_core::workloads::folon_transfers::{FolonTransfers, Pattern, Plan, Via};
use rankscope_core::workloads::Native;

/// Runs `examples/{file}` as its header says (ranks, machine unless `machine` names another), with
/// `config` and the network's choices `network`.
fn run(file: &str, machine: Option<&str>, config: SimConfig, network: Option<&[u32]>) -> Sim<Vm> {
    let path = format!("{}/../examples/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap();
    run_source(&source, file, machine, config, network)
}

/// Runs C `source` as its `rankscope run` line says (see [`run`]).
fn run_source(
    source: &str,
    file: &str,
    machine: Option<&str>,
    config: SimConfig,
    network: Option<&[u32]>,
) -> Sim<Vm> {
    let hint = rankscope_core::lang::run_hint(source).unwrap();
    let profile = builtin_profile(machine.unwrap_or(&hint.profile)).unwrap();
    let mut sim = Launch {
        profile: &profile,
        ranks: hint.ranks,
        args: &[],
        config,
        limits: VmLimits::default(),
        network,
    }
    .sim(source, file)
    .unwrap();
    sim.run().unwrap();
    sim
}

/// The runs of digits of a sentence, sorted (the same facts, in any word order).
fn numbers(s: &str) -> Vec<String> {
    let mut runs: Vec<String> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect();
    runs.sort();
    runs
}

fn traces<P: rankscope_core::engine::Program>(sims: &[Sim<P>]) -> Vec<&Trace> {
    sims.iter().map(Sim::trace).collect()
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}')
}

/// Every record of type `T` in `traces` has a Japanese sentence with the English one's numbers;
/// returns how many there were (so a test can ask for some).
fn check<T: LayerRecord>(traces: &[&Trace]) -> usize {
    let mut n = 0;
    for trace in traces {
        for r in trace.known_records().iter() {
            let Some(rec) = r.layer::<T>() else {
                continue;
            };
            n += 1;
            let en = rec.explain(r.time);
            let ja = rec
                .explain_ja(r.time)
                .unwrap_or_else(|| panic!("no Japanese for {en}"));
            assert!(ja.chars().any(is_japanese), "{ja}");
            assert_eq!(numbers(&ja), numbers(&en), "\n{en}\n{ja}");
            assert_eq!(r.explain_in(rankscope_core::trace::text::Lang::Ja), ja);
        }
    }
    n
}

#[test]
fn one_sided_records_speak_japanese() {
    let sims = [
        run("stencil_fence.c", None, SimConfig::default(), None),
        run("mcs_lock.c", None, SimConfig::default(), None),
        // No RDMA hardware: the target's software executes them.
        run("mcs_lock.c", Some("fx10"), SimConfig::default(), None),
    ];
    assert!(check::<RmaRecord>(&traces(&sims)) > 10);
}

#[test]
fn lock_records_speak_japanese_under_every_algorithm() {
    let mut sims = vec![run("stencil_lock_all.c", None, SimConfig::default(), None)];
    for lock_scheme in [LockScheme::McsRw, LockScheme::Fompi, LockScheme::TestAndSet] {
        let config = SimConfig {
            lock_scheme,
            ..SimConfig::default()
        };
        sims.push(run("mcs_lock.c", None, config, None));
    }
    assert!(check::<LockRecord>(&traces(&sims)) > 30);
}

#[test]
fn acp_records_speak_japanese() {
    let sims = [
        run("acp_one_put_all.c", None, SimConfig::default(), None),
        run("acp_order.c", None, SimConfig::default(), None),
        run("acp_remote_copy.c", None, SimConfig::default(), None),
    ];
    assert!(check::<AcpRecord>(&traces(&sims)) > 30);
}

#[test]
fn fcp_and_vcl_records_speak_japanese_under_every_design() {
    let mut sims = vec![];
    let mut natives = vec![];
    for fcp in [Variant::Fcp, Variant::FcpPlus, Variant::FcpII] {
        for route in ["direct", "fcp"] {
            let config = SimConfig {
                fcp,
                pvm: PvmConfig::parse(route).unwrap(),
                ..SimConfig::default()
            };
            sims.push(run("pvm_ping_pong.c", None, config, None));
            sims.push(run("pvm_master_worker.c", None, config, None));
        }
        for (via, pattern) in [(Via::Vcl, Pattern::PingPong), (Via::Fcp, Pattern::ToRoot)] {
            let plan = Plan {
                pattern,
                via,
                bytes: 64,
                reps: 2,
            };
            let config = SimConfig {
                fcp,
                ..SimConfig::default()
            };
            let programs = FolonTransfers::programs(4, plan)
                .into_iter()
                .map(|p| Native::Folon(Box::new(p)))
                .collect();
            let machine = Machine::new(&builtin_profile("folon").unwrap(), 4).unwrap();
            let mut sim = Sim::new(machine, programs, config);
            sim.run().unwrap();
            natives.push(sim);
        }
    }
    let mut all = traces(&sims);
    all.extend(traces(&natives));
    assert!(check::<FcpRecord>(&all) > 100);
}

/// PVM on each of its routes: through the daemons over UDP (with the socket records), over FCP,
/// and task to task.
fn pvm_runs() -> Vec<Sim<Vm>> {
    let mut sims = vec![];
    for route in ["udp", "fcp", "direct"] {
        let config = SimConfig {
            pvm: PvmConfig::parse(route).unwrap(),
            ..SimConfig::default()
        };
        sims.push(run("pvm_ping_pong.c", None, config, None));
        sims.push(run("pvm_master_worker.c", None, config, None));
        // 16000-byte messages: several fragments, a pvmd holding one until the last is
        // acknowledged.
        let source = std::fs::read_to_string(format!(
            "{}/../examples/pvm_ping_pong.c",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .replace("#define WORDS 1\n", "#define WORDS 4000\n")
        .replace("#define ROUNDS 10\n", "#define ROUNDS 2\n");
        sims.push(run_source(&source, "pvm_ping_pong.c", None, config, None));
    }
    sims
}

#[test]
fn pvm_records_speak_japanese_on_every_route() {
    assert!(check::<PvmRecord>(&traces(&pvm_runs())) > 30);
}

#[test]
fn socket_records_speak_japanese() {
    assert!(check::<SocketRecord>(&traces(&pvm_runs())) > 10);
}

#[test]
fn network_choice_records_speak_japanese() {
    let race = |choices: &[u32]| {
        let profile = builtin_profile("ethernet-1g").unwrap();
        let mut sim = Launch {
            profile: &profile,
            ranks: 3,
            args: &[],
            config: SimConfig::default(),
            limits: VmLimits::default(),
            network: Some(choices),
        }
        .sim(include_str!("../../../lessons/network/race.c"), "race.c")
        .unwrap();
        sim.run().unwrap();
        sim
    };
    let sims = [
        race(&[]),
        race(&[2]),
        run(
            "many_to_many_delay.c",
            None,
            SimConfig::default(),
            Some(&[]),
        ),
        run("wildcard_server.c", None, SimConfig::default(), Some(&[])),
    ];
    assert!(check::<ChoiceRecord>(&traces(&sims)) > 3);
}

/// Every record of a broadcast and a ping-pong says the same English through `explain_in`,
/// and its Japanese, where it has one, is Japanese with no English word of the sentence left.
#[test]
fn records_speak_both_languages_and_english_is_unchanged() {
    use rankscope_core::machine::builtin_profiles;
    use rankscope_core::trace::text::Lang;
    use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};
    let profiles = builtin_profiles().unwrap();
    let mut japanese = 0;
    for (id, kind) in [
        ("emx", WorkloadKind::Broadcast),
        ("ib-qdr", WorkloadKind::PingPong),
    ] {
        let p = profiles.iter().find(|p| p.machine.id == id).unwrap();
        let mut sim = Sim::new(
            Machine::new(p, 4).unwrap(),
            programs(kind, 4, WorkloadParams::default()),
            SimConfig::default(),
        );
        sim.run().unwrap();
        for r in sim.trace().known_records().iter() {
            assert_eq!(r.explain_in(Lang::En), r.explain());
            let ja = r.explain_in(Lang::Ja);
            if ja != r.explain() {
                japanese += 1;
                for english in [
                    "rank ",
                    "request ",
                    "message #",
                    "tag ",
                    " sends ",
                    "arrives",
                ] {
                    assert!(!ja.contains(english), "{english:?} in {ja}");
                }
                assert!(ja.contains("ランク"), "{ja}");
            }
        }
    }
    assert!(japanese > 10, "only {japanese} Japanese sentences");
}
