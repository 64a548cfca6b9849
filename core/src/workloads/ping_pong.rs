//! Ranks 0 and 1 bounce a message `iterations` times (rank 0 sends first); other ranks finish at
//! once. Rank 0 prints the mean one-way latency, the figure papers report.

use super::{try_op, WorkloadParams};
use crate::engine::{RankCtx, ReqId, Step};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Source, TagSel};

/// One rank of the ping-pong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PingPong {
    params: WorkloadParams,
    done_iterations: u32,
    /// 0: about to send (rank 0) or receive (rank 1); 1: waiting for the send; 2: for the receive.
    phase: u8,
    pending: Option<ReqId>,
}

impl PingPong {
    /// A rank of a ping-pong with these parameters.
    pub fn new(params: WorkloadParams) -> Self {
        PingPong {
            params,
            done_iterations: 0,
            phase: 0,
            pending: None,
        }
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let rank = ctx.rank();
        if rank > 1 || ctx.size() < 2 {
            return Step::Done;
        }
        let peer = i64::from(1 - rank);
        if let Some(req) = self.pending.take() {
            try_op!(ctx.take(req));
        }
        loop {
            if self.done_iterations == self.params.iterations {
                if rank == 0 && self.params.iterations > 0 {
                    let one_way = ctx.now().as_us_f64() / (2.0 * f64::from(self.params.iterations));
                    ctx.print(format!(
                        "{} B ping-pong: mean one-way latency {one_way:.3} µs over {} round trips",
                        self.params.bytes, self.params.iterations
                    ));
                }
                return Step::Done;
            }
            // Rank 0: send then receive; rank 1: receive then send.
            let send_now = (self.phase == 0) == (rank == 0);
            let req = if self.phase == 2 {
                self.phase = 0;
                self.done_iterations += 1;
                continue;
            } else if send_now {
                try_op!(ctx.isend(peer, 0, self.params.bytes, Vec::new()))
            } else {
                try_op!(ctx.irecv(Source::Rank(peer as u32), TagSel::Tag(0), self.params.bytes))
            };
            self.phase += 1;
            self.pending = Some(req);
            return Step::Wait(req);
        }
    }
}
