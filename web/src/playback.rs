//! Playback speed: how fast "Run" walks through events, and how the page splits that walk into
//! chunks small enough to keep answering input (pure; the timer that drives it is in `app`).

use serde::{Deserialize, Serialize};

/// How fast a playing run advances.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// One event per second: read every sentence of the log as it happens.
    Slow,
    /// Ten events per second.
    Walk,
    /// A hundred events per second.
    Brisk,
    /// A thousand events per second.
    Fast,
    /// As fast as the page can go while staying responsive.
    #[default]
    Max,
}

/// Every speed, slowest first (for the picker).
pub const SPEEDS: [Speed; 5] = [
    Speed::Slow,
    Speed::Walk,
    Speed::Brisk,
    Speed::Fast,
    Speed::Max,
];

/// Wall time one chunk at [`Speed::Max`] may take, simulating and rendering, before the page
/// yields to input and painting: well under the 100 ms within which a page must answer a click,
/// long enough that the fixed cost of rendering each chunk does not dominate.
pub const MAX_CHUNK_MS: f64 = 25.0;

/// Bounds of the adaptive chunk size at [`Speed::Max`], in events (the lower bound keeps a run
/// moving even when rendering alone takes most of the budget).
pub const CHUNK_BOUNDS: (u64, u64) = (1_000, 1_000_000);

/// One chunk of a playing run: wait `delay_ms`, then advance up to `events`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Chunk {
    /// Milliseconds to wait before the chunk (lets the page paint and take input).
    pub delay_ms: u32,
    /// Events to advance.
    pub events: u64,
}

impl Speed {
    /// Its label in the picker.
    pub fn label(self) -> &'static str {
        match self {
            Speed::Slow => "1 event/s",
            Speed::Walk => "10 events/s",
            Speed::Brisk => "100 events/s",
            Speed::Fast => "1,000 events/s",
            Speed::Max => "as fast as possible",
        }
    }

    /// Its identifier (for `<option value>` and share links).
    pub fn id(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Walk => "walk",
            Speed::Brisk => "brisk",
            Speed::Fast => "fast",
            Speed::Max => "max",
        }
    }

    /// The speed with identifier `id`.
    pub fn from_id(id: &str) -> Option<Speed> {
        SPEEDS.into_iter().find(|s| s.id() == id)
    }

    /// The next chunk. `adaptive` is the current [`Speed::Max`] chunk size (see [`adapt`]).
    pub fn chunk(self, adaptive: u64) -> Chunk {
        let every = |delay_ms: u32, events: u64| Chunk { delay_ms, events };
        match self {
            Speed::Slow => every(1000, 1),
            Speed::Walk => every(100, 1),
            Speed::Brisk => every(20, 2),
            Speed::Fast => every(16, 16),
            Speed::Max => every(0, adaptive.clamp(CHUNK_BOUNDS.0, CHUNK_BOUNDS.1)),
        }
    }
}

/// The next [`Speed::Max`] chunk size, given that `events` took `elapsed_ms` of wall time
/// (simulation plus rendering): aims at [`MAX_CHUNK_MS`] per chunk, growing at most 2× at a time
/// so one slow chunk is never followed by a much slower one.
pub fn adapt(events: u64, elapsed_ms: f64) -> u64 {
    let events = events.max(1) as f64;
    let ideal = if elapsed_ms > 0.0 {
        events * MAX_CHUNK_MS / elapsed_ms
    } else {
        events * 2.0
    };
    (ideal.min(events * 2.0) as u64).clamp(CHUNK_BOUNDS.0, CHUNK_BOUNDS.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_speeds_advance_at_their_rate() {
        for (speed, rate) in [
            (Speed::Slow, 1.0),
            (Speed::Walk, 10.0),
            (Speed::Brisk, 100.0),
            (Speed::Fast, 1000.0),
        ] {
            let c = speed.chunk(0);
            let per_second = c.events as f64 * 1000.0 / f64::from(c.delay_ms);
            assert!(
                (per_second - rate).abs() / rate < 0.1,
                "{speed:?}: {per_second}"
            );
        }
    }

    #[test]
    fn max_speed_adapts_toward_the_frame_budget() {
        // 100,000 events took 50 ms: too slow, shrink to about 25 ms worth.
        assert_eq!(adapt(100_000, 50.0), 50_000);
        // 2,000 events took 1 ms: grow, but at most double.
        assert_eq!(adapt(2_000, 1.0), 4_000);
        assert_eq!(adapt(2_000, 0.0), 4_000);
        // Never below or above the bounds.
        assert_eq!(adapt(1_000, 1000.0), CHUNK_BOUNDS.0);
        assert_eq!(adapt(CHUNK_BOUNDS.1, 1.0), CHUNK_BOUNDS.1);
        assert_eq!(Speed::Max.chunk(10).events, CHUNK_BOUNDS.0);
    }

    #[test]
    fn ids_round_trip() {
        for s in SPEEDS {
            assert_eq!(Speed::from_id(s.id()), Some(s));
        }
        assert_eq!(Speed::from_id("warp"), None);
    }
}
