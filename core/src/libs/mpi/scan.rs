//! `MPI_Scan` and `MPI_Exscan` by recursive doubling, as MPICH's
//! `MPIR_Scan_intra_recursive_doubling` and `MPIR_Exscan_intra_recursive_doubling`: in step `k`
//! rank `r` exchanges its partial result (the reduction of its `2^k`-aligned group so far) with
//! `r xor 2^k` (if that rank exists); what comes from a lower rank is folded into the partial
//! result and into this rank's own result, what comes from a higher one only into the partial
//! result. `⌈log2 size⌉` steps; the arithmetic's time is spent after each.
//!
//! The exclusive scan's result on rank `r` starts as the first thing a lower rank sends; rank 0's
//! receive buffer is left as it was (MPI leaves it undefined).
//!
//! Every rank's group is a range of ranks, so a non-commutative user-defined operation gets the
//! lower ranks' values first (MPICH's order); buffers of derived datatypes travel packed.

use super::collective::{Collective, Round, Stepper, Steps, Wait};
use super::comm_ctx::CommCtx;
use super::derived::Shape;
use super::error::ErrorKind;
use super::user_op::{Combiner, UserCall};
use crate::engine::Rank;
use crate::lang::vm::memory::{Addr, Memory};

/// One rank's scan in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scan {
    tag: i32,
    combiner: Combiner,
    /// `MPI_Exscan` (else `MPI_Scan`).
    exclusive: bool,
    recvbuf: Addr,
    /// The receive buffer's elements.
    shape: Shape,
    /// The reduction over this rank's group so far.
    partial: Vec<u8>,
    /// This rank's result so far (`None` for an exclusive scan until a lower rank sent).
    result: Option<Vec<u8>>,
    /// Whether the step in flight exchanges with a lower rank.
    from_lower: bool,
    /// What the last step received, until it is combined.
    tmp: Option<Vec<u8>>,
    /// Whether `tmp` is still to be combined into `partial` and into `result`.
    todo: (bool, bool),
    stepper: Stepper,
}

impl Scan {
    /// A scan of the elements `shape` describes at `sendbuf` (read now; the receive buffer with
    /// `MPI_IN_PLACE`) into `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        exclusive: bool,
        combiner: Combiner,
        sendbuf: Addr,
        recvbuf: Addr,
        shape: Shape,
        mem: &Memory,
    ) -> Result<Scan, ErrorKind> {
        shape.check(mem, recvbuf, "the receive buffer")?;
        let partial = shape.read(mem, sendbuf, "the send buffer")?;
        Ok(Scan {
            tag,
            combiner,
            exclusive,
            recvbuf,
            shape,
            result: (!exclusive).then(|| partial.clone()),
            partial,
            from_lower: false,
            tmp: None,
            todo: (false, false),
            stepper: Stepper::default(),
        })
    }
}

impl Steps for Scan {
    fn post(
        &mut self,
        i: usize,
        round: &mut Round,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<bool, ErrorKind> {
        let n = u64::from(ctx.size());
        let Some(mask) = 1u64.checked_shl(u32::try_from(i).unwrap_or(u32::MAX)) else {
            return Ok(false);
        };
        if mask >= n {
            return Ok(false);
        }
        let me = u64::from(ctx.rank());
        let peer = me ^ mask;
        if peer < n {
            self.from_lower = peer < me;
            let capacity = u32::try_from(self.partial.len()).unwrap_or(u32::MAX);
            round.recv(ctx, peer as Rank, self.tag, capacity)?;
            round.send(ctx, peer as Rank, self.tag, self.partial.clone())?;
        }
        Ok(true)
    }

    fn arrived(&mut self, _: usize, data: Vec<Vec<u8>>) -> Result<u64, ErrorKind> {
        let Some(tmp) = data.into_iter().next() else {
            return Ok(0);
        };
        let mut combined = self.combiner.elements(self.partial.len());
        self.todo = (true, false);
        if self.from_lower {
            if self.result.is_some() {
                self.todo.1 = true;
                combined *= 2;
            } else {
                self.result = Some(tmp.clone());
            }
        }
        self.tmp = Some(tmp);
        Ok(combined)
    }

    fn fold(&mut self, mem: &mut Memory) -> Result<Option<UserCall>, ErrorKind> {
        let Some(tmp) = &self.tmp else {
            return Ok(None);
        };
        let first = self.combiner.other_first(self.from_lower);
        if self.todo.0 {
            if let Some(call) = self.combiner.combine(&mut self.partial, tmp, first, mem)? {
                return Ok(Some(call));
            }
            self.todo.0 = false;
        }
        if let (true, Some(result)) = (self.todo.1, &mut self.result) {
            if let Some(call) = self.combiner.combine(result, tmp, first, mem)? {
                return Ok(Some(call));
            }
        }
        self.todo.1 = false;
        self.tmp = None;
        Ok(None)
    }

    fn finish(&mut self, mem: &mut Memory) -> Result<(), ErrorKind> {
        if let Some(result) = &self.result {
            self.shape
                .write(mem, self.recvbuf, result, "the receive buffer")?;
        }
        Ok(())
    }
}

impl Collective for Scan {
    /// Advances; `None` once this rank's result is written.
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let mut stepper = std::mem::take(&mut self.stepper);
        let result = stepper.drive(self, mem, ctx);
        self.stepper = stepper;
        result
    }
}
