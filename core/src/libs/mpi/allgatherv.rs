//! `MPI_Allgatherv` as MPICH chooses for it (`MPIR_Allgatherv_intra_auto`): with `T` the bytes
//! of the whole result, recursive doubling when the size is a power of two and `T` < 512 KiB
//! (`MPIR_CVAR_ALLGATHER_LONG_MSG_SIZE`), else Bruck's algorithm when `T` < 80 KiB
//! (`MPIR_CVAR_ALLGATHER_SHORT_MSG_SIZE`), else a ring; nothing moves when `T` is 0.
//!
//! Each rank keeps the blocks it has so far, by rank; a step sends some of them to one peer and
//! receives others from one (concatenated in rank order of the step's list) — the same messages
//! as MPICH's, without its temporary-buffer copies.
//!
//! - Recursive doubling (`MPIR_Allgatherv_intra_recursive_doubling`): in step `k` rank `r`
//!   exchanges with `r xor 2^k` the `2^k` blocks of its subtree.
//! - Bruck (`MPIR_Allgatherv_intra_brucks`): in step `k` rank `r` sends the blocks `r, r + 1, …`
//!   it has (at most `2^k`, at most the ones the other lacks) to `r - 2^k` and receives as many
//!   from `r + 2^k`.
//! - Ring (`MPIR_Allgatherv_intra_ring`): in step `i` rank `r` sends block `r - i` to `r + 1` and
//!   receives block `r - i - 1` from `r - 1`.
//!
//! Blocks of derived datatypes travel packed (their data bytes), as in point-to-point.

use super::collective::{Collective, Round, Stepper, Steps, Wait};
use super::comm_ctx::CommCtx;
use super::derived::Shape;
use super::error::ErrorKind;
use crate::engine::Rank;
use crate::lang::vm::memory::{Addr, Memory};

/// Below this many bytes in all, a power-of-two size uses recursive doubling (MPICH's
/// `MPIR_CVAR_ALLGATHER_LONG_MSG_SIZE`).
const LONG_MSG: u64 = 512 * 1024;
/// Below this many bytes in all, Bruck's algorithm (MPICH's `MPIR_CVAR_ALLGATHER_SHORT_MSG_SIZE`).
const SHORT_MSG: u64 = 80 * 1024;

/// Which algorithm.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Algorithm {
    /// Nothing to move.
    Empty,
    /// Exchange with `rank xor 2^k`.
    RecursiveDoubling,
    /// Bruck's concatenation.
    Bruck,
    /// Neighbour to neighbour.
    Ring,
}

/// One step's partners and blocks.
struct Exchange {
    to: Rank,
    send: Vec<usize>,
    from: Rank,
    recv: Vec<usize>,
}

/// One rank's allgatherv in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Allgatherv {
    tag: i32,
    algorithm: Algorithm,
    /// Each rank's block once this rank has it.
    blocks: Vec<Option<Vec<u8>>>,
    /// Where each rank's block goes (address, elements; blocks travel packed).
    slots: Vec<(Addr, Shape)>,
    /// The blocks the step in flight receives.
    expect: Vec<usize>,
    stepper: Stepper,
}

impl Allgatherv {
    /// An allgatherv of `own` (this rank's block) into `slots` (every rank's place in the
    /// receive buffer, checked).
    pub(super) fn new(
        tag: i32,
        own: Vec<u8>,
        slots: Vec<(Addr, Shape)>,
        ctx: &CommCtx<'_, '_>,
    ) -> Allgatherv {
        let n = slots.len();
        let total: u64 = slots.iter().map(|s| u64::from(s.1.bytes())).sum();
        let algorithm = if total == 0 {
            Algorithm::Empty
        } else if n.is_power_of_two() && total < LONG_MSG {
            Algorithm::RecursiveDoubling
        } else if total < SHORT_MSG {
            Algorithm::Bruck
        } else {
            Algorithm::Ring
        };
        let mut blocks = vec![None; n];
        if let Some(b) = blocks.get_mut(ctx.rank() as usize) {
            *b = Some(own);
        }
        Allgatherv {
            tag,
            algorithm,
            blocks,
            slots,
            expect: Vec::new(),
            stepper: Stepper::default(),
        }
    }

    /// A rank's own block read from the receive buffer (`MPI_IN_PLACE`).
    pub(super) fn own_in_place(
        mem: &Memory,
        slots: &[(Addr, Shape)],
        rank: Rank,
    ) -> Result<Vec<u8>, ErrorKind> {
        match slots.get(rank as usize) {
            Some((at, shape)) => shape.read(mem, *at, "the receive buffer"),
            None => Ok(Vec::new()),
        }
    }

    /// Step `i`'s exchange, if there is one.
    fn exchange(&self, i: usize, rank: Rank) -> Option<Exchange> {
        let n = self.slots.len();
        let r = rank as usize;
        let wrap = |x: usize| (x % n) as Rank;
        match self.algorithm {
            Algorithm::Empty => None,
            Algorithm::RecursiveDoubling => {
                let mask = 1usize.checked_shl(u32::try_from(i).ok()?)?;
                if mask >= n {
                    return None;
                }
                let peer = r ^ mask;
                let (mine, theirs) = (r & !(mask - 1), peer & !(mask - 1));
                Some(Exchange {
                    to: peer as Rank,
                    send: (mine..mine + mask).collect(),
                    from: peer as Rank,
                    recv: (theirs..theirs + mask).collect(),
                })
            }
            Algorithm::Bruck => {
                let pow = 1usize.checked_shl(u32::try_from(i).ok()?)?;
                if pow >= n {
                    return None;
                }
                let count = pow.min(n - pow);
                Some(Exchange {
                    to: wrap(r + n - pow),
                    send: (0..count).map(|j| (r + j) % n).collect(),
                    from: wrap(r + pow),
                    recv: (0..count).map(|j| (r + pow + j) % n).collect(),
                })
            }
            Algorithm::Ring => (i + 1 < n).then(|| Exchange {
                to: wrap(r + 1),
                send: vec![(r + n - i % n) % n],
                from: wrap(r + n - 1),
                recv: vec![(r + 2 * n - i - 1) % n],
            }),
        }
    }
}

impl Steps for Allgatherv {
    fn post(
        &mut self,
        i: usize,
        round: &mut Round,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<bool, ErrorKind> {
        let Some(x) = self.exchange(i, ctx.rank()) else {
            return Ok(false);
        };
        let capacity: u64 = x
            .recv
            .iter()
            .map(|b| u64::from(self.slots.get(*b).map_or(0, |s| s.1.bytes())))
            .sum();
        round.recv(
            ctx,
            x.from,
            self.tag,
            u32::try_from(capacity).unwrap_or(u32::MAX),
        )?;
        let mut data = Vec::new();
        for b in &x.send {
            if let Some(Some(block)) = self.blocks.get(*b) {
                data.extend_from_slice(block);
            }
        }
        round.send(ctx, x.to, self.tag, data)?;
        self.expect = x.recv;
        Ok(true)
    }

    fn arrived(&mut self, _: usize, data: Vec<Vec<u8>>) -> Result<u64, ErrorKind> {
        let message = data.into_iter().next().unwrap_or_default();
        let mut at = 0usize;
        for b in std::mem::take(&mut self.expect) {
            let len = self.slots.get(b).map_or(0, |s| s.1.bytes() as usize);
            let end = (at + len).min(message.len());
            if let Some(slot) = self.blocks.get_mut(b) {
                *slot = Some(message[at.min(end)..end].to_vec());
            }
            at = end;
        }
        Ok(0)
    }

    fn finish(&mut self, mem: &mut Memory) -> Result<(), ErrorKind> {
        for (block, (at, shape)) in self.blocks.iter().zip(&self.slots) {
            if let Some(data) = block {
                shape.write(mem, *at, data, "the receive buffer")?;
            }
        }
        Ok(())
    }
}

impl Collective for Allgatherv {
    /// Advances; `None` once every block is in the receive buffer.
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
