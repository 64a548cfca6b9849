//! Plain C takes time: each operation a rank executes is charged on its processor from the
//! profile's `[cpu.ops]` before the rank next communicates, reads the clock or prints, so a loop
//! before `MPI_Send` delays the message and `MPI_Wtime` sees the loop. `compute()`/`flops()`
//! model the code before them explicitly, so that code is not charged twice.

use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, Vm, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine, Profile};
use rankscope_core::proto::SimConfig;

fn profile(id: &str) -> Profile {
    builtin_profile(id).unwrap()
}

/// Runs `src` on `ranks` ranks of `profile`: the console lines and the simulator.
fn run(src: &str, ranks: u32, profile: &Profile) -> (Vec<String>, Sim<Vm>) {
    let compiled = lang::load(src, "cost.c").unwrap();
    let mut sim = Sim::new(
        Machine::new(profile, ranks).unwrap(),
        lang::ranks(&compiled, ranks, VmLimits::default()),
        SimConfig::default(),
    );
    sim.run().unwrap();
    let lines = sim.console().iter().map(|l| l.text.clone()).collect();
    (lines, sim)
}

/// The number printed after `key` on the first line that has it.
fn number(lines: &[String], key: &str) -> f64 {
    let line = lines.iter().find(|l| l.contains(key)).unwrap();
    let rest = &line[line.find(key).unwrap() + key.len()..];
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

const LOOP: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, i, x = 0;
    double t0, t1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    t0 = MPI_Wtime();
    for (i = 0; i < N; i++) x = x + i;
    t1 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        printf("loop ns %.3f\n", (t1 - t0) * 1e9);
    } else {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received at us %.3f\n", MPI_Wtime() * 1e6);
    }
    MPI_Finalize();
    return 0;
}
"#;

fn loop_src(n: u32) -> String {
    LOOP.replace("i < N", &format!("i < {n}"))
}

#[test]
fn a_loop_takes_its_operations_time_and_delays_the_message_after_it() {
    // EM-X: 16 MHz, one cycle per operation: 62.5 ns each.
    let emx = profile("emx");
    let (short, _) = run(&loop_src(1_000), 2, &emx);
    let (long, _) = run(&loop_src(101_000), 2, &emx);
    // 100,000 more iterations of the same operations: the loop's time grows by exactly their
    // count × 62.5 ns, whatever the count per iteration is; each iteration is a whole number of
    // operations.
    let grown = number(&long, "loop ns") - number(&short, "loop ns");
    let per_iteration = grown / 100_000.0 / 62.5;
    assert!(
        (per_iteration - per_iteration.round()).abs() < 1e-6 && per_iteration >= 5.0,
        "{per_iteration} operations per iteration"
    );
    // The message leaves after the loop: the receiver sees it that much later.
    let later = number(&long, "received at us") - number(&short, "received at us");
    assert!(
        (later * 1e3 - grown).abs() < 1.0,
        "{later} µs vs {grown} ns"
    );
}

#[test]
fn faster_processors_take_less_time_for_the_same_loop() {
    let ns = |id: &str| number(&run(&loop_src(10_000), 2, &profile(id)).0, "loop ns");
    let (emx, folon, fx100) = (ns("emx"), ns("folon"), ns("fx100"));
    // 16 MHz, 120 MHz at one operation per cycle, 2.2 GHz at two per cycle.
    assert!((emx / folon - 120.0 / 16.0).abs() < 1e-6, "{emx} {folon}");
    assert!(
        (folon / fx100 - 2.0 * 2200.0 / 120.0).abs() < 1e-3,
        "{folon} {fx100}"
    );
}

#[test]
fn a_profile_without_op_costs_keeps_plain_c_free() {
    let mut p = profile("emx");
    p.cpu.ops = None;
    let (lines, _) = run(&loop_src(10_000), 2, &p);
    assert_eq!(number(&lines, "loop ns"), 0.0);
}

const DIVIDING: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int i, x = 7, y = 1;
    double t0, t1, t2;
    MPI_Init(&argc, &argv);
    t0 = MPI_Wtime();
    for (i = 1; i < 1001; i++) y = x * i;
    t1 = MPI_Wtime();
    for (i = 1; i < 1001; i++) y = x / i;
    t2 = MPI_Wtime();
    printf("multiply ns %.3f divide ns %.3f\n", (t1 - t0) * 1e9, (t2 - t1) * 1e9);
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn a_division_costs_its_extra_cycles() {
    // EM-X: divide_cycles = 32 at 16 MHz, 2 µs more per division than a multiplication.
    let (lines, _) = run(DIVIDING, 1, &profile("emx"));
    let extra = number(&lines, "divide ns") - number(&lines, "multiply ns");
    assert!((extra - 1_000.0 * 2_000.0).abs() < 1e-3, "{extra}");
}

const MODELLED: &str = r#"
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int i;
    double s = 0.0, t0, t1;
    MPI_Init(&argc, &argv);
    t0 = MPI_Wtime();
    for (i = 0; i < 1000; i++) s = s + i * 0.5;
    flops(2000);
    t1 = MPI_Wtime();
    printf("modelled us %.6f\n", (t1 - t0) * 1e6);
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn flops_stands_for_the_code_before_it_which_is_not_charged_again() {
    // EM-X: 3.66 MFlops; 2,000 flops take 546.448 µs. The loop's operations before flops() are
    // what it models; only the few operations after it (storing nothing, reaching MPI_Wtime)
    // add to it.
    let (lines, _) = run(MODELLED, 1, &profile("emx"));
    let us = number(&lines, "modelled us");
    let flops_us = 2000.0 / 3.66;
    assert!(us >= flops_us && us < flops_us + 1.0, "{us}");
}

const PRINTING: &str = r#"
#include <stdio.h>
int main(void) {
    int i, x = 0;
    printf("start\n");
    for (i = 0; i < 16000; i++) x = x + 1;
    printf("end %d\n", x);
    return 0;
}
"#;

#[test]
fn a_print_after_a_loop_happens_when_the_loop_ends() {
    let (_, sim) = run(PRINTING, 1, &profile("emx"));
    let times: Vec<f64> = sim.console().iter().map(|l| l.time.as_us_f64()).collect();
    // At least 16,000 iterations × several operations × 62.5 ns.
    assert!(times[1] - times[0] > 16_000.0 * 5.0 * 0.0625, "{times:?}");
    assert!(sim.now().as_us_f64() >= times[1]);
}
