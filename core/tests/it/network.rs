//! "You are the network": choice points where messages race to one rank, the choices that
//! reorder them, and what must hold whatever the network chooses — MPI's non-overtaking rule
//! (messages between one pair of ranks land in the order they were sent), nothing lost, the
//! same choices giving the same trace — and every order explored for a lesson's task.

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::explore::Space;
use rankscope_core::lang::{Launch, Vm, VmLimits};
use rankscope_core::lessons::{orders, ProgramText, Runs, Scenario};
use rankscope_core::machine::{builtin_profiles, Profile};
use rankscope_core::proto::SimConfig;
use rankscope_core::rng::SplitMix64;

fn profile(id: &str) -> Profile {
    builtin_profiles()
        .unwrap()
        .into_iter()
        .find(|p| p.machine.id == id)
        .unwrap()
}

fn sim(source: &str, ranks: u32, network: Option<&[u32]>) -> Sim<Vm> {
    sim_on("ethernet-1g", source, ranks, network)
}

fn sim_on(machine: &str, source: &str, ranks: u32, network: Option<&[u32]>) -> Sim<Vm> {
    let p = profile(machine);
    Launch {
        profile: &p,
        ranks,
        args: &[],
        config: SimConfig::default(),
        limits: VmLimits::default(),
        network,
    }
    .sim(source, "test.c")
    .unwrap()
}

fn console(s: &Sim<Vm>) -> Vec<String> {
    s.console()
        .iter()
        .map(|l| format!("{}: {}", l.rank, l.text))
        .collect()
}

const RACE: &str = include_str!("../../../lessons/network/race.c");

#[test]
fn the_model_order_lands_rank_1_first_and_a_choice_lets_rank_2_overtake() {
    let mut model = sim(RACE, 3, Some(&[]));
    model.run().unwrap();
    assert_eq!(model.choice_points().len(), 1);
    let p = &model.choice_points()[0];
    assert_eq!((p.to, p.chosen, p.model()), (0, 1, 1));
    let from: Vec<u32> = p.options.iter().map(|o| o.from).collect();
    assert_eq!(from, [1, 2]);
    assert!(p.options[0].lands <= p.options[1].lands);
    assert_eq!(p.options[0].what, "a message with tag 0, 4 bytes");
    assert!(console(&model)[0].contains("answer 1 goes to rank 1"));

    let mut chosen = sim(RACE, 3, Some(&[2]));
    chosen.run().unwrap();
    assert!(console(&chosen)[0].contains("answer 1 goes to rank 2"));
    assert!(console(&chosen)[1].contains("answer 2 goes to rank 1"));
    // The held message lands right after the chosen one: the network only delays.
    assert!(chosen.now() > model.now());
    let sentences: Vec<String> = chosen
        .trace()
        .records()
        .iter()
        .filter(|r| r.name() == "network choice")
        .map(|r| r.explain())
        .collect();
    assert_eq!(
        sentences,
        ["network choice 1: 2 ranks' messages race to rank 0; the network holds rank 1's back so that rank 2's lands first"]
    );
}

#[test]
fn without_the_network_nothing_changes_and_the_same_choices_give_the_same_trace() {
    let mut plain = sim(RACE, 3, None);
    plain.run().unwrap();
    assert!(plain.choice_points().is_empty());
    assert_eq!(plain.network_choices(), None);
    let mut model = sim(RACE, 3, Some(&[]));
    model.run().unwrap();
    // The model's order: the same console and end, one choice record more.
    assert_eq!(console(&plain), console(&model));
    assert_eq!(plain.now(), model.now());
    assert_eq!(plain.trace().len() + 1, model.trace().len());
    let hash = |c: &[u32]| {
        let mut s = sim(RACE, 3, Some(c));
        s.run().unwrap().trace_hash
    };
    assert_eq!(hash(&[2]), hash(&[2]));
    assert_ne!(hash(&[2]), hash(&[1]));
}

#[test]
fn a_choice_of_a_rank_with_nothing_in_flight_is_an_error_naming_the_racers() {
    let mut s = sim(RACE, 3, Some(&[0]));
    match s.run() {
        Err(SimError::NetworkChoice { point, message, .. }) => {
            assert_eq!(point, 1);
            assert_eq!(
                message,
                "the choice names rank 0, but the messages racing to rank 0 come from ranks 1, 2"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// Three clients each send three numbered messages; the server takes all nine with
/// `MPI_ANY_SOURCE` and `MPI_ANY_TAG`.
const STREAMS: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, i, x;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 0; i < 3 * (size - 1); i++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            printf("%d %d\n", st.MPI_SOURCE, x);
        }
    } else {
        for (i = 0; i < 3; i++) {
            x = i;
            MPI_Send(&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn whatever_the_network_chooses_messages_of_one_pair_stay_in_order_and_none_is_lost() {
    let mut rng = SplitMix64::new(2026);
    let mut firsts = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let (choices, final_run) = random_walk(&mut rng, &|c: &[u32]| sim(STREAMS, 4, Some(c)));
        let lines: Vec<(u32, u32)> = final_run
            .console()
            .iter()
            .map(|l| {
                let mut w = l.text.split_whitespace().map(|w| w.parse::<u32>().unwrap());
                (w.next().unwrap(), w.next().unwrap())
            })
            .collect();
        assert_eq!(lines.len(), 9, "{choices:?}");
        for src in 1..4 {
            let seq: Vec<u32> = lines
                .iter()
                .filter(|(s, _)| *s == src)
                .map(|(_, x)| *x)
                .collect();
            assert_eq!(seq, [0, 1, 2], "rank {src}'s messages under {choices:?}");
        }
        firsts.insert(lines[0].0);
    }
    // The network can make any client the first one served.
    assert_eq!(firsts.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
}

#[test]
fn every_order_of_a_three_client_race_is_explored_once() {
    let source = RACE.replace("i < 2", "i < 3");
    let scenario = Scenario {
        program: ProgramText {
            name: "race3.c".into(),
            source,
        },
        machine: "ethernet-1g".into(),
        ranks: 4,
        config: Default::default(),
        args: Vec::new(),
        network: None,
        matches: None,
    };
    let mut runs = Runs::new(builtin_profiles().unwrap());
    let (found, complete) = orders(&scenario, &mut runs, Space::Network).unwrap();
    assert!(complete);
    let served: std::collections::BTreeSet<Vec<String>> = found
        .iter()
        .map(|o| o.run.sim.console().iter().map(|l| l.text.clone()).collect())
        .collect();
    // 3! orders of the three clients, each found exactly once.
    assert_eq!(found.len(), 6);
    assert_eq!(served.len(), 6);
    assert_eq!(found[0].describe(), "in the machine model's order");
    // Every match MPI allows gives the same six, each once, and says which match made it.
    let (matched, complete) = orders(&scenario, &mut runs, Space::Matches).unwrap();
    assert!(complete);
    assert_eq!(matched.len(), 6);
    let served_m: std::collections::BTreeSet<Vec<String>> = matched
        .iter()
        .map(|o| o.run.sim.console().iter().map(|l| l.text.clone()).collect())
        .collect();
    assert_eq!(served_m, served);
    assert_eq!(
        matched[0].describe(),
        "when every wildcard receive takes the first sender's message"
    );
    assert!(matched[1]
        .describe()
        .starts_with("when rank 0's wildcard receive takes rank "));
}

/// Random choices, one point at a time from what the run offers, until the run has no choice
/// point left to make: the run with those choices.
fn random_walk(rng: &mut SplitMix64, make: &dyn Fn(&[u32]) -> Sim<Vm>) -> (Vec<u32>, Sim<Vm>) {
    let mut choices: Vec<u32> = Vec::new();
    loop {
        let mut s = make(&choices);
        s.run().unwrap_or_else(|e| panic!("{choices:?}: {e}"));
        let points = s.choice_points();
        if points.len() <= choices.len() {
            return (choices, s);
        }
        let p = &points[choices.len()];
        choices.push(p.options[rng.below(p.options.len() as u64) as usize].from);
    }
}

#[test]
fn one_sided_operations_race_too_and_the_mcs_lock_loses_no_increment_in_any_order() {
    const MCS: &str = include_str!("../../../examples/mcs_lock.c");
    let make = |c: &[u32]| sim_on("fx100", MCS, 4, Some(c));
    let mut model = make(&[]);
    model.run().unwrap();
    // Atomics and puts to rank 0's lock words race there (the RDMA engine's memory).
    assert!(model.choice_points().iter().any(|p| p.to == 0
        && p.options
            .iter()
            .any(|o| o.what.starts_with("atomic fetch_and_store"))));
    let mut rng = SplitMix64::new(3);
    let mut reads = std::collections::BTreeSet::new();
    for _ in 0..25 {
        let (choices, s) = random_walk(&mut rng, &make);
        let lines: Vec<String> = console(&s);
        assert!(
            lines
                .iter()
                .any(|l| l.contains("counter 4: 2 writers x 2 rounds, no increment lost")),
            "{choices:?}: {lines:?}"
        );
        reads.insert(
            lines
                .iter()
                .filter(|l| l.contains(" read "))
                .cloned()
                .collect::<Vec<_>>(),
        );
    }
    // The network's choices change what the readers see.
    assert!(reads.len() > 1, "{reads:?}");
}

/// Two ranks' ACP gets of rank 0's starter address race to rank 0: the network may land rank
/// 2's first (the get's completion then waits for its landing), and the run still ends right.
const ACP_RACE: &str = include_str!("acp_race.c");

#[test]
fn acp_flights_race_too_and_a_held_landing_keeps_its_completion_behind_it() {
    let mut model = sim_on("ib-qdr", ACP_RACE, 3, Some(&[]));
    model.run().unwrap();
    let points = model.choice_points();
    assert!(!points.is_empty(), "ACP's flights to rank 0 race");
    let p = &points[0];
    assert_eq!((p.to, p.model()), (0, 1));
    assert!(p.options.iter().any(|o| o.from == 2), "{p:?}");
    assert!(p.options[0].what.contains("a get of 8 bytes"), "{p:?}");
    let mut flipped = sim_on("ib-qdr", ACP_RACE, 3, Some(&[2]));
    flipped.run().unwrap();
    assert_eq!(flipped.choice_points()[0].chosen, 2);
    assert_eq!(console(&flipped), console(&model));
    assert_ne!(
        flipped.summary().trace_hash,
        model.summary().trace_hash,
        "the held landing changes the run"
    );
}

/// Every other rank sends two numbered 64-byte messages to rank 0 on FOLON, over `via` (UDP on
/// its Ethernet, or PVM through the daemons): the network may land a later sender's first.
fn folon_to_root(
    via: rankscope_core::workloads::folon_transfers::Via,
    ranks: u32,
    choices: &[u32],
) -> Sim<rankscope_core::workloads::Native> {
    use rankscope_core::machine::{builtin_profile, Machine};
    use rankscope_core::workloads::folon_transfers::{FolonTransfers, Pattern, Plan};
    use rankscope_core::workloads::Native;
    let profile = builtin_profile("folon").unwrap();
    let machine = Machine::new(&profile, ranks).unwrap();
    let plan = Plan {
        pattern: Pattern::ToRoot,
        via,
        bytes: 64,
        reps: 2,
    };
    let programs = FolonTransfers::programs(ranks, plan)
        .into_iter()
        .map(|p| Native::Folon(Box::new(p)))
        .collect();
    let mut sim = Sim::new(machine, programs, SimConfig::default()).with_network(choices.to_vec());
    sim.run().unwrap();
    sim
}

/// Two ranks' UDP datagrams to rank 0 on FOLON's Ethernet (paper 004's comparison).
fn udp_to_root(choices: &[u32]) -> Sim<rankscope_core::workloads::Native> {
    folon_to_root(
        rankscope_core::workloads::folon_transfers::Via::Udp,
        3,
        choices,
    )
}

/// The senders of rank 0's socket receives, in the order it took them.
fn udp_senders(sim: &Sim<rankscope_core::workloads::Native>) -> Vec<u32> {
    use rankscope_core::proto::sockets::SocketRecord;
    sim.trace()
        .records()
        .iter()
        .filter_map(|r| match r.layer::<SocketRecord>() {
            Some(SocketRecord::Received { rank: 0, from, .. }) => Some(from),
            _ => None,
        })
        .collect()
}

#[test]
fn socket_datagrams_race_too_and_each_senders_stay_in_order() {
    let model = udp_to_root(&[]);
    let points = model.choice_points();
    assert!(!points.is_empty(), "two senders' datagrams race to rank 0");
    assert_eq!(points[0].to, 0);
    assert!(
        points[0].options.iter().any(|o| o.from == 2),
        "{:?}",
        points[0]
    );
    assert!(
        points[0].options[0]
            .what
            .contains("a UDP datagram of 64 bytes"),
        "{:?}",
        points[0]
    );
    let machine_order = udp_senders(&model);
    assert_eq!(machine_order.len(), 4);
    let other = if points[0].model() == 1 { 2 } else { 1 };
    let flipped = udp_to_root(&[other]);
    let order = udp_senders(&flipped);
    assert_eq!(
        order[0], other,
        "the chosen sender's datagram lands first: {order:?}"
    );
    assert_ne!(order, machine_order);
    // Each sender's two datagrams still arrive, in their order (the workload checks numbers).
    assert_eq!(order.iter().filter(|&&s| s == 1).count(), 2);
    assert_eq!(order.iter().filter(|&&s| s == 2).count(), 2);
    for sender in 1..3 {
        let rankscope_core::workloads::Native::Folon(p) = flipped.program(0).unwrap() else {
            panic!("a FOLON program");
        };
        assert_eq!(p.arrived()[sender], vec![0, 1]);
    }
}

/// Every other rank sends numbered PVM messages to rank 0 (through the daemons, over UDP).
fn pvm_to_root(ranks: u32, choices: &[u32]) -> Sim<rankscope_core::workloads::Native> {
    folon_to_root(
        rankscope_core::workloads::folon_transfers::Via::Pvm,
        ranks,
        choices,
    )
}

#[test]
fn pvm_fragments_race_at_the_last_leg_and_each_tasks_stay_in_order() {
    let model = pvm_to_root(4, &[]);
    let points = model.choice_points();
    eprintln!("{} points: {:?}", points.len(), points.first());
    assert!(
        !points.is_empty(),
        "fragments from several tasks reach rank 0's task"
    );
    let p = &points[0];
    assert_eq!(p.to, 0);
    assert!(
        p.options[0]
            .what
            .contains("fragment 1 of 1 of a message with tag"),
        "{p:?}"
    );
    let other = p
        .options
        .iter()
        .map(|o| o.from)
        .find(|&f| f != p.model())
        .unwrap();
    let flipped = pvm_to_root(4, &[other]);
    assert_eq!(flipped.choice_points()[0].chosen, other);
    assert_ne!(flipped.summary().trace_hash, model.summary().trace_hash);
    // Nothing lost, each sender's messages in order, whatever the network chose.
    let rankscope_core::workloads::Native::Folon(root) = flipped.program(0).unwrap() else {
        panic!("a FOLON program");
    };
    for sender in 1..4 {
        assert_eq!(
            root.arrived()[sender],
            vec![0, 1],
            "rank {sender}'s messages"
        );
    }
}
