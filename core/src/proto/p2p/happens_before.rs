//! The happens-before order of a run's messages, and what else could have matched: each send and
//! each completed match placed by causality (Lamport's happens-before, with vector clocks), not by
//! time; a message edge from each send to the receive that took it; and, for every
//! `MPI_ANY_SOURCE` receive, the sends that could have matched it under another order (ISP's
//! "could have matched" list).
//!
//! Model. A rank's events are its sends (`send` records) and its receives (`match` records), in
//! the order it made them. `a` happens before `b` when `a` comes first on one rank, or `a` is the
//! send `b` received, or through a chain of both. Each event carries its vector clock; its
//! *column* is its causal depth (one more than the latest of its rank's previous event and, for a
//! receive, its send), so the order can be drawn without the machine's times. Collectives are
//! built from messages with internal tags, so their edges are in the order too.
//!
//! Could have matched: for a wildcard receive `R` on rank `r`, another rank `q`'s send `S` to `r`
//! on `R`'s communicator with a tag `R` accepts is a candidate when `S` is the first such send of
//! `q` not taken by a receive `r` completed before `R` (MPI's non-overtaking order between a pair
//! of ranks), and `S` does not happen after `R` (no chain from `R` leads to `S`): under some other
//! timing `S` would have been there first. The exploration (`crate::explore`) runs those orders;
//! this view lists them from one run.
//!
//! A send's communicator is read from its arrival (`arrive` records carry the context); a send
//! whose message has not arrived yet counts as `MPI_COMM_WORLD`'s.
//!
//! Scope: the eager engine's messages (paper 000's request-based engines record protocol steps,
//! not `send` records, and are not drawn); one-sided operations are not edges. At most `limit`
//! events are taken, from the start of the run (the clocks are one integer per rank per event).

use std::collections::BTreeMap;

use super::ids::{Context, Source, TagSel, WORLD};
use super::records::P2pRecord;
use crate::engine::{MsgId, Rank, ReqId};
use crate::time::SimTime;
use crate::trace::log::Records;

/// What an event of the order is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// The rank sent a message.
    Send {
        /// Its destination.
        dst: Rank,
        /// Its tag.
        tag: i32,
        /// Its communicator's context.
        context: Context,
    },
    /// A receive of the rank took a message.
    Receive {
        /// The sender of the message taken.
        src: Rank,
        /// The message's tag.
        tag: i32,
        /// The communicator's context.
        context: Context,
        /// The receive named no source (`MPI_ANY_SOURCE`).
        wildcard: bool,
        /// The receive named no tag (`MPI_ANY_TAG`).
        any_tag: bool,
    },
}

impl OrderKind {
    /// The message's tag.
    pub fn tag(&self) -> i32 {
        match *self {
            OrderKind::Send { tag, .. } | OrderKind::Receive { tag, .. } => tag,
        }
    }

    /// The communicator's context.
    pub fn context(&self) -> Context {
        match *self {
            OrderKind::Send { context, .. } | OrderKind::Receive { context, .. } => context,
        }
    }

    /// The other rank: a send's destination, a receive's sender.
    pub fn peer(&self) -> Rank {
        match *self {
            OrderKind::Send { dst, .. } => dst,
            OrderKind::Receive { src, .. } => src,
        }
    }

    /// A receive that named no source.
    pub fn is_wildcard(&self) -> bool {
        matches!(self, OrderKind::Receive { wildcard: true, .. })
    }
}

/// One event of the order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderEvent {
    /// The trace record it comes from (a `send` or a `match`).
    pub record: usize,
    /// The rank.
    pub rank: Rank,
    /// When it happened on the machine (shown, not used for the order).
    pub time: SimTime,
    /// A send or a receive.
    pub kind: OrderKind,
    /// Its causal depth: 0 for a rank's first event with nothing before it.
    pub column: u32,
    /// Its vector clock: for each rank, how many of that rank's events happen before it or are it.
    pub clock: Vec<u32>,
}

/// A message: the send and the receive that took it (indices into [`Order::events`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OrderEdge {
    /// The send.
    pub send: usize,
    /// The receive.
    pub receive: usize,
}

/// A send that could have matched a wildcard receive (indices into [`Order::events`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The wildcard receive.
    pub receive: usize,
    /// The other send.
    pub send: usize,
}

/// The happens-before order of a run's first events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Order {
    /// Ranks in the run.
    pub ranks: u32,
    /// Sends and receives, in trace order.
    pub events: Vec<OrderEvent>,
    /// Every message whose send and receive are both among the events.
    pub edges: Vec<OrderEdge>,
    /// For every wildcard receive, the sends that could have matched it.
    pub candidates: Vec<Candidate>,
    /// One more than the largest column.
    pub columns: u32,
    /// More events followed than `limit` let in.
    pub truncated: bool,
}

/// A receive as it was posted: what it accepts.
#[derive(Copy, Clone)]
struct Posted {
    src: Source,
    tag: TagSel,
    context: Context,
}

impl Order {
    /// The order of `records` (a run of `ranks` ranks), at most `limit` events.
    pub fn of(records: Records<'_>, ranks: u32, limit: usize) -> Order {
        let n = ranks as usize;
        let mut order = Order {
            ranks,
            ..Order::default()
        };
        // Per rank: its latest event (index into events).
        let mut last: Vec<Option<usize>> = vec![None; n];
        // Receives posted and not yet matched, and messages sent and not yet taken (both ids are
        // reused once free, so each entry lives from its record to its match).
        let mut posted: BTreeMap<(Rank, ReqId), Posted> = BTreeMap::new();
        let mut in_flight: BTreeMap<MsgId, usize> = BTreeMap::new();
        for (index, record) in records.iter().enumerate() {
            let Some(p2p) = record.layer::<P2pRecord>() else {
                continue;
            };
            let (rank, kind, sent) = match p2p {
                P2pRecord::RecvPosted {
                    rank,
                    src,
                    tag,
                    req,
                    context,
                    ..
                } => {
                    posted.insert((rank, req), Posted { src, tag, context });
                    continue;
                }
                P2pRecord::SendPosted { rank, dst, tag, .. } => (
                    rank,
                    // The context is the arrival's (below); `MPI_COMM_WORLD`'s until then.
                    OrderKind::Send {
                        dst,
                        tag,
                        context: WORLD,
                    },
                    None,
                ),
                P2pRecord::Arrived { msg, context, .. } => {
                    if let Some(&send) = in_flight.get(&msg) {
                        if let OrderKind::Send { context: c, .. } = &mut order.events[send].kind {
                            *c = context;
                        }
                    }
                    continue;
                }
                P2pRecord::Matched {
                    rank,
                    src,
                    tag,
                    msg,
                    req,
                    ..
                } => {
                    let how = posted.remove(&(rank, req));
                    let kind = OrderKind::Receive {
                        src,
                        tag,
                        context: how.map_or(0, |p| p.context),
                        wildcard: how.is_some_and(|p| p.src == Source::Any),
                        any_tag: how.is_some_and(|p| p.tag == TagSel::Any),
                    };
                    (rank, kind, Some(in_flight.remove(&msg)))
                }
                _ => continue,
            };
            if rank as usize >= n {
                continue;
            }
            if order.events.len() == limit {
                order.truncated = true;
                break;
            }
            let me = order.events.len();
            let before = last[rank as usize];
            let mut clock = before.map_or_else(|| vec![0; n], |e| order.events[e].clock.clone());
            let mut column = before.map_or(0, |e| order.events[e].column + 1);
            if let Some(Some(send)) = sent {
                let theirs = &order.events[send];
                for (mine, &t) in clock.iter_mut().zip(&theirs.clock) {
                    *mine = (*mine).max(t);
                }
                column = column.max(theirs.column + 1);
                order.edges.push(OrderEdge { send, receive: me });
            }
            clock[rank as usize] += 1;
            if let P2pRecord::SendPosted { msg, .. } = p2p {
                in_flight.insert(msg, me);
            }
            order.columns = order.columns.max(column + 1);
            order.events.push(OrderEvent {
                record: index,
                rank,
                time: record.time,
                kind,
                column,
                clock,
            });
            last[rank as usize] = Some(me);
        }
        order.candidates = order.could_have_matched();
        order
    }

    /// Whether event `a` happens before event `b` (a different event).
    pub fn happens_before(&self, a: usize, b: usize) -> bool {
        let (ea, eb) = (&self.events[a], &self.events[b]);
        a != b && eb.clock[ea.rank as usize] >= ea.clock[ea.rank as usize]
    }

    /// The receive that took the message of send `send`, if among the events.
    pub fn receive_of(&self, send: usize) -> Option<usize> {
        self.edges
            .iter()
            .find(|e| e.send == send)
            .map(|e| e.receive)
    }

    /// The send whose message receive `receive` took, if among the events.
    pub fn send_of(&self, receive: usize) -> Option<usize> {
        self.edges
            .iter()
            .find(|e| e.receive == receive)
            .map(|e| e.send)
    }

    /// The sends that could have matched receive `receive` (empty unless it is a wildcard).
    pub fn candidates_of(&self, receive: usize) -> impl Iterator<Item = usize> + '_ {
        self.candidates
            .iter()
            .filter(move |c| c.receive == receive)
            .map(|c| c.send)
    }

    /// Ranks that exchanged a message with `rank` among the events (not `rank` itself).
    pub fn peers_of(&self, rank: Rank) -> Vec<Rank> {
        let mut peers: Vec<Rank> = self
            .events
            .iter()
            .filter(|e| e.rank == rank)
            .map(|e| e.kind.peer())
            .filter(|&p| p != rank)
            .collect();
        peers.sort_unstable();
        peers.dedup();
        peers
    }

    /// The communicators' contexts the events use, in increasing order.
    pub fn contexts(&self) -> Vec<Context> {
        let mut all: Vec<Context> = self.events.iter().map(|e| e.kind.context()).collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Every wildcard receive's candidates (see the module's documentation): for each, the
    /// sends to its rank in order, the first acceptable one per sender kept.
    fn could_have_matched(&self) -> Vec<Candidate> {
        // The sends to each rank, in trace order (a sender's own order included).
        let mut sends_to: BTreeMap<Rank, Vec<usize>> = BTreeMap::new();
        for (i, e) in self.events.iter().enumerate() {
            if let OrderKind::Send { dst, .. } = e.kind {
                sends_to.entry(dst).or_default().push(i);
            }
        }
        // The receive that took each send, if any.
        let mut taken_by: Vec<Option<usize>> = vec![None; self.events.len()];
        for e in &self.edges {
            taken_by[e.send] = Some(e.receive);
        }
        let mut out = Vec::new();
        for (r_index, r) in self.events.iter().enumerate() {
            let OrderKind::Receive {
                src: taken_from,
                context,
                wildcard: true,
                any_tag,
                tag,
            } = r.kind
            else {
                continue;
            };
            let mine = r.clock[r.rank as usize];
            // Each other sender's first send this receive could accept and that no earlier
            // receive of this rank took.
            let mut first: BTreeMap<Rank, usize> = BTreeMap::new();
            for &s_index in sends_to.get(&r.rank).map_or(&[][..], Vec::as_slice) {
                let s = &self.events[s_index];
                let OrderKind::Send {
                    tag: s_tag,
                    context: s_context,
                    ..
                } = s.kind
                else {
                    continue;
                };
                let accepts = if any_tag { s_tag >= 0 } else { s_tag == tag };
                let taken_before = taken_by[s_index]
                    .is_some_and(|taken| self.events[taken].clock[r.rank as usize] < mine);
                if s.rank != taken_from
                    && s_context == context
                    && accepts
                    && !taken_before
                    && !first.contains_key(&s.rank)
                {
                    first.insert(s.rank, s_index);
                }
            }
            for (_, s_index) in first {
                if !self.happens_before(r_index, s_index) {
                    out.push(Candidate {
                        receive: r_index,
                        send: s_index,
                    });
                }
            }
        }
        out
    }

    /// The most events worth taking for a run of `ranks` ranks: `limit`, fewer when each
    /// event's clock is long (about 400,000 clock entries in all, and at least 50 events).
    pub fn limit_for(ranks: u32, limit: usize) -> usize {
        limit.min((400_000 / ranks.max(1) as usize).max(50))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::{MsgId, ReqId};
    use crate::trace::{Record, RecordKind, Trace, TraceMode};

    fn send(t: u64, rank: Rank, dst: Rank, tag: i32, msg: u32) -> Record {
        Record {
            time: SimTime(t),
            kind: RecordKind::layer(&P2pRecord::SendPosted {
                rank,
                dst,
                tag,
                msg: MsgId(msg),
                req: ReqId(100 + msg),
                bytes: 4,
                sender_free: SimTime(t),
                arrives: SimTime(t + 1),
            }),
        }
    }

    fn post(t: u64, rank: Rank, src: Source, req: u32) -> Record {
        Record {
            time: SimTime(t),
            kind: RecordKind::layer(&P2pRecord::RecvPosted {
                rank,
                src,
                tag: TagSel::Any,
                req: ReqId(req),
                queued: true,
                context: 0,
            }),
        }
    }

    fn matched(t: u64, rank: Rank, src: Rank, tag: i32, msg: u32, req: u32) -> Record {
        Record {
            time: SimTime(t),
            kind: RecordKind::layer(&P2pRecord::Matched {
                rank,
                src,
                tag,
                msg: MsgId(msg),
                req: ReqId(req),
                from_unexpected: false,
            }),
        }
    }

    fn order_of(records: Vec<Record>, ranks: u32) -> Order {
        let mut trace = Trace::new(TraceMode::Full);
        for r in records {
            trace.push(r);
        }
        Order::of(trace.records(), ranks, 1000)
    }

    #[test]
    fn a_wildcard_receive_lists_the_send_it_did_not_take() {
        // Ranks 1 and 2 both send to rank 0, which takes rank 1's message with a wildcard
        // receive, then rank 2's with another.
        let order = order_of(
            vec![
                post(0, 0, Source::Any, 1),
                send(1, 1, 0, 5, 1),
                send(2, 2, 0, 5, 2),
                matched(3, 0, 1, 5, 1, 1),
                post(4, 0, Source::Any, 2),
                matched(5, 0, 2, 5, 2, 2),
            ],
            3,
        );
        assert_eq!(order.events.len(), 4);
        assert_eq!(order.edges.len(), 2);
        // The first receive (event 2) could have taken rank 2's send (event 1); the second
        // (event 3) could not have taken rank 1's: it was taken before it.
        assert_eq!(order.candidates_of(2).collect::<Vec<_>>(), vec![1]);
        assert_eq!(order.candidates_of(3).count(), 0);
        // Columns follow causality: both sends at 0, the receives after them.
        let columns: Vec<u32> = order.events.iter().map(|e| e.column).collect();
        assert_eq!(columns, vec![0, 0, 1, 2]);
        assert!(order.happens_before(0, 2) && !order.happens_before(1, 2));
        assert!(order.happens_before(1, 3));
    }

    #[test]
    fn a_send_caused_by_the_receive_is_no_candidate() {
        // Rank 0 takes rank 1's message, then tells rank 2, which only then sends to rank 0:
        // rank 2's send happens after the receive, so no order lets the receive take it.
        let order = order_of(
            vec![
                post(0, 0, Source::Any, 1),
                send(1, 1, 0, 0, 1),
                matched(2, 0, 1, 0, 1, 1),
                send(3, 0, 2, 0, 2),
                post(3, 2, Source::Rank(0), 2),
                matched(4, 2, 0, 0, 2, 2),
                send(5, 2, 0, 0, 3),
                post(6, 0, Source::Any, 3),
                matched(7, 0, 2, 0, 3, 3),
            ],
            3,
        );
        assert_eq!(order.candidates_of(1).count(), 0, "{order:?}");
        assert!(order.happens_before(1, 4));
    }

    #[test]
    fn the_limit_truncates_and_says_so() {
        let mut records = Vec::new();
        for i in 0..10 {
            records.push(send(i, 0, 1, 0, i as u32));
        }
        let mut trace = Trace::new(TraceMode::Full);
        for r in records {
            trace.push(r);
        }
        let order = Order::of(trace.records(), 2, 4);
        assert_eq!(order.events.len(), 4);
        assert!(order.truncated);
        assert_eq!(order.columns, 4);
    }
}
