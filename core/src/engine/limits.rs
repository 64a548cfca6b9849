//! Limits that end a run with an error instead of letting it hang, and the errors a run can end
//! with.
//!
//! Events, simulated time and estimated heap bytes are limited, so a runaway run ends in a
//! [`SimError`], never a hang. An empty queue with unfinished ranks is `SimError::Deadlock`
//! ([`super::deadlock`]).

use std::fmt;

use serde::Serialize;

use super::ids::Rank;
use crate::time::SimTime;
use crate::trace::text::Lang;

/// Bounds on a run. Exceeding one ends the run with a [`SimError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Most events (and program steps) processed.
    pub max_events: u64,
    /// Latest simulated time.
    pub max_time: SimTime,
    /// Most heap bytes the simulator state may hold (an estimate, checked every 1024 events).
    pub max_memory: usize,
}

impl Limits {
    /// No event or memory bound (one simulated hour still stops a runaway): for native runs
    /// with millions of ranks, whose sizes the caller chose.
    pub fn unbounded() -> Limits {
        Limits {
            max_events: u64::MAX,
            max_memory: usize::MAX,
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    /// 50 million events, one simulated hour, 1 GiB.
    fn default() -> Self {
        Limits {
            max_events: 50_000_000,
            max_time: SimTime::from_ms(3_600_000),
            max_memory: 1 << 30,
        }
    }
}

/// One rank found blocked when nothing was left to happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockedRank {
    /// The rank.
    pub rank: Rank,
    /// What it waits for, one entry per pending request, in words.
    pub waits_for: Vec<String>,
    /// Where in its program it is blocked, if the program can say.
    pub at: Option<String>,
}

/// Why a run could not go on: every unfinished rank is blocked and no event is left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeadlockReport {
    /// When it was detected.
    pub time: SimTime,
    /// Every blocked rank, in rank order.
    pub blocked: Vec<BlockedRank>,
    /// A cycle of ranks each waiting for the next, if there is one.
    pub cycle: Option<Vec<Rank>>,
    /// Sentences the programs add about the deadlock as a whole ([`Program::deadlock_notes`]:
    /// e.g. which ranks are in which collective), one per line.
    ///
    /// [`Program::deadlock_notes`]: super::Program::deadlock_notes
    pub notes: Vec<String>,
}

/// How a run ended other than by every rank finishing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SimError {
    /// Ranks wait for each other (or for messages never sent).
    Deadlock(DeadlockReport),
    /// The event limit was reached.
    EventLimit {
        /// The limit.
        limit: u64,
        /// Simulated time when it was reached.
        time: SimTime,
    },
    /// The next event lies beyond the simulated-time limit.
    TimeLimit {
        /// The limit.
        limit: SimTime,
    },
    /// The simulator state grew beyond the memory limit.
    MemoryLimit {
        /// The limit in bytes.
        limit: usize,
        /// Estimated bytes held.
        used: usize,
    },
    /// A choice given for a run where the user is the network names a rank with no delivery
    /// in flight at that choice point.
    NetworkChoice {
        /// The choice point's number, from 1.
        point: u32,
        /// When.
        time: SimTime,
        /// What was wrong, in words.
        message: String,
    },
    /// A rank's program failed.
    Program {
        /// The rank.
        rank: Rank,
        /// When.
        time: SimTime,
        /// The program's message.
        message: String,
    },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Deadlock(d) => {
                writeln!(
                    f,
                    "deadlock at {}: no event is left but {} rank{} blocked",
                    d.time,
                    d.blocked.len(),
                    if d.blocked.len() == 1 { " is" } else { "s are" }
                )?;
                for b in &d.blocked {
                    write!(f, "  rank {} waits for {}", b.rank, b.waits_for.join("; "))?;
                    if let Some(at) = &b.at {
                        write!(f, " — blocked at {at}")?;
                    }
                    writeln!(f)?;
                }
                match &d.cycle {
                    Some(c) => {
                        let names: Vec<String> = c.iter().map(|r| format!("rank {r}")).collect();
                        write!(
                            f,
                            "  cycle: {} → rank {}",
                            names.join(" → "),
                            c.first().copied().unwrap_or_default()
                        )
                    }
                    None => write!(f, "  no cycle: some rank waits for a message nobody sends"),
                }?;
                for note in &d.notes {
                    write!(f, "\n  {note}")?;
                }
                Ok(())
            }
            SimError::EventLimit { limit, time } => write!(
                f,
                "stopped after {limit} events (at simulated time {time}): the run is too long or loops forever; raise the event limit if it is meant to be this long"
            ),
            SimError::TimeLimit { limit } => write!(
                f,
                "stopped at the simulated-time limit of {limit}: the run waits or computes longer than allowed"
            ),
            SimError::MemoryLimit { limit, used } => write!(
                f,
                "stopped: the simulation holds about {} MiB, over the limit of {} MiB (too many messages or trace records in flight)",
                used >> 20,
                limit >> 20
            ),
            SimError::Program {
                rank,
                time,
                message,
            } => write!(f, "rank {rank} failed at {time}: {message}"),
            SimError::NetworkChoice {
                point,
                time,
                message,
            } => write!(f, "network choice {point} at {time}: {message}"),
        }
    }
}

impl SimError {
    /// The error as the page shows it in `lang`: English is exactly [`SimError`]'s `Display`;
    /// Japanese translates the frame (what stopped the run, the cycle) and keeps what the layers
    /// and programs wrote in their own words (what each rank waits for, where it is blocked, a
    /// program's message) in English.
    pub fn text_in(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            SimError::Deadlock(d) => {
                let mut out = format!(
                    "{} にデッドロック:もう起こるイベントがないのに {} ランクがブロックしている\n",
                    d.time,
                    d.blocked.len()
                );
                for b in &d.blocked {
                    out += &format!("  ランク {} の待ち: {}", b.rank, b.waits_for.join("; "));
                    if let Some(at) = &b.at {
                        out += &format!(" — ブロック位置 {}", lang.place(at));
                    }
                    out.push('\n');
                }
                match &d.cycle {
                    Some(c) => {
                        let names: Vec<String> = c.iter().map(|r| format!("ランク {r}")).collect();
                        out += &format!(
                            "  循環: {} → ランク {}",
                            names.join(" → "),
                            c.first().copied().unwrap_or_default()
                        );
                    }
                    None => out += "  循環なし:誰も送らないメッセージを待っているランクがある",
                }
                for note in &d.notes {
                    out += &format!("\n  {note}");
                }
                out
            }
            SimError::EventLimit { limit, time } => format!(
                "{limit} イベントで停止(シミュレーション時刻 {time}):実行が長すぎるか、無限ループしています。この長さが意図どおりならイベント上限を上げてください"
            ),
            SimError::TimeLimit { limit } => format!(
                "シミュレーション時刻の上限 {limit} で停止:許される時間より長く待つか計算しています"
            ),
            SimError::MemoryLimit { limit, used } => format!(
                "停止:シミュレーションの状態が約 {} MiB になり、上限 {} MiB を超えました(送信中のメッセージかトレース記録が多すぎます)",
                used >> 20,
                limit >> 20
            ),
            SimError::Program {
                rank,
                time,
                message,
            } => format!("ランク {rank} が {time} に失敗: {message}"),
            SimError::NetworkChoice {
                point,
                time,
                message,
            } => format!("ネットワークの選択 {point}({time}): {message}"),
        }
    }
}

impl std::error::Error for SimError {}
