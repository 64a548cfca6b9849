//! The Lock view's summary of paper 003's MCS-RW lock never contradicts the holders it is shown
//! beside: every event of `examples/mcs_lock.c` runs, under several perturbation seeds and
//! rank counts, the summary made from the lock record (`mcs_rw::LockView`) and the holders
//! (`LockLedger`, the trace's `Lock` records) at that event, and the set of situations seen.

use std::collections::BTreeSet;

use rankscope_core::engine::{Progress, Sim};
use rankscope_core::lang::{self, Vm, VmLimits};
use rankscope_core::locks::ledger::LockLedger;
use rankscope_core::locks::mcs_rw::LockView;
use rankscope_core::locks::LockScheme;
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::rma::OneSided;
use rankscope_core::proto::SimConfig;

fn sim(n: u32, seed: Option<u64>) -> Sim<Vm> {
    let src = include_str!("../../../examples/mcs_lock.c");
    let compiled = lang::load(src, "mcs_lock.c").expect("the example compiles");
    let machine = Machine::new(&builtin_profile("fx100").unwrap(), n).unwrap();
    let config = SimConfig {
        words_per_rank: lang::RMA_WORDS,
        lock_scheme: LockScheme::McsRw,
        perturb: seed,
        ..SimConfig::default()
    };
    Sim::new(
        machine,
        lang::ranks(&compiled, n, VmLimits::default()),
        config,
    )
}

/// How many readers `summary` says hold the lock ("2 readers hold it", ": 1 holds it").
fn claimed_readers(summary: &str) -> usize {
    let words: Vec<&str> = summary.split([' ', ',', ':', ';']).collect();
    let mut claimed = 0;
    for (i, w) in words.iter().enumerate() {
        let holds = (*w == "hold" || *w == "holds") && words.get(i + 1) == Some(&"it");
        let exclusive = words.get(i + 2) == Some(&"exclusive");
        if holds && !exclusive {
            // "2 readers hold it" or "1 holds it": the number is one or two words back.
            let number = words[..i]
                .iter()
                .rev()
                .take(2)
                .find_map(|w| w.parse::<usize>().ok());
            claimed += number.expect("a count before \"hold it\"");
        }
    }
    claimed
}

/// The writer `summary` says holds the lock ("rank 2 holds it exclusive").
fn claimed_writer(summary: &str) -> Option<u32> {
    let at = summary.find(" holds it exclusive")?;
    summary[..at].rsplit(' ').next()?.parse().ok()
}

#[test]
fn the_summary_never_contradicts_the_holders_at_any_event() {
    let mut situations = BTreeSet::new();
    let mut events = 0;
    for n in [4, 6] {
        for seed in [None, Some(1), Some(2), Some(3), Some(7)] {
            let mut sim = sim(n, seed);
            let mut ledger = LockLedger::new();
            loop {
                let progress = sim
                    .step()
                    .unwrap_or_else(|e| panic!("{n} ranks, seed {seed:?}: {e}"));
                events += 1;
                ledger.extend(sim.trace().known_records());
                let holders = ledger.holders(0, sim.trace().records().len());
                let words = sim.layer::<OneSided>().unwrap();
                let view = LockView::read(0, n, |w| words.word(w)).unwrap();
                let summary = view.summary(&holders);
                let at = format!(
                    "{n} ranks, seed {seed:?}, event {events}: {summary:?} beside {holders:?}"
                );
                // One source: the word's count is the holders plus the readers coming and going.
                assert_eq!(
                    view.readers as usize,
                    holders.readers.len() + holders.arriving.len() + holders.leaving.len(),
                    "{at}"
                );
                assert_eq!(claimed_readers(&summary), holders.readers.len(), "{at}");
                assert_eq!(claimed_writer(&summary), holders.writer, "{at}");
                assert!(
                    holders.writer.is_none() || holders.readers.is_empty(),
                    "{at}"
                );
                // The situation, without rank numbers.
                let shape: String = summary
                    .chars()
                    .map(|c| if c.is_ascii_digit() { '#' } else { c })
                    .collect();
                situations.insert(shape);
                if progress == Progress::Finished {
                    break;
                }
            }
        }
    }
    // The walk saw the moments the count runs ahead of the holders and behind them, writers
    // holding and waiting, and a free lock.
    for wanted in [
        "free",
        "# readers hold it",
        "# reader counted in rcnt: # is still being granted it",
        "# readers counted in rcnt: # holds it, # is still being granted it",
        "# readers counted in rcnt: # holds it, # is leaving; a writer waits for the last reader to leave",
        "rank # holds it exclusive (WAFLAG)",
        "a writer is taking it (WIFLAG, no readers left)",
    ] {
        assert!(situations.contains(wanted), "{wanted:?} not among {situations:#?}");
    }
}
