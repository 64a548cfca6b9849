//! Playback speed: how fast "Run" walks through events, and how the page splits that walk into
//! chunks small enough to keep answering input (pure; the timer that drives it is in `app`). At
//! full speed the chunk adapts ([`adapt_split`], the simulation and the render timed apart around
//! the reducer's dispatch) so that one chunk's simulation takes what is left of [`MAX_CHUNK_MS`]
//! after rendering, but at least [`MIN_SIM_MS`]: a click waits at most one chunk and its render,
//! even when 256 ranks make the first events cost 150 µs each and a render 40 ms. Every start of
//! playing begins with [`START_CHUNK`] events, not the size the last run grew to.

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

/// A chunk of events (the first: the side-by-side comparison's smallest catch-up step) and the
/// largest [`Speed::Max`] chunk; the smallest is [`MIN_SPLIT_CHUNK`], since [`MIN_SIM_MS`] keeps a
/// run moving when rendering is slow.
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

    /// The next chunk. `adaptive` is the current [`Speed::Max`] chunk size (see [`adapt_split`]).
    pub fn chunk(self, adaptive: u64) -> Chunk {
        let every = |delay_ms: u32, events: u64| Chunk { delay_ms, events };
        match self {
            Speed::Slow => every(1000, 1),
            Speed::Walk => every(100, 1),
            Speed::Brisk => every(20, 2),
            Speed::Fast => every(16, 16),
            Speed::Max => every(0, adaptive.clamp(MIN_SPLIT_CHUNK, CHUNK_BOUNDS.1)),
        }
    }
}

/// The first [`Speed::Max`] chunk of a run, and of every resume: small enough that it does not
/// block the page even where events are slowest (a 256-rank start, ~150 µs an event: 15 ms);
/// [`adapt_split`] doubles it chunk by chunk from there. Without it a run started with the chunk
/// size a previous, cheaper run had grown to (up to [`CHUNK_BOUNDS`]`.1` events).
pub const START_CHUNK: u64 = 100;

/// The [`Speed::Max`] chunk size to go on with: [`START_CHUNK`] when playing starts (it was not
/// playing before), else the adapted size `adaptive`.
pub fn chunk_on_play(was_playing: bool, playing: bool, adaptive: u64) -> u64 {
    if playing && !was_playing {
        START_CHUNK
    } else {
        adaptive
    }
}

/// Simulation time a [`Speed::Max`] chunk gets at least, however long rendering takes (ms).
pub const MIN_SIM_MS: f64 = 15.0;

/// Smallest [`Speed::Max`] chunk when the simulation and the rendering are timed apart (see
/// [`adapt_split`]): the time floor [`MIN_SIM_MS`] keeps the run moving, not an event count.
pub const MIN_SPLIT_CHUNK: u64 = 16;

/// The next [`Speed::Max`] chunk size, given that `events` took `sim_ms` to simulate and the page
/// then took `render_ms` to render: the simulation gets what is left of [`MAX_CHUNK_MS`] after
/// rendering, but at least [`MIN_SIM_MS`], so a chunk plus its render stays near the larger of
/// 25 ms and the render + 15 ms (a 256-rank run whose first events take 150 µs each no longer
/// blocks the page for a 1,000-event chunk), growing at most 2× at a time.
pub fn adapt_split(events: u64, sim_ms: f64, render_ms: f64) -> u64 {
    let events = events.max(1) as f64;
    let budget = (MAX_CHUNK_MS - render_ms.max(0.0)).max(MIN_SIM_MS);
    let ideal = if sim_ms > 0.0 {
        events * budget / sim_ms
    } else {
        events * 2.0
    };
    (ideal.min(events * 2.0) as u64).clamp(MIN_SPLIT_CHUNK, CHUNK_BOUNDS.1)
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
    fn max_speed_chunks_stay_within_bounds() {
        assert_eq!(Speed::Max.chunk(10).events, MIN_SPLIT_CHUNK);
        assert_eq!(Speed::Max.chunk(u64::MAX).events, CHUNK_BOUNDS.1);
        assert_eq!(Speed::Max.chunk(5_000).events, 5_000);
    }

    #[test]
    fn split_timing_gives_the_simulation_what_rendering_leaves() {
        // 1,000 events took 150 ms to simulate (a 256-rank start) and 40 ms to render: the next
        // chunk gets 15 ms of simulation, 100 events.
        assert_eq!(adapt_split(1_000, 150.0, 40.0), 100);
        // Cheap rendering: the simulation gets the rest of the 25 ms.
        assert_eq!(adapt_split(10_000, 20.0, 5.0), 10_000);
        assert_eq!(adapt_split(10_000, 5.0, 5.0), 20_000);
        // Never below the floor or above the bound, and at most double.
        assert_eq!(adapt_split(20, 1_000.0, 0.0), MIN_SPLIT_CHUNK);
        assert_eq!(adapt_split(CHUNK_BOUNDS.1, 0.0, 0.0), CHUNK_BOUNDS.1);
    }

    #[test]
    fn every_start_of_playing_begins_with_a_small_chunk() {
        // A previous cheap run grew the chunk to the bound; a new Run starts small again.
        assert_eq!(chunk_on_play(false, true, CHUNK_BOUNDS.1), START_CHUNK);
        assert_eq!(chunk_on_play(true, true, 40_000), 40_000);
        assert_eq!(chunk_on_play(true, false, 40_000), 40_000);
        assert_eq!(chunk_on_play(false, false, 40_000), 40_000);
        // At the slowest events measured (a 256-rank start, ~150 µs each) it fits a chunk's time.
        assert!(START_CHUNK as f64 * 0.150 <= MAX_CHUNK_MS);
        // And it grows back: at most double per chunk.
        assert_eq!(adapt_split(START_CHUNK, 0.5, 1.0), 2 * START_CHUNK);
    }

    #[test]
    fn ids_round_trip() {
        for s in SPEEDS {
            assert_eq!(Speed::from_id(s.id()), Some(s));
        }
        assert_eq!(Speed::from_id("warp"), None);
    }
}
