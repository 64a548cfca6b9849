//! Paper 004 (Kikuchi et al.: PVM on FOLON, message passing over a VME bus of PCs). What it
//! reproduces: Table 2 (4-byte latency and 4096-byte throughput of VCL, FCP and FCP plus, with
//! FCP II's predicted latency), Table 4 (the words FCP and FCP II keep per buffer-table entry,
//! receive-buffer area and message header) and Table 5 (the loads and stores of shared memory
//! each send and receive makes), and the paper's point: FCP's microseconds go to exclusion,
//! management words and table lookups, not to the bus.
//!
//! How. Every run is the native workload `workloads::folon_transfers` on the `folon` profile
//! through core's VCL/FCP layer (`proto::fcp`): a ping-pong between PEs 0 and 1, half a round
//! trip the latency, 4096 bytes over it the throughput (the paper's Sec. 5.1). Table 5's counts
//! are what the layer's procedures loaded and stored during those runs; Table 4 is the layouts
//! those procedures use. The bus's 400 ns and 2.1 µs are the paper's nominal access times. Two
//! costs are calibrations from the paper's text (the `folon` profile derives them): FCP's code
//! around each protocol word, 2.39 µs (Tables 2 and 5: 40 µs for the 11 words FCP plus saves,
//! 3.64 µs a counted word, less the memory's own time), and the exclusion's system call,
//! 5.45 µs (Sec. 6.1.1: a memory-only test&set would halve the exclusion overhead).
//!
//! UDP over the PCs' Ethernet (Table 2's last row) runs through core's socket layer
//! (`proto::sockets`) with the profile's assumed kernel costs.
//!
//! Table 3 runs PVM's ping-pong through core's PVM layer (`proto::pvm`): a pvmd per PE, the
//! daemons over UDP or over FCP, and the direct route the paper leaves for future work.

use super::native_run::{Measure, NativeRun};
use super::paper::{Paper, Part, Reproduced};
use super::{Cell, Experiment, Job, Table};
use crate::engine::Sim;
use crate::machine::builtin_profile;
use crate::proto::fcp::{Cost, Fcp, Side, Variant};
use crate::proto::pvm::{Leg, Pvm, PvmConfig};
use crate::proto::sockets::Sockets;
use crate::workloads::folon_transfers::{FolonTransfers, Pattern, Plan, Via};
use crate::workloads::{Native, WorkloadKind};

/// Paper 004 in the registry.
pub const PAPER: Paper = Paper {
    id: "004",
    short: "PVM on FOLON's VME bus",
    title: "PVM on FOLON: message passing over a VME bus of PCs",
    intro: "This page runs the paper's ping-pong through the simulator's VCL and FCP — six PCs \
sharing a VME bus, each with 128 KB of dual-port memory; every protocol word a load or a store \
timed on the bus (400 ns in the PE's own memory, 2.1 µs in another's, the bus carrying one at a \
time); exclusion a system call plus the bus lock — here in your browser.

The loads and stores are counted as the procedures run, so Table 5 is what the code does. \
The access times are the paper's nominal ones. Two costs are calibrated from the paper's text, \
not fitted to a latency: FCP's code around each protocol word (2.39 µs: Tables 2 and 5 put \
3.64 µs on each word FCP plus saves) and the exclusion's system call (5.45 µs: Sec. 6.1.1 says \
a memory-only test&set would halve the exclusion overhead). The kernel's socket costs for UDP \
over the PCs' Ethernet are assumptions of the `folon` profile. PVM's daemons and tasks are modelled on top: every fragment, \
acknowledgement and hop is a socket or FCP transfer of the same layers. The error is (simulated − paper) / \
paper; — where there is no value.",
    parts,
};

/// The paper's machine.
pub const MACHINE: &str = "folon";

/// Round trips per measurement (after none: nothing warms up on FOLON).
pub const REPS: u32 = 10;

/// Table 2: latency (µs) and throughput (MB/s) by library, the paper's values.
pub const TABLE2: [(&str, f64, f64); 4] = [
    ("VCL", 4.2, 1.7),
    ("FCP", 240.0, 1.5),
    ("FCP plus", 200.0, 1.5),
    ("Ethernet (UDP)", 320.0, 0.76),
];

/// FCP II's latency the paper predicts (Sec. 6.1.2), µs.
pub const FCP_II_PREDICTED: f64 = 140.0;

/// Table 3: PVM's latency (µs) and throughput (MB/s) over Ethernet (UDP) and the VME bus (FCP).
pub const TABLE3: [(&str, f64, f64); 2] =
    [("Ethernet (UDP)", 580.0, 0.60), ("VME (FCP)", 630.0, 1.0)];

/// Table 4: words per buffer-table entry, receive-buffer area and message header, FCP (and FCP
/// plus) then FCP II.
pub const TABLE4: [(&str, f64, f64); 3] = [
    ("buffer table", 4.0, 1.0),
    ("receive-buffer area", 7.0, 2.0),
    ("message header", 3.0, 2.0),
];

/// Table 5: words loaded and stored per send and per receive: FCP, FCP plus, FCP II.
pub const TABLE5: [(Variant, f64, f64); 3] = [
    (Variant::Fcp, 23.0, 22.0),
    (Variant::FcpPlus, 18.0, 16.0),
    (Variant::FcpII, 8.0, 7.0),
];

/// The parts: Tables 2, 3, 4 and 5.
pub fn parts() -> Vec<Part> {
    vec![
        Part::new(
            "table2",
            "unit as labelled",
            format!(
                "A ping-pong between PEs 0 and 1, {REPS} round trips: half a round trip is the \
                 latency of a 4-byte message, 4096 bytes over half a round trip of 4096 bytes \
                 the throughput (Sec. 5.1). VCL stores the data and then a flag word into the \
                 other PE's memory, which spins on the flag; FCP, FCP plus and FCP II run their \
                 whole procedures (buffer table, test&set, management area, header, data, \
                 release; the receiver polls, locks and reads). FCP II is the paper's design, \
                 not measured: its row compares with the paper's prediction.\n\n\
                 Costs: each protocol word (table, area, header, poll, release; a test&set \
                 twice) pays FCP's code, 2.39 µs, before its access — calibrated from the text: \
                 (240 − 200) µs for the 11 words FCP plus saves is 3.64 µs a counted word, of \
                 which the memory is 1.25 µs on average in this ping-pong; an exclusion's two \
                 system calls are 5.45 µs each — Sec. 6.1.1 says a memory-only test&set would \
                 halve the exclusion overhead, so they cost what its three counted words \
                 cost.\n\n\
                 Shape that holds: VCL ≪ FCP II < FCP plus < FCP, and at 4096 bytes every \
                 library is close to VCL — a fixed cost per transfer, as Sec. 5.1 says. \
                 FCP ÷ FCP plus comes out near the paper's 1.2. The cells' notes say where a \
                 message's microseconds went: to the protocol's words and their code, the \
                 management area first, and to exclusion — two system calls per test&set and \
                 the bus locked; the data's one word is 2.1 µs. Misses: FCP's and FCP plus's \
                 latencies are about 0.75 of the paper's, and FCP II ÷ FCP plus is about 0.5 \
                 where the paper predicted 0.7: the paper's three latencies (240, 200, 140 µs \
                 for 45, 34 and 15 counted words) leave about 75 µs per message that no word \
                 explains, and its own statement that a memory-only test&set halves exclusion \
                 puts only about 22 µs of it in system calls; the rest (the calls' own entry \
                 and exit, PVM-independent library code the paper does not describe) is not \
                 in the model.\n\n\
                 UDP: the same ping-pong by `sendto` and `recvfrom` over the PCs' 10 Mb/s \
                 Ethernet (the `folon` profile's `[ethernet]` and `[kernel]` sections: a \
                 system call, a copy, the kernel's output path per packet, the frame on the \
                 wire, the receiving kernel's input path; none of these costs is in the \
                 paper). UDP's throughput is below every FCP's, as in the paper, and its \
                 latency above FCP plus's and FCP II's; the cells' notes give its packets. \
                 Miss: UDP's latency is about 0.6 of the paper's 320 µs — the kernel costs \
                 are assumptions — so it comes out level with FCP's, where the paper has \
                 FCP 1.3 times faster."
            ),
            |_| table2_experiment(),
            table2_reproduced,
        ),
        Part::new(
            "table3",
            "unit as labelled",
            format!(
                "PVM's ping-pong between tasks on PEs 0 and 1 ({REPS} round trips; `pvm_send` \
                 and `pvm_recv`, tag 1), through core's PVM layer (`proto::pvm`): each task \
                 writes its message's fragments (at most 4032 bytes of data, a 16-byte header \
                 each, the 32-byte message header in the first) to its pvmd over TCP; the \
                 pvmd sends each to the other host's pvmd — over UDP on the Ethernet (Fig. 3) \
                 or over FCP on the VME bus (the FOLON port, Fig. 4) — which acknowledges it \
                 with a packet of its own before writing it to the task; a pvmd has one \
                 unacknowledged packet per host at a time. The third route is the paper's \
                 future work, task to task over FCP without the daemons: a prediction. The \
                 cells' notes say where a message's time went, hop by hop (from a packet's \
                 send to its read by the next process; hops overlap: the acknowledgement \
                 travels while the fragment goes on to the task).\n\n\
                 Shape that holds: PVM over FCP is slower than over UDP at 4 bytes, as the \
                 paper measured (630 against 580 µs, 1.1 times): the daemons' link over FCP \
                 pays FCP's protocol words, their code and its exclusion twice per message — \
                 the fragment and the daemon's acknowledgement — where UDP pays a kernel's \
                 packet path. The paper gives the causes: \"the FCP used was not tuned for \
                 latency\" and only the daemons' link uses it (Sec. 6.2); its other cause, \
                 waits inserted because the port was unstable, is not in the model. Over FCP \
                 the daemons' link carries 4096 bytes faster than UDP (the paper: 1.7 times; \
                 here less, because the model's UDP is faster than the paper's — see its \
                 throughput row; its kernel costs are assumptions), and the direct route \
                 removes most of the latency: four socket hops and an acknowledgement become \
                 one FCP transfer."
            ),
            |_| table3_experiment(),
            table3_reproduced,
        ),
        Part::new(
            "table4",
            "words (4 bytes)",
            "The words each design keeps, as the layer's procedures read and write them \
             (`proto::fcp::variant`): a buffer-table entry (FCP: process id, group, PE, \
             address; FCP II: one word, the task running and its group, the buffer's place \
             computed from its id), a receive buffer's management area (lock, owner, group, \
             capacity, write and read offsets, message count; FCP II: lock and one word of \
             both offsets) and a message's header (source, length, sequence number; FCP II: \
             source and length).",
            |_| Experiment {
                title: "Paper 004 Table 4: protocol words, FCP / FCP plus and FCP II".into(),
                jobs: Vec::new(),
            },
            |_| Reproduced::derived(table4()),
        ),
        Part::new(
            "table5",
            "words (4 bytes)",
            format!(
                "The loads and stores of shared-memory words each send and each receive made in \
                 the 4-byte ping-pong ({REPS} round trips), counted as the layer's procedures \
                 ran: the table lookups, the test&set (a load and a store), the management \
                 area, the header, the release. The data's words and the receiver's polling \
                 before a message arrived are not overhead and are not counted. The paper \
                 gives only these totals; the procedures are this simulator's reconstruction \
                 from its text (Secs. 3.4–3.5, 6.1.2), and each word's purpose is in the event \
                 log of a run on `folon`. FCP plus drops FCP's table reads (5 per send: its own \
                 group and the destination's entry; 6 per receive: its own entry and the \
                 sender's id and group); FCP II reads a one-word entry, one word of offsets, \
                 and writes a two-word header."
            ),
            |_| table5_experiment(),
            table5_reproduced,
        ),
    ]
}

/// A ping-pong job on FOLON: `reps` round trips of `bytes`, through `via` (FCP as `variant`).
fn ping_pong_job(
    cell: Cell,
    (via, variant, bytes): (Via, Variant, u64),
    read: super::native_run::ReadRun,
    note: fn(&Sim<Native>) -> String,
) -> Job {
    pvm_ping_pong_job(cell, (via, variant, PvmConfig::UDP, bytes), read, note)
}

/// A ping-pong job on FOLON with PVM routed as `pvm`.
fn pvm_ping_pong_job(
    cell: Cell,
    (via, variant, pvm, bytes): (Via, Variant, PvmConfig, u64),
    read: super::native_run::ReadRun,
    note: fn(&Sim<Native>) -> String,
) -> Job {
    let Some(profile) = builtin_profile(MACHINE) else {
        return Job::failed(cell, format!("no built-in machine {MACHINE:?}"));
    };
    let run = NativeRun {
        profile,
        // Not used by `Job::programs` (the programs are given).
        kind: WorkloadKind::PingPong,
        ranks: 2,
        rounds: 1,
        engines: None,
        measure: Measure::Read(read),
        note_from_run: Some(note),
        eager_limit: None,
        fcp: variant,
        pvm,
    };
    let plan = Plan {
        pattern: Pattern::PingPong,
        via,
        bytes,
        reps: REPS,
    };
    Job::programs_later(
        cell,
        run,
        move || {
            Ok(FolonTransfers::programs(2, plan)
                .into_iter()
                .map(|p| Native::Folon(Box::new(p)))
                .collect())
        },
        0,
    )
}

fn rank0(sim: &Sim<Native>) -> Result<&FolonTransfers, String> {
    match sim.program(0) {
        Some(Native::Folon(p)) => Ok(p),
        _ => Err("rank 0 is not the FOLON transfer program".to_string()),
    }
}

fn one_way_us(sim: &Sim<Native>) -> Result<f64, String> {
    rank0(sim)?
        .one_way()
        .map(|t| t.as_us_f64())
        .ok_or_else(|| "the ping-pong did not finish".to_string())
}

fn mb_per_s_4096(sim: &Sim<Native>) -> Result<f64, String> {
    one_way_us(sim).map(|us| 4096.0 / us)
}

/// Where a message's time went, per message (half a round trip), by cost.
fn where_the_time_went(sim: &Sim<Native>) -> String {
    let Some(fcp) = sim.layer::<Fcp>() else {
        return String::new();
    };
    if let Some((packets, wire)) = sim
        .layer::<Sockets>()
        .map(|s| s.engine().packets())
        .filter(|p| p.0 > 0)
    {
        let messages = u64::from(REPS * 2);
        let n = packets / messages;
        let plural = if n == 1 { "packet" } else { "packets" };
        return format!("{n} {plural} per message, {} on the wire", wire / messages);
    }
    let messages = f64::from(REPS * 2);
    let parts: Vec<String> = Cost::ALL
        .iter()
        .filter(|c| fcp.spent(**c).as_ps() > 0)
        .map(|c| {
            format!(
                "{} {:.1} µs",
                c.name(),
                fcp.spent(*c).as_us_f64() / messages
            )
        })
        .collect();
    format!("per message: {}", parts.join(", "))
}

/// Table 2's runs: the libraries at 4 bytes (latency), then at 4096 (throughput).
pub fn table2_experiment() -> Experiment {
    let libs = [
        ("VCL", Via::Vcl, Variant::Fcp, TABLE2[0]),
        ("FCP", Via::Fcp, Variant::Fcp, TABLE2[1]),
        ("FCP plus", Via::Fcp, Variant::FcpPlus, TABLE2[2]),
        (
            "FCP II",
            Via::Fcp,
            Variant::FcpII,
            ("FCP II", FCP_II_PREDICTED, f64::NAN),
        ),
        ("Ethernet (UDP)", Via::Udp, Variant::Fcp, TABLE2[3]),
    ];
    let mut jobs = Vec::new();
    for (name, via, variant, (_, lat, _)) in libs {
        let what = if name == "FCP II" {
            " (the paper's prediction)"
        } else {
            ""
        };
        jobs.push(ping_pong_job(
            Cell::pending(format!("{name}, latency (µs){what}"), lat, ""),
            (via, variant, 4),
            one_way_us,
            where_the_time_went,
        ));
    }
    for (name, via, variant, (_, _, thr)) in libs {
        jobs.push(ping_pong_job(
            Cell::pending(format!("{name}, throughput (MB/s)"), thr, ""),
            (via, variant, 4096),
            mb_per_s_4096,
            where_the_time_went,
        ));
    }
    Experiment {
        title: "Paper 004 Table 2: latency (µs, 4 bytes) and throughput (MB/s, 4096 bytes)".into(),
        jobs,
    }
}

/// Table 2 from its runs, with the ratios the paper's numbers imply and UDP's row.
pub fn table2_reproduced(experiment: &Experiment) -> Reproduced {
    let mut cells: Vec<Cell> = experiment.jobs.iter().map(|j| j.cell.clone()).collect();
    let value = |i: usize| experiment.jobs.get(i).and_then(|j| j.cell.simulated);
    let ratio = |a: usize, b: usize| value(a).zip(value(b)).map(|(a, b)| a / b);
    cells.push(Cell {
        label: "FCP ÷ FCP plus, latency".into(),
        paper: TABLE2[1].1 / TABLE2[2].1,
        simulated: ratio(1, 2),
        note: "what FCP plus's cached table saves".into(),
    });
    cells.push(Cell {
        label: "FCP II ÷ FCP plus, latency".into(),
        paper: FCP_II_PREDICTED / TABLE2[2].1,
        simulated: ratio(3, 2),
        note: "what compressing the words saves (the paper's prediction)".into(),
    });
    Reproduced::derived(Table {
        title: experiment.title.clone(),
        cells,
    })
}

/// The routes of Table 3: name, configuration, the paper's latency and throughput.
const ROUTES: [(&str, PvmConfig, f64, f64); 3] = [
    (
        "PVM over Ethernet (UDP)",
        PvmConfig::UDP,
        TABLE3[0].1,
        TABLE3[0].2,
    ),
    (
        "PVM over VME (FCP)",
        PvmConfig::FCP,
        TABLE3[1].1,
        TABLE3[1].2,
    ),
    (
        "PVM task to task over FCP (future work)",
        PvmConfig::DIRECT,
        f64::NAN,
        f64::NAN,
    ),
];

/// Table 3's runs: PVM's ping-pong on each route, at 4 and at 4096 bytes.
pub fn table3_experiment() -> Experiment {
    let mut jobs = Vec::new();
    for (name, config, lat, _) in ROUTES {
        jobs.push(pvm_ping_pong_job(
            Cell::pending(format!("{name}, latency (µs)"), lat, ""),
            (Via::Pvm, Variant::Fcp, config, 4),
            one_way_us,
            pvm_legs,
        ));
    }
    for (name, config, _, thr) in ROUTES {
        jobs.push(pvm_ping_pong_job(
            Cell::pending(format!("{name}, throughput (MB/s)"), thr, ""),
            (Via::Pvm, Variant::Fcp, config, 4096),
            mb_per_s_4096,
            pvm_legs,
        ));
    }
    Experiment {
        title: "Paper 004 Table 3: PVM's latency (µs) and throughput (MB/s)".into(),
        jobs,
    }
}

/// Where a PVM message's time went, hop by hop (per message).
fn pvm_legs(sim: &Sim<Native>) -> String {
    let Some(pvm) = sim.layer::<Pvm>() else {
        return String::new();
    };
    let messages = f64::from(REPS * 2);
    let parts: Vec<String> = Leg::ALL
        .iter()
        .filter(|l| pvm.spent(**l).as_ps() > 0)
        .map(|l| {
            format!(
                "{} {:.0} µs",
                l.name(),
                pvm.spent(*l).as_us_f64() / messages
            )
        })
        .collect();
    format!("per message: {}", parts.join(", "))
}

/// Table 3 from its runs, with the throughput ratio the paper reports.
pub fn table3_reproduced(experiment: &Experiment) -> Reproduced {
    let mut cells: Vec<Cell> = experiment.jobs.iter().map(|j| j.cell.clone()).collect();
    let value = |i: usize| experiment.jobs.get(i).and_then(|j| j.cell.simulated);
    let n = ROUTES.len();
    cells.push(Cell {
        label: "PVM over FCP ÷ over UDP, throughput".into(),
        paper: TABLE3[1].2 / TABLE3[0].2,
        simulated: value(n + 1).zip(value(n)).map(|(f, u)| f / u),
        note: "what the bus gives the daemons' link".into(),
    });
    cells.push(Cell {
        label: "PVM over FCP ÷ over UDP, latency".into(),
        paper: TABLE3[1].1 / TABLE3[0].1,
        simulated: value(1).zip(value(0)).map(|(f, u)| f / u),
        note:
            "FCP's words and exclusion, paid for the fragment and its acknowledgement (Sec. 6.2: \
               the FCP used was not tuned for latency)"
                .into(),
    });
    Reproduced::derived(Table {
        title: experiment.title.clone(),
        cells,
    })
}

/// Table 4 from the layouts the procedures use.
pub fn table4() -> Table {
    let sizes = |v: Variant| {
        let l = v.layout();
        [l.entry.len(), l.area.len(), l.header.len()]
    };
    let (fcp, two) = (sizes(Variant::Fcp), sizes(Variant::FcpII));
    let mut cells = Vec::new();
    for (i, (name, paper_fcp, paper_two)) in TABLE4.into_iter().enumerate() {
        cells.push(Cell {
            label: format!("{name}, FCP / FCP plus"),
            paper: paper_fcp,
            simulated: Some(fcp[i] as f64),
            note: String::new(),
        });
        cells.push(Cell {
            label: format!("{name}, FCP II"),
            paper: paper_two,
            simulated: Some(two[i] as f64),
            note: String::new(),
        });
    }
    Table {
        title: "Paper 004 Table 4: protocol words, FCP / FCP plus and FCP II".into(),
        cells,
    }
}

/// Table 5's runs: a 4-byte ping-pong per design, read once for sends and once for receives.
pub fn table5_experiment() -> Experiment {
    let mut jobs = Vec::new();
    for (variant, send, recv) in TABLE5 {
        for (side, paper) in [(Side::Send, send), (Side::Receive, recv)] {
            let dir = if side == Side::Send {
                "send"
            } else {
                "receive"
            };
            let (read, note): (super::native_run::ReadRun, fn(&Sim<Native>) -> String) =
                if side == Side::Send {
                    (
                        |sim| words_per_transfer(sim, Side::Send),
                        |sim| loads_and_stores(sim, Side::Send),
                    )
                } else {
                    (
                        |sim| words_per_transfer(sim, Side::Receive),
                        |sim| loads_and_stores(sim, Side::Receive),
                    )
                };
            jobs.push(ping_pong_job(
                Cell::pending(format!("{variant}, {dir}"), paper, ""),
                (Via::Fcp, variant, 4),
                read,
                note,
            ));
        }
    }
    Experiment {
        title: "Paper 004 Table 5: shared-memory loads and stores per transfer (words)".into(),
        jobs,
    }
}

fn words_per_transfer(sim: &Sim<Native>, side: Side) -> Result<f64, String> {
    let fcp = sim.layer::<Fcp>().ok_or("the run has no FCP layer")?;
    let (n, loads, stores) = fcp.totals(side);
    if n == 0 {
        return Err("no transfer finished".into());
    }
    Ok((loads + stores) as f64 / n as f64)
}

/// A side's loads and stores per transfer, in words.
fn loads_and_stores(sim: &Sim<Native>, side: Side) -> String {
    let Some(fcp) = sim.layer::<Fcp>() else {
        return String::new();
    };
    let (n, loads, stores) = fcp.totals(side);
    if n == 0 {
        return String::new();
    }
    format!("{} loads + {} stores", loads / n, stores / n)
}

/// Table 5 from its runs, each cell with its loads and stores apart.
pub fn table5_reproduced(experiment: &Experiment) -> Reproduced {
    Reproduced::jobs(experiment)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::papers::paper::Scope;

    fn part(id: &str) -> Reproduced {
        parts()
            .into_iter()
            .find(|p| p.id == id)
            .unwrap()
            .run(Scope::Report)
    }

    #[test]
    fn table5_counts_are_the_papers_and_table4_its_layouts() {
        let t = part("table5").table;
        for c in &t.cells {
            assert_eq!(c.simulated, Some(c.paper), "{}", c.label);
        }
        let t = part("table4").table;
        for c in &t.cells {
            assert_eq!(c.simulated, Some(c.paper), "{}", c.label);
        }
    }

    #[test]
    fn table3_the_bus_carries_pvm_faster_and_the_direct_route_cuts_the_latency() {
        let t = part("table3").table;
        let v = |label: &str| t.value(label);
        let thr = |n: &str| v(&format!("PVM {n}, throughput (MB/s)"));
        let lat = |n: &str| v(&format!("PVM {n}, latency (µs)"));
        assert!(thr("over VME (FCP)") > thr("over Ethernet (UDP)"));
        let direct = lat("task to task over FCP (future work)");
        assert!(direct * 2.0 < lat("over VME (FCP)"), "{direct}");
        // PVM over UDP within 15 % of the paper's 580 µs.
        let udp = lat("over Ethernet (UDP)");
        assert!((udp / 580.0 - 1.0).abs() < 0.15, "{udp}");
        // The paper's conclusion: PVM over FCP is slower than over UDP (630 against 580 µs).
        let fcp = lat("over VME (FCP)");
        assert!(fcp > udp, "PVM over FCP {fcp} µs, over UDP {udp} µs");
        // The notes name the hops, the daemons' acknowledgement among them.
        let note = &t.cells[0].note;
        assert!(note.contains("pvmd's acknowledgement"), "{note}");
    }

    #[test]
    fn table2_ranks_the_libraries_and_keeps_the_papers_ratios() {
        let t = part("table2").table;
        let lat = |n: &str| t.value(&format!("{n}, latency (µs)"));
        let two = t.value("FCP II, latency (µs) (the paper's prediction)");
        assert!(lat("VCL") < two && two < lat("FCP plus") && lat("FCP plus") < lat("FCP"));
        // The paper's FCP ÷ FCP plus, 1.2, within 10 % (FCP II ÷ FCP plus, the paper's
        // predicted 0.7, is a reported miss: see the part's notes).
        let label = "FCP ÷ FCP plus, latency";
        let c = t.cells.iter().find(|c| c.label == label).unwrap();
        let e = c.relative_error().unwrap();
        assert!(e.abs() < 0.1, "{label}: {e}");
        // Throughput: FCP within 10 % of VCL's at 4096 bytes.
        let thr = |n: &str| t.value(&format!("{n}, throughput (MB/s)"));
        assert!(thr("FCP") > 0.9 * thr("VCL") && thr("FCP") < thr("VCL"));
        // UDP over Ethernet: slower than FCP plus at 4 bytes (level with FCP: a reported
        // miss, the model's UDP being 0.6 of the paper's), and lower throughput.
        assert!(lat("Ethernet (UDP)") > lat("FCP plus"));
        assert!(thr("Ethernet (UDP)") < 0.75 * thr("FCP"));
        // The protocol, not the bus: FCP's message spends under 5 % of its time on its data,
        // and each of the paper's three causes (Sec. 5.1) takes more than the data.
        let note = &t.cells[1].note;
        let part = |name: &str| -> f64 {
            let at = note.find(&format!("{name} ")).expect(name) + name.len() + 1;
            let rest = &note[at..];
            rest[..rest.find(' ').unwrap()].parse().unwrap()
        };
        let data = part("data");
        assert!(data < 0.05 * lat("FCP"), "{note}");
        for cause in ["exclusion", "buffer table", "management area", "headers"] {
            assert!(part(cause) > 2.0 * data, "{cause}: {note}");
        }
    }
}
