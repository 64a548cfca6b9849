//! Binomial-tree broadcast from rank 0, as in MPICH: rank `r` receives from `r` minus its lowest
//! set bit, then sends to `r + m` for each power of two `m` below that bit, largest first (blocking
//! sends). `⌈log2 n⌉` rounds; the state is 16 bytes per rank, so it runs with millions of ranks.

use super::try_op;
use crate::engine::{RankCtx, ReqId, Step};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Source, TagSel};

/// One rank of the broadcast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broadcast {
    bytes: u32,
    /// Next child distance to send to (0 = none left); `u32::MAX` before starting.
    mask: u32,
    /// The request being waited for.
    pending: Option<ReqId>,
}

impl Broadcast {
    /// A rank that will broadcast `bytes` bytes (capped at 4 GiB).
    pub fn new(bytes: u64) -> Self {
        Broadcast {
            bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
            mask: u32::MAX,
            pending: None,
        }
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let rank = ctx.rank();
        let size = ctx.size();
        if let Some(req) = self.pending.take() {
            try_op!(ctx.take(req));
        }
        if self.mask == u32::MAX {
            if rank == 0 {
                self.mask = size.next_power_of_two() >> 1;
            } else {
                let low = rank & rank.wrapping_neg();
                self.mask = low >> 1;
                let req = try_op!(ctx.irecv(
                    Source::Rank(rank - low),
                    TagSel::Tag(0),
                    u64::from(self.bytes)
                ));
                self.pending = Some(req);
                return Step::Wait(req);
            }
        }
        while self.mask > 0 {
            let child = u64::from(rank) + u64::from(self.mask);
            self.mask >>= 1;
            if child < u64::from(size) {
                let req = try_op!(ctx.isend(child as i64, 0, u64::from(self.bytes), Vec::new()));
                self.pending = Some(req);
                return Step::Wait(req);
            }
        }
        Step::Done
    }
}
