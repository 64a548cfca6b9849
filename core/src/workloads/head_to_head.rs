//! Ranks 0 and 1 each post a blocking receive from the other before sending: neither send is ever
//! reached. A small, deliberate deadlock for testing the diagnosis.

use super::try_op;
use crate::engine::{RankCtx, Step};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Source, TagSel};

/// One rank of the deadlock demonstration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    waited: bool,
}

impl HeadToHead {
    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let rank = ctx.rank();
        if rank > 1 || ctx.size() < 2 || self.waited {
            return Step::Done;
        }
        self.waited = true;
        let req = try_op!(ctx.irecv(Source::Rank(1 - rank), TagSel::Tag(7), 4));
        Step::Wait(req)
    }
}
