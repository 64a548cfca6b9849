//! Every rank takes and drops a lock on rank 0's memory `iterations` times, as in paper 003's
//! Fig. 8 measurement (`MPI_Win_lock_all` + `MPI_Win_unlock_all` in a loop): each acquire and
//! release runs the lock algorithm's steps (`crate::locks`), each remote step an RDMA operation
//! with real values on the machine, each wait a local spin that a remote write ends. Shared
//! (reader) locks unless `exclusive`.

use super::try_op;
use crate::engine::{RankCtx, ReqId, Step};
use crate::locks::{Action, Algorithm, AnyLockOp, LockOp, Mode};
use crate::time::SimTime;

/// One rank of the lock workload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockRounds {
    algorithm: Algorithm,
    mode: Mode,
    remaining: u32,
    /// The acquire or release in progress.
    op: Option<AnyLockOp>,
    /// Whether `op` is an acquire.
    acquiring: bool,
    /// The memory operation whose result `op` waits for.
    pending: Option<ReqId>,
    /// When the last round ended.
    finished_at: Option<SimTime>,
}

impl LockRounds {
    /// A rank that will take and drop the lock `iterations` times.
    pub fn new(algorithm: Algorithm, mode: Mode, iterations: u32) -> Self {
        LockRounds {
            algorithm,
            mode,
            remaining: iterations,
            op: None,
            acquiring: false,
            pending: None,
            finished_at: None,
        }
    }

    /// When this rank finished its rounds (`None` while running).
    pub fn finished_at(&self) -> Option<SimTime> {
        self.finished_at
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        let me = ctx.rank();
        let mut result = 0;
        if let Some(req) = self.pending.take() {
            match try_op!(ctx.take(req)) {
                Some(done) => result = value(&done.data),
                None => {
                    self.pending = Some(req);
                    return Step::Wait(req);
                }
            }
        }
        loop {
            let op = match &mut self.op {
                Some(op) => op,
                None if self.remaining == 0 => {
                    self.finished_at = Some(ctx.now());
                    return Step::Done;
                }
                None => {
                    self.acquiring = true;
                    self.op.insert(self.algorithm.acquire(0, me, self.mode))
                }
            };
            match op.next(result) {
                Action::Op(m) => {
                    let req = try_op!(ctx.mem_op(m));
                    match try_op!(ctx.take(req)) {
                        // A local operation is done at once.
                        Some(done) => result = value(&done.data),
                        None => {
                            self.pending = Some(req);
                            return Step::Wait(req);
                        }
                    }
                }
                Action::Wait(word, until) => {
                    return Step::Spin {
                        word: word.index,
                        until,
                    };
                }
                Action::Acquired => {
                    result = 0;
                    self.acquiring = false;
                    self.op = Some(self.algorithm.release(0, me, self.mode));
                }
                Action::Released => {
                    result = 0;
                    self.op = None;
                    self.remaining -= 1;
                }
            }
        }
    }
}

/// The 64-bit little-endian result of a memory operation.
fn value(data: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = data.len().min(8);
    b[..n].copy_from_slice(&data[..n]);
    u64::from_le_bytes(b)
}
