//! [`PerUnit`]: the time one unit (a byte, a flop) takes, exact to the femtosecond.
//!
//! Profiles give rates as decimal numbers (31.4 MB/s, 3.66 MFlops). Converting them once, at load
//! time, to an integer number of femtoseconds per unit keeps every later computation in integers:
//! `n` units take `round(n × fs / 1000)` picoseconds, computed in 128 bits so it never overflows
//! before saturating at [`SimTime::MAX`].

use serde::Serialize;

use crate::time::SimTime;

/// Time per unit (per byte for a link's `G`, per flop for a CPU), in femtoseconds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct PerUnit(u64);

impl PerUnit {
    /// Zero time per unit: an infinitely fast resource.
    pub const ZERO: PerUnit = PerUnit(0);

    /// From femtoseconds per unit.
    pub const fn from_fs(fs: u64) -> PerUnit {
        PerUnit(fs)
    }

    /// From picoseconds per unit.
    pub const fn from_ps(ps: u64) -> PerUnit {
        PerUnit(ps.saturating_mul(1_000))
    }

    /// From a rate in units per second (e.g. bytes/s), rounded to the nearest femtosecond.
    /// Used only when loading profile data; a non-positive or non-finite rate gives [`PerUnit::ZERO`]
    /// (validation rejects those before they get here).
    pub fn from_per_second(rate: f64) -> PerUnit {
        let fs = 1e15 / rate;
        if rate.is_finite() && rate > 0.0 && fs.is_finite() {
            PerUnit(fs.round().min(u64::MAX as f64) as u64)
        } else {
            PerUnit::ZERO
        }
    }

    /// Femtoseconds per unit.
    pub const fn as_fs(self) -> u64 {
        self.0
    }

    /// The time `n` units take, rounded to the nearest picosecond, saturating.
    pub fn times(self, n: u64) -> SimTime {
        let fs = u128::from(self.0) * u128::from(n);
        let ps = (fs + 500) / 1_000;
        SimTime::from_ps(u64::try_from(ps).unwrap_or(u64::MAX))
    }

    /// How many whole units fit in `span` (`u64::MAX` for a zero-time unit).
    pub fn units_within(self, span: SimTime) -> u64 {
        if self.0 == 0 {
            return u64::MAX;
        }
        let fs = u128::from(span.as_ps()) * 1_000;
        u64::try_from(fs / u128::from(self.0)).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_times_are_exact_for_round_rates() {
        // 1 Gb/s = 125e6 B/s: 8 ns per byte.
        let g = PerUnit::from_per_second(125e6);
        assert_eq!(g.as_fs(), 8_000_000);
        assert_eq!(g.times(64_512), SimTime::from_ns(516_096));
    }

    #[test]
    fn fractional_rates_keep_femtosecond_precision() {
        // 31.4 MB/s → 31,847,133.76 fs per byte; 1.6 MB at that rate is 50.955 ms.
        let g = PerUnit::from_per_second(31.4e6);
        assert_eq!(g.as_fs(), 31_847_134);
        let t = g.times(1_600_000);
        assert!((t.as_secs_f64() - 1.6e6 / 31.4e6).abs() < 1e-9, "{t}");
    }

    #[test]
    fn saturates_and_handles_zero() {
        assert_eq!(PerUnit::from_fs(u64::MAX).times(u64::MAX), SimTime::MAX);
        assert_eq!(PerUnit::from_per_second(0.0), PerUnit::ZERO);
        assert_eq!(PerUnit::from_per_second(f64::NAN), PerUnit::ZERO);
        assert_eq!(PerUnit::ZERO.units_within(SimTime::from_us(1)), u64::MAX);
    }

    #[test]
    fn units_within_inverts_times() {
        let g = PerUnit::from_ps(8_000);
        assert_eq!(g.units_within(SimTime::from_ns(80)), 10);
        assert_eq!(g.units_within(SimTime::from_ns(79)), 9);
    }
}
