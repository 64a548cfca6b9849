//! Paper 002's LogGP prediction of a conflict-free schedule's makespan (§5.2, eqs. 10–16): a
//! send in slot `s` (from 1) finishes at `s·I(k)` (eq. 13) with `I(k) = o + (k − 1)·G`; if the
//! latency covers the receiver's own sending (`L ≥ |S_q|·I(k)`, eq. 14) the receiver is never
//! busy and the message is received at `s·I(k) + L + o` (eq. 15); otherwise it is received once
//! the receiver has finished sending and received the `h` messages that came before it:
//! `|S_q|·I(k) + (h + 1)·o` (eq. 16). The makespan is the latest receive (eq. 7). A schedule
//! with conflicts has no prediction: the model assumes none (Table 1 leaves them blank).

use super::schedule::Schedule;
use crate::machine::Profile;
use crate::time::SimTime;

/// The LogGP parameters of the model and the message size.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LogGp {
    /// `L`: latency.
    pub l: SimTime,
    /// `o`: send and receive overhead.
    pub o: SimTime,
    /// `G`: time per byte, in picoseconds (may be fractional).
    pub g_ps_per_byte: f64,
    /// `k`: bytes per message.
    pub k: u64,
}

impl LogGp {
    /// The parameters of `profile`'s `[link]` (L, o, and G = 1 / bandwidth) for `k`-byte
    /// messages.
    pub fn of(profile: &Profile, k: u64) -> LogGp {
        let link = &profile.link;
        LogGp {
            l: SimTime::from_us_f64(link.latency_us.value),
            o: SimTime::from_us_f64(link.overhead_us.value),
            g_ps_per_byte: 1e6 / link.bandwidth_mb_s.value,
            k,
        }
    }

    /// `I(k) = o + (k − 1)·G`: one send's interval, the length of a slot.
    pub fn interval(&self) -> SimTime {
        let bytes = self.k.saturating_sub(1) as f64;
        self.o + SimTime::from_ps((bytes * self.g_ps_per_byte).round() as u64)
    }
}

/// The predicted makespan of a conflict-free `schedule` (eqs. 13–16), and whether every
/// receiver was in eq. 14's never-busy regime; `None` when the schedule has conflicts.
pub fn makespan(schedule: &Schedule, p: &LogGp) -> Option<(SimTime, bool)> {
    if !schedule.conflicts().is_empty() {
        return None;
    }
    let i = p.interval();
    let n = schedule.n as usize;
    // The slot (from 1) of every send to each receiver.
    let mut arrivals: Vec<Vec<u64>> = vec![Vec::new(); n];
    for slots in &schedule.slots {
        for (t, q) in slots.iter().enumerate() {
            if let Some(q) = q {
                arrivals[*q as usize].push(t as u64 + 1);
            }
        }
    }
    let mut latest = SimTime::ZERO;
    let mut quiet = true;
    for (q, mut slots) in arrivals.into_iter().enumerate() {
        slots.sort_unstable();
        let own = i.times(schedule.slots[q].len() as u64);
        let never_busy = p.l >= own;
        quiet &= never_busy || slots.is_empty();
        for (h, s) in slots.iter().enumerate() {
            let t = if never_busy {
                i.times(*s) + p.l + p.o
            } else {
                own + p.o.times(h as u64 + 1)
            };
            latest = latest.max(t);
        }
    }
    Some((latest, quiet))
}
