//! Open MPI 3.1's collectives as its `coll/tuned` component runs them: the fixed decision rules
//! that pick an algorithm from the communicator's size and the message's size, and the
//! algorithms they pick for paper 002's runs, each rank written as the order of its
//! point-to-point calls (a [`super::script::Script`]), and the benchmark loop around them
//! ([`benchmark`]: a barrier, then the call, repeated). Paper 002 compares its schedules with
//! `MPI_Bcast`, `MPI_Scatter`, `MPI_Gather`, `MPI_Allgather`, `MPI_Alltoall` and
//! `MPI_Alltoallv` of Open MPI 3.1.0 on 64 nodes and 63 KiB blocks.
//!
//! Sources (Open MPI v3.1.x, `ompi/mca/coll/tuned/coll_tuned_decision_fixed.c` for the rules;
//! `ompi/mca/coll/base/coll_base_{bcast,scatter,gather,allgather,alltoall,alltoallv}.c` for the
//! algorithms; `coll_base_util.c`'s `ompi_coll_base_sendrecv_actual`: post the receive, send
//! with a blocking standard send, wait for the receive). What 64 ranks and 63 KiB get:
//!
//! | call | rule | algorithm |
//! |---|---|---|
//! | `MPI_Barrier` | ranks a power of two | recursive doubling (else Bruck; two ranks exchange) |
//! | `MPI_Bcast` | 2048 ≤ size < 370728 | split binary tree, 1 KiB segments |
//! | `MPI_Scatter` | not (ranks > 10 and block < 300) | basic linear |
//! | `MPI_Gather` | 6000 < block ≤ 92160 | linear with synchronisation, 1 KiB first segment |
//! | `MPI_Allgather` | total ≥ 50000, ranks even | neighbour exchange |
//! | `MPI_Alltoall` | block ≥ 3000 | pairwise exchange |
//! | `MPI_Alltoallv` | always | pairwise exchange |
//!
//! The other branches of the rules are named when they are taken but not modelled (an error
//! says which algorithm Open MPI would run), except basic linear gather and ring allgather,
//! which are small. Simplifications: the root is rank 0; the datatype is `MPI_BYTE` (a count is
//! a size in bytes); a local copy (a rank's own block) costs nothing; every message uses one tag.

use super::script::ScriptBuilder;
use super::Native;
use crate::engine::Rank;
use crate::proto::schedules::Pattern;

/// A collective call of paper 002's Table 3 and Fig. 6 (and the barrier before each of its
/// repetitions).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Collective {
    /// `MPI_Barrier`.
    Barrier,
    /// `MPI_Bcast` from rank 0.
    Bcast,
    /// `MPI_Scatter` from rank 0.
    Scatter,
    /// `MPI_Gather` to rank 0.
    Gather,
    /// `MPI_Allgather`.
    Allgather,
    /// `MPI_Alltoall`.
    Alltoall,
    /// `MPI_Alltoallv`, a block from p to q where the pattern has the edge (p, q), none (a
    /// count of 0) elsewhere.
    Alltoallv,
}

impl Collective {
    /// Every call: the barrier, then Table 3's in its order.
    pub const ALL: [Collective; 7] = [
        Collective::Barrier,
        Collective::Bcast,
        Collective::Scatter,
        Collective::Gather,
        Collective::Allgather,
        Collective::Alltoall,
        Collective::Alltoallv,
    ];

    /// The MPI function.
    pub fn call(self) -> &'static str {
        match self {
            Collective::Barrier => "MPI_Barrier",
            Collective::Bcast => "MPI_Bcast",
            Collective::Scatter => "MPI_Scatter",
            Collective::Gather => "MPI_Gather",
            Collective::Allgather => "MPI_Allgather",
            Collective::Alltoall => "MPI_Alltoall",
            Collective::Alltoallv => "MPI_Alltoallv",
        }
    }

    /// The call named `name` (`MPI_Bcast` or `bcast`).
    pub fn named(name: &str) -> Option<Collective> {
        let bare = name.strip_prefix("MPI_").unwrap_or(name);
        Self::ALL
            .into_iter()
            .find(|c| c.call()["MPI_".len()..].eq_ignore_ascii_case(bare))
    }

    /// The algorithm Open MPI 3.1's fixed decision rules pick on `ranks` ranks for blocks of
    /// `block` bytes (`MPI_Bcast`: the whole message), in `coll_tuned_decision_fixed.c`.
    pub fn decide(self, ranks: u32, block: u64) -> Algorithm {
        let n = u64::from(ranks);
        match self {
            // ompi_coll_tuned_barrier_intra_dec_fixed: two ranks exchange; "if we have a power
            // of 2 number of nodes the use the recursive doubling algorithm, otherwise bruck".
            Collective::Barrier if n == 2 => Algorithm::BarrierTwoProcs,
            Collective::Barrier if n.is_power_of_two() => Algorithm::BarrierRecursiveDoubling,
            Collective::Barrier => Algorithm::BarrierBruck,
            Collective::Bcast => {
                // ompi_coll_tuned_bcast_intra_dec_fixed: "decision function based on MX
                // results for messages up to 36MB and communicator sizes up to 64 nodes".
                let (a_p16, b_p16) = (3.2118e-6, 8.7936);
                let (a_p64, b_p64) = (2.3679e-6, 1.1787);
                let (a_p128, b_p128) = (1.6134e-6, 2.1102);
                let size = block as f64;
                let n_f = n as f64;
                if block < 2048 {
                    // (and a count of 1 or less, which with bytes is below 2048 too)
                    Algorithm::Unmodelled("ompi_coll_base_bcast_intra_binomial (no segments)")
                } else if block < 370_728 {
                    Algorithm::BcastSplitBintree { segment: 1024 }
                } else if n_f < a_p128 * size + b_p128 {
                    Algorithm::Unmodelled("ompi_coll_base_bcast_intra_pipeline (128 KiB segments)")
                } else if n < 13 {
                    Algorithm::BcastSplitBintree { segment: 8 * 1024 }
                } else if n_f < a_p64 * size + b_p64 {
                    Algorithm::Unmodelled("ompi_coll_base_bcast_intra_pipeline (64 KiB segments)")
                } else if n_f < a_p16 * size + b_p16 {
                    Algorithm::Unmodelled("ompi_coll_base_bcast_intra_pipeline (16 KiB segments)")
                } else {
                    Algorithm::Unmodelled("ompi_coll_base_bcast_intra_pipeline (8 KiB segments)")
                }
            }
            Collective::Scatter => {
                if n > 10 && block < 300 {
                    Algorithm::Unmodelled("ompi_coll_base_scatter_intra_binomial")
                } else {
                    Algorithm::ScatterLinear
                }
            }
            Collective::Gather => {
                if block > 92_160 {
                    Algorithm::GatherLinearSync { first: 32_768 }
                } else if block > 6000 {
                    Algorithm::GatherLinearSync { first: 1024 }
                } else if n > 60 || (n > 10 && block < 1024) {
                    Algorithm::Unmodelled("ompi_coll_base_gather_intra_binomial")
                } else {
                    Algorithm::GatherLinear
                }
            }
            Collective::Allgather => {
                if n == 2 {
                    Algorithm::Unmodelled("ompi_coll_base_allgather_intra_two_procs")
                } else if block * n < 50_000 {
                    if n.is_power_of_two() {
                        Algorithm::Unmodelled("ompi_coll_base_allgather_intra_recursivedoubling")
                    } else {
                        Algorithm::Unmodelled("ompi_coll_base_allgather_intra_bruck")
                    }
                } else if n % 2 == 1 {
                    Algorithm::AllgatherRing
                } else {
                    Algorithm::AllgatherNeighborExchange
                }
            }
            Collective::Alltoall => {
                // The thresholds are the MCA parameters coll_tuned_alltoall_small_msg (200)
                // and coll_tuned_alltoall_intermediate_msg (3000) at their defaults.
                if n == 2 {
                    Algorithm::Unmodelled("ompi_coll_base_alltoall_intra_two_procs")
                } else if block < 200 && n > 12 {
                    Algorithm::Unmodelled("ompi_coll_base_alltoall_intra_bruck")
                } else if block < 3000 {
                    Algorithm::Unmodelled("ompi_coll_base_alltoall_intra_basic_linear")
                } else {
                    Algorithm::AlltoallPairwise
                }
            }
            // "For starters, just keep the original algorithm."
            Collective::Alltoallv => Algorithm::AlltoallvPairwise,
        }
    }
}

/// An algorithm of Open MPI's `coll/base`, as the decision rules pick it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// `ompi_coll_base_barrier_intra_two_procs`: the two ranks exchange a zero-byte message.
    BarrierTwoProcs,
    /// `ompi_coll_base_barrier_intra_recursivedoubling` (a power of two ranks): in step k rank r
    /// exchanges a zero-byte message with r XOR 2^k.
    BarrierRecursiveDoubling,
    /// `ompi_coll_base_barrier_intra_bruck`: in step k rank r sends a zero-byte message to
    /// r + 2^k and receives one from r − 2^k (mod n).
    BarrierBruck,
    /// `ompi_coll_base_bcast_intra_split_bintree`: the message in two halves, each sent down
    /// one subtree of a binary tree in `segment`-byte segments (each node forwards a segment
    /// to its children while the next arrives), then every node swaps halves with its pair in
    /// the other subtree.
    BcastSplitBintree {
        /// Bytes per segment.
        segment: u64,
    },
    /// `ompi_coll_base_scatter_intra_basic_linear`: the root sends each rank its block in
    /// turn with a blocking send.
    ScatterLinear,
    /// `ompi_coll_base_gather_intra_linear_sync`: for each rank in turn the root posts a
    /// receive for the first `first` bytes, sends the rank a zero-byte go-ahead, posts a
    /// receive for the rest and waits for the first part; the rank sends both parts after the
    /// go-ahead.
    GatherLinearSync {
        /// Bytes of the first segment.
        first: u64,
    },
    /// `ompi_coll_base_gather_intra_basic_linear`: everyone sends, the root receives in rank
    /// order.
    GatherLinear,
    /// `ompi_coll_base_allgather_intra_neighborexchange`: n/2 steps of exchanges with the
    /// left and right neighbours by turns, one block in the first step, two in the others.
    AllgatherNeighborExchange,
    /// `ompi_coll_base_allgather_intra_ring`: n − 1 steps, each sending a block to the right
    /// neighbour and receiving one from the left.
    AllgatherRing,
    /// `ompi_coll_base_alltoall_intra_pairwise`: in step s (1 … n − 1) rank r sends to
    /// r + s and receives from r − s (mod n), one send-receive per step.
    AlltoallPairwise,
    /// `ompi_coll_base_alltoallv_intra_pairwise`: as [`Algorithm::AlltoallPairwise`], every
    /// step exchanging a message even when its count is 0.
    AlltoallvPairwise,
    /// An algorithm the rules pick that the simulator does not have (its Open MPI name).
    Unmodelled(&'static str),
}

impl Algorithm {
    /// Open MPI's name for it, with its parameter.
    pub fn name(self) -> String {
        match self {
            Algorithm::BarrierTwoProcs => "ompi_coll_base_barrier_intra_two_procs".into(),
            Algorithm::BarrierRecursiveDoubling => {
                "ompi_coll_base_barrier_intra_recursivedoubling".into()
            }
            Algorithm::BarrierBruck => "ompi_coll_base_barrier_intra_bruck".into(),
            Algorithm::BcastSplitBintree { segment } => format!(
                "ompi_coll_base_bcast_intra_split_bintree ({} segments)",
                bytes_in_words(segment)
            ),
            Algorithm::ScatterLinear => "ompi_coll_base_scatter_intra_basic_linear".into(),
            Algorithm::GatherLinearSync { first } => format!(
                "ompi_coll_base_gather_intra_linear_sync ({} first segment)",
                bytes_in_words(first)
            ),
            Algorithm::GatherLinear => "ompi_coll_base_gather_intra_basic_linear".into(),
            Algorithm::AllgatherNeighborExchange => {
                "ompi_coll_base_allgather_intra_neighborexchange".into()
            }
            Algorithm::AllgatherRing => "ompi_coll_base_allgather_intra_ring".into(),
            Algorithm::AlltoallPairwise => "ompi_coll_base_alltoall_intra_pairwise".into(),
            Algorithm::AlltoallvPairwise => "ompi_coll_base_alltoallv_intra_pairwise".into(),
            Algorithm::Unmodelled(name) => name.into(),
        }
    }
}

impl Algorithm {
    /// A short description: "split binary tree, 1 KiB segments".
    pub fn short(self) -> String {
        match self {
            Algorithm::BarrierTwoProcs => "two processes".into(),
            Algorithm::BarrierRecursiveDoubling => "recursive doubling".into(),
            Algorithm::BarrierBruck => "Bruck".into(),
            Algorithm::BcastSplitBintree { segment } => {
                format!("split binary tree, {} segments", bytes_in_words(segment))
            }
            Algorithm::ScatterLinear | Algorithm::GatherLinear => "basic linear".into(),
            Algorithm::GatherLinearSync { first } => format!(
                "linear with synchronisation, {} first segment",
                bytes_in_words(first)
            ),
            Algorithm::AllgatherNeighborExchange => "neighbour exchange".into(),
            Algorithm::AllgatherRing => "ring".into(),
            Algorithm::AlltoallPairwise | Algorithm::AlltoallvPairwise => "pairwise".into(),
            Algorithm::Unmodelled(name) => format!("{name}, not modelled"),
        }
    }
}

/// "1 KiB" for 1024, "6000 B" otherwise.
fn bytes_in_words(bytes: u64) -> String {
    if bytes % 1024 == 0 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} B")
    }
}

/// Each rank's calls for one `collective` of Open MPI 3.1 on `ranks` ranks with `block`-byte
/// blocks, and the algorithm; `pattern` says who sends to whom for `MPI_Alltoallv` (it must
/// have `ranks` PEs); the other calls ignore it. An error when the rules pick an algorithm
/// that is not modelled, or the arguments do not fit.
pub fn calls(
    collective: Collective,
    ranks: u32,
    block: u64,
    pattern: Option<&Pattern>,
) -> Result<(Algorithm, Vec<ScriptBuilder>), String> {
    if ranks < 2 {
        return Err(format!(
            "{} needs at least 2 ranks, not {ranks}",
            collective.call()
        ));
    }
    let algorithm = collective.decide(ranks, block);
    let scripts = match algorithm {
        Algorithm::BarrierTwoProcs | Algorithm::BarrierRecursiveDoubling => barrier_exchange(ranks),
        Algorithm::BarrierBruck => barrier_bruck(ranks),
        Algorithm::BcastSplitBintree { segment } => bcast_split_bintree(ranks, block, segment)?,
        Algorithm::ScatterLinear => scatter_linear(ranks, block),
        Algorithm::GatherLinearSync { first } => gather_linear_sync(ranks, block, first),
        Algorithm::GatherLinear => gather_linear(ranks, block),
        Algorithm::AllgatherNeighborExchange => allgather_neighbor_exchange(ranks, block),
        Algorithm::AllgatherRing => allgather_ring(ranks, block),
        Algorithm::AlltoallPairwise => pairwise(ranks, |_, _| block),
        Algorithm::AlltoallvPairwise => {
            let pattern = pattern.ok_or("MPI_Alltoallv needs a pattern: who sends to whom")?;
            if pattern.n != ranks {
                return Err(format!(
                    "the pattern has {} PEs, the run {ranks} ranks",
                    pattern.n
                ));
            }
            pairwise(ranks, |p, q| if pattern.has(p, q) { block } else { 0 })
        }
        Algorithm::Unmodelled(name) => {
            return Err(format!(
                "Open MPI 3.1 runs {} of {block} B on {ranks} ranks with {name}, which the \
                 simulator does not model",
                collective.call()
            ))
        }
    };
    Ok((algorithm, scripts))
}

/// `repetitions` rounds of each rank's `calls` as a benchmark runs them: each round starts
/// with Open MPI's `MPI_Barrier` (as paper 002's measurements do before every repetition).
pub fn benchmark(calls: Vec<ScriptBuilder>, repetitions: u32) -> Vec<Native> {
    let ranks = calls.len() as u32;
    let barrier = self::calls(Collective::Barrier, ranks, 0, None)
        .map_or_else(|_| builders(ranks), |(_, b)| b);
    barrier
        .into_iter()
        .zip(calls)
        .map(|(mut round, call)| {
            round.append(call);
            Native::Script(Box::new(round.build_rounds(repetitions)))
        })
        .collect()
}

/// The algorithm Open MPI 3.1 runs for `collective` (see [`calls`]) and the ranks' programs:
/// `repetitions` rounds of a barrier and the collective ([`benchmark`]).
pub fn programs(
    collective: Collective,
    ranks: u32,
    block: u64,
    pattern: Option<&Pattern>,
    repetitions: u32,
) -> Result<(Algorithm, Vec<Native>), String> {
    let (algorithm, calls) = calls(collective, ranks, block, pattern)?;
    Ok((algorithm, benchmark(calls, repetitions)))
}

/// One builder per rank.
fn builders(ranks: u32) -> Vec<ScriptBuilder> {
    (0..ranks).map(|_| ScriptBuilder::new()).collect()
}

/// The children of `rank` in Open MPI's binary tree rooted at 0
/// (`ompi_coll_base_topo_build_tree` with fanout 2): a node at level l (ranks 2^l − 1 …
/// 2^(l+1) − 2) has children rank + 2^l and rank + 2^(l+1), those below `ranks`.
pub fn bintree_children(rank: Rank, ranks: u32) -> Vec<Rank> {
    let mut level = 0u32;
    while (1u64 << (level + 1)) - 2 < u64::from(rank) {
        level += 1;
    }
    let delta = 1u64 << level;
    [u64::from(rank) + delta, u64::from(rank) + 2 * delta]
        .into_iter()
        .filter(|&c| c < u64::from(ranks))
        .map(|c| c as Rank)
        .collect()
}

/// Recursive doubling (a power of two ranks; two ranks are the case of one step): in step k
/// rank r exchanges a zero-byte message with r XOR 2^k.
fn barrier_exchange(ranks: u32) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let mut mask = 1;
        while mask < ranks {
            let remote = r as Rank ^ mask;
            s.sendrecv_zero(remote, remote);
            mask <<= 1;
        }
    }
    out
}

/// Bruck's barrier: in step k rank r sends a zero-byte message to r + 2^k and receives one
/// from r − 2^k (mod n).
fn barrier_bruck(ranks: u32) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let r = r as Rank;
        let mut distance = 1;
        while distance < ranks {
            s.sendrecv_zero((r + distance) % ranks, (r + ranks - distance) % ranks);
            distance <<= 1;
        }
    }
    out
}

/// `ompi_coll_base_bcast_intra_split_bintree` from rank 0 (see [`Algorithm::BcastSplitBintree`]).
fn bcast_split_bintree(ranks: u32, bytes: u64, segment: u64) -> Result<Vec<ScriptBuilder>, String> {
    let counts = [bytes.div_ceil(2), bytes / 2];
    if counts[1] == 0 || segment > counts[1] {
        return Err(format!(
            "Open MPI 3.1 runs MPI_Bcast of {bytes} B as a chain (the halves are smaller than a \
             segment), which the simulator does not model"
        ));
    }
    let segments = [counts[0].div_ceil(segment), counts[1].div_ceil(segment)];
    let seg_size = |half: usize, i: u64| {
        if i + 1 == segments[half] {
            counts[half] - i * segment
        } else {
            segment
        }
    };
    let children: Vec<Vec<Rank>> = (0..ranks).map(|r| bintree_children(r, ranks)).collect();
    let mut parent = vec![0; ranks as usize];
    for (r, cs) in children.iter().enumerate() {
        for &c in cs {
            parent[c as usize] = r as Rank;
        }
    }
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let rank = r as Rank;
        // Odd ranks are in the left subtree (the first half), even ones in the right.
        let lr = (r + 1) % 2;
        let kids = &children[r];
        if r == 0 {
            for i in 0..segments[0] {
                for (half, &child) in kids.iter().enumerate().take(2) {
                    if i < segments[half] {
                        s.send(child, seg_size(half, i));
                    }
                }
            }
        } else if !kids.is_empty() {
            let from = parent[r];
            let mut base = s.irecv(from, seg_size(lr, 0));
            for i in 1..segments[lr] {
                let next = s.irecv(from, seg_size(lr, i));
                s.wait(&[base]);
                for &c in kids {
                    s.send(c, segment);
                }
                base = next;
            }
            s.wait(&[base]);
            for &c in kids {
                s.send(c, seg_size(lr, segments[lr] - 1));
            }
        } else {
            for i in 0..segments[lr] {
                s.recv(parent[r], seg_size(lr, i));
            }
        }
        // Step 2: swap halves with the pair in the other subtree.
        let pair = if lr == 0 {
            (rank + 1) % ranks
        } else {
            (rank + ranks - 1) % ranks
        };
        if ranks % 2 == 1 {
            if r != 0 {
                s.sendrecv(pair, counts[lr], pair, counts[1 - lr]);
            }
        } else if r == 0 {
            s.send(ranks - 1, counts[1]);
        } else if rank == ranks - 1 {
            s.recv(0, counts[1]);
        } else {
            s.sendrecv(pair, counts[lr], pair, counts[1 - lr]);
        }
    }
    Ok(out)
}

/// `ompi_coll_base_scatter_intra_basic_linear` from rank 0.
fn scatter_linear(ranks: u32, block: u64) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for i in 1..ranks {
        out[0].send(i, block);
        out[i as usize].recv(0, block);
    }
    out
}

/// `ompi_coll_base_gather_intra_linear_sync` to rank 0 (see [`Algorithm::GatherLinearSync`]).
fn gather_linear_sync(ranks: u32, block: u64, first: u64) -> Vec<ScriptBuilder> {
    // COLL_BASE_COMPUTED_SEGCOUNT: a first segment no smaller than the block is the block.
    let first = if first < block { first } else { block };
    let rest = block - first;
    let mut out = builders(ranks);
    for i in 1..ranks {
        let root = &mut out[0];
        let head = root.irecv(i, first);
        root.send(i, 0);
        root.irecv(i, rest);
        root.wait(&[head]);
        let rank = &mut out[i as usize];
        rank.recv(0, 0);
        rank.send(0, first);
        rank.send(0, rest);
    }
    out[0].wait_all();
    out
}

/// `ompi_coll_base_gather_intra_basic_linear` to rank 0.
fn gather_linear(ranks: u32, block: u64) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for i in 1..ranks {
        out[i as usize].send(0, block);
        out[0].recv(i, block);
    }
    out
}

/// `ompi_coll_base_allgather_intra_neighborexchange` (an even number of ranks).
fn allgather_neighbor_exchange(ranks: u32, block: u64) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let r = r as Rank;
        let right = (r + 1) % ranks;
        let left = (r + ranks - 1) % ranks;
        let neighbor = if r % 2 == 0 {
            [right, left]
        } else {
            [left, right]
        };
        s.sendrecv(neighbor[0], block, neighbor[0], block);
        for i in 1..ranks / 2 {
            let with = neighbor[(i % 2) as usize];
            s.sendrecv(with, 2 * block, with, 2 * block);
        }
    }
    out
}

/// `ompi_coll_base_allgather_intra_ring`.
fn allgather_ring(ranks: u32, block: u64) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let r = r as Rank;
        for _ in 1..ranks {
            s.sendrecv((r + 1) % ranks, block, (r + ranks - 1) % ranks, block);
        }
    }
    out
}

/// Pairwise exchange (`MPI_Alltoall`'s and `MPI_Alltoallv`'s): in step s = 1 … n − 1 rank r
/// sends `bytes(r, r + s)` to r + s and receives `bytes(r − s, r)` from r − s (mod n); step 0
/// (or n), the rank's own block, is a local copy.
fn pairwise(ranks: u32, bytes: impl Fn(Rank, Rank) -> u64) -> Vec<ScriptBuilder> {
    let mut out = builders(ranks);
    for (r, s) in out.iter_mut().enumerate() {
        let r = r as Rank;
        for step in 1..ranks {
            let to = (r + step) % ranks;
            let from = (r + ranks - step) % ranks;
            s.sendrecv(to, bytes(r, to), from, bytes(from, r));
        }
    }
    out
}
