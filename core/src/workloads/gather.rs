//! Every rank sends one message to rank 0 at the same moment; rank 0 posts a receive for each and
//! waits for all. On a switch with finite port buffers this is an incast: the port to rank 0
//! overflows, packets are dropped and senders wait for a retransmission timeout (paper 002).

use super::try_op;
use crate::engine::{RankCtx, ReqId, Step};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Source, TagSel};

/// One rank of the gather.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gather {
    bytes: u64,
    started: bool,
    pending: Vec<ReqId>,
}

impl Gather {
    /// A rank that sends (or, as rank 0, receives) `bytes`-byte messages.
    pub fn new(bytes: u64) -> Self {
        Gather {
            bytes,
            started: false,
            pending: Vec::new(),
        }
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        if self.started {
            for req in std::mem::take(&mut self.pending) {
                try_op!(ctx.take(req));
            }
            return Step::Done;
        }
        self.started = true;
        if ctx.rank() == 0 {
            for src in 1..ctx.size() {
                let req = try_op!(ctx.irecv(Source::Rank(src), TagSel::Tag(0), self.bytes));
                self.pending.push(req);
            }
        } else {
            let req = try_op!(ctx.isend(0, 0, self.bytes, Vec::new()));
            self.pending.push(req);
        }
        Step::WaitAll(self.pending.clone())
    }
}
