//! Simulated time: integer picoseconds, never a float, never a wall clock.
//!
//! Picoseconds in a `u64` reach about 213 days of simulated time, far beyond any run here, while
//! resolving a single byte on a 100 Gb/s link (80 ps). All arithmetic saturates at
//! [`SimTime::MAX`] rather than wrapping, so an absurd profile cannot make time run backwards.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Serialize};

/// A point in (or span of) simulated time, in picoseconds.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SimTime(pub u64);

impl SimTime {
    /// Time zero: the start of every run.
    pub const ZERO: SimTime = SimTime(0);
    /// The largest representable time; saturating arithmetic stops here.
    pub const MAX: SimTime = SimTime(u64::MAX);

    /// From picoseconds.
    pub const fn from_ps(ps: u64) -> SimTime {
        SimTime(ps)
    }
    /// From nanoseconds (saturating).
    pub const fn from_ns(ns: u64) -> SimTime {
        SimTime(ns.saturating_mul(1_000))
    }
    /// From microseconds (saturating).
    pub const fn from_us(us: u64) -> SimTime {
        SimTime(us.saturating_mul(1_000_000))
    }
    /// From milliseconds (saturating).
    pub const fn from_ms(ms: u64) -> SimTime {
        SimTime(ms.saturating_mul(1_000_000_000))
    }
    /// From a (possibly fractional) number of microseconds, rounded to the nearest picosecond.
    /// Used only when reading profile data; negative or non-finite input gives zero.
    pub fn from_us_f64(us: f64) -> SimTime {
        let ps = us * 1e6;
        if ps.is_finite() && ps > 0.0 {
            SimTime(ps.round().min(u64::MAX as f64) as u64)
        } else {
            SimTime::ZERO
        }
    }
    /// Picoseconds.
    pub const fn as_ps(self) -> u64 {
        self.0
    }
    /// Microseconds as a float, for display and reports only.
    pub fn as_us_f64(self) -> f64 {
        self.0 as f64 / 1e6
    }
    /// Seconds as a float, for display and reports only.
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / 1e12
    }
    /// `self + other`, saturating.
    pub const fn saturating_add(self, other: SimTime) -> SimTime {
        SimTime(self.0.saturating_add(other.0))
    }
    /// `self - other`, or zero if `other` is later.
    pub const fn saturating_sub(self, other: SimTime) -> SimTime {
        SimTime(self.0.saturating_sub(other.0))
    }
    /// `self * n`, saturating (e.g. per-byte time × bytes).
    pub const fn times(self, n: u64) -> SimTime {
        SimTime(self.0.saturating_mul(n))
    }
}

impl Add for SimTime {
    type Output = SimTime;
    fn add(self, rhs: SimTime) -> SimTime {
        self.saturating_add(rhs)
    }
}

impl AddAssign for SimTime {
    fn add_assign(&mut self, rhs: SimTime) {
        *self = self.saturating_add(rhs);
    }
}

impl Sub for SimTime {
    type Output = SimTime;
    fn sub(self, rhs: SimTime) -> SimTime {
        self.saturating_sub(rhs)
    }
}

impl fmt::Display for SimTime {
    /// Human units: `850 ps`, `15.300 µs`, `2.100 ms`, `1.234567 s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ps = self.0;
        if ps < 1_000 {
            write!(f, "{ps} ps")
        } else if ps < 1_000_000 {
            write!(f, "{:.3} ns", ps as f64 / 1e3)
        } else if ps < 1_000_000_000 {
            write!(f, "{:.3} µs", ps as f64 / 1e6)
        } else if ps < 1_000_000_000_000 {
            write!(f, "{:.3} ms", ps as f64 / 1e9)
        } else if ps % 1_000_000_000_000 == 0 {
            write!(f, "{} s", ps / 1_000_000_000_000)
        } else {
            write!(f, "{:.6} s", ps as f64 / 1e12)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert_exactly() {
        assert_eq!(SimTime::from_us(15), SimTime(15_000_000));
        assert_eq!(SimTime::from_us_f64(15.3), SimTime(15_300_000));
        assert_eq!(SimTime::from_ns(1).times(3), SimTime(3_000));
    }

    #[test]
    fn arithmetic_saturates() {
        assert_eq!(SimTime::MAX + SimTime(1), SimTime::MAX);
        assert_eq!(SimTime(1) - SimTime(5), SimTime::ZERO);
        assert_eq!(SimTime::from_us_f64(-3.0), SimTime::ZERO);
        assert_eq!(SimTime::from_us_f64(f64::NAN), SimTime::ZERO);
    }

    #[test]
    fn displays_in_human_units() {
        assert_eq!(SimTime(850).to_string(), "850 ps");
        assert_eq!(SimTime::from_us_f64(15.3).to_string(), "15.300 µs");
        assert_eq!(SimTime::from_ms(2).to_string(), "2.000 ms");
        assert_eq!(SimTime::from_ms(3_600_000).to_string(), "3600 s");
        assert_eq!(SimTime::from_ms(1_500).to_string(), "1.500000 s");
    }
}
