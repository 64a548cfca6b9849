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

/// A dense bit table: row `p`, column `q`.
struct Bits {
    words: usize,
    bits: Vec<u64>,
}

impl Bits {
    fn new(n: usize) -> Bits {
        let words = n.div_ceil(64);
        Bits {
            words,
            bits: vec![0; n * words],
        }
    }
    fn get(&self, p: usize, q: usize) -> bool {
        self.bits[p * self.words + q / 64] >> (q % 64) & 1 == 1
    }
    fn set(&mut self, p: usize, q: usize, v: bool) {
        let w = &mut self.bits[p * self.words + q / 64];
        if v {
            *w |= 1 << (q % 64);
        } else {
            *w &= !(1 << (q % 64));
        }
    }
}

/// The proposed schedule of `pattern`, and (with `record`) every turn of Algorithm 1.
pub fn delay_schedule(pattern: &Pattern, record: bool) -> (Schedule, Vec<Decision>) {
    let n = pattern.n as usize;
    // Each PE's unscheduled targets, in ring order from p + 1.
    let mut todo: Vec<Vec<Rank>> = (0..n)
        .map(|p| {
            let mut t = pattern.targets[p].clone();
            t.sort_by_key(|&q| (q as usize + n - p - 1) % n);
            t
        })
        .collect();
    // unsent[p][q]: p still has to send to q; senders[q]: who sends to q at all.
    let mut unsent = Bits::new(n);
    let mut senders: Vec<Vec<Rank>> = vec![Vec::new(); n];
    for (p, t) in pattern.targets.iter().enumerate() {
        for &q in t {
            unsent.set(p, q as usize, true);
            senders[q as usize].push(p as Rank);
        }
    }
    let mut slots: Vec<Vec<Option<Rank>>> = vec![Vec::new(); n];
    let mut decisions = Vec::new();
    let mut left: usize = pattern.sends();
    let mut slot = 0u32;
    let mut taken = vec![false; n];
    let mut waiting = vec![false; n];
    // Q_p = |A_p \ S_p| − (its unscheduled targets taken in this slot), kept incrementally.
    let mut q = vec![0u32; n];
    while left > 0 {
        let mut x: Vec<Rank> = (0..n as Rank)
            .filter(|&p| !todo[p as usize].is_empty())
            .collect();
        for &p in &x {
            waiting[p as usize] = true;
            q[p as usize] = todo[p as usize].len() as u32;
        }
        taken.fill(false);
        while !x.is_empty() {
            // Algorithm 2: the fewest choices first, the lower rank on a tie.
            let (i, &pe) = x
                .iter()
                .enumerate()
                .min_by_key(|&(_, &p)| (q[p as usize], p))
                .expect("x is not empty");
            x.swap_remove(i);
            let p = pe as usize;
            waiting[p] = false;
            let pick = todo[p].iter().position(|&t| !taken[t as usize]);
            if record {
                let mut order: Vec<(Rank, u32)> = x.iter().map(|&r| (r, q[r as usize])).collect();
                order.sort_by_key(|&(r, qq)| (qq, r));
                order.insert(0, (pe, q[p]));
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
            match pick {
                Some(k) => {
                    let t = todo[p].remove(k);
                    slots[p].push(Some(t));
                    unsent.set(p, t as usize, false);
                    left -= 1;
                    taken[t as usize] = true;
                    // Every PE still to take its turn that has a send to t loses a choice.
                    for &s in &senders[t as usize] {
                        if waiting[s as usize] && unsent.get(s as usize, t as usize) {
                            q[s as usize] -= 1;
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
