//! Every match MPI allows: a run in which a layer defers its nondeterministic matches (a receive
//! from `MPI_ANY_SOURCE` that several senders' messages could satisfy) until nothing else can
//! happen, then takes the run's listed choice among them — the choice points an exhaustive
//! exploration (`crate::explore`) branches on.
//!
//! Model. The engine knows no protocol: it offers a layer two things. [`super::Io::explores_matches`]
//! says the run is one of these (a layer then holds such a receive back instead of matching it
//! in the machine's order), and [`super::Layer::on_quiet`] is called when the event queue is
//! empty — every rank is finished or waits — before the engine reports a deadlock; the layer
//! may then resolve one held receive with [`super::Io::choose_match`], which takes the run's next
//! listed choice (the sender's rank) or, past the list's end, the layer's first option. Each
//! choice point is kept as a [`MatchPoint`] and written as a [`MatchRecord`].
//!
//! Why at quiescence: when every rank waits, every send that does not depend on the held
//! receive's outcome has been made, so the options are every message MPI's semantics let the
//! receive take — however the machine's timing would have ordered them (ISP's POE, Vakkalanka
//! et al., CAV 2008). A run not started with [`super::Sim::with_match_choices`] is unchanged,
//! byte for byte.

use super::ids::Rank;
use crate::time::SimTime;
use crate::trace::{LayerRecord, TraceObject};
use rankscope_derive::RecordCodec;

/// One message a held receive could take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOption {
    /// Its sender (a choice names it).
    pub from: Rank,
    /// What it is, in the layer's words ("a message with tag 0, 4 bytes").
    pub what: String,
}

/// A point where the run chose which message a receive takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPoint {
    /// Its number in the run, from 1.
    pub number: u32,
    /// The event (counted from 1) after which it was made: the run's state there is the choice.
    pub event: u64,
    /// When (the moment every rank waited).
    pub time: SimTime,
    /// The receiving rank.
    pub rank: Rank,
    /// The receive, in the layer's words ("MPI_ANY_SOURCE, tag 0").
    pub receive: String,
    /// The messages it could take, in the layer's order (its first is the default).
    pub options: Vec<MatchOption>,
    /// The sender whose message it took.
    pub chosen: Rank,
}

/// The choices given and the points met so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct MatchChoices {
    /// The sender chosen at each point, in order; points past the end take the first option.
    pub(crate) choices: Vec<Rank>,
    /// The points met so far.
    pub(crate) points: Vec<MatchPoint>,
}

/// The trace record of a match choice point (an engine record, packed like a layer's).
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "fields", name = "match choice", code = 30)]
pub struct MatchRecord {
    /// The choice point's number.
    pub point: u32,
    /// The receiving rank.
    pub rank: Rank,
    /// The sender whose message the receive takes.
    pub chosen: Rank,
    /// How many senders' messages it could take.
    pub senders: u32,
}

impl LayerRecord for MatchRecord {
    fn ranks(&self) -> Vec<Rank> {
        vec![self.rank, self.chosen]
    }

    fn object(&self) -> TraceObject {
        TraceObject::Rank(self.rank)
    }

    fn explain(&self, _time: SimTime) -> String {
        let MatchRecord {
            point,
            rank,
            chosen,
            senders,
        } = self;
        format!(
            "match choice {point}: every rank waits; rank {rank}'s receive could take a message from any of {senders} ranks, and takes rank {chosen}'s"
        )
    }

    fn explain_ja(&self, _time: SimTime) -> Option<String> {
        let MatchRecord {
            point,
            rank,
            chosen,
            senders,
        } = self;
        Some(format!(
            "マッチの選択 {point}: すべてのランクが待っている。ランク {rank} の受信は {senders} 個のランクのどのメッセージでも受け取れ、ランク {chosen} のものを受け取る"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_record_explains_itself_in_both_languages() {
        let r = MatchRecord {
            point: 1,
            rank: 0,
            chosen: 2,
            senders: 3,
        };
        assert_eq!(
            r.explain(SimTime::ZERO),
            "match choice 1: every rank waits; rank 0's receive could take a message from any of 3 ranks, and takes rank 2's"
        );
        assert!(r.explain_ja(SimTime::ZERO).unwrap().contains("ランク 2"));
    }
}
