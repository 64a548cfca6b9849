//! `MPI_Reduce` on a binomial tree and `MPI_Allreduce` as a reduce to rank 0 followed by a
//! broadcast from it.
//!
//! Relative to the tree's root, rank `v` receives the partial results of its children `v + 1`,
//! `v + 2`, `v + 4`, … (while below `v`'s lowest set bit and the size), combines them into its own
//! contribution in that fixed order — so results, floating-point rounding included, never depend
//! on arrival times — spends the machine's time for the arithmetic (one operation per element and
//! child), and sends the result to its parent `v` minus its lowest set bit.
//!
//! The tree's root is the call's root, except for a non-commutative user-defined operation: then,
//! as MPICH's `MPIR_Reduce_intra_binomial`, the tree is rooted at rank 0 (so each rank's subtree
//! is a range of ranks above it and every combination is in rank order) and rank 0 sends the
//! result to the root. Buffers of derived datatypes are packed and unpacked through their type
//! maps ([`Shape`]); the arithmetic is the [`Combiner`]'s.

use super::bcast::Bcast;
use super::collective::{absolute, relative, Collective, Round, Wait};
use super::comm_ctx::CommCtx;
use super::derived::Shape;
use super::error::ErrorKind;
use super::user_op::Combiner;
use crate::engine::{Rank, Step};
use crate::lang::vm::memory::{Addr, Memory};
use crate::time::SimTime;

/// Where a reduction is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Not started.
    Start,
    /// Receiving the children's partial results.
    FromChildren(Round),
    /// Combining the children's partial results, in order (`next` is the next one).
    Folding {
        /// The partial results, in the children's order.
        parts: Vec<Vec<u8>>,
        /// The next to combine.
        next: usize,
    },
    /// Combined (and the arithmetic's time spent).
    Combined,
    /// Sending the partial result to the parent (or the tree's root sending the result to the
    /// call's root).
    ToParent(Round),
    /// The call's root receiving the result from the tree's root.
    FromTreeRoot(Round),
    /// Finished.
    Done,
}

/// One rank's reduction in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reduce {
    tag: i32,
    root: Rank,
    /// The root of the tree (the call's root, or 0 for a non-commutative operation).
    tree_root: Rank,
    combiner: Combiner,
    recvbuf: Addr,
    /// The receive buffer's elements.
    shape: Shape,
    /// This rank's contribution, then the partial result of its subtree (packed).
    acc: Vec<u8>,
    /// The tree's ranks, `0..n`, when the root is outside it (rank `n`: an intercommunicator's
    /// root, see [`Reduce::to_outside`]); `None`: every rank of the communicator.
    tree_size: Option<u32>,
    phase: Phase,
}

impl Reduce {
    /// A reduction of the elements `shape` describes at `sendbuf` (read now) into the root's
    /// `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        root: Rank,
        combiner: Combiner,
        sendbuf: Addr,
        recvbuf: Addr,
        shape: Shape,
        mem: &Memory,
        is_root: bool,
    ) -> Result<Reduce, ErrorKind> {
        let acc = shape.read(mem, sendbuf, "the send buffer")?;
        if is_root {
            shape.check(mem, recvbuf, "the receive buffer")?;
        }
        let tree_root = if combiner.commutative() { root } else { 0 };
        Ok(Reduce {
            tag,
            root,
            tree_root,
            combiner,
            recvbuf,
            shape,
            acc,
            tree_size: None,
            phase: Phase::Start,
        })
    }

    /// A reduction over ranks `0..n` (a binomial tree rooted at 0, so in rank order) whose
    /// result rank 0 sends to rank `n`, outside the tree: an intercommunicator's root
    /// (`inter_coll`), which receives it on its own.
    pub(super) fn to_outside(
        tag: i32,
        combiner: Combiner,
        sendbuf: Addr,
        shape: Shape,
        mem: &Memory,
        n: u32,
    ) -> Result<Reduce, ErrorKind> {
        let mut reduce = Reduce::new(tag, n, combiner, sendbuf, 0, shape, mem, false)?;
        reduce.tree_root = 0;
        reduce.tree_size = Some(n);
        Ok(reduce)
    }
}

/// One rank's allreduce in progress: a reduce to rank 0, then a broadcast from rank 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Allreduce {
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
        combiner: Combiner,
        sendbuf: Addr,
        recvbuf: Addr,
        shape: Shape,
        mem: &Memory,
    ) -> Result<Allreduce, ErrorKind> {
        shape.check(mem, recvbuf, "the receive buffer")?;
        Ok(Allreduce {
            reduce: Reduce::new(
                reduce_tag,
                0,
                combiner,
                sendbuf,
                recvbuf,
                shape.clone(),
                mem,
                false,
            )?,
            bcast: Bcast::shaped(bcast_tag, 0, recvbuf, shape),
            reduced: false,
        })
    }
}

impl Collective for Reduce {
    /// Advances; `None` once this rank's part is done (at the root: the result is written).
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let n = self.tree_size.unwrap_or_else(|| ctx.size());
        let v = relative(ctx.rank(), self.tree_root, n);
        let capacity = self.shape.bytes();
        loop {
            match &mut self.phase {
                Phase::Start => {
                    let mut round = Round::default();
                    let mut mask = 1u64;
                    while mask < u64::from(n) && v & mask == 0 {
                        if v + mask < u64::from(n) {
                            let child = absolute(v + mask, self.tree_root, n);
                            round.recv(ctx, child, self.tag, capacity)?;
                        }
                        mask <<= 1;
                    }
                    self.phase = Phase::FromChildren(round);
                }
                Phase::FromChildren(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait.into()));
                    }
                    let parts = round.finish(ctx)?;
                    self.phase = Phase::Folding { parts, next: 0 };
                }
                Phase::Folding { parts, next } => {
                    // Children hold higher ranks (relative to the tree's root).
                    let first = self.combiner.other_first(false);
                    while let Some(part) = parts.get(*next) {
                        if let Some(call) =
                            self.combiner.combine(&mut self.acc, part, first, mem)?
                        {
                            return Ok(Some(Wait::Call(call)));
                        }
                        *next += 1;
                    }
                    let elements = self.combiner.elements(self.acc.len());
                    let time = ctx.flops_time(elements.saturating_mul(parts.len() as u64));
                    self.phase = Phase::Combined;
                    if time > SimTime::ZERO {
                        return Ok(Some(Step::Compute(time).into()));
                    }
                }
                Phase::Combined => {
                    let me = ctx.rank();
                    if v == 0 && me == self.root {
                        self.shape
                            .write(mem, self.recvbuf, &self.acc, "the receive buffer")?;
                        self.phase = Phase::Done;
                    } else {
                        let to = if v == 0 {
                            self.root
                        } else {
                            absolute(v - (v & v.wrapping_neg()), self.tree_root, n)
                        };
                        let mut round = Round::default();
                        round.send(ctx, to, self.tag, std::mem::take(&mut self.acc))?;
                        self.phase = Phase::ToParent(round);
                    }
                }
                Phase::ToParent(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait.into()));
                    }
                    round.finish(ctx)?;
                    self.phase = if ctx.rank() == self.root {
                        let mut round = Round::default();
                        round.recv(ctx, self.tree_root, self.tag, capacity)?;
                        Phase::FromTreeRoot(round)
                    } else {
                        Phase::Done
                    };
                }
                Phase::FromTreeRoot(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait.into()));
                    }
                    let data = round.finish(ctx)?.pop().unwrap_or_default();
                    self.shape
                        .write(mem, self.recvbuf, &data, "the receive buffer")?;
                    self.phase = Phase::Done;
                }
                Phase::Done => return Ok(None),
            }
        }
    }
}

impl Collective for Allreduce {
    /// Advances; `None` once every element of the result is in this rank's `recvbuf`.
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        if !self.reduced {
            if let Some(wait) = self.reduce.advance(mem, ctx)? {
                return Ok(Some(wait));
            }
            self.reduced = true;
        }
        Ok(self.bcast.step(mem, ctx)?.map(Wait::Engine))
    }
}
