//! `MPI_Bcast` on a binomial tree, as in MPICH: ranks are numbered relative to the root; relative
//! rank `v` receives from `v` minus its lowest set bit, then sends to `v + m` for every power of
//! two `m` below that bit, largest first. `⌈log2 size⌉` rounds.

use super::collective::{absolute, relative, Collective, Round, Wait};
use super::comm_ctx::CommCtx;
use super::derived::Shape;
use super::error::ErrorKind;
use crate::engine::{Rank, Step};
use crate::lang::vm::memory::{Addr, Memory};

/// Where a broadcast is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Not started.
    Start,
    /// Receiving from the parent.
    FromParent(Round),
    /// Sending to the children.
    ToChildren(Round),
    /// Finished.
    Done,
}

/// One rank's broadcast in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bcast {
    tag: i32,
    root: Rank,
    buf: Addr,
    /// The buffer's elements (the message is its data).
    shape: Shape,
    phase: Phase,
}

impl Bcast {
    /// A broadcast of the elements `shape` describes at `buf` (a derived datatype's data).
    pub(super) fn shaped(tag: i32, root: Rank, buf: Addr, shape: Shape) -> Bcast {
        Bcast {
            tag,
            root,
            buf,
            shape,
            phase: Phase::Start,
        }
    }

    /// Advances; `None` once this rank has the data and has passed it on.
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
                    if v == 0 {
                        let data = self.shape.read(mem, self.buf, "the buffer")?;
                        self.phase = Phase::ToChildren(self.to_children(ctx, v, data)?);
                    } else {
                        let parent = absolute(v - (v & v.wrapping_neg()), self.root, n);
                        let mut round = Round::default();
                        round.recv(ctx, parent, self.tag, self.shape.bytes())?;
                        self.phase = Phase::FromParent(round);
                    }
                }
                Phase::FromParent(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait));
                    }
                    let data = round.finish(ctx)?.pop().unwrap_or_default();
                    self.shape.write(mem, self.buf, &data, "the buffer")?;
                    self.phase = Phase::ToChildren(self.to_children(ctx, v, data)?);
                }
                Phase::ToChildren(round) => {
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

    /// Posts the sends to relative rank `v`'s children, largest subtree first.
    fn to_children(
        &self,
        ctx: &mut CommCtx<'_, '_>,
        v: u64,
        data: Vec<u8>,
    ) -> Result<Round, ErrorKind> {
        let n = u64::from(ctx.size());
        let low = if v == 0 {
            n.next_power_of_two()
        } else {
            v & v.wrapping_neg()
        };
        let mut round = Round::default();
        let mut mask = low >> 1;
        while mask > 0 {
            if v + mask < n {
                let child = absolute(v + mask, self.root, ctx.size());
                round.send(ctx, child, self.tag, data.clone())?;
            }
            mask >>= 1;
        }
        Ok(round)
    }
}

impl Collective for Bcast {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Ok(self.step(mem, ctx)?.map(Wait::Engine))
    }
}
