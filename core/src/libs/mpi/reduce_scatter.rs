//! `MPI_Reduce_scatter` and `MPI_Reduce_scatter_block` as MPICH chooses for commutative
//! operations (`MPIR_Reduce_scatter_intra_auto`): recursive halving when the whole vector is
//! below 512 KiB (`MPIR_CVAR_REDUCE_SCATTER_COMMUTATIVE_LONG_MSG_SIZE`), else pairwise exchange.
//!
//! - Recursive halving (`MPIR_Reduce_scatter_intra_recursive_halving`): with `p'` the largest
//!   power of two not above the size and `rem = size - p'`, the even ranks below `2 rem` first
//!   hand their whole vector to the next odd rank, which combines it and stands for both; the
//!   `p'` remaining ranks then halve: in each step a rank sends the half of its current range
//!   that its partner (`newrank xor mask`) keeps and combines the half it keeps with what the
//!   partner sends. Finally each odd rank below `2 rem` sends its even neighbour its block.
//! - Pairwise (`MPIR_Reduce_scatter_intra_pairwise`): in step `i` rank `r` sends block `r + i` of
//!   its vector to `r + i` and combines what `r - i` sends into its own block.
//! - For a non-commutative user-defined operation (whose combinations must follow rank order,
//!   which recursive halving's interleaved groups do not), a reduce of the whole vector to rank 0
//!   on a binomial tree (rank `r` combines its children `r + 1`, `r + 2`, `r + 4`, … after its
//!   own values, one per step), then rank 0 sends each rank its block — MPICH's older
//!   reduce-then-scatterv. MPICH now uses other algorithms here; for an associative operation
//!   the result is the same.
//!
//! Each rank holds the whole vector being reduced (packed, for a derived datatype); blocks are
//! byte ranges of it, laid out as the counts say (rank `i`'s block after those of ranks below
//! `i`).

use std::ops::Range;

use super::collective::{Collective, Round, Stepper, Steps, Wait};
use super::comm_ctx::CommCtx;
use super::derived::{Shape, Types};
use super::error::ErrorKind;
use super::user_op::{Combiner, UserCall};
use crate::engine::Rank;
use crate::lang::vm::memory::{Addr, Memory};

/// Above this many bytes in all, pairwise exchange (MPICH's
/// `MPIR_CVAR_REDUCE_SCATTER_COMMUTATIVE_LONG_MSG_SIZE`).
const LONG_MSG: u64 = 512 * 1024;

/// One step: bytes of the vector sent to one rank, bytes received from one (combined into the
/// same range of the vector, or copied there).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Exchange {
    send: Option<(Rank, Range<usize>)>,
    recv: Option<(Rank, Range<usize>)>,
    combine: bool,
}

/// One rank's reduce-scatter in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ReduceScatter {
    tag: i32,
    combiner: Combiner,
    /// This rank.
    me: Rank,
    /// The vector: this rank's contribution, then partial results.
    acc: Vec<u8>,
    /// The steps, in order.
    plan: Vec<Exchange>,
    /// This rank's block of the vector and where it goes.
    mine: Range<usize>,
    recvbuf: Addr,
    /// The receive buffer's elements.
    shape: Shape,
    /// What the last step received (and from whom), until it is combined.
    tmp: Option<(Rank, Range<usize>, Vec<u8>)>,
    stepper: Stepper,
}

impl ReduceScatter {
    /// A reduce-scatter of the vector at `sendbuf` (the receive buffer with `MPI_IN_PLACE`), rank
    /// `i` getting `counts[i]` elements in its `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        combiner: Combiner,
        dtype: i64,
        types: &mut Types,
        sendbuf: Addr,
        recvbuf: Addr,
        counts: &[i64],
        mem: &Memory,
        ctx: &CommCtx<'_, '_>,
    ) -> Result<ReduceScatter, ErrorKind> {
        let mut bytes = Vec::with_capacity(counts.len());
        for (i, c) in counts.iter().enumerate() {
            let shape = types.shape(dtype, *c, &format!("recvcounts[{i}]"))?;
            bytes.push(shape.bytes() as usize);
        }
        let sum: i64 = counts.iter().sum();
        let whole = types.shape(dtype, sum, "the sum of recvcounts")?;
        let total = whole.bytes() as usize;
        let mut starts = Vec::with_capacity(bytes.len() + 1);
        let mut at = 0;
        for b in &bytes {
            starts.push(at);
            at += b;
        }
        starts.push(at);
        let block = |i: usize| starts[i]..starts[i + 1];
        let r = ctx.rank() as usize;
        let mine = block(r);
        let shape = types.shape(dtype, counts.get(r).copied().unwrap_or(0), "recvcount")?;
        shape.check(mem, recvbuf, "the receive buffer")?;
        let acc = whole.read(mem, sendbuf, "the send buffer")?;
        let plan = if !combiner.commutative() {
            tree(r, counts.len(), &block)
        } else if total as u64 >= LONG_MSG {
            pairwise(r, counts.len(), &block)
        } else {
            halving(r, counts.len(), &block)
        };
        Ok(ReduceScatter {
            tag,
            combiner,
            me: ctx.rank(),
            acc,
            plan,
            mine,
            recvbuf,
            shape,
            tmp: None,
            stepper: Stepper::default(),
        })
    }
}

/// The pairwise plan of rank `r` of `n`.
fn pairwise(r: usize, n: usize, block: &dyn Fn(usize) -> Range<usize>) -> Vec<Exchange> {
    (1..n)
        .map(|i| {
            let (dst, src) = ((r + i) % n, (r + n - i) % n);
            Exchange {
                send: Some((dst as Rank, block(dst))),
                recv: Some((src as Rank, block(r))),
                combine: true,
            }
        })
        .collect()
}

/// The reduce-then-scatter plan of rank `r` of `n` (rank order for non-commutative operations).
fn tree(r: usize, n: usize, block: &dyn Fn(usize) -> Range<usize>) -> Vec<Exchange> {
    let whole = block(0).start..block(n.saturating_sub(1)).end;
    let mut plan = Vec::new();
    let mut mask = 1;
    while mask < n {
        if r & mask != 0 {
            plan.push(Exchange {
                send: Some(((r - mask) as Rank, whole.clone())),
                recv: None,
                combine: false,
            });
            break;
        }
        if r + mask < n {
            plan.push(Exchange {
                send: None,
                recv: Some(((r + mask) as Rank, whole.clone())),
                combine: true,
            });
        }
        mask <<= 1;
    }
    if r == 0 {
        plan.extend((1..n).map(|i| Exchange {
            send: Some((i as Rank, block(i))),
            recv: None,
            combine: false,
        }));
    } else {
        plan.push(Exchange {
            send: None,
            recv: Some((0, block(r))),
            combine: false,
        });
    }
    plan
}

/// The recursive-halving plan of rank `r` of `n`.
fn halving(r: usize, n: usize, block: &dyn Fn(usize) -> Range<usize>) -> Vec<Exchange> {
    let pof2 = if n == 0 {
        1
    } else {
        1 << (usize::BITS - 1 - n.leading_zeros())
    };
    let rem = n - pof2;
    let whole = block(0).start..block(n.saturating_sub(1)).end;
    let mut plan = Vec::new();
    let newrank = if r < 2 * rem {
        if r % 2 == 0 {
            plan.push(Exchange {
                send: Some(((r + 1) as Rank, whole)),
                recv: None,
                combine: false,
            });
            None
        } else {
            plan.push(Exchange {
                send: None,
                recv: Some(((r - 1) as Rank, whole)),
                combine: true,
            });
            Some(r / 2)
        }
    } else {
        Some(r - rem)
    };
    // New rank i stands for old ranks `first(i)..=last(i)` (two for i < rem).
    let old = |i: usize| if i < rem { i * 2 + 1 } else { i + rem };
    let first = |i: usize| if i < rem { old(i) - 1 } else { old(i) };
    // Bytes of new ranks `from..to`.
    let span = |from: usize, to: usize| {
        if from >= to {
            0..0
        } else {
            block(first(from)).start..block(old(to - 1)).end
        }
    };
    if let Some(me) = newrank {
        let (mut send_idx, mut recv_idx, mut last_idx) = (0, 0, pof2);
        let mut mask = pof2 >> 1;
        while mask > 0 {
            let partner = me ^ mask;
            let dst = old(partner) as Rank;
            let (send, recv) = if me < partner {
                send_idx = recv_idx + mask;
                (span(send_idx, last_idx), span(recv_idx, send_idx))
            } else {
                recv_idx = send_idx + mask;
                (span(send_idx, recv_idx), span(recv_idx, last_idx))
            };
            plan.push(Exchange {
                send: (!send.is_empty()).then_some((dst, send)),
                recv: (!recv.is_empty()).then_some((dst, recv)),
                combine: true,
            });
            send_idx = recv_idx;
            last_idx = recv_idx + mask;
            mask >>= 1;
        }
    }
    if r < 2 * rem {
        plan.push(if r % 2 == 1 {
            Exchange {
                send: Some(((r - 1) as Rank, block(r - 1))),
                recv: None,
                combine: false,
            }
        } else {
            Exchange {
                send: None,
                recv: Some(((r + 1) as Rank, block(r))),
                combine: false,
            }
        });
    }
    plan
}

impl Steps for ReduceScatter {
    fn post(
        &mut self,
        i: usize,
        round: &mut Round,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<bool, ErrorKind> {
        let Some(x) = self.plan.get(i) else {
            return Ok(false);
        };
        if let Some((from, range)) = &x.recv {
            let capacity = u32::try_from(range.len()).unwrap_or(u32::MAX);
            round.recv(ctx, *from, self.tag, capacity)?;
        }
        if let Some((to, range)) = &x.send {
            let data = self.acc.get(range.clone()).unwrap_or_default().to_vec();
            round.send(ctx, *to, self.tag, data)?;
        }
        Ok(true)
    }

    fn arrived(&mut self, i: usize, data: Vec<Vec<u8>>) -> Result<u64, ErrorKind> {
        let (Some(x), Some(tmp)) = (self.plan.get(i), data.into_iter().next()) else {
            return Ok(0);
        };
        let Some((from, range)) = &x.recv else {
            return Ok(0);
        };
        let Some(target) = self.acc.get_mut(range.clone()) else {
            return Ok(0);
        };
        if x.combine {
            let elements = self.combiner.elements(target.len());
            self.tmp = Some((*from, range.clone(), tmp));
            Ok(elements)
        } else {
            let n = tmp.len().min(target.len());
            target[..n].copy_from_slice(&tmp[..n]);
            Ok(0)
        }
    }

    fn fold(&mut self, mem: &mut Memory) -> Result<Option<UserCall>, ErrorKind> {
        let Some((from, range, tmp)) = &self.tmp else {
            return Ok(None);
        };
        if let Some(target) = self.acc.get_mut(range.clone()) {
            let first = self.combiner.other_first(*from < self.me);
            if let Some(call) = self.combiner.combine(target, tmp, first, mem)? {
                return Ok(Some(call));
            }
        }
        self.tmp = None;
        Ok(None)
    }

    fn finish(&mut self, mem: &mut Memory) -> Result<(), ErrorKind> {
        let result = self.acc.get(self.mine.clone()).unwrap_or_default();
        self.shape
            .write(mem, self.recvbuf, result, "the receive buffer")
    }
}

impl Collective for ReduceScatter {
    /// Advances; `None` once this rank's block of the result is in its receive buffer.
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
