//! Running a C program through the VM for the tests of MPI areas: the console lines sorted by
//! rank (each rank's in order) and the simulated end time, or the error's message.

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of profile `id` with `config`: the console lines sorted by rank and
/// the end time in ns, or the error's message. A program that does not compile panics with its
/// diagnostics.
pub(crate) fn run_c(
    src: &str,
    n: u32,
    id: &str,
    config: SimConfig,
) -> Result<(Vec<String>, f64), String> {
    let compiled = lang::load(src, "program.c").unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|d| d.render("program.c", src))
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let profile = builtin_profile(id).unwrap();
    let machine = Machine::new(&profile, n).unwrap();
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, n, VmLimits::default()),
        config,
    );
    let result = sim.run();
    let mut console: Vec<(u32, String)> = sim
        .console()
        .iter()
        .map(|l| (l.rank, l.text.trim_end().to_string()))
        .collect();
    console.sort_by_key(|(rank, _)| *rank);
    match result {
        Ok(end) => Ok((
            console.into_iter().map(|(_, text)| text).collect(),
            end.end_time.as_us_f64() * 1000.0,
        )),
        Err(SimError::Program { message, .. }) => Err(message),
        Err(e) => Err(e.to_string()),
    }
}
