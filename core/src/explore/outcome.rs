//! What a run of an exploration ended with, as a key two runs share when a user could not tell
//! them apart: each rank's output (standard output and error, in its own order — not when it
//! printed, which the machine's timing decides), and how the run ended (every rank finished,
//! which ranks deadlocked and where, or a program's failure).

use serde::Serialize;

use crate::engine::{Program, Rank, Sim, SimError, Stream};

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// Every rank finished.
    Finished,
    /// Ranks wait for each other: each blocked rank and where it waits.
    Deadlock {
        /// `(rank, where)`, in rank order.
        blocked: Vec<(Rank, String)>,
    },
    /// A rank's program failed (an assertion, an MPI error, a fault), or a limit stopped it.
    Failed {
        /// The rank (none for a limit).
        rank: Option<Rank>,
        /// The message.
        message: String,
    },
}

/// A run's outcome: what distinguishes it from another run of the same program.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Outcome {
    /// Each rank's lines of output, in the order the rank wrote them (`[rank][line]`).
    pub output: Vec<Vec<String>>,
    /// How the run ended.
    pub ending: Ending,
}

impl Outcome {
    /// The outcome of `sim`, which ended with `result`.
    pub fn of<P: Program>(sim: &Sim<P>, result: &Result<(), SimError>) -> Outcome {
        let mut output = vec![Vec::new(); sim.size() as usize];
        for line in sim.console() {
            if line.stream != Stream::Diagnostic {
                if let Some(lines) = output.get_mut(line.rank as usize) {
                    lines.push(line.text.clone());
                }
            }
        }
        let ending = match result {
            Ok(()) => Ending::Finished,
            Err(SimError::Deadlock(report)) => Ending::Deadlock {
                blocked: report
                    .blocked
                    .iter()
                    .map(|b| (b.rank, b.at.clone().unwrap_or_default()))
                    .collect(),
            },
            Err(SimError::Program { rank, message, .. }) => Ending::Failed {
                rank: Some(*rank),
                message: message.clone(),
            },
            Err(e) => Ending::Failed {
                rank: None,
                message: e.to_string(),
            },
        };
        Outcome { output, ending }
    }

    /// Whether the run went wrong (a deadlock or a failure).
    pub fn is_bad(&self) -> bool {
        self.ending != Ending::Finished
    }

    /// The outcome in one line: "finished", "deadlock (ranks 0, 1)", "failed: rank 2: …",
    /// then its output.
    pub fn summary(&self) -> String {
        let end = match &self.ending {
            Ending::Finished => "finished".to_string(),
            Ending::Deadlock { blocked } => {
                let ranks: Vec<String> = blocked.iter().map(|(r, _)| r.to_string()).collect();
                if ranks.len() == 1 {
                    format!("deadlock (rank {} waits)", ranks[0])
                } else {
                    format!("deadlock (ranks {} wait)", ranks.join(", "))
                }
            }
            Ending::Failed {
                rank: Some(r),
                message,
            } => format!("failed: rank {r}: {message}"),
            Ending::Failed {
                rank: None,
                message,
            } => format!("failed: {message}"),
        };
        let printed: Vec<String> = self
            .output
            .iter()
            .enumerate()
            .flat_map(|(r, lines)| lines.iter().map(move |l| format!("[{r}] {l}")))
            .collect();
        if printed.is_empty() {
            end
        } else {
            format!("{end}; printed {}", printed.join(" | "))
        }
    }
}
