//! Paper 001's ACP basic layer on the engine, from C and from a native program: the data of
//! every path arrives; the remote-to-remote copy is the network operations of Fig. 5 in order
//! (pinned as sentences); ordering and completion hold over many perturbed event orders;
//! atomics from every rank add up; the table cache reads a table once, is invalidated by a
//! re-registration and drops the oldest of 1024.

use std::collections::BTreeSet;

use rankscope_core::engine::{Program, RankCtx, Sim, SimError, Step};
use rankscope_core::lang::{self, Vm, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::acp::records::TableChange;
use rankscope_core::proto::acp::{ops::starter_ga, Acp, AcpOps, AcpRecord, StepKind};
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of `ib-qdr` under `config`: the console (or the error) and the sim.
fn run(src: &str, n: u32, config: SimConfig) -> (Result<Vec<String>, String>, Sim<Vm>) {
    let compiled = lang::load(src, "acp.c").unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|d| d.render("acp.c", src))
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let profile = builtin_profile("ib-qdr").unwrap();
    let mut sim = Sim::new(
        Machine::new(&profile, n).unwrap(),
        lang::ranks(&compiled, n, VmLimits::default()),
        config,
    );
    let result = match sim.run() {
        Ok(_) => Ok(sim.console().iter().map(|l| l.text.clone()).collect()),
        Err(SimError::Program { message, .. }) => Err(message),
        Err(e) => Err(e.to_string()),
    };
    (result, sim)
}

fn records(sim: &Sim<Vm>) -> Vec<(u64, AcpRecord)> {
    sim.trace()
        .records()
        .iter()
        .filter_map(|r| r.layer::<AcpRecord>().map(|a| (r.time.as_ps(), a)))
        .collect()
}

const REMOTE_COPY: &str = include_str!("../../../examples/acp_remote_copy.c");
const ORDER: &str = include_str!("../../../examples/acp_order.c");

#[test]
fn a_remote_to_remote_copy_is_figure_5s_network_operations_in_order() {
    let (out, sim) = run(REMOTE_COPY, 3, SimConfig::default());
    let out = out.unwrap();
    assert!(
        out.iter()
            .any(|l| l == "rank 2 now holds 100 101 102 103 (rank 1's block)"),
        "{out:?}"
    );
    // Every record about rank 0's third command (the copy from rank 1 to rank 2).
    let steps: Vec<String> = sim
        .trace()
        .records()
        .iter()
        .filter(|r| match r.layer::<AcpRecord>() {
            Some(AcpRecord::Step { issuer, handle, .. }) => issuer == 0 && handle == 3,
            Some(AcpRecord::Enqueue { rank, handle, .. })
            | Some(AcpRecord::Finished { rank, handle, .. }) => rank == 0 && handle == 3,
            Some(AcpRecord::Table { rank, .. }) => rank == 1,
            _ => false,
        })
        .map(|r| format!("{}  {}", r.time, r.explain()))
        .collect();
    insta::assert_snapshot!(steps.join("\n"));
    let kinds: Vec<StepKind> = records(&sim)
        .into_iter()
        .filter_map(|(_, r)| match r {
            AcpRecord::Step {
                issuer: 0,
                handle: 3,
                step,
                ..
            } => Some(step),
            _ => None,
        })
        .filter(|s| !matches!(s, StepKind::TableRead | StepKind::TableFlag))
        .collect();
    assert_eq!(
        kinds,
        [
            StepKind::Takes,
            StepKind::Tail,
            StepKind::CommandPut,
            StepKind::RemoteTakes,
            StepKind::Put,
            StepKind::Status,
            StepKind::RemoteTakes
        ]
    );
}

/// Every path of `acp_copy` and every atomic, checked value by value in C.
const PATHS: &str = r#"
#include <acp.h>
#include <stdio.h>
int main(int argc, char **argv) {
    long mine[8];
    unsigned int word4[2];
    acp_ga_t gas[3][2];
    acp_init(&argc, &argv);
    int rank = acp_rank();
    for (int i = 0; i < 8; i++) mine[i] = rank * 1000 + i;
    word4[0] = 7; word4[1] = 0;
    acp_atkey_t k = acp_register_memory(mine, sizeof mine, 0);
    acp_atkey_t k4 = acp_register_memory(word4, sizeof word4, 1);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(k, mine);
    starter[1] = acp_query_ga(k4, word4);
    acp_sync();
    if (rank == 0) {
        acp_atkey_t gk = acp_register_memory(gas, sizeof gas, 0);
        for (int r = 0; r < 3; r++)
            acp_copy(acp_query_ga(gk, gas[r]), acp_query_starter_ga(r), 2 * sizeof(acp_ga_t), ACP_HANDLE_NULL);
        acp_complete(ACP_HANDLE_ALL);
        printf("colors %d %d, ranks %d %d\n", acp_query_color(gas[1][0]), acp_query_color(gas[1][1]),
               acp_query_rank(gas[2][0]), acp_query_rank(ACP_GA_NULL));
        /* local: mine[0..2] -> mine[4..6] */
        acp_copy(gas[0][0] + 4 * sizeof(long), gas[0][0], 2 * sizeof(long), ACP_HANDLE_NULL);
        /* put: mine[0] -> rank 1's [1] */
        acp_copy(gas[1][0] + sizeof(long), gas[0][0], sizeof(long), ACP_HANDLE_NULL);
        /* get: rank 2's [3] -> mine[7] */
        acp_copy(gas[0][0] + 7 * sizeof(long), gas[2][0] + 3 * sizeof(long), sizeof(long), ACP_HANDLE_NULL);
        /* remote to remote: rank 1's [5] -> rank 2's [6] */
        acp_handle_t r2r = acp_copy(gas[2][0] + 6 * sizeof(long), gas[1][0] + 5 * sizeof(long), sizeof(long), ACP_HANDLE_NULL);
        acp_complete(r2r);
        printf("local %ld %ld, get %ld, inquire %d\n", mine[4], mine[5], mine[7], acp_inquire(r2r));
        /* atomics on rank 1's 4-byte word (7) and 8-byte word [2] (1002); results here. */
        acp_ga_t res = gas[0][1] + 4;
        acp_complete(acp_cas4(res, gas[1][1], 7, 9, ACP_HANDLE_NULL));
        printf("cas4 old %u\n", word4[1]);
        acp_complete(acp_cas4(res, gas[1][1], 7, 11, ACP_HANDLE_NULL));
        printf("failed cas4 old %u\n", word4[1]);
        acp_complete(acp_add4(res, gas[1][1], 4294967295u, ACP_HANDLE_NULL));
        printf("add4 old %u\n", word4[1]);
        acp_ga_t res8 = gas[0][0] + 3 * sizeof(long);
        acp_complete(acp_add8(res8, gas[1][0] + 2 * sizeof(long), 5, ACP_HANDLE_NULL));
        printf("add8 old %ld\n", mine[3]);
        acp_complete(acp_swap8(res8, gas[1][0] + 2 * sizeof(long), 64, ACP_HANDLE_NULL));
        acp_complete(acp_or8(res8, gas[1][0] + 2 * sizeof(long), 3, ACP_HANDLE_NULL));
        acp_complete(acp_xor8(res8, gas[1][0] + 2 * sizeof(long), 1, ACP_HANDLE_NULL));
        acp_complete(acp_and8(res8, gas[1][0] + 2 * sizeof(long), 6, ACP_HANDLE_NULL));
        printf("and8 old %ld\n", mine[3]);
        acp_complete(acp_cas8(res8, gas[0][0], 0, 77, ACP_HANDLE_NULL));
        printf("local cas8 old %ld now %ld\n", mine[3], mine[0]);
    }
    acp_sync();
    if (rank == 1) printf("rank 1: [1] %ld, [2] %ld, word %u\n", mine[1], mine[2], word4[0]);
    acp_sync();
    if (rank == 2) printf("rank 2: [6] %ld\n", mine[6]);
    acp_finalize();
    return 0;
}
"#;

#[test]
fn every_path_and_every_atomic_moves_the_right_bytes() {
    let (out, _) = run(PATHS, 3, SimConfig::default());
    assert_eq!(
        out.unwrap(),
        [
            "colors 0 1, ranks 2 -1",
            "local 0 1, get 2003, inquire 0",
            "cas4 old 7",
            "failed cas4 old 9",
            "add4 old 9",
            "add8 old 1002",
            // 1007 swapped for 64, | 3 = 67, ^ 1 = 66, & 6 = 2.
            "and8 old 66",
            "local cas8 old 0 now 77",
            "rank 1: [1] 0, [2] 2, word 8",
            "rank 2: [6] 1005",
        ]
    );
}

/// Whether, in this run, every command with an order started (its thread took it) only once
/// the order handle and all before it were complete, and every `Finished` kept handles
/// complete in order.
fn order_respected(sim: &Sim<Vm>) -> Result<(), String> {
    let mut head: std::collections::BTreeMap<u32, u64> = Default::default();
    let mut order_of = std::collections::BTreeMap::new();
    for (t, r) in records(sim) {
        match r {
            AcpRecord::Enqueue {
                rank,
                handle,
                order,
                ..
            } => {
                order_of.insert((rank, handle), order);
            }
            AcpRecord::Finished { rank, head: h, .. } => {
                let before = head.insert(rank, h).unwrap_or(1);
                if h < before {
                    return Err(format!("rank {rank}'s head went back from {before} to {h}"));
                }
            }
            AcpRecord::Step {
                rank,
                issuer,
                handle,
                step: StepKind::Takes,
                ..
            } if rank == issuer => {
                let order = order_of[&(rank, handle)];
                let h = head.get(&rank).copied().unwrap_or(1);
                if order >= h {
                    return Err(format!(
                        "at {t} ps rank {rank}'s command {handle} started while its order {order} was incomplete (head {h})"
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

#[test]
fn an_ordered_copy_never_starts_before_its_order_completes_under_any_event_order() {
    let mut outcomes = BTreeSet::new();
    let mut hashes = BTreeSet::new();
    for seed in 0..40 {
        let config = SimConfig {
            perturb: Some(seed),
            ..SimConfig::default()
        };
        let (out, sim) = run(ORDER, 2, config);
        order_respected(&sim).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        outcomes.insert(out.unwrap().join("\n"));
        hashes.insert(sim.trace().hash());
    }
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        ["rank 0: handles 2 and 3 complete\nrank 1 sees the flag; the block sums to 8390656 (expected 8390656)"]
    );
    assert!(hashes.len() > 1, "the seeds should reorder events");
}

/// Each rank adds 1 to rank 0's counter `ROUNDS` times, each add after the last completed,
/// with the old values landing in its own memory.
const COUNTER: &str = r#"
#include <acp.h>
#include <stdio.h>
#define ROUNDS 5
int main(int argc, char **argv) {
    long counter = 0, old[ROUNDS];
    acp_init(&argc, &argv);
    int rank = acp_rank();
    acp_atkey_t k = acp_register_memory(&counter, sizeof counter, 0);
    acp_atkey_t ko = acp_register_memory(old, sizeof old, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(k, &counter);
    acp_sync();
    acp_ga_t where;
    acp_atkey_t kw = acp_register_memory(&where, sizeof where, 0);
    acp_complete(acp_copy(acp_query_ga(kw, &where), acp_query_starter_ga(0), sizeof where, ACP_HANDLE_NULL));
    acp_handle_t h = ACP_HANDLE_NULL;
    for (int i = 0; i < ROUNDS; i++)
        h = acp_add8(acp_query_ga(ko, &old[i]), where, 1, h);
    acp_complete(h);
    for (int i = 0; i < ROUNDS; i++) printf("%ld\n", old[i]);
    acp_sync();
    if (rank == 0) printf("counter %ld\n", counter);
    acp_finalize();
    return 0;
}
"#;

#[test]
fn atomic_adds_from_every_rank_each_see_a_distinct_old_value_under_any_event_order() {
    let ranks = 4;
    let mut finals = BTreeSet::new();
    for seed in 0..30 {
        let config = SimConfig {
            perturb: Some(seed),
            ..SimConfig::default()
        };
        let (out, sim) = run(COUNTER, ranks, config);
        let out = out.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        order_respected(&sim).unwrap();
        let (olds, last): (Vec<&String>, Vec<&String>) =
            out.iter().partition(|l| !l.starts_with("counter"));
        let mut values: Vec<u64> = olds.iter().map(|l| l.parse().unwrap()).collect();
        values.sort_unstable();
        assert_eq!(
            values,
            (0..u64::from(ranks) * 5).collect::<Vec<_>>(),
            "seed {seed}"
        );
        finals.insert(last[0].clone());
    }
    assert_eq!(finals.into_iter().collect::<Vec<_>>(), ["counter 20"]);
}

const REREGISTER: &str = r#"
#include <acp.h>
#include <stdio.h>
int main(int argc, char **argv) {
    long a = 1, b = 2, got = 0;
    acp_init(&argc, &argv);
    int rank = acp_rank();
    acp_atkey_t ka = acp_register_memory(&a, sizeof a, 0);
    acp_atkey_t kg = acp_register_memory(&got, sizeof got, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(ka, &a);
    acp_sync();
    acp_ga_t there;
    acp_atkey_t kt = acp_register_memory(&there, sizeof there, 0);
    if (rank == 0) {
        acp_complete(acp_copy(acp_query_ga(kt, &there), acp_query_starter_ga(1), sizeof there, ACP_HANDLE_NULL));
        acp_complete(acp_copy(acp_query_ga(kg, &got), there, sizeof got, ACP_HANDLE_NULL));
        printf("first read %ld\n", got);
        acp_complete(acp_copy(acp_query_ga(kg, &got), there, sizeof got, ACP_HANDLE_NULL));
    }
    acp_sync();
    if (rank == 1) {
        /* Slot 0 again, for b: rank 0's copy of this table is now stale. */
        acp_unregister_memory(ka);
        acp_atkey_t kb = acp_register_memory(&b, sizeof b, 0);
        starter[0] = acp_query_ga(kb, &b);
    }
    acp_sync();
    if (rank == 0) {
        acp_complete(acp_copy(acp_query_ga(kt, &there), acp_query_starter_ga(1), sizeof there, ACP_HANDLE_NULL));
        acp_complete(acp_copy(acp_query_ga(kg, &got), there, sizeof got, ACP_HANDLE_NULL));
        printf("after re-registration %ld\n", got);
    }
    acp_sync();
    acp_finalize();
    return 0;
}
"#;

#[test]
fn a_table_is_read_once_and_read_again_after_the_owner_reuses_a_slot() {
    let (out, sim) = run(REREGISTER, 2, SimConfig::default());
    assert_eq!(out.unwrap(), ["first read 1", "after re-registration 2"]);
    let recs = records(&sim);
    let reads = recs
        .iter()
        .filter(|(_, r)| {
            matches!(
                r,
                AcpRecord::Step {
                    rank: 0,
                    step: StepKind::TableRead,
                    peer: 1,
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        reads, 2,
        "read on first access and again after the invalidation"
    );
    let changes: Vec<TableChange> = recs
        .iter()
        .filter_map(|(_, r)| match r {
            AcpRecord::Table {
                rank: 0,
                owner: 1,
                change,
                ..
            } => Some(*change),
            _ => None,
        })
        .collect();
    assert_eq!(
        changes,
        [
            TableChange::Cached,
            TableChange::Invalidated,
            TableChange::Cached
        ]
    );
    let acks = recs
        .iter()
        .filter(|(_, r)| {
            matches!(
                r,
                AcpRecord::Step {
                    step: StepKind::Ack,
                    rank: 0,
                    peer: 1,
                    ..
                }
            )
        })
        .count();
    assert_eq!(acks, 1);
}

/// Registration 0 of `rank`.
fn ga(rank: u32) -> u64 {
    rankscope_core::proto::acp::Ga::slot(rank, 0)
}

/// A native program: rank 0 reads 8 bytes from each other rank's registered memory in turn
/// (timing only); the others register 64 bytes and wait at `acp_sync`.
#[derive(Clone, Debug)]
struct ReadEveryone {
    stage: u8,
    wait: Option<rankscope_core::engine::ReqId>,
}

impl Program for ReadEveryone {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        loop {
            if let Some(req) = self.wait {
                match ctx.take(req) {
                    Ok(Some(_)) => self.wait = None,
                    Ok(None) => return Step::Wait(req),
                    Err(e) => return Step::Fail(e.to_string()),
                }
            }
            match self.stage {
                0 => {
                    ctx.acp_init(0, 1024);
                    ctx.acp_register(4096, 64, 0).unwrap();
                    self.wait = Some(ctx.acp_sync());
                }
                1 if ctx.rank() == 0 => {
                    for r in 1..ctx.size() {
                        ctx.acp_copy(starter_ga(0), ga(r), 8, 0, false).unwrap();
                    }
                    self.wait = ctx.acp_complete(rankscope_core::proto::acp::HANDLE_ALL);
                }
                // …then rank 1 again: its table was the oldest, so it was dropped.
                2 if ctx.rank() == 0 => {
                    let h = ctx.acp_copy(starter_ga(0), ga(1), 8, 0, false).unwrap();
                    self.wait = ctx.acp_complete(h);
                }
                1 | 2 => {}
                3 => self.wait = Some(ctx.acp_sync()),
                _ => return Step::Done,
            }
            self.stage += 1;
        }
    }
}

#[test]
fn the_table_cache_holds_1024_tables_and_drops_the_oldest() {
    let ranks = 1026;
    let profile = builtin_profile("ib-qdr").unwrap().resized(
        ranks,
        1,
        "a rank per node, as paper 001's runs",
    );
    let programs = vec![
        ReadEveryone {
            stage: 0,
            wait: None
        };
        ranks as usize
    ];
    let mut sim = Sim::new(
        Machine::new(&profile, ranks).unwrap(),
        programs,
        SimConfig::default(),
    );
    sim.run().unwrap();
    let acp = sim.layer::<Acp>().unwrap();
    let zero = acp.endpoint(0).unwrap();
    assert_eq!(zero.cache.len(), 1024);
    // 1025 owners read, then rank 1 again: ranks 1 and 2 made room, in that order.
    let evicted: Vec<u32> = sim
        .trace()
        .records()
        .iter()
        .filter_map(|r| match r.layer::<AcpRecord>() {
            Some(AcpRecord::Table {
                rank: 0, evicted, ..
            }) if evicted != u32::MAX => Some(evicted),
            _ => None,
        })
        .collect();
    assert_eq!(evicted, [1, 2]);
    assert!(zero.cache.contains(1) && !zero.cache.contains(2));
    assert_eq!(zero.peers.len(), 1025, "a queue pair per rank it reached");
    assert!(acp.endpoint(5).unwrap().regs.holders().eq([0]));
}

#[test]
fn the_ledger_follows_each_command_and_reads_the_trace_incrementally() {
    use rankscope_core::proto::acp::ledger::AcpLedger;
    let (_, sim) = run(REMOTE_COPY, 3, SimConfig::default());
    let known = sim.trace().known_records();
    let mut whole = AcpLedger::new();
    whole.extend(known);
    // Read in pieces, as the page does after each move: the same ledger.
    let mut pieces = AcpLedger::new();
    let all: Vec<usize> = (0..=known.len()).step_by(7).chain([known.len()]).collect();
    for end in all {
        let prefix: Vec<_> = known.range(0..end).cloned().collect();
        pieces.extend(&prefix);
    }
    assert_eq!(pieces, whole);
    let n = known.len();
    let trail = whole.latest_remote(n).expect("the remote-to-remote copy");
    assert_eq!((trail.rank, trail.handle), (0, 3));
    assert!(trail.finished.is_some());
    let kinds: Vec<StepKind> = trail
        .steps_before(n)
        .filter_map(|(_, r)| match r {
            AcpRecord::Step { step, .. } => Some(*step),
            _ => None,
        })
        .collect();
    assert_eq!(kinds.first(), Some(&StepKind::Takes));
    assert_eq!(kinds.last(), Some(&StepKind::RemoteTakes));
    // Before the copy was enqueued, there is no remote command to show.
    assert!(whole.latest_remote(trail.enqueued).is_none());
    let first = known.iter().position(|r| r.layer::<AcpRecord>().is_some());
    assert_eq!(whole.first_use(), first);
}

/// Every refused ACP call says why, at its line (pinned as rendered, first line each).
#[test]
fn refused_calls_say_why_in_plain_english() {
    let bodies = [
        "acp_copy(acp_query_starter_ga(0), acp_query_starter_ga(1), 1UL << 40, ACP_HANDLE_NULL);",
        "acp_register_memory(buf, 0, 0);",
        "acp_query_ga(12345, buf);",
        "acp_unregister_memory(acp_query_starter_ga(0));",
        "acp_copy(acp_query_starter_ga(0) + (5UL << 43), acp_query_starter_ga(1), 8, ACP_HANDLE_NULL);",
        "acp_copy(acp_query_starter_ga(0), acp_query_starter_ga(1), 8, 99);",
        "acp_add8(acp_query_starter_ga(1), acp_query_starter_ga(0), 1, ACP_HANDLE_NULL);",
        "acp_add4(acp_query_starter_ga(0) + 2, acp_query_starter_ga(1), 1, ACP_HANDLE_NULL);",
        "acp_copy(0, acp_query_starter_ga(1), 8, ACP_HANDLE_NULL);",
        "for (int i = 0; i < 300; i++) acp_register_memory(buf, 8, 0);",
    ];
    let mut said = Vec::new();
    for body in bodies {
        let src = format!(
            "#include <acp.h>\nint main(int argc, char **argv) {{\n    char buf[64];\n    acp_init(&argc, &argv);\n    if (acp_rank() == 0) {{ {body} }}\n    acp_sync();\n    acp_finalize();\n    return 0;\n}}\n"
        );
        let (out, _) = run(&src, 2, SimConfig::default());
        let err = out.expect_err(body);
        said.push(err.lines().next().unwrap_or("").to_string());
    }
    let before_init = run(
        "#include <acp.h>\nint main(void) { return acp_rank(); }\n",
        1,
        SimConfig::default(),
    )
    .0;
    said.push(
        before_init
            .unwrap_err()
            .lines()
            .next()
            .unwrap_or("")
            .to_string(),
    );
    insta::assert_snapshot!(said.join("\n"));
}
