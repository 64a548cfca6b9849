//! Copies from rank 0 to every other rank (or from them), one size after another, each waited
//! for before the next: paper 001's One_put_all (rank 0 puts to every other rank: 0 B to 32 KB
//! 1000 times each, 64 KB 640 times … 4 MB 10 times) and, with one target, the latency and
//! bandwidth runs of its Figs. 7–10 (IMB's unidirectional put and get). Either through ACP
//! (`acp_copy` then `acp_complete`, [`Via::Acp`]) or as MPI's one-sided operations on the same
//! NIC (an RDMA put or get waited for, as `MPI_Put` + `MPI_Win_flush` do, [`Via::Mpi`]).
//!
//! With [`Plan::aggregate`], MPI's copies are made as IMB-RMA's One_put_all makes them
//! (`IMB_rma_put_all`: inside `MPI_Win_lock_all`, every copy of one size to every target, the
//! targets innermost, then one `MPI_Win_flush_all`), and rank 0 feeds each `MPI_Put` and flush
//! to a model of Open MPI 1.10.1's put path ([`OmpiPutMemory`]), whose free lists are paper
//! 001's Table 3 Open MPI column.
//!
//! Every rank first starts ACP and registers a buffer as large as the largest copy, and every
//! rank meets at `acp_sync` before and after. Timing only: the workload has no memory, so the
//! copies move no bytes. Rank 0 keeps the simulated time each size took, summed over targets.

use std::sync::Arc;

use crate::engine::{RankCtx, ReqId, Step};
use crate::machine::RdmaOp;
use crate::proto::acp::{AcpOps, Ga};
use crate::proto::rma::OneSidedOps;
use crate::time::SimTime;
use crate::workloads::ompi_put_memory::OmpiPutMemory;

/// Where every rank's buffer sits in its (virtual) memory.
const BUFFER_BASE: u64 = 1 << 20;

/// One_put_all's sizes and repetitions (paper 001 Sec. 5.1): 0 B and 1 B … 32 KB 1000 times
/// each, then 64 KB 640 times, halving the repetitions as the size doubles, to 4 MB 10 times.
pub fn one_put_all() -> Vec<(u64, u32)> {
    let mut plan = vec![(0, 1000)];
    plan.extend((0..=15).map(|p| (1u64 << p, 1000)));
    plan.extend((16..=22).map(|p| (1u64 << p, 640 >> (p - 16))));
    plan
}

/// How the copies are made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// `acp_copy` and `acp_complete`.
    Acp,
    /// A one-sided operation of the NIC waited for (MPI's `MPI_Put`/`MPI_Get` + flush).
    Mpi,
}

/// What every rank runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Sizes in bytes and how many copies of each, per target.
    pub sizes: Vec<(u64, u32)>,
    /// Rank 0 reads from the others rather than writing to them.
    pub get: bool,
    /// ACP or MPI.
    pub via: Via,
    /// MPI only: every copy of a size to every target before waiting for any (IMB's One_put_all).
    pub aggregate: bool,
}

/// One rank's program (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcpCopies {
    plan: Arc<Plan>,
    stage: u8,
    /// The request waited for.
    wait: Option<ReqId>,
    /// Aggregated copies still to wait for (rank 0, [`Plan::aggregate`]).
    outstanding: Vec<ReqId>,
    /// What Open MPI 1.10.1's put path would hold for rank 0's `MPI_Put`s.
    ompi: OmpiPutMemory,
    /// Rank 0's position: target, size index, copies done of it.
    target: u32,
    size: usize,
    done: u32,
    /// When the current size started (rank 0).
    started: SimTime,
    /// Each size's time, summed over the targets (rank 0).
    times: Vec<SimTime>,
    finished: Option<SimTime>,
}

impl AcpCopies {
    /// Every rank's program for `ranks` ranks.
    pub fn programs(ranks: u32, plan: Plan) -> Vec<AcpCopies> {
        let plan = Arc::new(plan);
        let sizes = plan.sizes.len();
        (0..ranks)
            .map(|_| AcpCopies {
                plan: plan.clone(),
                stage: 0,
                wait: None,
                outstanding: Vec::new(),
                ompi: OmpiPutMemory::new(),
                target: 1,
                size: 0,
                done: 0,
                started: SimTime::ZERO,
                times: vec![SimTime::ZERO; sizes],
                finished: None,
            })
            .collect()
    }

    /// Rank 0's time per copy of each size (µs), averaged over targets and repetitions.
    pub fn per_copy_us(&self, targets: u32) -> Vec<f64> {
        self.plan
            .sizes
            .iter()
            .zip(&self.times)
            .map(|(&(_, reps), t)| t.as_us_f64() / f64::from(reps.max(1) * targets.max(1)))
            .collect()
    }

    /// What Open MPI 1.10.1's `MPI_Put` path would hold for this rank's puts.
    pub fn ompi_put_memory(&self) -> &OmpiPutMemory {
        &self.ompi
    }

    /// When the rank finished.
    pub fn finished_at(&self) -> Option<SimTime> {
        self.finished
    }

    fn buffer(&self) -> u64 {
        self.plan
            .sizes
            .iter()
            .map(|s| s.0)
            .max()
            .unwrap_or(0)
            .max(8)
    }

    /// Issues every copy of rank 0's next size to every target, the targets innermost (IMB's
    /// order), and starts the flush: false when all sizes are done.
    fn next_epoch(&mut self, ctx: &mut RankCtx<'_>) -> Result<bool, String> {
        if self.size > 0 {
            self.times[self.size - 1] += ctx.now() - self.started;
        }
        let Some(&(bytes, reps)) = self.plan.sizes.get(self.size) else {
            return Ok(false);
        };
        self.started = ctx.now();
        for _ in 0..reps {
            for target in 1..ctx.size() {
                let req = self.copy(ctx, target, bytes)?;
                self.outstanding.push(req);
            }
        }
        self.ompi.flush_all();
        self.outstanding.reverse();
        self.size += 1;
        Ok(true)
    }

    /// Starts rank 0's next copy: the request to wait on, or `None` when all are done.
    fn next_copy(&mut self, ctx: &mut RankCtx<'_>) -> Result<Option<ReqId>, String> {
        let n = ctx.size();
        while self.target < n && self.size < self.plan.sizes.len() {
            let (bytes, reps) = self.plan.sizes[self.size];
            if self.done == 0 {
                self.started = ctx.now();
            }
            if self.done < reps {
                self.done += 1;
                return self.copy(ctx, self.target, bytes).map(Some);
            }
            self.times[self.size] += ctx.now() - self.started;
            self.done = 0;
            self.size += 1;
            if self.size == self.plan.sizes.len() {
                self.size = 0;
                self.target += 1;
            }
        }
        Ok(None)
    }

    fn copy(&mut self, ctx: &mut RankCtx<'_>, target: u32, bytes: u64) -> Result<ReqId, String> {
        match self.plan.via {
            Via::Mpi => {
                let op = if self.plan.get {
                    RdmaOp::Get { bytes }
                } else {
                    self.ompi.put(target, bytes);
                    RdmaOp::Put { bytes }
                };
                ctx.rdma(i64::from(target), op).map_err(|e| e.to_string())
            }
            Via::Acp => {
                let ga = |rank| Ga::slot(rank, 0);
                let (dst, src) = if self.plan.get {
                    (ga(0), ga(target))
                } else {
                    (ga(target), ga(0))
                };
                let h = ctx
                    .acp_copy(dst, src, bytes, 0, false)
                    .map_err(|e| e.to_string())?;
                ctx.acp_complete(h)
                    .ok_or_else(|| "a copy completed as it was issued".to_string())
            }
        }
    }

    /// Continues the program.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        loop {
            if let Some(req) = self.wait {
                match ctx.take(req) {
                    Ok(Some(_)) => self.wait = None,
                    Ok(None) => return Step::Wait(req),
                    Err(e) => return Step::Fail(e.to_string()),
                }
            }
            match self.stage {
                0 => {
                    ctx.acp_init(0, crate::proto::acp::memory::STARTER_BYTES);
                    if let Err(e) = ctx.acp_register(BUFFER_BASE, self.buffer(), 0) {
                        return Step::Fail(e.to_string());
                    }
                    self.wait = Some(ctx.acp_sync());
                    self.stage = 1;
                }
                1 if ctx.rank() == 0 && self.plan.aggregate && self.plan.via == Via::Mpi => {
                    if let Some(req) = self.outstanding.pop() {
                        self.wait = Some(req);
                        continue;
                    }
                    match self.next_epoch(ctx) {
                        Ok(true) => {}
                        Ok(false) => self.stage = 2,
                        Err(e) => return Step::Fail(e),
                    }
                }
                1 if ctx.rank() == 0 => match self.next_copy(ctx) {
                    Ok(Some(req)) => self.wait = Some(req),
                    Ok(None) => self.stage = 2,
                    Err(e) => return Step::Fail(e),
                },
                1 => self.stage = 2,
                2 => {
                    self.wait = Some(ctx.acp_sync());
                    self.stage = 3;
                }
                _ => {
                    self.finished = Some(ctx.now());
                    return Step::Done;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_put_all_is_the_papers_plan() {
        let plan = one_put_all();
        assert_eq!(plan.len(), 24);
        assert_eq!(plan[0], (0, 1000));
        assert_eq!(plan[16], (32 * 1024, 1000));
        assert_eq!(plan[17], (64 * 1024, 640));
        assert_eq!(plan[23], (4 << 20, 10));
        let copies: u32 = plan.iter().map(|p| p.1).sum();
        assert_eq!(copies, 17 * 1000 + 640 + 320 + 160 + 80 + 40 + 20 + 10);
    }
}
