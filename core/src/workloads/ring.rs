//! A token travels around all ranks `iterations` times: rank 0 sends to rank 1 and receives from
//! the last rank; every other rank receives from its left neighbour and passes the token on.

use super::{try_op, WorkloadParams};
use crate::engine::{RankCtx, ReqId, Step};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Source, TagSel};

/// One rank of the ring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    params: WorkloadParams,
    laps: u32,
    /// Whether the next operation of this lap is the send.
    sending: bool,
    pending: Option<ReqId>,
}

impl Ring {
    /// A rank of a ring with these parameters.
    pub fn new(params: WorkloadParams) -> Self {
        Ring {
            params,
            laps: 0,
            sending: false,
            pending: None,
        }
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let (rank, size) = (ctx.rank(), ctx.size());
        if size < 2 {
            return Step::Done;
        }
        if let Some(req) = self.pending.take() {
            try_op!(ctx.take(req));
            if self.sending != (rank == 0) {
                // The lap's second operation finished.
                self.laps += 1;
            }
            self.sending = !self.sending;
        } else if rank == 0 {
            self.sending = true;
        }
        if self.laps == self.params.iterations {
            if rank == 0 {
                ctx.print(format!(
                    "the token went {} times around {size} ranks",
                    self.laps
                ));
            }
            return Step::Done;
        }
        let req = if self.sending {
            try_op!(ctx.isend(
                i64::from((rank + 1) % size),
                0,
                self.params.bytes,
                Vec::new()
            ))
        } else {
            try_op!(ctx.irecv(
                Source::Rank((rank + size - 1) % size),
                TagSel::Tag(0),
                self.params.bytes
            ))
        };
        self.pending = Some(req);
        Step::Wait(req)
    }
}
