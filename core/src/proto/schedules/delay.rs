//! The proposed schedule (paper 002, §5.3): Algorithm 1 fills slot after slot; in each slot the
//! PEs take turns in Algorithm 2's priority order — the PE with the fewest conflict-free
//! choices `Q_p` (eq. 17) first — and each takes an unscheduled send whose target no earlier PE
//! took in this slot, or else a delay δ. The result has no conflicts by construction.
//!
//! Choices the paper leaves open: a PE tries its targets in ring order from `p + 1` (so a
//! regular pattern gets Thakur's schedule, §5.3.1); ties of `Q_p` go to the lower rank; slots
//! continue until every send has one (the paper's loop stops at `t = n − 1`); a PE with nothing
//! left takes no turn. With `record`, every turn is kept as a [`Decision`] so a view can replay
//! the algorithm; without it the scheduler keeps `Q_p` incrementally and handles all-to-all on
//! 1024 PEs well under a second.

use std::collections::VecDeque;

use super::pattern::Pattern;
use super::schedule::Schedule;
use crate::engine::Rank;

/// One turn of Algorithm 1: in `slot`, PE `pe` took a send to `choice` or a delay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The slot (from 0).
    pub slot: u32,
    /// The PE whose turn it is (Algorithm 2's pick: the fewest choices).
    pub pe: Rank,
    /// The PEs still to take their turn in this slot, in priority order (this one first), with
    /// their `Q_p`.
    pub order: Vec<(Rank, u32)>,
    /// The PE's unscheduled targets still free in this slot, in the order it tries them.
    pub free: Vec<Rank>,
    /// Its unscheduled targets another PE already took in this slot.
    pub taken: Vec<Rank>,
    /// The target it sends to in this slot, or `None`: a delay δ.
    pub choice: Option<Rank>,
}

impl Decision {
    /// The turn in words in `lang` ([`Decision::explain`] for English).
    pub fn explain_in(&self, lang: crate::trace::text::Lang) -> String {
        if lang == crate::trace::text::Lang::En {
            return self.explain();
        }
        let q = self.order.first().map_or(0, |o| o.1);
        let list = |v: &[Rank]| {
            v.iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join("、")
        };
        match self.choice {
            Some(t) => format!(
                "スロット {}: 次は PE {}(Q = {q}、衝突しない選択肢が最も少ない)。空いている宛先({})の最初の PE {t} へ送る",
                self.slot,
                self.pe,
                list(&self.free)
            ),
            None => format!(
                "スロット {}: 次は PE {}(Q = 0)だが、残りの宛先({})はこのスロットですべて取られている。1 スロット待つ(δ)",
                self.slot,
                self.pe,
                list(&self.taken)
            ),
        }
    }

    /// The turn in words.
    pub fn explain(&self) -> String {
        let q = self.order.first().map_or(0, |o| o.1);
        let list = |v: &[Rank]| {
            v.iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self.choice {
            Some(t) => format!(
                "slot {}: PE {} goes next (Q = {q}, the fewest conflict-free choices) and sends to PE {t}, the first of its free targets ({})",
                self.slot,
                self.pe,
                list(&self.free)
            ),
            None => format!(
                "slot {}: PE {} goes next (Q = 0) but every target it still has ({}) is taken in this slot: it waits one slot (δ)",
                self.slot,
                self.pe,
                list(&self.taken)
            ),
        }
    }
}

/// A dense bit table: row `r`, column `c`.
struct Bits {
    words: usize,
    bits: Vec<u64>,
}

impl Bits {
    fn new(rows: usize, cols: usize) -> Bits {
        let words = cols.div_ceil(64);
        Bits {
            words,
            bits: vec![0; rows * words],
        }
    }
    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }
    fn set(&mut self, r: usize, c: usize, v: bool) {
        let w = &mut self.bits[r * self.words + c / 64];
        if v {
            *w |= 1 << (c % 64);
        } else {
            *w &= !(1 << (c % 64));
        }
    }
}

/// The proposed schedule of `pattern`, and (with `record`) every turn of Algorithm 1.
pub fn delay_schedule(pattern: &Pattern, record: bool) -> (Schedule, Vec<Decision>) {
    let n = pattern.n as usize;
    // Each PE's unscheduled targets, in ring order from p + 1.
    let mut todo: Vec<VecDeque<Rank>> = (0..n)
        .map(|p| {
            let mut t = pattern.targets[p].clone();
            t.sort_by_key(|&q| (q as usize + n - p - 1) % n);
            t.into()
        })
        .collect();
    // senders_of[q]: the PEs that still have to send to q (a bit per PE).
    let mut senders_of = Bits::new(n, n);
    for (p, t) in pattern.targets.iter().enumerate() {
        for &q in t {
            senders_of.set(q as usize, p, true);
        }
    }
    let mut slots: Vec<Vec<Option<Rank>>> = vec![Vec::new(); n];
    let mut decisions = Vec::new();
    let mut left: usize = pattern.sends();
    let mut slot = 0u32;
    let mut taken = vec![false; n];
    // The PEs still to take their turn in this slot (a bit per PE).
    let mut waiting = vec![0u64; n.div_ceil(64)];
    // Q_p = |A_p \ S_p| − (its unscheduled targets taken in this slot) for a waiting PE, kept
    // incrementally; u32::MAX for a PE not waiting, so a plain minimum finds the next turn.
    let mut q = vec![u32::MAX; n];
    // The least Q of each block of 64 PEs (a minimum over n/64 blocks, then one block).
    let mut block_min = vec![u32::MAX; n.div_ceil(64)];
    while left > 0 {
        let mut turns = 0;
        for p in 0..n {
            if !todo[p].is_empty() {
                waiting[p / 64] |= 1 << (p % 64);
                q[p] = todo[p].len() as u32;
                turns += 1;
            }
        }
        taken.fill(false);
        for (b, m) in block_min.iter_mut().enumerate() {
            *m = q[b * 64..((b + 1) * 64).min(n)]
                .iter()
                .copied()
                .min()
                .unwrap_or(u32::MAX);
        }
        for _ in 0..turns {
            // Algorithm 2: the fewest choices first, the lower rank on a tie.
            let least = *block_min.iter().min().expect("n > 0");
            let b = block_min
                .iter()
                .position(|&v| v == least)
                .expect("the minimum is there");
            let p = b * 64
                + q[b * 64..]
                    .iter()
                    .position(|&v| v == least)
                    .expect("the block holds its minimum");
            let pe = p as Rank;
            waiting[p / 64] &= !(1 << (p % 64));
            let pick = todo[p].iter().position(|&t| !taken[t as usize]);
            if record {
                let mut order: Vec<(Rank, u32)> = (0..n)
                    .filter(|&r| q[r] != u32::MAX)
                    .map(|r| (r as Rank, q[r]))
                    .collect();
                order.sort_by_key(|&(r, qq)| (qq, r));
                let (free, busy): (Vec<Rank>, Vec<Rank>) =
                    todo[p].iter().partition(|&&t| !taken[t as usize]);
                decisions.push(Decision {
                    slot,
                    pe,
                    order,
                    free,
                    taken: busy,
                    choice: pick.map(|k| todo[p][k]),
                });
            }
            q[p] = u32::MAX;
            block_min[b] = q[b * 64..((b + 1) * 64).min(n)]
                .iter()
                .copied()
                .min()
                .unwrap_or(u32::MAX);
            match pick {
                Some(k) => {
                    let t = todo[p].remove(k).expect("k is a position of todo") as usize;
                    slots[p].push(Some(t as Rank));
                    senders_of.set(t, p, false);
                    left -= 1;
                    taken[t] = true;
                    // Every PE still to take its turn that has a send to t loses a choice.
                    for (w, (&has, &wait)) in senders_of.row(t).iter().zip(&waiting).enumerate() {
                        let mut bits = has & wait;
                        while bits != 0 {
                            let s = w * 64 + bits.trailing_zeros() as usize;
                            q[s] -= 1;
                            block_min[s / 64] = block_min[s / 64].min(q[s]);
                            bits &= bits - 1;
                        }
                    }
                }
                None => slots[p].push(None),
            }
        }
        slot += 1;
    }
    (
        Schedule {
            algo: "delay",
            n: pattern.n,
            slots,
        },
        decisions,
    )
}
