//! The lock checker: processes repeatedly acquire a lock (shared or exclusive, chosen by the
//! seed), stay in the critical section for a few steps and release it, while a seeded scheduler
//! interleaves their memory operations one at a time in random order — every order the network
//! could produce is reachable. After every step it checks mutual exclusion (a writer is alone);
//! if no process can move while some are unfinished, a wake-up was lost. A failure names the seed
//! that reproduces it.

use std::fmt;

use super::{Action, Algorithm, LockOp, Memory, Mode};
use crate::rng::SplitMix64;

/// What to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Processes (one per rank; the lock lives on rank 0).
    pub processes: u32,
    /// Acquire/release rounds per process.
    pub rounds: u32,
    /// One in how many acquires is exclusive (0: none).
    pub writer_every: u64,
    /// The scheduler's seed.
    pub seed: u64,
    /// Steps before the run counts as making no progress.
    pub max_steps: u64,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Scheduler steps taken.
    pub steps: u64,
    /// Shared acquires completed.
    pub shared: u64,
    /// Exclusive acquires completed.
    pub exclusive: u64,
    /// The most processes in the critical section at once.
    pub max_readers_together: u32,
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Someone entered while a writer was in, or a writer entered while someone was in.
    MutualExclusion {
        /// The seed.
        seed: u64,
        /// The step.
        step: u64,
        /// Who entered.
        process: u32,
        /// In which mode.
        mode: Mode,
        /// Readers inside then.
        readers: u32,
        /// Writers inside then.
        writers: u32,
    },
    /// Every unfinished process waits for a word that will never change.
    LostWakeUp {
        /// The seed.
        seed: u64,
        /// The step.
        step: u64,
        /// The waiting processes.
        waiting: Vec<u32>,
    },
    /// The step limit passed before every process finished.
    NoProgress {
        /// The seed.
        seed: u64,
        /// Processes that had not finished.
        unfinished: Vec<u32>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::MutualExclusion {
                seed,
                step,
                process,
                mode,
                readers,
                writers,
            } => write!(
                f,
                "seed {seed}, step {step}: process {process} entered ({mode:?}) with {readers} readers and {writers} writers inside"
            ),
            Violation::LostWakeUp {
                seed,
                step,
                waiting,
            } => write!(
                f,
                "seed {seed}, step {step}: processes {waiting:?} wait forever (a lost wake-up)"
            ),
            Violation::NoProgress { seed, unfinished } => write!(
                f,
                "seed {seed}: processes {unfinished:?} had not finished at the step limit"
            ),
        }
    }
}

/// Where one process is.
enum Phase {
    /// Between rounds.
    Idle,
    /// Acquiring or releasing: the operation and the action it asked for.
    Busy(Box<dyn LockOp>, Action),
    /// In the critical section for this many more steps.
    Inside(u64),
    /// All rounds done.
    Finished,
}

struct Process {
    phase: Phase,
    mode: Mode,
    round: u32,
}

/// Runs `scenario`: its outcome, or the first violation.
pub fn run(s: Scenario) -> Result<Outcome, Violation> {
    let home = 0;
    run_with(s, s.algorithm.words(), |me, mode, acquiring| {
        Box::new(if acquiring {
            s.algorithm.acquire(home, me, mode)
        } else {
            s.algorithm.release(home, me, mode)
        })
    })
}

/// [`run`] with any lock: `start(me, mode, acquiring)` begins an acquire or release, over
/// `words` words per rank (`scenario.algorithm` is ignored).
pub fn run_with(
    s: Scenario,
    words: u32,
    start: impl Fn(u32, Mode, bool) -> Box<dyn LockOp>,
) -> Result<Outcome, Violation> {
    let mut rng = SplitMix64::new(s.seed);
    let mut memory = Memory::new(s.processes, words);
    let mut procs: Vec<Process> = (0..s.processes)
        .map(|_| Process {
            phase: Phase::Idle,
            mode: Mode::Shared,
            round: 0,
        })
        .collect();
    let (mut readers, mut writers) = (0u32, 0u32);
    let mut out = Outcome::default();
    let mut runnable = Vec::new();
    while out.steps < s.max_steps {
        runnable.clear();
        let mut unfinished = 0;
        for (i, p) in procs.iter().enumerate() {
            let can = match &p.phase {
                Phase::Finished => false,
                Phase::Busy(_, Action::Wait(w, until)) => until.holds(memory.get(*w)),
                _ => true,
            };
            unfinished += u32::from(!matches!(p.phase, Phase::Finished));
            if can {
                runnable.push(i);
            }
        }
        if unfinished == 0 {
            return Ok(out);
        }
        if runnable.is_empty() {
            return Err(Violation::LostWakeUp {
                seed: s.seed,
                step: out.steps,
                waiting: waiting(&procs),
            });
        }
        out.steps += 1;
        let i = runnable[rng.below(runnable.len() as u64) as usize];
        let me = u32::try_from(i).expect("process numbers fit u32");
        let p = &mut procs[i];
        p.phase = match std::mem::replace(&mut p.phase, Phase::Finished) {
            Phase::Idle => {
                let exclusive = s.writer_every > 0 && rng.below(s.writer_every) == 0;
                p.mode = if exclusive {
                    Mode::Exclusive
                } else {
                    Mode::Shared
                };
                let mut op = start(me, p.mode, true);
                let first = op.next(0);
                Phase::Busy(op, first)
            }
            Phase::Busy(mut op, action) => match action {
                Action::Op(m) => {
                    let r = memory.apply(m);
                    let then = op.next(r);
                    Phase::Busy(op, then)
                }
                // A backoff pause is just a point where others may move.
                Action::Wait(..) | Action::Pause(_) => {
                    let then = op.next(0);
                    Phase::Busy(op, then)
                }
                Action::Acquired => {
                    let alone = writers == 0 && (p.mode == Mode::Shared || readers == 0);
                    if !alone {
                        return Err(Violation::MutualExclusion {
                            seed: s.seed,
                            step: out.steps,
                            process: me,
                            mode: p.mode,
                            readers,
                            writers,
                        });
                    }
                    match p.mode {
                        Mode::Shared => {
                            readers += 1;
                            out.shared += 1;
                        }
                        Mode::Exclusive => {
                            writers += 1;
                            out.exclusive += 1;
                        }
                    }
                    out.max_readers_together = out.max_readers_together.max(readers);
                    Phase::Inside(rng.below(4))
                }
                Action::Released => {
                    p.round += 1;
                    if p.round == s.rounds {
                        Phase::Finished
                    } else {
                        Phase::Idle
                    }
                }
            },
            Phase::Inside(0) => {
                match p.mode {
                    Mode::Shared => readers -= 1,
                    Mode::Exclusive => writers -= 1,
                }
                let mut op = start(me, p.mode, false);
                let first = op.next(0);
                Phase::Busy(op, first)
            }
            Phase::Inside(n) => Phase::Inside(n - 1),
            Phase::Finished => unreachable!("finished processes are not scheduled"),
        };
    }
    Err(Violation::NoProgress {
        seed: s.seed,
        unfinished: procs
            .iter()
            .enumerate()
            .filter(|(_, p)| !matches!(p.phase, Phase::Finished))
            .map(|(i, _)| i as u32)
            .collect(),
    })
}

fn waiting(procs: &[Process]) -> Vec<u32> {
    procs
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.phase, Phase::Busy(_, Action::Wait(..))))
        .map(|(i, _)| i as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(algorithm: Algorithm, processes: u32, writer_every: u64, seed: u64) -> Scenario {
        Scenario {
            algorithm,
            processes,
            rounds: 6,
            writer_every,
            seed,
            max_steps: 200_000,
        }
    }

    /// Every algorithm, 2–4 processes, readers only, writers only and mixed, 300 seeds each:
    /// no writer ever shares the lock, every acquire completes.
    #[test]
    fn every_algorithm_is_safe_and_live_under_many_interleavings() {
        for algorithm in Algorithm::ALL {
            for processes in 2..=4 {
                for writer_every in [0, 1, 2, 3] {
                    for seed in 0..300 {
                        let s = scenario(algorithm, processes, writer_every, seed);
                        let out = run(s).unwrap_or_else(|v| {
                            panic!("{algorithm}, {processes} processes, 1 writer in {writer_every}: {v}")
                        });
                        assert_eq!(
                            out.shared + out.exclusive,
                            u64::from(processes * s.rounds),
                            "{algorithm}"
                        );
                    }
                }
            }
        }
    }

    /// Readers share the MCS-RW lock (some interleaving has several inside at once); the
    /// test-and-set lock never lets two in.
    #[test]
    fn readers_share_the_queue_lock_but_not_the_test_and_set_lock() {
        let together = |a| {
            (0..50)
                .map(|seed| run(scenario(a, 4, 0, seed)).unwrap().max_readers_together)
                .max()
                .unwrap()
        };
        assert!(together(Algorithm::McsRw) >= 3);
        assert_eq!(together(Algorithm::TestAndSet), 1);
    }

    /// The checker catches a broken lock, naming the seed: one whose acquire never waits lets a
    /// writer in with others.
    #[test]
    fn a_lock_without_exclusion_is_caught_with_its_seed() {
        struct NoLock(bool);
        impl LockOp for NoLock {
            fn next(&mut self, _r: u64) -> Action {
                if self.0 {
                    Action::Acquired
                } else {
                    Action::Released
                }
            }
        }
        let s = scenario(Algorithm::McsRw, 3, 1, 9);
        let err = run_with(s, 1, |_, _, acquiring| Box::new(NoLock(acquiring))).unwrap_err();
        assert!(
            matches!(err, Violation::MutualExclusion { seed: 9, .. }),
            "{err}"
        );
        assert!(err.to_string().starts_with("seed 9, step "), "{err}");
    }

    /// And a lock that forgets to wake its waiters is a lost wake-up.
    #[test]
    fn a_lock_that_never_wakes_is_a_lost_wake_up() {
        use super::super::{MemOp, Until, Word};
        struct Sleepy(u32, bool, u8);
        impl LockOp for Sleepy {
            fn next(&mut self, _r: u64) -> Action {
                self.2 += 1;
                match (self.1, self.2) {
                    (true, 1) => Action::Op(MemOp::Write(
                        Word {
                            rank: self.0,
                            index: 0,
                        },
                        1,
                    )),
                    (true, 2) => Action::Wait(
                        Word {
                            rank: self.0,
                            index: 0,
                        },
                        Until::Equals(0),
                    ),
                    (true, _) => Action::Acquired,
                    (false, _) => Action::Released,
                }
            }
        }
        let s = scenario(Algorithm::McsRw, 2, 0, 3);
        let err =
            run_with(s, 1, |me, _, acquiring| Box::new(Sleepy(me, acquiring, 0))).unwrap_err();
        assert!(
            matches!(err, Violation::LostWakeUp { seed: 3, ref waiting, .. } if waiting.len() == 2),
            "{err}"
        );
    }
}
