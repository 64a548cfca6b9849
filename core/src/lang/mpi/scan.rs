//! `MPI_Scan` and `MPI_Exscan` by recursive doubling, as MPICH's
//! `MPIR_Scan_intra_recursive_doubling` and `MPIR_Exscan_intra_recursive_doubling`: in step `k`
//! rank `r` exchanges its partial result (the reduction of its `2^k`-aligned group so far) with
//! `r xor 2^k` (if that rank exists); what comes from a lower rank is folded into the partial
//! result and into this rank's own result, what comes from a higher one only into the partial
//! result. `⌈log2 size⌉` steps; the arithmetic's time is spent after each.
//!
//! The exclusive scan's result on rank `r` starts as the first thing a lower rank sends; rank 0's
//! receive buffer is left as it was (MPI leaves it undefined).

use super::buffers::{check_bytes, read_bytes, write_bytes};
use super::collective::{Round, Stepper, Steps};
use super::comm_ctx::CommCtx;
use super::datatype::{Datatype, ReduceOp};
use super::error::ErrorKind;
use crate::engine::{Rank, Step};
use crate::lang::memory::{Addr, Memory};

/// One rank's scan in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Scan {
    tag: i32,
    op: ReduceOp,
    dtype: Datatype,
    /// `MPI_Exscan` (else `MPI_Scan`).
    exclusive: bool,
    recvbuf: Addr,
    /// The reduction over this rank's group so far.
    partial: Vec<u8>,
    /// This rank's result so far (`None` for an exclusive scan until a lower rank sent).
    result: Option<Vec<u8>>,
    /// Whether the step in flight exchanges with a lower rank.
    from_lower: bool,
    stepper: Stepper,
}

impl Scan {
    /// A scan of `bytes` bytes from `sendbuf` (read now; the receive buffer with `MPI_IN_PLACE`)
    /// into `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        exclusive: bool,
        op: ReduceOp,
        dtype: Datatype,
        sendbuf: Addr,
        recvbuf: Addr,
        bytes: u32,
        mem: &Memory,
    ) -> Result<Scan, ErrorKind> {
        op.check(dtype)?;
        check_bytes(mem, recvbuf, bytes, "the receive buffer")?;
        let partial = read_bytes(mem, sendbuf, bytes, "the send buffer")?;
        Ok(Scan {
            tag,
            op,
            dtype,
            exclusive,
            recvbuf,
            result: (!exclusive).then(|| partial.clone()),
            partial,
            from_lower: false,
            stepper: Stepper::default(),
        })
    }

    /// Advances; `None` once this rank's result is written.
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let mut stepper = std::mem::take(&mut self.stepper);
        let result = stepper.drive(self, mem, ctx);
        self.stepper = stepper;
        result
    }

    /// Elements in a buffer.
    fn elements(&self) -> u64 {
        self.partial.len() as u64 / u64::from(self.dtype.size())
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
        self.op.combine(self.dtype, &mut self.partial, &tmp);
        let mut combined = self.elements();
        if self.from_lower {
            match &mut self.result {
                Some(result) => {
                    self.op.combine(self.dtype, result, &tmp);
                    combined *= 2;
                }
                None => self.result = Some(tmp),
            }
        }
        Ok(combined)
    }

    fn finish(&mut self, mem: &mut Memory) -> Result<(), ErrorKind> {
        if let Some(result) = &self.result {
            write_bytes(mem, self.recvbuf, result, "the receive buffer")?;
        }
        Ok(())
    }
}
