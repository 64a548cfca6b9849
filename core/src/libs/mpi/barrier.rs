//! `MPI_Barrier` by dissemination: in round `k` every rank sends an empty message to
//! `rank + 2^k` and receives one from `rank - 2^k` (mod size); after `⌈log2 size⌉` rounds every
//! rank has heard, directly or indirectly, from every other, so none leaves before all arrived.

use super::collective::{Collective, Round, Wait};
use super::comm_ctx::CommCtx;
use super::error::ErrorKind;
use crate::engine::Step;
use crate::lang::vm::memory::Memory;

/// One rank's barrier in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Barrier {
    tag: i32,
    /// Distance of the current (or next) round.
    dist: u64,
    round: Option<Round>,
}

impl Barrier {
    /// A barrier whose messages carry `tag`.
    pub(super) fn new(tag: i32) -> Barrier {
        Barrier {
            tag,
            dist: 1,
            round: None,
        }
    }

    /// Advances; `None` once this rank may leave the barrier.
    pub(super) fn step(&mut self, ctx: &mut CommCtx<'_, '_>) -> Result<Option<Step>, ErrorKind> {
        let n = u64::from(ctx.size());
        let rank = u64::from(ctx.rank());
        loop {
            if let Some(round) = &mut self.round {
                if let Some(wait) = round.waiting(ctx)? {
                    return Ok(Some(wait));
                }
                round.finish(ctx)?;
                self.round = None;
                self.dist *= 2;
            }
            if self.dist >= n {
                return Ok(None);
            }
            let mut round = Round::default();
            let from = ((rank + n - self.dist) % n) as u32;
            let to = ((rank + self.dist) % n) as u32;
            round.recv(ctx, from, self.tag, 0)?;
            round.send(ctx, to, self.tag, Vec::new())?;
            self.round = Some(round);
        }
    }
}

impl Collective for Barrier {
    fn advance(
        &mut self,
        _mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Ok(self.step(ctx)?.map(Wait::Engine))
    }
}
