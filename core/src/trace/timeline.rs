//! The timeline (space-time diagram) of a run: per-rank compute and blocked spans, message and
//! one-sided arrows between ranks, and point marks, built incrementally from trace records and
//! queried by time window with binary searches (so a view can cull to what is on screen).
//!
//! The pairing of records into spans and arrows lives here only: the Perfetto export
//! ([`super::chrome`]) and the web view both derive their slices and arrows from a [`Timeline`].

use std::collections::BTreeMap;

use crate::engine::ids::Rank;
use crate::time::SimTime;
use crate::trace::log::Records;
use crate::trace::record::{ArrowKey, Draw, Record};

/// What a rank does during a [`Span`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpanKind {
    /// Busy computing (a `Compute` record up to its `until`).
    Compute,
    /// Blocked in a wait, from a `Blocked` record to the rank's next `Resumed`.
    Blocked,
    /// Software overhead: the MPI library inside a call (a `Library` record up to its `until`),
    /// or a `yield()` (a `Yielded` record, handlers and the thread's re-invocation).
    Library,
}

/// An interval of one rank's time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Compute or blocked.
    pub kind: SpanKind,
    /// When it starts.
    pub start: SimTime,
    /// When it ends; `None` while a blocked span is still open (drawn up to the end of known
    /// time, see [`Span::end_or`]).
    pub end: Option<SimTime>,
    /// Index of the record that opened it.
    pub record: usize,
    /// Index of the record that closed it (the `Resumed` of a blocked span), once known.
    pub end_record: Option<usize>,
}

impl Span {
    /// The end, or `open_end` for a span that is still open.
    pub fn end_or(&self, open_end: SimTime) -> SimTime {
        self.end.unwrap_or(open_end.max(self.start))
    }
}

/// What an [`Arrow`] carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ArrowKind {
    /// A point-to-point message (send → arrival).
    Message,
    /// A one-sided put or get executed by the target's NIC (or its software, see
    /// [`Arrow::software`]).
    Rdma,
    /// A remote atomic read-modify-write.
    Atomic,
}

/// A transfer between two ranks: a message, or a one-sided operation drawn as a request leg to
/// the target and (when known) a reply leg back to the origin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Message, RDMA or atomic.
    pub kind: ArrowKind,
    /// One-sided operation emulated by the target's software (no hardware for it).
    pub software: bool,
    /// Sender / origin.
    pub from: Rank,
    /// Receiver / target.
    pub to: Rank,
    /// When it leaves `from`.
    pub start: SimTime,
    /// When it reaches `to`. For a hardware one-sided operation the trace records only the
    /// completion at the origin, so the target is drawn reached halfway.
    pub end: SimTime,
    /// One-sided operations: when the reply is back at `from`, once known.
    pub back: Option<SimTime>,
    /// Index of the record that started it (`SendPosted` or `RdmaIssued`).
    pub record: usize,
    /// Index of the `Arrived` record of a message, once known.
    pub end_record: Option<usize>,
    /// Index of the `RdmaComplete` record of a one-sided operation, once known.
    pub back_record: Option<usize>,
}

impl Arrow {
    /// The latest time the arrow reaches (its arrival, or the reply's return).
    pub fn last(&self) -> SimTime {
        self.back.map_or(self.end, |b| b.max(self.end))
    }

    /// The legs as `(from rank, from time, to rank, to time)`: one for a message, two for a
    /// one-sided operation whose reply is known.
    pub fn legs(&self) -> impl Iterator<Item = (Rank, SimTime, Rank, SimTime)> {
        let out = (self.from, self.start, self.to, self.end);
        let back = self.back.map(|b| (self.to, self.end, self.from, b));
        std::iter::once(out).chain(back)
    }
}

/// What a [`Mark`] marks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// The rank finished its program.
    Done,
    /// The rank printed a line.
    Console,
    /// A message arrived with no receive posted and waits in the unexpected queue.
    Unexpected,
}

/// A point event on one rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// What happened.
    pub kind: MarkKind,
    /// The rank.
    pub rank: Rank,
    /// When.
    pub time: SimTime,
    /// Index of its record.
    pub record: usize,
}

/// Which item a [`Hit`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Span `index` of `rank` (see [`Timeline::spans`]).
    Span {
        /// The rank.
        rank: Rank,
        /// Index in the rank's spans.
        index: usize,
    },
    /// An arrow, by index in [`Timeline::arrows`].
    Arrow(usize),
    /// A mark, by index in [`Timeline::marks`].
    Mark(usize),
}

/// The item under a point and the record that explains it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The item.
    pub item: Item,
    /// The record to explain and to seek to (for an arrow, the end nearest the point).
    pub record: usize,
}

#[derive(Clone, Debug, Default)]
struct Lane {
    /// Sorted by start.
    spans: Vec<Span>,
    /// Longest closed span.
    max_dur: SimTime,
    /// Index of the open blocked span, if any.
    open: Option<usize>,
}

/// The space-time diagram of one run, extended as records become known.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    lanes: Vec<Lane>,
    /// Sorted by start.
    arrows: Vec<Arrow>,
    arrow_max_dur: SimTime,
    /// Sorted by time.
    marks: Vec<Mark>,
    /// Arrows a later record will close, by their layer's key.
    pending: BTreeMap<ArrowKey, usize>,
    seen: usize,
    end: SimTime,
    /// The run can go no further (an error stopped it): open spans never end.
    stopped: bool,
}

impl Timeline {
    /// An empty timeline for `ranks` ranks.
    pub fn new(ranks: u32) -> Timeline {
        Timeline {
            lanes: vec![Lane::default(); ranks as usize],
            ..Timeline::default()
        }
    }

    /// A timeline of `records` in one go (equal to extending an empty one piece by piece).
    pub fn build<'a>(records: impl Into<Records<'a>>, ranks: u32) -> Timeline {
        let mut t = Timeline::new(ranks);
        t.extend(records);
        t
    }

    /// Consumes the records of `known` not seen yet. `known` is the full list of known records
    /// of the same run (it only grows); if it is shorter than what was seen, the timeline is
    /// rebuilt from it.
    pub fn extend<'a>(&mut self, known: impl Into<Records<'a>>) {
        let known = known.into();
        if known.len() < self.seen {
            let stopped = self.stopped;
            *self = Timeline::new(self.lanes.len() as u32);
            self.stopped = stopped;
        }
        for (index, rec) in (self.seen..).zip(known.range(self.seen..known.len())) {
            self.add(index, rec);
        }
        self.seen = known.len();
    }

    /// How many records were consumed.
    pub fn seen(&self) -> usize {
        self.seen
    }

    /// Number of ranks (rows).
    pub fn ranks(&self) -> u32 {
        self.lanes.len() as u32
    }

    /// The latest known time: the last record, or later if a computation or transfer is known
    /// to end later.
    pub fn end_time(&self) -> SimTime {
        self.end
    }

    /// Says whether the run was stopped for good (by an error such as a deadlock): then a rank
    /// still blocked stays blocked forever, and its open span reaches past any window.
    pub fn set_stopped(&mut self, stopped: bool) {
        self.stopped = stopped;
    }

    /// Where open spans end: the end of known time, or never ([`SimTime::MAX`]) in a stopped run.
    pub fn open_end(&self) -> SimTime {
        if self.stopped {
            SimTime::MAX
        } else {
            self.end
        }
    }

    /// Every span of `rank`, sorted by start (empty for an unknown rank).
    pub fn spans(&self, rank: Rank) -> &[Span] {
        self.lanes
            .get(rank as usize)
            .map_or(&[][..], |l| &l.spans[..])
    }

    /// Every arrow, sorted by start.
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// Every mark, sorted by time.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The spans of `rank` overlapping `[t0, t1]` (open spans reach [`Timeline::open_end`]),
    /// with their indices, in start order.
    pub fn visible_spans(
        &self,
        rank: Rank,
        t0: SimTime,
        t1: SimTime,
    ) -> impl Iterator<Item = (usize, &Span)> + '_ {
        let (lo, hi, open) = match self.lanes.get(rank as usize) {
            None => (0, 0, None),
            Some(lane) => {
                let from = t0.saturating_sub(lane.max_dur);
                let lo = lane.spans.partition_point(|s| s.start < from);
                let hi = lane.spans.partition_point(|s| s.start <= t1);
                // An open span can be longer than every closed one: include it separately.
                let open = lane.open.filter(|&i| i < lo && lane.spans[i].start <= t1);
                (lo, hi.max(lo), open)
            }
        };
        let spans = self.spans(rank);
        let end = self.open_end();
        open.map(|i| (i, &spans[i]))
            .into_iter()
            .chain((lo..hi).map(move |i| (i, &spans[i])))
            .filter(move |(_, s)| s.end_or(end) >= t0)
    }

    /// The arrows overlapping `[t0, t1]` (by time: leaving before `t1`, arriving or returning
    /// after `t0`), with their indices, in start order.
    pub fn visible_arrows(
        &self,
        t0: SimTime,
        t1: SimTime,
    ) -> impl Iterator<Item = (usize, &Arrow)> + '_ {
        let (lo, hi) = self.arrow_range(t0, t1);
        (lo..hi)
            .map(move |i| (i, &self.arrows[i]))
            .filter(move |(_, a)| a.last() >= t0)
    }

    /// Indices `lo..hi` of the arrows that may overlap `[t0, t1]` (a superset; filter by
    /// [`Arrow::last`]).
    pub fn arrow_range(&self, t0: SimTime, t1: SimTime) -> (usize, usize) {
        let from = t0.saturating_sub(self.arrow_max_dur);
        let lo = self.arrows.partition_point(|a| a.start < from);
        let hi = self.arrows.partition_point(|a| a.start <= t1);
        (lo, hi.max(lo))
    }

    /// The marks in `[t0, t1]`, with their indices.
    pub fn visible_marks(
        &self,
        t0: SimTime,
        t1: SimTime,
    ) -> impl Iterator<Item = (usize, &Mark)> + '_ {
        let lo = self.marks.partition_point(|m| m.time < t0);
        let hi = self.marks.partition_point(|m| m.time <= t1).max(lo);
        (lo..hi).map(move |i| (i, &self.marks[i]))
    }

    /// The item of `rank` nearest to time `t` within `tolerance`: a mark or an arrow end on the
    /// rank first (small targets), else the span containing `t` (or within `tolerance` of it).
    pub fn hit(&self, rank: Rank, t: SimTime, tolerance: SimTime) -> Option<Hit> {
        let (t0, t1) = (t.saturating_sub(tolerance), t.saturating_add(tolerance));
        let dist = |x: SimTime| if x > t { x - t } else { t - x };
        let mut best: Option<(SimTime, Hit)> = None;
        let mut offer = |d: SimTime, hit: Hit| {
            if d <= tolerance && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, hit));
            }
        };
        for (i, m) in self.visible_marks(t0, t1) {
            if m.rank == rank {
                offer(
                    dist(m.time),
                    Hit {
                        item: Item::Mark(i),
                        record: m.record,
                    },
                );
            }
        }
        for (i, a) in self.visible_arrows(t0, t1) {
            let item = Item::Arrow(i);
            if a.from == rank {
                offer(
                    dist(a.start),
                    Hit {
                        item,
                        record: a.record,
                    },
                );
                if let Some(b) = a.back {
                    let record = a.back_record.unwrap_or(a.record);
                    offer(dist(b), Hit { item, record });
                }
            }
            if a.to == rank {
                let record = a.end_record.unwrap_or(a.record);
                offer(dist(a.end), Hit { item, record });
            }
        }
        if let Some((_, hit)) = best {
            return Some(hit);
        }
        let end = self.open_end();
        self.visible_spans(rank, t0, t1)
            .map(|(index, s)| {
                let (a, b) = (s.start, s.end_or(end));
                let d = if t < a {
                    a - t
                } else if t > b {
                    t - b
                } else {
                    SimTime::ZERO
                };
                (d, index, s.record)
            })
            .min_by_key(|&(d, index, _)| (d, std::cmp::Reverse(index)))
            .map(|(_, index, record)| Hit {
                item: Item::Span { rank, index },
                record,
            })
    }

    /// The arrow leg nearest to a point, measured on screen: the point is at time `t` (ps) and
    /// fractional row `row` (rank `r` is drawn at row `r`), one picosecond is `px_per_ps` pixels
    /// wide and one row `px_per_row` pixels tall. Only arrows overlapping `[t0, t1]` are
    /// considered; returns the hit (recording the leg's nearer end) if within `tolerance_px`.
    #[allow(clippy::too_many_arguments)]
    pub fn nearest_arrow(
        &self,
        t: f64,
        row: f64,
        px_per_ps: f64,
        px_per_row: f64,
        t0: SimTime,
        t1: SimTime,
        tolerance_px: f64,
    ) -> Option<Hit> {
        let rows = |r: Rank| Some(f64::from(r));
        let view = (px_per_ps, px_per_row, t0, t1, tolerance_px);
        self.nearest_arrow_on_rows(t, row, view, rows)
    }

    /// [`Timeline::nearest_arrow`] when the rows are not the ranks in order (a view that filters
    /// or groups ranks): `row_of` gives the fractional row a rank is drawn at, `None` for a rank
    /// not drawn (its arrows are skipped). `view` is `(px_per_ps, px_per_row, t0, t1,
    /// tolerance_px)` as for `nearest_arrow`.
    pub fn nearest_arrow_on_rows(
        &self,
        t: f64,
        row: f64,
        view: (f64, f64, SimTime, SimTime, f64),
        row_of: impl Fn(Rank) -> Option<f64>,
    ) -> Option<Hit> {
        let (px_per_ps, px_per_row, t0, t1, tolerance_px) = view;
        let (px, py) = (t * px_per_ps, row * px_per_row);
        let mut best: Option<(f64, Hit)> = None;
        for (i, a) in self.visible_arrows(t0, t1) {
            for (leg, (r0, s0, r1, s1)) in a.legs().enumerate() {
                let (Some(y0), Some(y1)) = (row_of(r0), row_of(r1)) else {
                    continue;
                };
                let (ax, ay) = (s0.as_ps() as f64 * px_per_ps, y0 * px_per_row);
                let (bx, by) = (s1.as_ps() as f64 * px_per_ps, y1 * px_per_row);
                let (dx, dy) = (bx - ax, by - ay);
                let len2 = dx * dx + dy * dy;
                let u = if len2 > 0.0 {
                    (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let (cx, cy) = (ax + u * dx, ay + u * dy);
                let d = ((px - cx).powi(2) + (py - cy).powi(2)).sqrt();
                if d <= tolerance_px && best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                    let record = match (leg, u < 0.5) {
                        (0, true) => a.record,
                        (0, false) => a.end_record.unwrap_or(a.record),
                        (_, true) => a.end_record.unwrap_or(a.record),
                        (_, false) => a.back_record.unwrap_or(a.record),
                    };
                    best = Some((
                        d,
                        Hit {
                            item: Item::Arrow(i),
                            record,
                        },
                    ));
                }
            }
        }
        best.map(|(_, h)| h)
    }

    fn lane(&mut self, rank: Rank) -> &mut Lane {
        let i = rank as usize;
        if i >= self.lanes.len() {
            self.lanes.resize_with(i + 1, Lane::default);
        }
        &mut self.lanes[i]
    }

    fn reach(&mut self, t: SimTime) {
        self.end = self.end.max(t);
    }

    fn push_arrow(&mut self, arrow: Arrow) -> usize {
        self.arrow_max_dur = self.arrow_max_dur.max(arrow.last() - arrow.start);
        self.reach(arrow.last());
        self.arrows.push(arrow);
        self.arrows.len() - 1
    }

    fn add(&mut self, index: usize, rec: &Record) {
        let now = rec.time;
        self.reach(now);
        match rec.draw() {
            Draw::Nothing => {}
            Draw::Span { rank, kind, until } => {
                let until = until.max(now);
                let lane = self.lane(rank);
                lane.max_dur = lane.max_dur.max(until - now);
                lane.spans.push(Span {
                    kind,
                    start: now,
                    end: Some(until),
                    record: index,
                    end_record: None,
                });
                self.reach(until);
            }
            Draw::Wait { rank } => {
                let lane = self.lane(rank);
                lane.spans.push(Span {
                    kind: SpanKind::Blocked,
                    start: now,
                    end: None,
                    record: index,
                    end_record: None,
                });
                lane.open = Some(lane.spans.len() - 1);
            }
            Draw::Arrow {
                kind,
                software,
                from,
                to,
                end,
                back,
                key,
            } => {
                let i = self.push_arrow(Arrow {
                    kind,
                    software,
                    from,
                    to,
                    start: now,
                    end: end.max(now),
                    back,
                    record: index,
                    end_record: None,
                    back_record: None,
                });
                if let Some(key) = key {
                    self.pending.insert(key, i);
                }
            }
            Draw::Reached { key } => {
                if let Some(i) = self.pending.remove(&key) {
                    self.arrows[i].end_record = Some(index);
                }
            }
            Draw::Returned { key } => {
                if let Some(i) = self.pending.remove(&key) {
                    let a = &mut self.arrows[i];
                    a.back_record = Some(index);
                    if a.software {
                        a.back = Some(now.max(a.end));
                    }
                    let dur = a.last() - a.start;
                    self.arrow_max_dur = self.arrow_max_dur.max(dur);
                }
            }
            Draw::Mark { kind, rank } => self.mark(kind, rank, now, index),
        }
        // A resume closes the rank's open blocked span.
        if let crate::trace::RecordKind::Resumed { rank } = rec.kind {
            let lane = self.lane(rank);
            if let Some(i) = lane.open.take() {
                let span = &mut lane.spans[i];
                span.end = Some(now.max(span.start));
                span.end_record = Some(index);
                lane.max_dur = lane.max_dur.max(now - span.start);
            }
        }
    }

    fn mark(&mut self, kind: MarkKind, rank: Rank, time: SimTime, record: usize) {
        self.lane(rank);
        self.marks.push(Mark {
            kind,
            rank,
            time,
            record,
        });
    }
}

/// Index of the last record at or before `t` (records are in time order), if any: the point a
/// click on empty space at time `t` goes to.
pub fn last_record_at(records: Records<'_>, t: SimTime) -> Option<usize> {
    records.partition_point(|r| r.time <= t).checked_sub(1)
}
