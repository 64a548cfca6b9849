//! Every rank performs `iterations` pairs of remote fetch-and-adds on one word in rank 0's memory,
//! one after the other — the two atomics of an uncontended MCS shared lock + unlock (paper 003
//! Figs. 6-7). All of them queue at the RDMA engine(s) of rank 0's node, so time grows with the
//! number of ranks; on a machine without RDMA atomics (FX10) each becomes a software round trip.

use super::{try_op, WorkloadParams};
use crate::engine::{RankCtx, ReqId, Step};
use crate::machine::{AtomicKind, RdmaOp};
use crate::proto::rma::OneSidedOps;
use crate::time::SimTime;

/// One rank of the atomics workload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atomics {
    remaining: u32,
    pending: Option<ReqId>,
    finished_at: Option<SimTime>,
}

impl Atomics {
    /// A rank that will issue `2 × iterations` fetch-and-adds.
    pub fn new(params: WorkloadParams) -> Self {
        Atomics {
            remaining: params.iterations.saturating_mul(2),
            pending: None,
            finished_at: None,
        }
    }

    /// When this rank's last fetch-and-add completed (`None` while running).
    pub fn finished_at(&self) -> Option<SimTime> {
        self.finished_at
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        if let Some(req) = self.pending.take() {
            try_op!(ctx.take(req));
        }
        if self.remaining == 0 {
            self.finished_at = Some(ctx.now());
            if ctx.rank() == 0 {
                ctx.print(format!(
                    "rank 0 finished its fetch-and-adds at {}",
                    ctx.now()
                ));
            }
            return Step::Done;
        }
        self.remaining -= 1;
        let req = try_op!(ctx.rdma(0, RdmaOp::Atomic(AtomicKind::FetchAndAdd)));
        self.pending = Some(req);
        Step::Wait(req)
    }
}
