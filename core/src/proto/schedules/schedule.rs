//! A schedule: each PE's sends in slot order, a delay δ (`None`) where the PE waits one slot
//! (paper 002's `S_i`, eq. 8), and the conflicts it has (eq. 12).

use super::pattern::Pattern;
use crate::engine::Rank;

/// Each PE's sends, slot by slot: `slots[p][t]` is the target of PE `p`'s send in slot `t`, or
/// `None` for a delay. A PE's list ends with its last send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Which algorithm made it (`ring`, `delay`).
    pub algo: &'static str,
    /// Number of PEs.
    pub n: u32,
    /// Each PE's slots.
    pub slots: Vec<Vec<Option<Rank>>>,
}

/// Two or more PEs sending to one PE in one slot: on a switch, into one output port at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The slot (from 0).
    pub slot: u32,
    /// The PE they all send to.
    pub target: Rank,
    /// Who sends to it then, ascending.
    pub senders: Vec<Rank>,
}

impl Schedule {
    /// Slots the longest PE's list takes (`max |S_p|`).
    pub fn length(&self) -> u32 {
        self.slots.iter().map(Vec::len).max().unwrap_or(0) as u32
    }

    /// Delays δ inserted (before some PE's last send).
    pub fn delays(&self) -> usize {
        self.slots
            .iter()
            .map(|s| s.iter().filter(|x| x.is_none()).count())
            .sum()
    }

    /// Every slot where two or more PEs send to one PE. Sends start at their slot times, so
    /// two sends conflict by eq. 12 (same target, start slots less than one apart) exactly when
    /// they share a slot.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let n = self.n as usize;
        let mut count = vec![0u32; n];
        let mut found = Vec::new();
        for t in 0..self.length() as usize {
            let at = |p: usize| self.slots[p].get(t).copied().flatten();
            for p in 0..n {
                if let Some(q) = at(p) {
                    count[q as usize] += 1;
                }
            }
            let mut hit: Vec<Rank> = Vec::new();
            for p in 0..n {
                if let Some(q) = at(p) {
                    if count[q as usize] > 1 && !hit.contains(&q) {
                        hit.push(q);
                    }
                    count[q as usize] = 0;
                }
            }
            hit.sort_unstable();
            for target in hit {
                let senders = (0..n)
                    .filter(|&p| at(p) == Some(target))
                    .map(|p| p as Rank)
                    .collect();
                found.push(Conflict {
                    slot: t as u32,
                    target,
                    senders,
                });
            }
        }
        found
    }

    /// Its size in words, each count with its noun in the right number: "1 slot", "2 delays",
    /// "0 conflicting pairs".
    pub fn summary(&self) -> [String; 3] {
        let counted =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        [
            counted(self.length() as usize, "slot", "slots"),
            counted(self.delays(), "delay", "delays"),
            counted(
                self.conflicting_pairs(),
                "conflicting pair",
                "conflicting pairs",
            ),
        ]
    }

    /// Conflicting pairs of sends (eq. 12 over all pairs `a1 ≠ a2`).
    pub fn conflicting_pairs(&self) -> usize {
        self.conflicts()
            .iter()
            .map(|c| c.senders.len() * (c.senders.len() - 1) / 2)
            .sum()
    }

    /// Whether it sends exactly `pattern`'s messages, each once.
    pub fn covers(&self, pattern: &Pattern) -> bool {
        self.n == pattern.n
            && self.slots.iter().enumerate().all(|(p, slots)| {
                let mut sent: Vec<Rank> = slots.iter().flatten().copied().collect();
                sent.sort_unstable();
                sent == pattern.targets[p]
            })
    }
}
