//! `MPI_Reduce` on a binomial tree and `MPI_Allreduce` as a reduce to rank 0 followed by a
//! broadcast from it.
//!
//! Relative to the root, rank `v` receives the partial results of its children `v + 1`, `v + 2`,
//! `v + 4`, … (while below `v`'s lowest set bit and the size), combines them into its own
//! contribution in that fixed order — so results, floating-point rounding included, never depend
//! on arrival times — spends the machine's time for the arithmetic (one operation per element and
//! child), and sends the result to its parent `v` minus its lowest set bit.

use super::bcast::Bcast;
use super::buffers::{check_bytes, read_bytes, write_bytes};
use super::collective::{absolute, relative, Round};
use super::comm_ctx::CommCtx;
use super::datatype::{Datatype, ReduceOp};
use super::error::ErrorKind;
use crate::engine::{Rank, Step};
use crate::lang::memory::{Addr, Memory};
use crate::time::SimTime;

/// Where a reduction is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Not started.
    Start,
    /// Receiving the children's partial results.
    FromChildren(Round),
    /// Combined (and the arithmetic's time spent).
    Combined,
    /// Sending the partial result to the parent.
    ToParent(Round),
    /// Finished.
    Done,
}

/// One rank's reduction in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Reduce {
    tag: i32,
    root: Rank,
    op: ReduceOp,
    dtype: Datatype,
    recvbuf: Addr,
    /// This rank's contribution, then the partial result of its subtree.
    acc: Vec<u8>,
    phase: Phase,
}

impl Reduce {
    /// A reduction of `bytes` bytes from `sendbuf` (read now) into the root's `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        root: Rank,
        op: ReduceOp,
        dtype: Datatype,
        sendbuf: Addr,
        recvbuf: Addr,
        bytes: u32,
        mem: &Memory,
        is_root: bool,
    ) -> Result<Reduce, ErrorKind> {
        op.check(dtype)?;
        let acc = read_bytes(mem, sendbuf, bytes, "the send buffer")?;
        if is_root {
            check_bytes(mem, recvbuf, bytes, "the receive buffer")?;
        }
        Ok(Reduce {
            tag,
            root,
            op,
            dtype,
            recvbuf,
            acc,
            phase: Phase::Start,
        })
    }

    /// Advances; `None` once this rank's part is done (at the root: the result is written).
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let n = ctx.size();
        let v = relative(ctx.rank(), self.root, n);
        loop {
            match &mut self.phase {
                Phase::Start => {
                    let mut round = Round::default();
                    let capacity = u32::try_from(self.acc.len()).unwrap_or(u32::MAX);
                    let mut mask = 1u64;
                    while mask < u64::from(n) && v & mask == 0 {
                        if v + mask < u64::from(n) {
                            let child = absolute(v + mask, self.root, n);
                            round.recv(ctx, child, self.tag, capacity)?;
                        }
                        mask <<= 1;
                    }
                    self.phase = Phase::FromChildren(round);
                }
                Phase::FromChildren(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait));
                    }
                    let parts = round.finish(ctx)?;
                    for part in &parts {
                        self.op.combine(self.dtype, &mut self.acc, part);
                    }
                    self.phase = Phase::Combined;
                    let elements = self.acc.len() as u64 / u64::from(self.dtype.size());
                    let time = ctx.flops_time(elements.saturating_mul(parts.len() as u64));
                    if time > SimTime::ZERO {
                        return Ok(Some(Step::Compute(time)));
                    }
                }
                Phase::Combined => {
                    if v == 0 {
                        write_bytes(mem, self.recvbuf, &self.acc, "the receive buffer")?;
                        self.phase = Phase::Done;
                    } else {
                        let parent = absolute(v - (v & v.wrapping_neg()), self.root, n);
                        let mut round = Round::default();
                        round.send(ctx, parent, self.tag, std::mem::take(&mut self.acc))?;
                        self.phase = Phase::ToParent(round);
                    }
                }
                Phase::ToParent(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait));
                    }
                    round.finish(ctx)?;
                    self.phase = Phase::Done;
                }
                Phase::Done => return Ok(None),
            }
        }
    }
}

/// One rank's allreduce in progress: a reduce to rank 0, then a broadcast from rank 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Allreduce {
    reduce: Reduce,
    bcast: Bcast,
    reduced: bool,
}

impl Allreduce {
    /// An allreduce whose two phases use `reduce_tag` and `bcast_tag`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        reduce_tag: i32,
        bcast_tag: i32,
        op: ReduceOp,
        dtype: Datatype,
        sendbuf: Addr,
        recvbuf: Addr,
        bytes: u32,
        mem: &Memory,
    ) -> Result<Allreduce, ErrorKind> {
        check_bytes(mem, recvbuf, bytes, "the receive buffer")?;
        Ok(Allreduce {
            reduce: Reduce::new(
                reduce_tag, 0, op, dtype, sendbuf, recvbuf, bytes, mem, false,
            )?,
            bcast: Bcast::new(bcast_tag, 0, recvbuf, bytes),
            reduced: false,
        })
    }

    /// Advances; `None` once every element of the result is in this rank's `recvbuf`.
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        if !self.reduced {
            if let Some(wait) = self.reduce.step(mem, ctx)? {
                return Ok(Some(wait));
            }
            self.reduced = true;
        }
        self.bcast.step(mem, ctx)
    }
}
