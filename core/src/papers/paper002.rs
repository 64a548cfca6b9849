//! Paper 002 (Yamada, Okita, Ino: delay-inserted schedules for irregular many-to-many
//! communication on switched Ethernet). What it reproduces: Table 1 (which schedules conflict,
//! and the conflict-free makespan `(n − 1)·I(k) + L + o`) from the paper's model; Table 3 (Ring
//! against the proposed schedule on scatter, gather, all-to-all and triangle, 64 nodes), Fig. 5
//! (δ swept on gather) and Fig. 6 (the scale-free patterns sf-1 … sf-5) by simulation.
//!
//! How. The schedules are core's (`proto::schedules`: the Ring schedule as the paper applies it
//! to irregular patterns, Algorithm 1 with Algorithm 2's priority, eq. 12's conflicts, eqs.
//! 13–16's makespan). Table 1 evaluates the model on the `ethernet-1g` profile's LogGP
//! parameters (`LogGp::of`) and runs nothing. The other parts run the paper's Fig. 4 as the
//! native scheduled exchange (`workloads::scheduled`: every rank posts its receives, then starts
//! its sends slot by slot, sleeping δ in a delay slot, and waits for all) on the `ethernet-1g`
//! profile (64 nodes, one 1 GbE crossbar switch whose output ports have finite buffers: a
//! message that overflows one is dropped and sent again after TCP's retransmission timeout).
//! Each run is a resumable job ([`table3_experiment`], [`fig5_experiment`],
//! [`fig6_experiment`]) whose value is the run's end in ms and whose note counts the port drops
//! in its trace; the `*_from` functions turn the jobs so far into the tables and figures, and
//! the CLI's [`table3`], [`fig5`], [`fig6`] run the same jobs to the end.
//!
//! Simplifications, each also said where it matters:
//! - Each run is the paper's measurement: [`REPETITIONS`] rounds of Open MPI's `MPI_Barrier`
//!   and the collective (`ompi::benchmark`); its value is the run's end in seconds per 1000
//!   rounds (= ms per collective). The repetitions are not identical: from the second on the
//!   barrier releases the ranks at different times (its zero-byte messages queue behind the
//!   previous round's last messages at busy switch ports).
//! - The crossbar model moves whole messages, not packets, and loses a dropped message whole
//!   (see `machine::hw::crossbar`); its port buffer, TCP windows, link latency and overheads are
//!   the profile's assumptions (the paper names no switch and gives no latency); only the link
//!   rate (1 Gb/s) is the paper's, and the retransmission timeout (`rto_ms`) is Linux's minimum.
//! - A receive costs its rank only the overhead `o`: a node receiving at line rate while it
//!   sends at line rate (full duplex) is not slowed down.
//! - The eager engine's default limit ([`DEFAULT_EAGER_LIMIT`]) makes a 63 KiB standard send
//!   complete only once matched; that changes when a send completes, not when its data arrives,
//!   so not a collective's end.
//! - The paper's MPI collectives run the algorithms Open MPI 3.1's fixed decision rules pick
//!   for 64 ranks and 63 KiB (`workloads::ompi`, which cites the sources), as native programs
//!   on the same machine, with Open MPI's TCP eager limit (64 KiB); their messages above it
//!   (the neighbour exchange's two-block messages) keep the eager engine's simplification of
//!   the rendezvous (the send completes once matched; the data leaves at once).
//! - The scale-free patterns are core's Barabási–Albert graphs with a fixed seed (the paper
//!   gives none); their densities are Table 4's.
//!
//! [`DEFAULT_EAGER_LIMIT`]: crate::proto::p2p::DEFAULT_EAGER_LIMIT

use super::native_run::{Measure, NativeRun};
use super::paper::{Paper, Part, Reproduced};
use super::plot::{Axis, Mark, Plot, Stated};
use super::{Cell, Experiment, Figure, Job, Series, Table};
use crate::engine::Sim;
use crate::machine::{builtin_profiles, Basis, Profile};
use crate::proto::schedules::{
    delay_schedule, makespan, pattern::SCALE_FREE, ring_schedule, LogGp, Pattern, Schedule,
};
use crate::time::SimTime;
use crate::workloads::ompi::{self, Collective};
use crate::workloads::{scheduled, Native, WorkloadKind};

/// Paper 002 in the registry.
pub const PAPER: Paper = Paper {
    id: "002",
    short: "Delay-inserted schedules on Ethernet",
    title: "Delay insertion for irregular many-to-many communication on switched Ethernet",
    intro: "This page runs the paper's Fig. 4 — every process posts its receives, then starts its \
sends slot by slot in the order a schedule gives, sleeping δ in a delay slot — on the simulated \
64-node Gigabit Ethernet cluster, here in your browser, for the Ring schedule and the paper's \
delay-inserting schedule. The cluster's switch has a finite buffer per output port: when \
conflicting senders overflow one, the message is dropped and its sender waits for TCP's \
retransmission timeout (the profile's `rto_ms`, Linux's minimum).

Nothing was calibrated to the paper's times. The link rate is the paper's 1 Gb/s; the latency, \
the overheads, the port buffer and the TCP windows are assumptions of the `ethernet-1g` profile. \
The paper's MPI collectives run the algorithms Open MPI 3.1 picks for 64 ranks and 63 KiB \
blocks, each rank's calls in the library's order. The error is (simulated − paper) / paper; — \
where there is no value.",
    parts,
};

/// Processes (paper 002 Table 2: 64 nodes, one process each; the `ethernet-1g` profile's).
pub const N: u32 = 64;

/// Repetitions of each measurement (paper 002 Table 3: 1000), each after an `MPI_Barrier`.
pub const REPETITIONS: u32 = 1000;

/// Bytes per message: 63 KiB, the largest eager size of the paper's Open MPI (Table 3).
pub const BYTES: u64 = 63 * 1024;

/// δ of Table 3 and Fig. 6, µs: Fig. 5's best.
pub const DELTA_US: f64 = 400.0;

/// The built-in profile of the paper's cluster.
pub const MACHINE: &str = "ethernet-1g";

/// Table 1's and Table 3's patterns, in the paper's order.
pub const PATTERNS: [&str; 4] = ["scatter", "gather", "alltoall", "triangle"];

/// Table 3 (s per 1000 collectives, 64 nodes, k = 63 KiB): each pattern's Ring and proposed
/// times, and the MPI collectives the paper ran on it with theirs.
#[allow(clippy::type_complexity)]
pub const TABLE3: [(&str, f64, f64, &[(&str, f64)]); 4] = [
    (
        "scatter",
        33.2,
        33.2,
        &[("MPI_Bcast", 0.8), ("MPI_Scatter", 32.8)],
    ),
    ("gather", 214.4, 33.2, &[("MPI_Gather", 33.1)]),
    (
        "alltoall",
        37.0,
        37.1,
        &[("MPI_Allgather", 76.8), ("MPI_Alltoall", 112.9)],
    ),
    ("triangle", 210.0, 75.1, &[("MPI_Alltoallv", 82.4)]),
];

/// Table 1: whether the Ring schedule conflicts on each of [`PATTERNS`] (the proposed schedule
/// never does).
pub const TABLE1_RING_CONFLICTS: [bool; 4] = [false, true, false, true];

/// Fig. 5's δ values, µs.
pub const FIG5_DELTAS_US: [f64; 13] = [
    0.0, 50.0, 100.0, 150.0, 200.0, 300.0, 400.0, 500.0, 600.0, 800.0, 1000.0, 1500.0, 2000.0,
];

/// Fig. 5: the paper's best δ, µs.
pub const FIG5_BEST_US: f64 = 400.0;

/// Fig. 5's rule for the simulated best δ: the smallest δ whose time is within this fraction of
/// the least time.
pub const FIG5_WITHIN: f64 = 0.01;

/// Fig. 6: the paper's speed-up of the proposed schedule over Ring on sf-1 … sf-5, as ranges
/// (low, high, faster): 1.1–2.2× faster on sf-1, sf-2, sf-5; 1.1–1.2× slower on sf-3, sf-4.
pub const FIG6_SPEEDUP: [(f64, f64, bool); 5] = [
    (1.1, 2.2, true),
    (1.1, 2.2, true),
    (1.1, 1.2, false),
    (1.1, 1.2, false),
    (1.1, 2.2, true),
];

/// Fig. 6: the proposed schedule is 1.4–2.3× faster than `MPI_Alltoallv` on all five.
pub const FIG6_ALLTOALLV: (f64, f64) = (1.4, 2.3);

/// A schedule of the paper.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algo {
    /// Thakur et al.'s Ring schedule, as the paper applies it to irregular patterns.
    Ring,
    /// The paper's delay-inserting schedule (Algorithms 1 and 2).
    Proposed,
}

impl Algo {
    /// Both, in the paper's column order.
    pub const BOTH: [Algo; 2] = [Algo::Ring, Algo::Proposed];

    /// The schedule of `pattern`.
    pub fn schedule(self, pattern: &Pattern) -> Schedule {
        match self {
            Algo::Ring => ring_schedule(pattern),
            Algo::Proposed => delay_schedule(pattern, false).0,
        }
    }

    /// Its name in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Ring => "Ring",
            Algo::Proposed => "proposed",
        }
    }
}

/// Table 1, Table 3, Fig. 5 and Fig. 6, all on opening (their runs are small: 64 ranks, a few
/// hundred events each).
pub fn parts() -> Vec<Part> {
    parts_at::<REPETITIONS>()
}

/// The parts with `R` repetitions per measurement (tests use few).
pub fn parts_at<const R: u32>() -> Vec<Part> {
    let setting = setting();
    vec![
        Part::new(
            "table1",
            "unit as labelled",
            format!(
                "The paper's model, no run: for each pattern at n = {N}, whether each schedule \
                 has a conflict (two sends to one PE in one slot, eq. 12; 1 = yes), and for the \
                 conflict-free ones the predicted makespan (eqs. 13–16) divided by Table 1's \
                 `(n − 1)·I(k) + L + o`. {setting}\n\nTable 1 states the formula in eq. 15's \
                 regime, where the latency covers the receiver's own sending (eq. 14: \
                 `L ≥ |S_q|·I(k)`). On these parameters eq. 14 fails at every receiver that \
                 also sends (all-to-all, triangle), where eq. 16 adds the receive overheads \
                 after the receiver's own sends: on all-to-all the makespan exceeds the \
                 formula; on triangle the latest receive is still PE 0's, which sends nothing, \
                 so the ratio stays 1. The cells' notes say which regime holds where."
            ),
            |_| Experiment {
                title: format!(
                    "Paper 002 Table 1: conflicts (1 = yes) and makespan ÷ ((n − 1)·I(k) + L + o), n = {N}, k = {BYTES} B, model"
                ),
                jobs: Vec::new(),
            },
            |_| Reproduced::derived(table1()),
        ),
        Part::new(
            "table3",
            "s per 1000 collectives",
            format!(
                "Fig. 4 on the simulated cluster: {N} ranks, k = {BYTES} B (63 KiB), δ = \
                 {DELTA_US} µs (Fig. 5's best), Ring and the proposed schedule on each pattern, \
                 and the paper's MPI collectives. Each cell is the paper's measurement: {R} \
                 repetitions, each after Open MPI's `MPI_Barrier`; the value is the total time \
                 scaled to 1000 repetitions, in s (= ms per collective, barrier included). \
                 Each note counts the messages a full switch port dropped (each sent again \
                 after the timeout). {setting}\n\nRing pays about one retransmission timeout \
                 per collective on gather and triangle, where its conflicts put many senders \
                 into one port at once; the proposed schedule has no conflict and no drop. The \
                 repetitions matter: the first starts every PE at once, but from the second \
                 on the barrier releases the PEs at different times (its zero-byte messages \
                 queue behind the previous repetition's last messages at busy switch ports), \
                 up to a few slots apart, so a schedule's slots no longer line up and sends it \
                 put in different slots meet at one port and queue. On triangle this costs \
                 the proposed schedule a few ms per collective over the link-rate bound — the \
                 direction of the paper's 75.1 s, not its size. Misses: triangle's proposed \
                 schedule stays about half the paper's time, and all-to-all comes out under \
                 the paper's 37 s (the errors say by how much). The model charges a receive \
                 only its overhead o, so a node receiving at line rate while it sends at line \
                 rate (full duplex; on triangle most nodes do both, on all-to-all all) costs \
                 nothing extra, whereas the paper's nodes slow down — perhaps the receiving \
                 CPU, memory copies or TCP acknowledgements sharing the NIC. That is a \
                 hypothesis, not verified here.\n\n\
                 The MPI cells run the algorithms Open MPI 3.1's decision rules pick for 64 \
                 ranks and 63 KiB blocks (each label names it; `workloads::ompi` cites the \
                 source): `MPI_Bcast` sends the two halves of the message down a binary tree \
                 in 1 KiB segments, then pairs swap halves; `MPI_Scatter` sends from the root \
                 one blocking send after another; `MPI_Gather` sends each rank a zero-byte \
                 go-ahead in turn; `MPI_Allgather` exchanges with the neighbours by turns; \
                 `MPI_Alltoall` and `MPI_Alltoallv` exchange pairwise, one send-receive per \
                 step (`MPI_Alltoallv` exchanges a zero-byte message where the triangle has \
                 no edge). Scatter and Gather come out at the link-rate bound, as in the \
                 paper, and so does the proposed schedule on scatter, gather and all-to-all, \
                 no slower than the MPI collective doing the same exchange, as in the paper; \
                 on triangle the skew above makes it slower than `MPI_Alltoallv` here, where \
                 the paper has it 9 % faster. `MPI_Bcast` takes \
                 about twice the paper's 0.8 ms: each 1 KiB segment pays the profile's \
                 assumed per-message overhead o at both ends (an inner node of the tree \
                 receives 32 segments and sends 64), so the paper's time suggests a cost per \
                 message on its cluster well below the assumed o. The step-by-step \
                 algorithms (Allgather, Alltoall, Alltoallv) finish here near the link-rate \
                 bound, since each step is conflict-free on the crossbar, while the paper \
                 measures 2.3 to 3.4 times that: the model charges a step only L, o and the \
                 wire, and has none of what a real step of 63 KiB over TCP may add (waiting \
                 for acknowledgements, a congestion window on a connection unused since the \
                 previous collective)."
            ),
            |_| table3_experiment(R),
            Reproduced::jobs,
        ),
        Part::new(
            "fig5",
            "unit as labelled",
            format!(
                "δ swept on gather with the proposed schedule ({N} ranks, k = {BYTES} B, {R} \
                 repetitions after a barrier each, as in Table 3): ms per collective. The proposed schedule lets PE p start its one send after p − 1 \
                 delay slots, so the senders reach PE 0's port δ apart. {setting}\n\nToo small \
                 a δ: the messages pile up in the port's buffer faster than it drains (one \
                 per k·G), it overflows, and the dropped messages wait for the timeout. Too \
                 large a δ (above k·G): the port idles between messages and the time is about \
                 62·δ plus one message, the last sender's 62 delays and its send. In between \
                 the time is flat at the link-rate bound. The best δ here is the smallest δ within {} % of the least time; the paper's 400 µs \
                 (used for Table 3) is on that plateau.",
                FIG5_WITHIN * 100.0
            ),
            |_| fig5_experiment(R),
            |e| fig5_reproduced(fig5_from(e)),
        ),
        Part::new(
            "fig6",
            "unit as labelled",
            format!(
                "The scale-free patterns of Table 4 (Barabási–Albert, n = {N}, m0 = m = \
                 {}; neighbours exchange both ways), Ring and the proposed schedule, k = {BYTES} \
                 B, δ = {DELTA_US} µs, and `MPI_Alltoallv`: ms per collective, and the \
                 speed-ups Ring ÷ proposed and `MPI_Alltoallv` ÷ proposed next to the paper's \
                 (the middle of its range; the range in the note). {setting}\n\n\
                 Each run is {R} repetitions after a barrier, as in Table 3. Nothing drops \
                 on these patterns (the notes count drops): Ring's conflicts put up to a few \
                 dozen senders into one port in one slot (each note gives the largest), but a \
                 fresh TCP flow puts at most its window into the port's buffer, so {} of them \
                 fit, and every conflict here is smaller (unlike the 63 senders of gather and \
                 triangle). Without drops the crossbar model only queues whole messages at \
                 the link rate, and both schedules finish a little above the time the busiest \
                 PE (a hub of the scale-free graph) needs for its own messages, a bound no \
                 schedule beats (each note gives it). The proposed schedule comes out a few \
                 per cent slower than Ring on all five: once the barrier releases the PEs at \
                 different times (Table 3's text), its delay slots no longer steer sends \
                 apart, and they still cost their time. That matches the paper on sf-3 and \
                 sf-4 (where it is 1.1–1.2× slower) and misses sf-1, sf-2 and sf-5 (where it \
                 is 1.1–2.2× faster): the paper's gains there come from avoided losses — TCP \
                 reacting to queueing and partial losses, packet by packet — that this model, \
                 with no drop on these patterns, does not have. \
                 `MPI_Alltoallv` (Open MPI's pairwise exchange: 63 steps, each a \
                 send-receive with one partner, a zero-byte message where the pattern has no \
                 edge) is slower than the proposed schedule on all five, as in the paper, by \
                 a little less: each step costs a round of overheads and latency even where \
                 there is nothing to send, and a rank cannot start a step before its partner \
                 in the previous one has answered.",
                SCALE_FREE
                    .iter()
                    .map(|(_, m)| m.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                fresh_flows().map_or("a few dozen".to_string(), |f| f.to_string())
            ),
            |_| fig6_experiment(R),
            |e| fig6_reproduced(fig6_from(e)),
        ),
    ]
}

/// The paper's cluster as the `ethernet-1g` profile has it.
pub fn ethernet() -> Result<Profile, String> {
    builtin_profiles()
        .map_err(|e| e.to_string())?
        .into_iter()
        .find(|p| p.machine.id == MACHINE)
        .ok_or_else(|| format!("no built-in machine {MACHINE:?}"))
}

/// The parameters the parts use, in words, read from the profile (each with where it comes
/// from: the paper, or an assumption of the profile).
fn setting() -> String {
    let p = match ethernet() {
        Ok(p) => p,
        Err(e) => return format!("(The {MACHINE} profile did not load: {e}.)"),
    };
    let m = LogGp::of(&p, BYTES);
    let basis = |b: &Basis| match b {
        Basis::Source(_) => "cited",
        Basis::Assume(_) => "assumed",
    };
    let link = &p.link;
    let mut s = format!(
        "Parameters (the `{MACHINE}` profile): L = {} µs ({}), o = {} µs ({}), {} MB/s per \
         link ({}), so I(k) = o + (k − 1)·G = {} and a message takes k·G = {} on a link",
        link.latency_us.value,
        basis(&link.latency_us.basis),
        link.overhead_us.value,
        basis(&link.overhead_us.basis),
        link.bandwidth_mb_s.value,
        basis(&link.bandwidth_mb_s.basis),
        m.interval(),
        wire_time(&m),
    );
    if let Some(c) = &p.network.crossbar {
        s.push_str(&format!(
            "; a switch port buffers {} bytes ({}), a fresh TCP flow puts up to {} bytes \
             into it ({}), and a dropped message is sent again after {} ms ({})",
            c.port_buffer_bytes.value,
            basis(&c.port_buffer_bytes.basis),
            c.window_bytes.value,
            basis(&c.window_bytes.basis),
            c.rto_ms.value,
            basis(&c.rto_ms.basis),
        ));
    }
    s.push('.');
    s
}

/// How many fresh TCP flows' windows a switch port's buffer holds (the profile's
/// `port_buffer_bytes ÷ window_bytes`): how many senders can start into one port at once
/// without a drop.
fn fresh_flows() -> Option<u64> {
    let p = ethernet().ok()?;
    let c = p.network.crossbar.as_ref()?;
    Some(c.port_buffer_bytes.value / c.window_bytes.value.max(1))
}

/// Messages a switch port dropped in a finished run (first sends and retransmissions), as
/// the machine counted them.
pub fn port_drops(sim: &Sim<Native>) -> u64 {
    sim.machine().port_drops().values().sum()
}

/// A finished run's note: its port drops in words, per collective over its repetitions.
fn drops_note(sim: &Sim<Native>) -> String {
    let reps = match sim.program(0) {
        Some(Native::Script(s)) => s.rounds_done().max(1),
        _ => 1,
    };
    let over = if reps > 1 {
        format!(" over {reps} repetitions")
    } else {
        String::new()
    };
    match port_drops(sim) {
        0 => format!("no port drop{over}"),
        n if n % u64::from(reps) == 0 => format!(
            "{} port drops per collective (each sent again after the retransmission \
             timeout), {n}{over}",
            n / u64::from(reps)
        ),
        n => format!(
            "{:.2} port drops per collective (each sent again after the retransmission \
             timeout), {n}{over}",
            n as f64 / f64::from(reps)
        ),
    }
}

/// A job running Fig. 4 with `algo`'s schedule of pattern `name` on [`N`] ranks of the
/// cluster, [`BYTES`] per message and `delta_us` per delay slot, `reps` times after a barrier
/// each; its value is s per 1000 repetitions (= ms per collective), its note the port drops.
/// The schedule and programs are made when the job starts.
pub fn collective_job(cell: Cell, name: &str, algo: Algo, delta_us: f64, reps: u32) -> Job {
    let name = name.to_string();
    cluster_job(cell, reps, move || {
        let pattern = Pattern::named(&name, N).map_err(|e| e.to_string())?;
        Ok(scheduled::benchmark(
            &algo.schedule(&pattern),
            BYTES,
            SimTime::from_us_f64(delta_us),
            reps,
        ))
    })
}

/// A job on the cluster ([`cluster_run`]) whose programs `make` makes when it starts.
fn cluster_job(
    cell: Cell,
    reps: u32,
    make: impl FnOnce() -> Result<Vec<Native>, String> + 'static,
) -> Job {
    match ethernet() {
        Ok(profile) => Job::programs_later(cell, cluster_run(profile, reps), make, 0),
        Err(e) => Job::failed(cell, e),
    }
}

/// A run of programs on [`N`] ranks of the cluster `profile`, with Open MPI's TCP eager limit,
/// measuring s per 1000 of its `reps` repetitions and noting the port drops.
fn cluster_run(profile: Profile, reps: u32) -> NativeRun {
    NativeRun {
        profile,
        // Not used by `Job::programs` (the programs are given).
        kind: WorkloadKind::Gather,
        ranks: N,
        rounds: 1,
        engines: None,
        measure: Measure::EndSecsPer1000(reps),
        note_from_run: Some(drops_note),
        eager_limit: Some(crate::proto::p2p::OPEN_MPI_TCP_EAGER_LIMIT),
        fcp: Default::default(),
        pvm: Default::default(),
    }
}

/// A job running Open MPI 3.1's `collective` (the algorithm its decision rules pick for [`N`]
/// ranks and [`BYTES`]-byte blocks, `workloads::ompi`) on the cluster; `pattern` names who
/// sends to whom for `MPI_Alltoallv`; `reps` times after a barrier each. Its value is s per 1000
/// repetitions, its note the port drops; the label says which algorithm ran. The programs are
/// made when the job starts.
pub fn mpi_job(label: &str, paper: f64, collective: Collective, pattern: &str, reps: u32) -> Job {
    let algorithm = collective.decide(N, BYTES);
    let cell = Cell::pending(
        format!("{label}, {} ({})", collective.call(), algorithm.short()),
        paper,
        "",
    );
    let pattern = pattern.to_string();
    cluster_job(cell, reps, move || {
        let pattern = Pattern::named(&pattern, N).map_err(|e| e.to_string())?;
        Ok(ompi::programs(collective, N, BYTES, Some(&pattern), reps)?.1)
    })
}

/// Table 1 on the cluster's LogGP parameters (the `ethernet-1g` profile's, k = [`BYTES`]).
pub fn table1() -> Table {
    match ethernet() {
        Ok(p) => table1_at(&LogGp::of(&p, BYTES)),
        Err(e) => Table {
            title: "Paper 002 Table 1".into(),
            cells: vec![Cell {
                note: e,
                ..Cell::pending("the model's parameters", f64::NAN, "")
            }],
        },
    }
}

/// Table 1 under the LogGP parameters `params`: for each of [`PATTERNS`] at n = [`N`] and each
/// schedule, whether it conflicts (1 = yes), and, when it does not, its makespan (eqs. 13–16)
/// divided by `(n − 1)·I(k) + L + o`.
pub fn table1_at(params: &LogGp) -> Table {
    let formula = params.interval().times(u64::from(N - 1)) + params.l + params.o;
    let mut cells = Vec::new();
    for (name, ring_conflicts) in PATTERNS.iter().zip(TABLE1_RING_CONFLICTS) {
        let pattern = match Pattern::named(name, N) {
            Ok(p) => p,
            Err(e) => {
                cells.push(Cell {
                    note: e.to_string(),
                    ..Cell::pending(format!("{name}: pattern"), f64::NAN, "")
                });
                continue;
            }
        };
        for algo in Algo::BOTH {
            let schedule = algo.schedule(&pattern);
            let conflicts = schedule.conflicts();
            let paper = algo == Algo::Ring && ring_conflicts;
            let mut note = match conflicts.len() {
                0 => "no two sends to one PE in one slot".to_string(),
                n => format!(
                    "{n} slot{} with two or more sends to one PE, {} conflicting pairs by eq. 12",
                    if n == 1 { "" } else { "s" },
                    schedule.conflicting_pairs()
                ),
            };
            if algo == Algo::Proposed {
                note.push_str(&format!(
                    "; {} slots, {} delays δ inserted",
                    schedule.length(),
                    schedule.delays()
                ));
            }
            let mut c = Cell::pending(
                format!("{name}, {}: conflicts (1 = yes)", algo.name()),
                f64::from(u8::from(paper)),
                note,
            );
            c.simulated = Some(f64::from(u8::from(!conflicts.is_empty())));
            cells.push(c);
            if let Some((t, quiet)) = makespan(&schedule, params) {
                let (busy, receivers) = busy_receivers(&schedule, params);
                let note = if quiet {
                    format!(
                        "eq. 14 holds at every receiver: eq. 15 gives {t}, the formula {formula}"
                    )
                } else {
                    format!(
                        "eq. 14 fails at {busy} of {receivers} receivers (they still send while \
                         messages reach them, |S_q|·I(k) > L), where eq. 16 applies: makespan \
                         {t}, the formula {formula}{}",
                        if t == formula {
                            " (the latest receive is at a receiver where eq. 14 holds)"
                        } else {
                            "; Table 1 states the formula in eq. 15's regime"
                        }
                    )
                };
                let mut c = Cell::pending(
                    format!("{name}, {}: makespan ÷ ((n − 1)·I(k) + L + o)", algo.name()),
                    1.0,
                    note,
                );
                c.simulated = Some(t.as_secs_f64() / formula.as_secs_f64());
                cells.push(c);
            }
        }
    }
    Table {
        title: format!(
            "Paper 002 Table 1: conflicts (1 = yes) and makespan ÷ ((n − 1)·I(k) + L + o), n = {N}, k = {} B, model",
            params.k
        ),
        cells,
    }
}

/// Of the PEs that receive in `schedule`, how many are busy sending when messages reach them
/// (eq. 14 fails: `L < |S_q|·I(k)`), and how many receive at all.
fn busy_receivers(schedule: &Schedule, params: &LogGp) -> (usize, usize) {
    let n = schedule.n as usize;
    let mut receives = vec![false; n];
    for q in schedule.slots.iter().flatten().flatten() {
        receives[*q as usize] = true;
    }
    let i = params.interval();
    let busy = (0..n)
        .filter(|&q| receives[q] && params.l < i.times(schedule.slots[q].len() as u64))
        .count();
    (busy, receives.iter().filter(|&&r| r).count())
}

/// Table 3's runs: for each pattern of [`TABLE3`], Ring and the proposed schedule (δ =
/// [`DELTA_US`]), then the paper's MPI collectives on it (Open MPI 3.1's algorithms).
pub fn table3_experiment(reps: u32) -> Experiment {
    let mut jobs = Vec::new();
    for (name, ring, proposed, mpi) in TABLE3 {
        for (algo, paper) in [(Algo::Ring, ring), (Algo::Proposed, proposed)] {
            let label = match algo {
                Algo::Ring => format!("{name}, Ring"),
                Algo::Proposed => format!("{name}, proposed (δ = {DELTA_US} µs)"),
            };
            jobs.push(collective_job(
                Cell::pending(label, paper, ""),
                name,
                algo,
                DELTA_US,
                reps,
            ));
        }
        for (call, paper) in mpi {
            jobs.push(match Collective::named(call) {
                Some(c) => mpi_job(name, *paper, c, name, reps),
                None => Job::failed(
                    Cell::pending(format!("{name}, {call}"), *paper, ""),
                    format!("{call} is not an MPI collective the simulator knows"),
                ),
            });
        }
    }
    Experiment {
        title: format!(
            "Paper 002 Table 3: {N} nodes, k = 63 KiB, δ = {DELTA_US} µs (s per 1000 collectives = ms per collective)"
        ),
        jobs,
    }
}

/// Table 3 with every run finished.
pub fn table3() -> Table {
    table3_experiment(REPETITIONS).run()
}

/// Fig. 5's runs: gather with the proposed schedule at each δ of [`FIG5_DELTAS_US`].
pub fn fig5_experiment(reps: u32) -> Experiment {
    let jobs = FIG5_DELTAS_US
        .iter()
        .map(|&d| {
            collective_job(
                Cell::pending(
                    format!("δ = {d} µs, ms per gather"),
                    f64::NAN,
                    "the paper plots it without a number in the text",
                ),
                "gather",
                Algo::Proposed,
                d,
                reps,
            )
        })
        .collect();
    Experiment {
        title: format!(
            "Paper 002 Fig. 5: gather with the proposed schedule, {N} nodes, k = 63 KiB (ms per collective) by δ (µs)"
        ),
        jobs,
    }
}

/// The smallest δ of `deltas` whose time in `times` is within [`FIG5_WITHIN`] of the least
/// (`None` until every time is in).
pub fn best_delta(deltas: &[f64], times: &[Option<f64>]) -> Option<f64> {
    let times: Vec<f64> = times.iter().copied().collect::<Option<_>>()?;
    let least = times.iter().copied().fold(f64::INFINITY, f64::min);
    deltas
        .iter()
        .zip(&times)
        .find(|(_, &t)| t <= least * (1.0 + FIG5_WITHIN))
        .map(|(&d, _)| d)
}

/// Fig. 5 from its experiment ([`fig5_experiment`]): the curve, the best δ by
/// [`best_delta`]'s rule against the paper's, and the time at the paper's best δ against Table
/// 3's proposed gather.
pub fn fig5_from(experiment: &Experiment) -> Figure {
    let values: Vec<Option<f64>> = experiment.jobs.iter().map(|j| j.cell.simulated).collect();
    let failed = experiment
        .jobs
        .iter()
        .find(|j| j.is_done() && j.cell.simulated.is_none());
    let mut best = Cell::pending(
        "best δ (µs)",
        FIG5_BEST_US,
        format!(
            "the smallest δ whose time is within {} % of the least time",
            FIG5_WITHIN * 100.0
        ),
    );
    best.simulated = best_delta(&FIG5_DELTAS_US, &values);
    if let (Some(d), Some(least)) = (
        best.simulated,
        values
            .iter()
            .flatten()
            .copied()
            .reduce(f64::min)
            .filter(|_| values.iter().all(Option::is_some)),
    ) {
        best.note.push_str(&format!(
            " ({least:.3} ms); every δ from {d} µs to {} µs is within it",
            FIG5_DELTAS_US
                .iter()
                .zip(&values)
                .filter(|(_, t)| t.is_some_and(|t| t <= least * (1.0 + FIG5_WITHIN)))
                .map(|(&d, _)| d)
                .fold(d, f64::max)
        ));
    }
    let at = FIG5_DELTAS_US.iter().position(|&d| d == FIG5_BEST_US);
    let job = at.and_then(|i| experiment.jobs.get(i));
    let mut at_best = Cell::pending(
        format!("ms per gather at δ = {FIG5_BEST_US} µs"),
        TABLE3[1].2,
        "the paper's Table 3 (proposed, gather, at this δ)",
    );
    at_best.simulated = job.and_then(|j| j.cell.simulated);
    if let Some(j) = job.filter(|j| j.is_done()) {
        at_best.note.push_str(&format!("; {}", j.cell.note));
    }
    if let Some(j) = failed {
        best.note = format!("a run it depends on gave no value: {}", j.cell.note);
    }
    Figure {
        title: experiment.title.clone(),
        x: FIG5_DELTAS_US.to_vec(),
        series: vec![Series {
            label: "proposed, gather".into(),
            values,
        }],
        points: Table {
            title: "Paper 002 Fig. 5, values stated in the text".into(),
            cells: vec![best, at_best],
        },
    }
}

/// Fig. 5 as a part shows it: the curve with the paper's Table 3 point at its best δ, the
/// stated values listed (the figure, with them, in the report).
fn fig5_reproduced(figure: Figure) -> Reproduced {
    let table = figure.points.clone();
    let mut plot = Plot::new(
        "fig5",
        figure,
        Axis::linear("δ (µs)"),
        Axis::linear("ms per gather"),
    );
    plot.marks = vec![Mark::Circles];
    plot.stated = vec![Stated::Point {
        x: FIG5_BEST_US,
        y: TABLE3[1].2,
    }];
    plot.stated_label = "the paper: best δ, and Table 3's time at it".into();
    plot.description = "Fig. 5: ms per gather with the proposed schedule against the delay δ in \
        µs, and the paper's best δ with Table 3's time at it"
        .into();
    plot.numbers_corner = "ms per gather by δ (µs)".into();
    plot.digits = 3;
    Reproduced {
        table,
        rows_are_jobs: false,
        table_in_report: false,
        plots: vec![plot],
    }
}

/// Fig. 5 with every run finished.
pub fn fig5() -> Figure {
    fig5_from(&fig5_experiment(REPETITIONS).finished())
}

/// Runs per pattern in Fig. 6: Ring, the proposed schedule, `MPI_Alltoallv`.
const FIG6_RUNS: usize = 3;

/// Fig. 6's runs: for each scale-free pattern of [`SCALE_FREE`], Ring, the proposed schedule
/// (δ = [`DELTA_US`]) and Open MPI's `MPI_Alltoallv` (three per pattern).
pub fn fig6_experiment(reps: u32) -> Experiment {
    let mut jobs = Vec::new();
    for (name, _) in SCALE_FREE {
        for algo in Algo::BOTH {
            jobs.push(collective_job(
                Cell::pending(
                    format!("{name}, {}, ms per collective", algo.name()),
                    f64::NAN,
                    "the paper plots it without a number in the text",
                ),
                name,
                algo,
                DELTA_US,
                reps,
            ));
        }
        jobs.push(mpi_job(name, f64::NAN, Collective::Alltoallv, name, reps));
    }
    Experiment {
        title: format!(
            "Paper 002 Fig. 6: scale-free patterns sf-1 … sf-5, {N} nodes, k = 63 KiB, δ = {DELTA_US} µs (ms per collective) by density D"
        ),
        jobs,
    }
}

/// Fig. 6 from its experiment ([`fig6_experiment`]): Ring's and the proposed schedule's times
/// and `MPI_Alltoallv`'s by each pattern's density, and the speed-ups Ring ÷ proposed and
/// `MPI_Alltoallv` ÷ proposed next to the paper's ranges (their middles).
pub fn fig6_from(experiment: &Experiment) -> Figure {
    let x: Vec<f64> = SCALE_FREE
        .iter()
        .map(|(name, _)| Pattern::named(name, N).map_or(f64::NAN, |p| p.density()))
        .collect();
    let of = |algo: usize| -> Vec<Option<f64>> {
        experiment
            .jobs
            .iter()
            .skip(algo)
            .step_by(FIG6_RUNS)
            .map(|j| j.cell.simulated)
            .collect()
    };
    let wire = ethernet().ok().map(|p| wire_time(&LogGp::of(&p, BYTES)));
    let mut cells = Vec::new();
    for (i, ((name, _), (low, high, faster))) in SCALE_FREE.iter().zip(FIG6_SPEEDUP).enumerate() {
        let ring = experiment.jobs.get(FIG6_RUNS * i);
        let proposed = experiment.jobs.get(FIG6_RUNS * i + 1);
        let middle = (low + high) / 2.0;
        let (paper, range) = if faster {
            (middle, format!("the paper: {low}–{high}× faster"))
        } else {
            (1.0 / middle, format!("the paper: {low}–{high}× slower"))
        };
        let c = Cell::pending(format!("{name}, speed-up Ring ÷ proposed"), paper, range);
        cells.push(ratio(c, ring, proposed, |c, r, p| {
            if c.simulated.is_some() {
                let facts = Pattern::named(name, N)
                    .ok()
                    .zip(wire)
                    .map_or(String::new(), |(p, i)| format!("; {}", contention(&p, i)));
                format!(
                    "{}; Ring: {}, proposed: {}{facts}",
                    c.note, r.cell.note, p.cell.note
                )
            } else {
                "a run it depends on gave no value".to_string()
            }
        }));
    }
    let (low, high) = FIG6_ALLTOALLV;
    for (i, (name, _)) in SCALE_FREE.iter().enumerate() {
        let c = Cell::pending(
            format!("{name}, speed-up MPI_Alltoallv ÷ proposed"),
            (low + high) / 2.0,
            format!("the paper: {low}–{high}× faster on all five"),
        );
        let mpi = experiment.jobs.get(FIG6_RUNS * i + 2);
        let proposed = experiment.jobs.get(FIG6_RUNS * i + 1);
        cells.push(ratio(c, mpi, proposed, |c, m, _| {
            if c.simulated.is_some() {
                format!(
                    "{}; MPI_Alltoallv ({}): {}",
                    c.note,
                    Collective::Alltoallv.decide(N, BYTES).short(),
                    m.cell.note
                )
            } else {
                format!("a run it depends on gave no value: {}", m.cell.note)
            }
        }));
    }
    Figure {
        title: experiment.title.clone(),
        x,
        series: Algo::BOTH
            .iter()
            .map(|a| a.name().to_string())
            .chain(["MPI_Alltoallv".to_string()])
            .enumerate()
            .map(|(i, label)| Series {
                label,
                values: of(i),
            })
            .collect(),
        points: Table {
            title: "Paper 002 Fig. 6, speed-ups stated in the text".into(),
            cells,
        },
    }
}

/// `c` with the ratio of `top`'s value to `bottom`'s (once both have one), and, once both
/// have finished, the note `said` makes from the cell and the two jobs.
fn ratio(
    mut c: Cell,
    top: Option<&Job>,
    bottom: Option<&Job>,
    said: impl FnOnce(&Cell, &Job, &Job) -> String,
) -> Cell {
    if let (Some(t), Some(b)) = (top, bottom) {
        c.simulated = t.cell.simulated.zip(b.cell.simulated).map(|(a, b)| a / b);
        if t.is_done() && b.is_done() {
            c.note = said(&c, t, b);
        }
    }
    c
}

/// One message's time on a link, `k·G`.
pub fn wire_time(params: &LogGp) -> SimTime {
    SimTime::from_ps((params.k as f64 * params.g_ps_per_byte).round() as u64)
}

/// How hard `pattern` contends, in words: the most senders Ring puts into one port in one
/// slot, and the busiest PE's messages (sent or received) times one message's `wire` time
/// (`k·G`), a bound no schedule beats.
fn contention(pattern: &Pattern, wire: SimTime) -> String {
    let worst = ring_schedule(pattern)
        .conflicts()
        .iter()
        .map(|c| c.senders.len())
        .max()
        .unwrap_or(1);
    let mut inn = vec![0u64; pattern.n as usize];
    for q in pattern.targets.iter().flatten() {
        inn[*q as usize] += 1;
    }
    let busiest = pattern
        .targets
        .iter()
        .zip(&inn)
        .map(|(t, &i)| (t.len() as u64).max(i))
        .max()
        .unwrap_or(0);
    format!(
        "Ring's largest conflict: {worst} senders into one port in one slot; the busiest PE \
         sends or receives {busiest} messages, {busiest}·k·G = {} on its link",
        wire.times(busiest)
    )
}

/// Fig. 6 as a part shows it: both schedules' times by density, the speed-ups listed (the
/// figure, with them, in the report).
fn fig6_reproduced(figure: Figure) -> Reproduced {
    let table = figure.points.clone();
    let mut plot = Plot::new(
        "fig6",
        figure,
        Axis::linear("density D of sf-1 … sf-5"),
        Axis::linear("ms per collective"),
    );
    plot.marks = vec![Mark::Circles, Mark::Squares, Mark::Triangles];
    plot.description = "Fig. 6: ms per collective against the density of the scale-free \
        patterns sf-1 to sf-5, for Ring, the proposed schedule and MPI_Alltoallv"
        .into();
    plot.caption = Some(
        "Markers: Ring ●, proposed ■, MPI_Alltoallv ▲. Where the curves coincide, the one \
         drawn last hides the others; the numbers of all are below."
            .into(),
    );
    plot.numbers_corner = "ms per collective by density D".into();
    plot.digits = 3;
    Reproduced {
        table,
        rows_are_jobs: false,
        table_in_report: false,
        plots: vec![plot],
    }
}

/// Fig. 6 with every run finished.
pub fn fig6() -> Figure {
    fig6_from(&fig6_experiment(REPETITIONS).finished())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Machine;

    /// Repetitions of the tests that compare ways of running the same jobs.
    const SLICE_REPS: u32 = 3;
    /// Repetitions of the tests of the results' shape: enough for the barrier's skew to settle
    /// (the values are within a few per cent of 1000 repetitions').
    const SHAPE_REPS: u32 = 20;

    /// Fig. 4 run directly (not as a job) `reps` times after a barrier each: s per 1000
    /// repetitions, and the port drops.
    fn direct(name: &str, algo: Algo, delta_us: f64, reps: u32) -> (f64, u64) {
        let profile = ethernet().unwrap();
        let schedule = algo.schedule(&Pattern::named(name, N).unwrap());
        let machine = Machine::new(&profile, N).unwrap();
        let programs = scheduled::benchmark(&schedule, BYTES, SimTime::from_us_f64(delta_us), reps);
        let mut sim = Sim::new(machine, programs, scheduled::ompi_config());
        sim.run().unwrap();
        (
            sim.now().as_secs_f64() * 1000.0 / f64::from(reps),
            port_drops(&sim),
        )
    }

    /// Runs `experiment` in small slices (as the browser does).
    fn in_slices(mut experiment: Experiment) -> Experiment {
        while !experiment.advance(97) {}
        experiment
    }

    /// Jobs advanced in small slices give exactly the direct runs' times, and their notes the
    /// direct runs' drops; every MPI cell has a value.
    #[test]
    fn jobs_equal_the_direct_runs() {
        let e = in_slices(table3_experiment(SLICE_REPS));
        let mut runs = 0;
        for job in &e.jobs {
            let label = &job.cell.label;
            let name = label.split(',').next().unwrap();
            let algo = if label.ends_with(", Ring") {
                Algo::Ring
            } else if label.contains("proposed") {
                Algo::Proposed
            } else {
                assert!(label.contains(", MPI_"), "{label}");
                assert!(job.cell.simulated.is_some(), "{label}: {}", job.cell.note);
                continue;
            };
            runs += 1;
            let (ms, drops) = direct(name, algo, DELTA_US, SLICE_REPS);
            assert_eq!(job.cell.simulated, Some(ms), "{label}");
            assert!(job.events() > 0);
            let note = if drops == 0 {
                "no port drop".to_string()
            } else {
                format!(
                    "{} port drops per collective",
                    drops / u64::from(SLICE_REPS)
                )
            };
            assert!(
                job.cell.note.starts_with(&note),
                "{label}: {}",
                job.cell.note
            );
        }
        assert_eq!(runs, 8);
        assert_eq!(e.table(), table3_experiment(SLICE_REPS).run());
        let mut f = fig5_experiment(SLICE_REPS);
        f.jobs.truncate(2);
        let f = in_slices(f);
        for (job, &d) in f.jobs.iter().zip(&FIG5_DELTAS_US) {
            assert_eq!(
                job.cell.simulated,
                Some(direct("gather", Algo::Proposed, d, SLICE_REPS).0)
            );
        }
    }

    /// The page's check runs every part in chunks to the end (all start on opening), and each
    /// part's values and notes equal the report's (`rankscope reproduce 002`).
    #[test]
    fn the_page_runs_every_part_in_chunks_to_the_reports_values() {
        use crate::papers::{Check, Scope, Status};
        let quick = Paper {
            parts: parts_at::<SLICE_REPS>,
            ..PAPER
        };
        let mut check = Check::new(quick);
        check.open();
        let mut now = 0.0;
        let mut clock = move || {
            now += 1.0;
            now
        };
        for _ in 0..100_000 {
            if !check.is_working() {
                break;
            }
            check.work(25.0, &mut clock);
        }
        let cells = |r: &Reproduced| -> Vec<(Option<f64>, String)> {
            let mut v: Vec<(Option<f64>, String)> = r
                .table
                .cells
                .iter()
                .map(|c| (c.simulated, c.note.clone()))
                .collect();
            for p in &r.plots {
                for s in &p.figure.series {
                    v.extend(s.values.iter().map(|x| (*x, s.label.clone())));
                }
            }
            v
        };
        for part in parts_at::<SLICE_REPS>() {
            let page = check.part(part.id).unwrap();
            assert_eq!(page.status(), Status::Done, "{}", part.id);
            let report = part.run(Scope::Report);
            assert_eq!(cells(page.result()), cells(&report), "{}", part.id);
        }
    }

    /// Table 1's flags are the paper's: Ring conflicts on gather and triangle only, the
    /// proposal never; on the cluster's parameters eq. 14 holds on scatter and gather, whose
    /// conflict-free makespans are exactly the formula, and fails on all-to-all and triangle
    /// (said in the note): all-to-all's ratio is above 1, triangle's latest receive is PE 0's
    /// (eq. 15), so its ratio is 1.
    #[test]
    fn table1_conflict_flags_match_the_paper() {
        let t = table1();
        for c in t.cells.iter().filter(|c| c.label.contains("conflicts")) {
            assert_eq!(c.simulated, Some(c.paper), "{}", c.label);
            assert_eq!(c.relative_error(), Some(0.0));
        }
        assert_eq!(t.cells.len(), 8 + 6);
        for name in ["scatter", "gather"] {
            let c = format!("{name}, proposed: makespan ÷ ((n − 1)·I(k) + L + o)");
            assert_eq!(t.value(&c), 1.0);
        }
        for name in ["alltoall", "triangle"] {
            let label = format!("{name}, proposed: makespan ÷ ((n − 1)·I(k) + L + o)");
            let c = t.cells.iter().find(|c| c.label == label).unwrap();
            assert!(c.note.starts_with("eq. 14 fails"), "{}", c.note);
        }
        let all = "alltoall, proposed: makespan ÷ ((n − 1)·I(k) + L + o)";
        assert!(t.value(all) > 1.0);
        assert_eq!(
            t.value("triangle, proposed: makespan ÷ ((n − 1)·I(k) + L + o)"),
            1.0
        );
    }

    /// Under long-latency parameters where eq. 14 holds for every receiver (L ≥ |S_q|·I(k)),
    /// every conflict-free makespan of Table 1 equals `(n − 1)·I(k) + L + o` exactly.
    #[test]
    fn where_eq_14_holds_every_conflict_free_makespan_is_the_formula() {
        let params = LogGp {
            l: SimTime::from_us_f64(10.0 * f64::from(N)),
            o: SimTime::from_us_f64(1.0),
            g_ps_per_byte: 1.0,
            k: 8001,
        };
        let t = table1_at(&params);
        let ratios: Vec<&Cell> = t.cells.iter().filter(|c| c.label.contains('÷')).collect();
        assert_eq!(ratios.len(), 6);
        for c in ratios {
            assert_eq!(c.simulated, Some(1.0), "{}", c.label);
            assert!(c.note.starts_with("eq. 14 holds"), "{}", c.note);
        }
    }

    /// Table 3's shape, with the tolerances stated: Ring pays about one retransmission timeout
    /// (150–230 ms more than the proposed schedule) on gather and triangle, with drops; the
    /// proposed schedule never drops and is within 3 % of Table 3's 33.2 s on gather; scatter
    /// and all-to-all take the same time under both, without drops.
    #[test]
    fn ring_pays_a_timeout_on_gather_and_triangle_and_the_proposal_does_not() {
        let t = table3_experiment(SHAPE_REPS).run();
        for name in ["gather", "triangle"] {
            let ring = t.value(&format!("{name}, Ring"));
            let proposed = t.value(&format!("{name}, proposed (δ = {DELTA_US} µs)"));
            assert!((150.0..230.0).contains(&(ring - proposed)), "{name}");
        }
        for c in &t.cells {
            let dropped = !c.note.starts_with("no port drop");
            if c.label.contains("proposed") {
                assert!(!dropped, "{}: {}", c.label, c.note);
            }
            let conflicting = c.label.starts_with("gather") || c.label.starts_with("triangle");
            if c.label.ends_with("Ring") {
                assert_eq!(dropped, conflicting, "{}", c.label);
            }
        }
        let gather = t.value(&format!("gather, proposed (δ = {DELTA_US} µs)"));
        assert!((gather - 33.2).abs() / 33.2 < 0.03, "{gather}");
        // What the part states: the barrier's skew costs triangle's proposed schedule a few ms
        // over the link-rate bound (gather's), still well under the paper's 75.1 s; all-to-all
        // under the paper's 37 s.
        let triangle = t.value(&format!("triangle, proposed (δ = {DELTA_US} µs)"));
        assert!(
            triangle > gather * 1.05 && triangle < 75.1 * 0.6,
            "{triangle}"
        );
        assert!(t.value("alltoall, Ring") < 37.0);
        for name in ["scatter", "alltoall"] {
            assert_eq!(
                t.value(&format!("{name}, Ring")),
                t.value(&format!("{name}, proposed (δ = {DELTA_US} µs)")),
                "{name}"
            );
        }
    }

    /// Fig. 5's shape: δ = 0 drops and pays the timeout (over 150 ms more than the best), the
    /// best δ lies on a plateau that holds the paper's 400 µs, and the largest δ idles: at
    /// least 62·δ.
    #[test]
    fn the_best_delta_is_on_the_plateau_with_the_papers() {
        let f = fig5_from(&fig5_experiment(SHAPE_REPS).finished());
        let v: Vec<f64> = f.series[0].values.iter().map(|v| v.unwrap()).collect();
        let least = v.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(v[0] > least + 150.0, "{v:?}");
        let best = f.points.cells[0].simulated.unwrap();
        assert!(best > 0.0 && best <= FIG5_BEST_US, "{best}");
        let at_paper = v[FIG5_DELTAS_US
            .iter()
            .position(|&d| d == FIG5_BEST_US)
            .unwrap()];
        assert!(at_paper <= least * (1.0 + FIG5_WITHIN), "{v:?}");
        let last = FIG5_DELTAS_US.len() - 1;
        assert!(v[last] >= 62.0 * FIG5_DELTAS_US[last] / 1000.0, "{v:?}");
        assert_eq!(
            best_delta(&[1.0, 2.0, 3.0], &[Some(5.0), Some(1.005), Some(1.0)]),
            Some(2.0)
        );
        assert_eq!(best_delta(&[1.0, 2.0], &[Some(5.0), None]), None);
    }

    /// Fig. 6 as it comes out (stated in the part): no drop on any scale-free pattern, Ring
    /// within 12 % above the busiest PE's bound, the proposed schedule a few per cent slower
    /// than Ring on all five, and `MPI_Alltoallv` slower than the proposed schedule on all
    /// five (the paper's direction); the densities are Table 4's.
    #[test]
    fn scale_free_patterns_do_not_overflow_a_port() {
        let f = fig6_from(&fig6_experiment(SHAPE_REPS).finished());
        let d: Vec<f64> = f.x.iter().map(|x| (x * 100.0).round() / 100.0).collect();
        assert_eq!(d, [0.12, 0.20, 0.31, 0.40, 0.50]);
        let flows = fresh_flows().unwrap() as usize;
        let wire = wire_time(&LogGp::of(&ethernet().unwrap(), BYTES));
        for ((c, (name, _)), ring) in f
            .points
            .cells
            .iter()
            .zip(SCALE_FREE)
            .zip(&f.series[0].values)
        {
            let speedup = c.simulated.unwrap();
            assert!((0.85..1.0).contains(&speedup), "{}: {speedup}", c.label);
            assert!(
                c.note.contains("Ring: no port drop") && c.note.contains("proposed: no port drop"),
                "{}",
                c.note
            );
            // Ring's conflicts stay under what a port holds, and it finishes within 12 % of
            // the busiest PE's bound (the part's explanation).
            let p = Pattern::named(name, N).unwrap();
            let s = ring_schedule(&p);
            assert!(s.conflicts().iter().all(|c| c.senders.len() < flows));
            let busiest = p.targets.iter().map(Vec::len).max().unwrap() as u64;
            let bound = wire.times(busiest).as_secs_f64() * 1000.0;
            let ring = ring.unwrap();
            assert!(
                ring >= bound && ring < bound * 1.12,
                "{name}: {ring} vs {bound}"
            );
        }
        for c in &f.points.cells[SCALE_FREE.len()..] {
            let speedup = c.simulated.unwrap();
            assert!(speedup > 1.0, "{}: {speedup}", c.label);
            assert!(c.note.contains("(pairwise): no port drop"), "{}", c.note);
        }
    }

    /// Table 3's MPI cells have the paper's shape: scatter and gather at the link-rate bound
    /// (within 4 % of 63 messages' wire time), the broadcast far below the scatter (it moves
    /// one block, not 63), the proposed schedule no slower than the MPI collective doing its
    /// exchange on scatter, gather and all-to-all (within 0.5 %), and within 15 % of
    /// `MPI_Alltoallv` on triangle; each label names Open MPI's algorithm.
    #[test]
    fn table3_mpi_cells_have_the_papers_shape() {
        let t = table3_experiment(SHAPE_REPS).run();
        let wire = wire_time(&LogGp::of(&ethernet().unwrap(), BYTES));
        let bound = wire.times(u64::from(N - 1)).as_secs_f64() * 1000.0;
        let value = |prefix: &str| {
            let c = t
                .cells
                .iter()
                .find(|c| c.label.starts_with(prefix))
                .unwrap_or_else(|| panic!("no cell {prefix}"));
            c.simulated
                .unwrap_or_else(|| panic!("{}: {}", c.label, c.note))
        };
        for cell in [
            "scatter, MPI_Scatter (basic linear)",
            "gather, MPI_Gather (linear with synchronisation, 1 KiB first segment)",
        ] {
            let v = value(cell);
            assert!(v >= bound && v < bound * 1.04, "{cell}: {v} vs {bound}");
        }
        let bcast = value("scatter, MPI_Bcast (split binary tree, 1 KiB segments)");
        assert!(bcast * 10.0 < value("scatter, MPI_Scatter"), "{bcast}");
        for (pattern, mpi) in [
            ("scatter", "MPI_Scatter"),
            ("gather", "MPI_Gather"),
            ("alltoall", "MPI_Alltoall (pairwise)"),
        ] {
            let proposed = value(&format!("{pattern}, proposed"));
            let collective = value(&format!("{pattern}, {mpi}"));
            assert!(
                proposed <= collective * 1.005,
                "{pattern}: {proposed} vs {collective}"
            );
        }
        // The miss the part states: on triangle the barrier's skew puts the proposed schedule
        // a little behind MPI_Alltoallv (the paper: 9 % ahead); both near the bound.
        let proposed = value("triangle, proposed");
        let alltoallv = value("triangle, MPI_Alltoallv (pairwise)");
        assert!(
            (proposed / alltoallv - 1.0).abs() < 0.15,
            "{proposed} vs {alltoallv}"
        );
        assert!(value("alltoall, MPI_Allgather (neighbour exchange)") > bound);
    }
}
