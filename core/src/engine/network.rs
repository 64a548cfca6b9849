//! "You are the network": a run in which a person (or a lesson) decides which of the deliveries
//! racing to one rank lands first, instead of the machine model's order.
//!
//! Model. A layer marks some of its events as *deliveries* ([`super::Layer::delivery`]):
//! something sent by one rank lands at another (an eager message reaching the receiver's
//! matching queues). When a delivery falls due while deliveries of the same layer from *other*
//! ranks to the same rank are still in flight, that is a *choice point*: a real network could
//! land any of them first, since its latency varies with contention, routing and the receiver's
//! interrupts. The run takes the choice listed for that point (the `k`-th entry of the choices:
//! the rank whose delivery lands first), or the machine model's order when the list has no
//! entry. Choosing another rank holds back every delivery to that rank that would land before
//! the chosen one (and, so that a channel stays in order — MPI's non-overtaking rule — every
//! later one from the same sender) until the chosen one has landed.
//!
//! Simplifications: the network only ever *delays* a delivery, never speeds one up, so every
//! timing is one the machine could show (a held delivery lands right after the chosen one,
//! even if that is much later than the model's time); only the deliveries a layer declares
//! take part (today the eager engine's messages, one-sided operations reaching their target —
//! an atomic on a lock word, a put, a get — ACP's flights landing at another rank, and the
//! sockets layer's messages, and PVM's fragments on their last leg, pvmd to task; the
//! request-based engines' packets, PVM's legs between daemons and FCP's word accesses keep the
//! model's order, each module says why). The run stays deterministic: the same
//! choices give the same trace, and each choice point writes a [`ChoiceRecord`].
//!
//! Mechanics: a delivery falling due is a choice point when the queue holds other senders'
//! deliveries of the same layer to the same rank (`EventQueue::iter`); choosing another sender
//! holds back, with `EventQueue::remove_where`, every delivery to that rank that would land before
//! the chosen one and every later one from the held senders, and pushes them again right after it.
//! Each point is kept as a [`ChoicePoint`] (`Sim::choice_points`: the racing senders, when the
//! model lands each, what was chosen); a choice naming a rank that is not racing stops the run
//! (`SimError::NetworkChoice`). A run not started with `Sim::with_network` is unchanged, byte for
//! byte.

use super::event::Event;
use super::ids::Rank;
use crate::time::SimTime;
use crate::trace::{LayerRecord, TraceObject};
use rankscope_derive::RecordCodec;

/// A delivery a layer declares (see the module documentation): from which rank to which.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The sender.
    pub from: Rank,
    /// The rank it lands at.
    pub to: Rank,
}

/// One of the deliveries in flight at a choice point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceOption {
    /// Its sender (a choice names it).
    pub from: Rank,
    /// When the machine model lands it.
    pub lands: SimTime,
    /// What it is, in the layer's words ("a message with tag 0, 4 bytes").
    pub what: String,
}

/// A point where the network chose which delivery lands first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoicePoint {
    /// Its number in the run, from 1.
    pub number: u32,
    /// The event (counted from 1) at which it happened.
    pub event: u64,
    /// When.
    pub time: SimTime,
    /// The rank the deliveries race to.
    pub to: Rank,
    /// The deliveries in flight, the machine model's first one first, then by landing time.
    pub options: Vec<ChoiceOption>,
    /// The sender whose delivery landed first.
    pub chosen: Rank,
}

impl ChoicePoint {
    /// The sender the machine model lands first.
    pub fn model(&self) -> Rank {
        self.options[0].from
    }
}

/// The network's part of a run: the choices given and the choice points met so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Network {
    /// The rank chosen at each choice point, in order; points past the end take the model's.
    pub(crate) choices: Vec<Rank>,
    /// The choice points met so far.
    pub(crate) points: Vec<ChoicePoint>,
    /// Chosen deliveries still in the queue: they land without another choice.
    pub(crate) exempt: Vec<Event>,
}

/// The trace record of a choice point (an engine record, packed like a layer's).
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "fields", name = "network choice", code = 21)]
pub struct ChoiceRecord {
    /// The choice point's number.
    pub point: u32,
    /// The rank the deliveries race to.
    pub to: Rank,
    /// The sender whose delivery lands first.
    pub chosen: Rank,
    /// The sender the machine model lands first.
    pub model: Rank,
    /// How many senders had a delivery in flight.
    pub senders: u32,
}

impl LayerRecord for ChoiceRecord {
    fn ranks(&self) -> Vec<Rank> {
        vec![self.to, self.chosen]
    }

    fn object(&self) -> TraceObject {
        TraceObject::Rank(self.to)
    }

    fn explain(&self, _time: SimTime) -> String {
        let ChoiceRecord {
            point,
            to,
            chosen,
            model,
            senders,
        } = self;
        if chosen == model {
            format!(
                "network choice {point}: {senders} ranks' messages race to rank {to}; rank {chosen}'s lands first, as the machine model has it"
            )
        } else {
            format!(
                "network choice {point}: {senders} ranks' messages race to rank {to}; the network holds rank {model}'s back so that rank {chosen}'s lands first"
            )
        }
    }

    fn explain_ja(&self, _time: SimTime) -> Option<String> {
        let ChoiceRecord {
            point,
            to,
            chosen,
            model,
            senders,
        } = self;
        let race = format!(
            "ネットワークの選択 {point}: {senders} 個のランクからのメッセージがランク {to} へ競って向かう"
        );
        Some(if chosen == model {
            format!("{race}。マシンモデルのとおり、ランク {chosen} のものが先に届く")
        } else {
            format!("{race}。ネットワークはランク {model} のものを遅らせ、ランク {chosen} のものを先に届ける")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::RecordCodec;

    #[test]
    fn a_choice_record_packs_and_explains() {
        let r = ChoiceRecord {
            point: 2,
            to: 0,
            chosen: 3,
            model: 1,
            senders: 3,
        };
        let (v, w) = r.pack();
        assert_eq!(ChoiceRecord::unpack(v, &w), r);
        assert_eq!(
            r.explain(SimTime::ZERO),
            "network choice 2: 3 ranks' messages race to rank 0; the network holds rank 1's back so that rank 3's lands first"
        );
    }
}
