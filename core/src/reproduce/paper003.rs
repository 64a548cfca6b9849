//! Paper 003 (MPI RMA lock synchronization on FX100): the MCS-RW shared lock + unlock of Sec. 5
//! on the simulated FX100 (Tofu2 RDMA atomics) and FX10 (none: emulated in software), run as the
//! native lock workload (`workloads::lock_rounds`, the algorithm of `locks::mcs_rw`). Fig. 8:
//! time per lock + unlock of the slowest process, 4 to 4096 processes on 128 nodes × 32; the
//! K computer's 663,552 processes simulated directly. Fig. 9: FX10 against FX100 at 256
//! processes. Fig. 10: per-rank totals for ppn 1, 8 and 32 on 128 nodes and their order by hop
//! distance. Figs. 11–12: fetch_and_adds on one node with 1 and 4 receiving RDMA engines. Only
//! 2.3 µs at 4 processes was calibrated (the engine's atomic time); everything else is a
//! prediction. Fig. 8's runs and a single round at any scale also come as resumable jobs
//! ([`fig8_experiment`], [`round_job`]) for the browser.

use std::collections::BTreeMap;

use super::native_run::{Measure, NativeRun};
use super::{Cell, Experiment, Figure, Job, Series, Table};
use crate::engine::{Limits, Sim, SimConfig};
use crate::locks::Algorithm;
use crate::machine::{builtin_profiles, Machine, Profile};
use crate::time::SimTime;
use crate::trace::TraceMode;
use crate::workloads::lock_rounds::LockRounds;
use crate::workloads::{programs, Native, WorkloadKind, WorkloadParams};

/// Fig. 8's process counts.
pub const FIG8_PROCESSES: [u32; 11] = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/// Lock + unlock rounds per process in the reproduction's runs (the paper: 1000; per-round times
/// are steady after a few).
pub const ROUNDS: u32 = 100;

/// Processes per node in the single-round runs at scale (the K computer's 8).
pub const SCALE_PPN: u32 = 8;

/// The K computer's scale: 82,944 nodes × 8 processes (paper 003 Sec. 5.2).
pub const K_PROCESSES: u32 = 663_552;

/// A built-in profile, optionally at another size (`Profile::resized`).
fn profile(id: &str, nodes: Option<u32>, ppn: Option<u32>) -> Result<Profile, String> {
    let p = builtin_profiles()
        .map_err(|e| e.to_string())?
        .into_iter()
        .find(|p| p.machine.id == id)
        .ok_or_else(|| format!("no built-in machine {id:?}"))?;
    let nodes = nodes.unwrap_or(p.machine.nodes.value);
    let ppn = ppn.unwrap_or(p.machine.ranks_per_node.value);
    Ok(p.resized(nodes, ppn, "paper 003's experiment"))
}

/// What a run gives: each rank's finish time and the hop distance of its node to the lock's.
struct Finish {
    times: Vec<SimTime>,
    hops: Vec<u32>,
}

impl Finish {
    fn max(&self) -> SimTime {
        self.times.iter().copied().max().unwrap_or_default()
    }

    fn min(&self) -> SimTime {
        self.times.iter().copied().min().unwrap_or_default()
    }
}

/// Runs `kind` on `ranks` ranks of `profile` with `engines` receiving RDMA engines in use.
fn run(
    profile: &Profile,
    ranks: u32,
    kind: WorkloadKind,
    iterations: u32,
    engines: Option<u32>,
) -> Result<Finish, String> {
    let params = WorkloadParams {
        bytes: 8,
        iterations,
    };
    let words = kind.words_per_rank();
    run_programs(profile, programs(kind, ranks, params), words, engines)
}

/// Runs `programs` (one per rank) on `profile`.
fn run_programs(
    profile: &Profile,
    programs: Vec<Native>,
    words: u32,
    engines: Option<u32>,
) -> Result<Finish, String> {
    let ranks = u32::try_from(programs.len()).map_err(|e| e.to_string())?;
    let mut machine = Machine::new(profile, ranks).map_err(|e| e.to_string())?;
    if let Some(n) = engines {
        machine.set_engines_in_use(n).map_err(|e| e.to_string())?;
    }
    let hops = (0..ranks).map(|r| machine.hop_distance(r, 0)).collect();
    let config = SimConfig {
        limits: Limits::unbounded(),
        trace: TraceMode::HashOnly,
        words_per_rank: words,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(machine, programs, config);
    sim.run().map_err(|e| e.to_string())?;
    let times = (0..ranks)
        .map(|r| match sim.program(r) {
            Some(Native::Lock(l)) => l.finished_at(),
            Some(Native::Atomics(a)) => a.finished_at(),
            _ => None,
        })
        .collect::<Option<Vec<SimTime>>>()
        .ok_or("a rank did not finish")?;
    Ok(Finish { times, hops })
}

/// Time per shared lock + unlock of the slowest process, in µs, for `processes` processes on
/// FX100 (128 nodes × 32; ranks fill node 0 first, where the lock lives).
fn per_lock_us(processes: u32, iterations: u32) -> Result<f64, String> {
    let p = profile("fx100", None, None)?;
    let f = run(&p, processes, WorkloadKind::SharedLock, iterations, None)?;
    Ok(f.max().as_us_f64() / f64::from(iterations))
}

fn cell(label: impl Into<String>, paper: f64, got: Result<f64, String>, note: &str) -> Cell {
    Cell {
        label: label.into(),
        paper,
        simulated: got.as_ref().ok().copied(),
        note: got.err().unwrap_or_else(|| note.to_string()),
    }
}

/// Fig. 8: the curve (µs per lock + unlock, `iterations` rounds) and the values the text states.
pub fn fig8(iterations: u32) -> Figure {
    let values: Vec<Option<f64>> = FIG8_PROCESSES
        .iter()
        .map(|&n| per_lock_us(n, iterations).ok())
        .collect();
    let at = |n: u32| {
        let i = FIG8_PROCESSES.iter().position(|&x| x == n);
        i.and_then(|i| values[i])
            .ok_or_else(|| format!("no run at {n}"))
    };
    let k = profile("fx100", Some(K_PROCESSES / SCALE_PPN), Some(SCALE_PPN)).and_then(|p| {
        let f = run(&p, K_PROCESSES, WorkloadKind::SharedLock, 1, None)?;
        Ok(f.max().as_secs_f64())
    });
    let points = Table {
        title: "Paper 003 Fig. 8, values stated in the text".into(),
        cells: vec![
            cell(
                "4 processes, µs per lock + unlock (calibration)",
                2.3,
                at(4),
                "the RDMA engine's atomic time is fitted to this",
            ),
            cell(
                "4096 processes, µs per lock + unlock",
                2200.0,
                at(4096),
                "the paper: Fig. 10's slowest rank at ppn 32, 2.2 s for 1000 rounds",
            ),
            cell(
                "663,552 processes (K computer), s for one lock + unlock",
                1.0,
                k,
                "the paper extrapolates about 1 s; here all 663,552 processes are simulated once",
            ),
        ],
    };
    Figure {
        title: format!("Paper 003 Fig. 8: MCS-RW shared lock + unlock on FX100 (µs per round of the slowest process, {iterations} rounds) by processes"),
        x: FIG8_PROCESSES.iter().map(|&n| f64::from(n)).collect(),
        series: vec![Series {
            label: "FX100, 1 RDMA engine".into(),
            values,
        }],
        points,
    }
}

/// The paper's stated µs per lock + unlock at `processes` on Fig. 8's curve (NaN where it states
/// none).
pub fn fig8_stated(processes: u32) -> f64 {
    match processes {
        4 => 2.3,
        4096 => 2200.0,
        _ => f64::NAN,
    }
}

/// Fig. 8's curve as resumable jobs, one per process count in [`FIG8_PROCESSES`]: µs per shared
/// lock + unlock of the slowest process over `rounds` rounds on FX100 (128 nodes × 32), each
/// cell next to the paper's stated value where there is one. The same runs as [`fig8`]'s.
pub fn fig8_experiment(rounds: u32) -> Experiment {
    let jobs = FIG8_PROCESSES
        .iter()
        .map(|&n| {
            let note = match n {
                4 => "calibration: the RDMA engine's atomic time is fitted to this",
                4096 => "the paper: Fig. 10's slowest rank at ppn 32, 2.2 s for 1000 rounds",
                _ => "a prediction; the paper plots it without a number in the text",
            };
            let cell = Cell {
                label: format!("{n} processes"),
                paper: fig8_stated(n),
                simulated: None,
                note: note.into(),
            };
            match profile("fx100", None, None) {
                Ok(p) => Job::native(
                    cell,
                    NativeRun {
                        profile: p,
                        kind: WorkloadKind::SharedLock,
                        ranks: n,
                        rounds,
                        engines: None,
                        measure: Measure::SlowestUsPerRound,
                    },
                ),
                Err(e) => Job::failed(cell, e),
            }
        })
        .collect();
    Experiment {
        title: format!("Paper 003 Fig. 8: MCS-RW shared lock + unlock on FX100 (µs per round of the slowest process, {rounds} rounds) by processes"),
        jobs,
    }
}

/// One shared lock + unlock round of `processes` processes on FX100 resized to
/// `processes / SCALE_PPN` nodes × [`SCALE_PPN`], as a resumable job whose value is the slowest
/// process's finish time in µs.
pub fn round_job(processes: u32) -> Job {
    let cell = Cell {
        label: format!("{processes} processes, one shared lock + unlock (µs)"),
        paper: f64::NAN,
        simulated: None,
        note: format!(
            "FX100 resized to {} nodes × {SCALE_PPN}; a prediction",
            processes.div_ceil(SCALE_PPN)
        ),
    };
    match profile(
        "fx100",
        Some(processes.div_ceil(SCALE_PPN)),
        Some(SCALE_PPN),
    ) {
        Ok(p) => Job::native(
            cell,
            NativeRun {
                profile: p,
                kind: WorkloadKind::SharedLock,
                ranks: processes,
                rounds: 1,
                engines: None,
                measure: Measure::SlowestUsPerRound,
            },
        ),
        Err(e) => Job::failed(cell, e),
    }
}

/// Fig. 9: FX10 (no RDMA atomics; 24 nodes × 16) against FX100 at 256 processes.
pub fn fig9(iterations: u32) -> Table {
    let fx100 = per_lock_us(256, iterations);
    let fx10 = profile("fx10", Some(24), Some(16)).and_then(|p| {
        let f = run(&p, 256, WorkloadKind::SharedLock, iterations, None)?;
        Ok(f.max().as_us_f64() / f64::from(iterations))
    });
    let ratio = match (&fx10, &fx100) {
        (Ok(a), Ok(b)) => Ok(a / b),
        _ => Err("a run failed".to_string()),
    };
    Table {
        title: "Paper 003 Fig. 9: shared lock + unlock at 256 processes, FX10 against FX100 (µs per round)".into(),
        cells: vec![
            cell("FX100, µs per round", 130.0, fx100, ""),
            cell(
                "FX10, µs per round",
                114_000.0,
                fx10,
                "the paper prints 114 s, read as 1000 rounds (its ratio to FX100 is ≈ 1000); FX10's locks are messages handled by the target's software, which this model serves as soon as they arrive",
            ),
            cell("FX10 / FX100", 877.0, ratio, "the paper: about 1000 times"),
        ],
    }
}

/// Fig. 10: per-rank totals of `iterations` rounds (reported for 1000) on 128 nodes with ppn 1,
/// 8 and 32, and the ppn-32 totals by hop distance to the lock's node.
pub fn fig10(iterations: u32) -> (Table, Figure) {
    let scale = 1000.0 / f64::from(iterations);
    let mut cells = Vec::new();
    let mut by_hops = Figure {
        title: "Paper 003 Fig. 10 (ppn 32): mean total of 1000 rounds (s) by Tofu hops to the lock's node".into(),
        x: Vec::new(),
        series: Vec::new(),
        points: Table {
            title: String::new(),
            cells: Vec::new(),
        },
    };
    for (ppn, paper) in [(1, 0.069), (8, 0.52), (32, 2.2)] {
        let f = profile("fx100", Some(128), Some(ppn))
            .and_then(|p| run(&p, 128 * ppn, WorkloadKind::SharedLock, iterations, None));
        cells.push(cell(
            format!(
                "ppn {ppn} ({} processes), slowest rank's total (s)",
                128 * ppn
            ),
            paper,
            f.as_ref()
                .map(|f| f.max().as_secs_f64() * scale)
                .map_err(Clone::clone),
            "",
        ));
        if ppn == 32 {
            cells.push(cell(
                "ppn 32, fastest rank's total (s)",
                0.1,
                f.as_ref()
                    .map(|f| f.min().as_secs_f64() * scale)
                    .map_err(Clone::clone),
                "the paper: totals spread from 0.1 to 2.2 s, in order of hop distance",
            ));
            if let Ok(f) = &f {
                let mut groups: BTreeMap<u32, (f64, u32)> = BTreeMap::new();
                for (t, h) in f.times.iter().zip(&f.hops) {
                    let g = groups.entry(*h).or_default();
                    g.0 += t.as_secs_f64() * scale;
                    g.1 += 1;
                }
                by_hops.x = groups.keys().map(|&h| f64::from(h)).collect();
                by_hops.series.push(Series {
                    label: "mean total".into(),
                    values: groups
                        .values()
                        .map(|(s, n)| Some(s / f64::from(*n)))
                        .collect(),
                });
            }
        }
    }
    (
        Table {
            title: format!("Paper 003 Fig. 10: per-rank totals of 1000 shared lock + unlock rounds on 128 FX100 nodes (s; simulated with {iterations} rounds, scaled)"),
            cells,
        },
        by_hops,
    )
}

/// The lock algorithms compared (not a figure of the paper: its Sec. 3 argues from the
/// algorithms): µs per lock + unlock of the slowest process on FX100 when one acquire in four is
/// exclusive, for MCS-RW (its implementation), foMPI's remote polling and a centralized
/// test-and-set lock.
pub fn algorithms(iterations: u32) -> Figure {
    const PROCESSES: [u32; 4] = [4, 16, 64, 256];
    let per_lock = |algorithm: Algorithm, n: u32| {
        let p = profile("fx100", None, None).ok()?;
        let programs = (0..n)
            .map(|_| Native::Lock(LockRounds::mixed(algorithm, iterations, 4)))
            .collect();
        let f = run_programs(&p, programs, algorithm.words(), None).ok()?;
        Some(f.max().as_us_f64() / f64::from(iterations))
    };
    Figure {
        title: format!("Lock algorithms compared: lock + unlock on FX100, 1 in 4 exclusive (µs per round of the slowest process, {iterations} rounds) by processes"),
        x: PROCESSES.iter().map(|&n| f64::from(n)).collect(),
        series: Algorithm::ALL
            .iter()
            .map(|&a| Series {
                label: a.to_string(),
                values: PROCESSES.iter().map(|&n| per_lock(a, n)).collect(),
            })
            .collect(),
        points: Table {
            title: String::new(),
            cells: Vec::new(),
        },
    }
}

/// Figs. 11–12: every process on the lock's node issues fetch_and_adds to it (loopback through
/// the RDMA engines); mean time per fetch_and_add with 1 and with 4 receiving engines.
pub fn fig11_12() -> Table {
    let mean = |engines: u32| {
        let p = profile("fx100", None, None)?;
        let f = run(&p, 32, WorkloadKind::Atomics, 1, Some(engines))?;
        let total: f64 = f.times.iter().map(|t| t.as_us_f64()).sum();
        Ok::<f64, String>(total / f.times.len() as f64 / 2.0)
    };
    let (one, four) = (mean(1), mean(4));
    let gain = match (&one, &four) {
        (Ok(a), Ok(b)) => Ok((1.0 - b / a) * 100.0),
        _ => Err("a run failed".to_string()),
    };
    Table {
        title: "Paper 003 Figs. 11–12: 32 processes on the lock's node, fetch_and_add through 1 or 4 RDMA engines".into(),
        cells: vec![
            Cell {
                label: "1 engine, mean µs per fetch_and_add".into(),
                paper: f64::NAN,
                simulated: one.as_ref().ok().copied(),
                note: "the paper plots it per rank without a number in the text".into(),
            },
            Cell {
                label: "4 engines, mean µs per fetch_and_add".into(),
                paper: f64::NAN,
                simulated: four.as_ref().ok().copied(),
                note: String::new(),
            },
            cell(
                "improvement with 4 engines (%)",
                40.0,
                gain,
                "bus-locked atomics serialize across engines ([nic] atomic_serial_fraction, assumed): far from 4×",
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fig. 8's jobs, advanced in small slices, give exactly the direct runs' values, and a
    /// single round at scale gives the direct run's slowest finish time.
    #[test]
    fn jobs_equal_the_direct_runs() {
        let mut experiment = fig8_experiment(3);
        experiment.jobs.truncate(4);
        while !experiment.advance(997) {}
        for (job, &n) in experiment.jobs.iter().zip(&FIG8_PROCESSES) {
            assert_eq!(job.cell.simulated, Some(per_lock_us(n, 3).unwrap()), "{n}");
            assert!(job.events() > 0);
        }
        assert_eq!(experiment.jobs[0].cell.paper, 2.3);
        let mut job = round_job(256);
        while !job.advance(1000) {}
        let p = profile("fx100", Some(32), Some(8)).unwrap();
        let direct = run(&p, 256, WorkloadKind::SharedLock, 1, None).unwrap();
        assert_eq!(job.cell.simulated, Some(direct.max().as_us_f64()));
    }

    /// Fig. 10's shape, with the tolerances stated: the slowest rank's total grows in proportion
    /// to the processes (ppn 8 is 8× ppn 1 and ppn 32 is 4× ppn 8, within 15 %), and at ppn 32 the
    /// ranks finish in order of hop distance (mean total never falls with more hops, 1 % slack).
    #[test]
    fn fig10_grows_with_processes_and_orders_by_hops() {
        let (t, hops) = fig10(20);
        let v: Vec<f64> = t
            .cells
            .iter()
            .filter(|c| c.label.contains("slowest"))
            .map(|c| c.simulated.unwrap())
            .collect();
        assert!((v[1] / v[0] / 8.0 - 1.0).abs() < 0.15, "{v:?}");
        assert!((v[2] / v[1] / 4.0 - 1.0).abs() < 0.15, "{v:?}");
        let means: Vec<f64> = hops.series[0].values.iter().map(|v| v.unwrap()).collect();
        assert!(means.len() > 2, "{means:?}");
        for w in means.windows(2) {
            assert!(w[1] >= w[0] * 0.99, "{means:?}");
        }
    }

    /// Figs. 11–12's shape: 4 engines help, but far less than 4× (the paper: ≈ 40 %; here
    /// between 10 % and 60 %).
    #[test]
    fn four_engines_help_but_not_fourfold() {
        let t = fig11_12();
        let gain = t.cells[2].simulated.unwrap();
        assert!((10.0..60.0).contains(&gain), "{gain}");
    }
}
