//! `MPI_Win_lock_all` as Li et al. implement it on InfiniBand (paper 003 Sec. 3): a shared lock
//! on *every* rank's window, one after the other — here a fetch-and-add of one reader on each
//! rank's lock word (and one to remove it at `MPI_Win_unlock_all`), `iterations` times. No writer
//! takes these locks in the runs it is used for, so no acquire ever waits; what grows is the
//! number of round trips per lock_all, with the number of processes, contended or not.
//! Compare with paper 003's single global MCS-RW lock (`lock_rounds`).

use super::try_op;
use crate::engine::{RankCtx, ReqId, Step};
use crate::locks::{MemOp, Word};
use crate::machine::AtomicKind;
use crate::proto::rma::OneSidedOps;
use crate::time::SimTime;

/// The word of each rank that counts its shared lockers.
pub const LOCK_WORD: u32 = 0;
/// Words per rank.
pub const WORDS: u32 = 1;

/// One rank of the lock_all-on-every-rank workload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockAllEach {
    rounds: u32,
    /// Operations done so far: each round locks every rank, then unlocks every rank.
    done: u64,
    pending: Option<ReqId>,
    finished_at: Option<SimTime>,
}

impl LockAllEach {
    /// A rank that does `iterations` lock_all + unlock_all rounds.
    pub fn new(iterations: u32) -> Self {
        LockAllEach {
            rounds: iterations,
            done: 0,
            pending: None,
            finished_at: None,
        }
    }

    /// When this rank finished (`None` while running).
    pub fn finished_at(&self) -> Option<SimTime> {
        self.finished_at
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        if let Some(req) = self.pending.take() {
            if try_op!(ctx.take(req)).is_none() {
                self.pending = Some(req);
                return Step::Wait(req);
            }
            self.done += 1;
        }
        let n = u64::from(ctx.size());
        if self.done == 2 * n * u64::from(self.rounds) {
            self.finished_at = Some(ctx.now());
            return Step::Done;
        }
        // Lock ranks 0, 1, …, n − 1, then unlock them in the same order.
        let within = self.done % (2 * n);
        let target = u32::try_from(within % n).expect("ranks fit u32");
        let delta = if within < n { 1 } else { 1u64.wrapping_neg() };
        let word = Word {
            rank: target,
            index: LOCK_WORD,
        };
        let req = try_op!(ctx.mem_op(MemOp::fetch(AtomicKind::FetchAndAdd, word, delta)));
        self.pending = Some(req);
        Step::Wait(req)
    }
}
