//! The timeline (space-time diagram) of a run: per-rank compute and blocked spans, message and
//! one-sided arrows between ranks, and point marks, built incrementally from trace records and
//! queried by time window with binary searches (so a view can cull to what is on screen).
//!
//! The pairing of records into spans and arrows lives here only: the Perfetto export
//! ([`super::chrome`]) and the web view both derive their slices and arrows from a [`Timeline`].

use std::collections::BTreeMap;

use crate::engine::ids::{MsgId, Rank, ReqId};
use crate::machine::RdmaOp;
use crate::time::SimTime;
use crate::trace::log::Records;
use crate::trace::record::{Record, RecordKind};

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
    pending_msgs: BTreeMap<MsgId, usize>,
    pending_rdma: BTreeMap<(Rank, ReqId), usize>,
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
        let (px, py) = (t * px_per_ps, row * px_per_row);
        let mut best: Option<(f64, Hit)> = None;
        for (i, a) in self.visible_arrows(t0, t1) {
            for (leg, (r0, s0, r1, s1)) in a.legs().enumerate() {
                let (ax, ay) = (s0.as_ps() as f64 * px_per_ps, f64::from(r0) * px_per_row);
                let (bx, by) = (s1.as_ps() as f64 * px_per_ps, f64::from(r1) * px_per_row);
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
        match &rec.kind {
            RecordKind::Compute { rank, until }
            | RecordKind::Library { rank, until, .. }
            | RecordKind::Yielded { rank, until } => {
                let until = (*until).max(now);
                let lane = self.lane(*rank);
                lane.max_dur = lane.max_dur.max(until - now);
                lane.spans.push(Span {
                    kind: if matches!(rec.kind, RecordKind::Compute { .. }) {
                        SpanKind::Compute
                    } else {
                        SpanKind::Library
                    },
                    start: now,
                    end: Some(until),
                    record: index,
                    end_record: None,
                });
                self.reach(until);
            }
            RecordKind::Blocked { rank, .. } | RecordKind::Spinning { rank, .. } => {
                let lane = self.lane(*rank);
                lane.spans.push(Span {
                    kind: SpanKind::Blocked,
                    start: now,
                    end: None,
                    record: index,
                    end_record: None,
                });
                lane.open = Some(lane.spans.len() - 1);
            }
            RecordKind::Resumed { rank } => {
                let lane = self.lane(*rank);
                if let Some(i) = lane.open.take() {
                    let span = &mut lane.spans[i];
                    span.end = Some(now.max(span.start));
                    span.end_record = Some(index);
                    lane.max_dur = lane.max_dur.max(now - span.start);
                }
            }
            RecordKind::SendPosted {
                rank,
                dst,
                msg,
                arrives,
                ..
            } => {
                let i = self.push_arrow(Arrow {
                    kind: ArrowKind::Message,
                    software: false,
                    from: *rank,
                    to: *dst,
                    start: now,
                    end: (*arrives).max(now),
                    back: None,
                    record: index,
                    end_record: None,
                    back_record: None,
                });
                self.pending_msgs.insert(*msg, i);
            }
            RecordKind::Arrived { msg, .. } => {
                if let Some(i) = self.pending_msgs.remove(msg) {
                    self.arrows[i].end_record = Some(index);
                }
            }
            RecordKind::RdmaIssued {
                rank,
                target,
                op,
                req,
                software,
                completes,
            } => {
                let completes = (*completes).max(now);
                let kind = match op {
                    RdmaOp::Atomic(_) => ArrowKind::Atomic,
                    RdmaOp::Put { .. } | RdmaOp::Get { .. } => ArrowKind::Rdma,
                };
                let (end, back) = if *software {
                    // `completes` is the request's arrival at the target; the reply's return
                    // is known when the operation completes at the origin.
                    (completes, None)
                } else {
                    // `completes` is the completion back at the origin.
                    (
                        now + SimTime((completes - now).as_ps() / 2),
                        Some(completes),
                    )
                };
                let i = self.push_arrow(Arrow {
                    kind,
                    software: *software,
                    from: *rank,
                    to: *target,
                    start: now,
                    end,
                    back,
                    record: index,
                    end_record: None,
                    back_record: None,
                });
                self.pending_rdma.insert((*rank, *req), i);
            }
            RecordKind::RdmaComplete { rank, req } => {
                if let Some(i) = self.pending_rdma.remove(&(*rank, *req)) {
                    let a = &mut self.arrows[i];
                    a.back_record = Some(index);
                    if a.software {
                        a.back = Some(now.max(a.end));
                    }
                    let dur = a.last() - a.start;
                    self.arrow_max_dur = self.arrow_max_dur.max(dur);
                }
            }
            RecordKind::Done { rank } => self.mark(MarkKind::Done, *rank, now, index),
            RecordKind::Console { rank, .. } => self.mark(MarkKind::Console, *rank, now, index),
            RecordKind::Unexpected { rank, .. } => {
                self.mark(MarkKind::Unexpected, *rank, now, index)
            }
            RecordKind::Start { .. }
            | RecordKind::Hardware { .. }
            | RecordKind::SendComplete { .. }
            | RecordKind::RecvPosted { .. }
            | RecordKind::Lock { .. }
            | RecordKind::LockStep { .. }
            | RecordKind::Matched { .. } => {}
            RecordKind::Protocol {
                rank,
                peer,
                step,
                until,
                ..
            } => {
                // Paper 000's request packets are drawn as messages, its data moves (remote
                // writes and reads) as RDMA.
                if let Some(data) = step.transfer() {
                    let (from, to) = if step.inbound() {
                        (*peer, *rank)
                    } else {
                        (*rank, *peer)
                    };
                    self.push_arrow(Arrow {
                        kind: if data {
                            ArrowKind::Rdma
                        } else {
                            ArrowKind::Message
                        },
                        software: false,
                        from,
                        to,
                        start: now,
                        end: (*until).max(now),
                        back: None,
                        record: index,
                        end_record: None,
                        back_record: None,
                    });
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Sim, SimConfig};
    use crate::machine::{builtin_profiles, AtomicKind, Machine};
    use crate::workloads::{programs, WorkloadKind, WorkloadParams};
    use proptest::prelude::*;

    fn run(kind: WorkloadKind, ranks: u32, machine: &str) -> Vec<Record> {
        let profile = builtin_profiles()
            .unwrap()
            .into_iter()
            .find(|p| p.machine.id == machine)
            .unwrap();
        let params = WorkloadParams {
            bytes: 256,
            iterations: 3,
        };
        let mut sim = Sim::new(
            Machine::new(&profile, ranks).unwrap(),
            programs(kind, ranks, params),
            SimConfig::default(),
        );
        sim.run().unwrap();
        sim.trace().records().to_vec()
    }

    fn at(ps: u64, kind: RecordKind) -> Record {
        Record {
            time: SimTime(ps),
            kind,
        }
    }

    #[test]
    fn a_broadcast_has_one_arrow_per_message_paired_with_its_arrival() {
        let records = run(WorkloadKind::Broadcast, 8, "ib-qdr");
        let t = Timeline::build(&records, 8);
        assert_eq!(t.seen(), records.len());
        let sends = records
            .iter()
            .filter(|r| matches!(r.kind, RecordKind::SendPosted { .. }))
            .count();
        assert_eq!(t.arrows().len(), sends);
        assert_eq!(sends, 7);
        for a in t.arrows() {
            assert_eq!(a.kind, ArrowKind::Message);
            let end = a.end_record.expect("every message arrived");
            assert!(matches!(
                records[end].kind,
                RecordKind::Arrived { src, dst, .. } if src == a.from && dst == a.to
            ));
            assert_eq!(records[end].time, a.end);
            assert!(matches!(
                records[a.record].kind,
                RecordKind::SendPosted { .. }
            ));
        }
        assert!(t.arrows().windows(2).all(|w| w[0].start <= w[1].start));
        // Every rank but the root blocks for its message; nothing is left open at the end.
        for r in 1..8 {
            let spans = t.spans(r);
            assert!(
                spans.iter().any(|s| s.kind == SpanKind::Blocked),
                "rank {r}"
            );
            assert!(spans.iter().all(|s| s.end.is_some()));
            assert!(spans.windows(2).all(|w| w[0].start <= w[1].start));
            for s in spans {
                let opener = &records[s.record].kind;
                match s.kind {
                    SpanKind::Blocked => {
                        assert!(matches!(
                            opener,
                            RecordKind::Blocked { rank, .. } | RecordKind::Spinning { rank, .. }
                                if *rank == r
                        ));
                        let closer = &records[s.end_record.unwrap()].kind;
                        assert!(matches!(closer, RecordKind::Resumed { rank } if *rank == r));
                    }
                    SpanKind::Compute => {
                        assert!(matches!(opener, RecordKind::Compute { rank, .. } if *rank == r));
                    }
                    SpanKind::Library => {
                        assert!(matches!(
                            opener,
                            RecordKind::Library { rank, .. } | RecordKind::Yielded { rank, .. }
                                if *rank == r
                        ));
                    }
                }
            }
        }
        let done = t.marks().iter().filter(|m| m.kind == MarkKind::Done);
        assert_eq!(done.count(), 8);
        assert_eq!(t.end_time(), records.last().unwrap().time);
    }

    #[test]
    fn atomics_are_arrows_with_a_reply_leg_in_hardware_and_in_software() {
        for (machine, software) in [("fx100", false), ("fx10", true)] {
            let records = run(WorkloadKind::Atomics, 4, machine);
            let t = Timeline::build(&records, 4);
            let atomics: Vec<_> = t
                .arrows()
                .iter()
                .filter(|a| a.kind == ArrowKind::Atomic)
                .collect();
            assert!(!atomics.is_empty(), "{machine}");
            for a in atomics {
                assert_eq!(a.software, software, "{machine}");
                assert_eq!(a.to, 0);
                let back = a.back.expect("the reply is known");
                assert!(a.start <= a.end && a.end <= back, "{a:?}");
                let done = a.back_record.unwrap();
                assert!(
                    matches!(records[done].kind, RecordKind::RdmaComplete { rank, .. } if rank == a.from)
                );
                assert_eq!(records[done].time, back);
                assert_eq!(a.legs().count(), 2);
            }
        }
    }

    #[test]
    fn crafted_records_pair_and_leave_open_spans_open() {
        let op = RdmaOp::Atomic(AtomicKind::FetchAndAdd);
        let records = vec![
            at(0, RecordKind::Start { rank: 0 }),
            at(
                0,
                RecordKind::Compute {
                    rank: 0,
                    until: SimTime(10),
                },
            ),
            at(
                0,
                RecordKind::Blocked {
                    rank: 1,
                    first: ReqId(0),
                    count: 1,
                    any: false,
                },
            ),
            at(
                10,
                RecordKind::RdmaIssued {
                    rank: 0,
                    target: 1,
                    op,
                    req: ReqId(3),
                    software: true,
                    completes: SimTime(30),
                },
            ),
            at(
                12,
                RecordKind::Console {
                    rank: 0,
                    text: "hi".into(),
                },
            ),
            at(
                50,
                RecordKind::RdmaComplete {
                    rank: 0,
                    req: ReqId(3),
                },
            ),
        ];
        let t = Timeline::build(&records, 2);
        assert_eq!(t.spans(0).len(), 1);
        assert_eq!(t.spans(1)[0].end, None);
        assert_eq!(t.spans(1)[0].end_or(t.end_time()), SimTime(50));
        let a = t.arrows()[0];
        assert_eq!(
            (a.start, a.end, a.back),
            (SimTime(10), SimTime(30), Some(SimTime(50)))
        );
        assert_eq!((a.record, a.back_record), (3, Some(5)));
        // The open span is visible however late the window.
        assert_eq!(t.visible_spans(1, SimTime(45), SimTime(60)).count(), 1);
        // Hits: the console mark at 12, the arrow's start at 10, the compute span at 5.
        let tol = SimTime(1);
        assert_eq!(t.hit(0, SimTime(12), tol).unwrap().item, Item::Mark(0));
        assert_eq!(t.hit(0, SimTime(10), tol).unwrap().record, 3);
        assert_eq!(t.hit(0, SimTime(50), tol).unwrap().record, 5);
        assert_eq!(
            t.hit(0, SimTime(5), tol).unwrap().item,
            Item::Span { rank: 0, index: 0 }
        );
        assert_eq!(t.hit(0, SimTime(40), tol), None);
        assert_eq!(t.hit(1, SimTime(40), tol).unwrap().record, 2);
        // Midway along the request leg (rank 0 at 10 → rank 1 at 30), on screen.
        let hit = t
            .nearest_arrow(20.0, 0.5, 1.0, 20.0, SimTime(0), SimTime(60), 3.0)
            .unwrap();
        assert_eq!(hit.item, Item::Arrow(0));
        assert_eq!(
            t.nearest_arrow(20.0, 0.0, 1.0, 20.0, SimTime(0), SimTime(60), 3.0),
            None
        );
        assert_eq!(last_record_at((&records).into(), SimTime(11)), Some(3));
        // A stopped run (a deadlock): the blocked rank stays blocked past the end of time.
        let mut stopped = t.clone();
        assert_eq!(t.visible_spans(1, SimTime(70), SimTime(90)).count(), 0);
        stopped.set_stopped(true);
        assert_eq!(
            stopped.visible_spans(1, SimTime(70), SimTime(90)).count(),
            1
        );
        assert_eq!(stopped.hit(1, SimTime(80), tol).unwrap().record, 2);
        assert_eq!(last_record_at(records[3..].into(), SimTime(5)), None);
    }

    #[test]
    fn extending_piece_by_piece_equals_building_at_once() {
        let records = run(WorkloadKind::Ring, 5, "fx100");
        let whole = Timeline::build(&records, 5);
        for chunk in [1, 3, 17] {
            let mut t = Timeline::new(5);
            let mut n = 0;
            while n < records.len() {
                n = (n + chunk).min(records.len());
                t.extend(&records[..n]);
                t.extend(&records[..n]); // idempotent
            }
            assert_eq!(format!("{t:?}"), format!("{whole:?}"));
        }
        // A shorter list (another run) rebuilds.
        let mut t = whole.clone();
        t.extend(&records[..4]);
        assert_eq!(
            format!("{t:?}"),
            format!("{:?}", Timeline::build(&records[..4], 5))
        );
    }

    fn window_queries_match_a_naive_filter(records: &[Record], ranks: u32, t0: u64, t1: u64) {
        let t = Timeline::build(records, ranks);
        let (t0, t1) = (SimTime(t0.min(t1)), SimTime(t0.max(t1)));
        let end = t.end_time();
        for r in 0..ranks {
            let fast: Vec<usize> = t.visible_spans(r, t0, t1).map(|(i, _)| i).collect();
            let slow: Vec<usize> = (0..t.spans(r).len())
                .filter(|&i| {
                    let s = &t.spans(r)[i];
                    s.start <= t1 && s.end_or(end) >= t0
                })
                .collect();
            assert_eq!(fast, slow, "rank {r} in [{t0}, {t1}]");
        }
        let fast: Vec<usize> = t.visible_arrows(t0, t1).map(|(i, _)| i).collect();
        let slow: Vec<usize> = (0..t.arrows().len())
            .filter(|&i| t.arrows()[i].start <= t1 && t.arrows()[i].last() >= t0)
            .collect();
        assert_eq!(fast, slow);
        let fast: Vec<usize> = t.visible_marks(t0, t1).map(|(i, _)| i).collect();
        let slow: Vec<usize> = (0..t.marks().len())
            .filter(|&i| (t0..=t1).contains(&t.marks()[i].time))
            .collect();
        assert_eq!(fast, slow);
    }

    /// Random but well-formed traces: per rank, compute and blocked spans of random lengths,
    /// and messages of random latency between random ranks.
    fn crafted(ops: &[(u8, u8, u16, u16)], ranks: u32) -> Vec<Record> {
        let mut events: Vec<Record> = Vec::new();
        let mut clock = vec![0u64; ranks as usize];
        for (i, &(what, rank, a, b)) in ops.iter().enumerate() {
            let rank = u32::from(rank) % ranks;
            let now = clock[rank as usize];
            let (a, b) = (u64::from(a), u64::from(b));
            match what % 3 {
                0 => {
                    events.push(at(
                        now,
                        RecordKind::Compute {
                            rank,
                            until: SimTime(now + a),
                        },
                    ));
                    clock[rank as usize] = now + a;
                }
                1 => {
                    events.push(at(
                        now,
                        RecordKind::Blocked {
                            rank,
                            first: ReqId(0),
                            count: 1,
                            any: false,
                        },
                    ));
                    if b % 7 != 0 {
                        events.push(at(now + a, RecordKind::Resumed { rank }));
                        clock[rank as usize] = now + a;
                    } else {
                        clock[rank as usize] = u64::MAX / 4; // stays blocked
                    }
                }
                _ => {
                    let dst = (rank + 1 + (b as u32)) % ranks;
                    let msg = MsgId(i as u32);
                    events.push(at(
                        now,
                        RecordKind::SendPosted {
                            rank,
                            dst,
                            tag: 0,
                            bytes: 8,
                            msg,
                            req: ReqId(0),
                            sender_free: SimTime(now),
                            arrives: SimTime(now + a),
                        },
                    ));
                    events.push(at(
                        now + a,
                        RecordKind::Arrived {
                            src: rank,
                            dst,
                            tag: 0,
                            msg,
                        },
                    ));
                }
            }
        }
        events.retain(|r| r.time.as_ps() < u64::MAX / 4);
        // The engine records in time order (stable: a rank's own order is kept).
        events.sort_by_key(|r| r.time);
        events
    }

    proptest! {
        #[test]
        fn window_queries_equal_a_naive_filter(
            ops in prop::collection::vec((any::<u8>(), any::<u8>(), 0u16..2000, any::<u16>()), 0..120),
            ranks in 1u32..6,
            t0 in 0u64..40_000,
            t1 in 0u64..40_000,
        ) {
            let records = crafted(&ops, ranks);
            window_queries_match_a_naive_filter(&records, ranks, t0, t1);
        }
    }

    #[test]
    fn window_queries_on_real_runs() {
        for (kind, machine) in [
            (WorkloadKind::Gather, "ethernet-1g"),
            (WorkloadKind::PingPong, "emx"),
            (WorkloadKind::Atomics, "fx10"),
        ] {
            let records = run(kind, 4, machine);
            let end = records.last().unwrap().time.as_ps();
            for k in 0..20 {
                window_queries_match_a_naive_filter(&records, 4, end * k / 20, end * (k + 3) / 20);
            }
        }
    }
}
