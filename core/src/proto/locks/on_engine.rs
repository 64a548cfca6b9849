//! A lock acquire or release driven on the engine by one rank: each memory operation of the
//! algorithm becomes a one-sided memory operation (an RDMA read, write or atomic on the machine,
//! `LockOps::lock_op`), each wait a spin on the rank's own word (`OneSidedOps::spin`). The
//! moments the rank takes and leaves the lock are trace records (`LockRecord::Lock`), which the lock view and the engine-level exclusion checks
//! read. Used by the native lock workload and by the MPI library's `MPI_Win_lock`.

use super::{Action, Algorithm, AnyLockOp, LockOp, LockOps, Mode};
use crate::engine::{OpError, RankCtx, ReqId, Step};
use crate::proto::rma::OneSidedOps;

/// One acquire or release in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLock {
    algorithm: Algorithm,
    home: u32,
    op: AnyLockOp,
    mode: Mode,
    acquiring: bool,
    started: bool,
    /// The memory operation whose result the algorithm waits for.
    pending: Option<ReqId>,
    /// The last operation's result, for the next step.
    result: u64,
}

impl EngineLock {
    /// `me` starts acquiring (`acquiring`) or releasing, in `mode`, the lock whose record lives
    /// in rank `home`'s words.
    pub fn new(algorithm: Algorithm, home: u32, me: u32, mode: Mode, acquiring: bool) -> Self {
        let op = if acquiring {
            algorithm.acquire(home, me, mode)
        } else {
            algorithm.release(home, me, mode)
        };
        EngineLock {
            algorithm,
            home,
            op,
            mode,
            acquiring,
            started: false,
            pending: None,
            result: 0,
        }
    }

    /// Advances: `Ok(None)` once the lock is held (or released), else the step to wait on.
    pub fn step(&mut self, ctx: &mut RankCtx<'_>) -> Result<Option<Step>, OpError> {
        if !self.started {
            self.started = true;
            if !self.acquiring {
                // The critical section ends when the release begins.
                ctx.record_lock(self.home, self.mode, false);
            }
        }
        loop {
            if let Some(req) = self.pending {
                let Some(done) = ctx.take(req)? else {
                    return Ok(Some(Step::Wait(req)));
                };
                self.pending = None;
                self.result = word(&done.data);
            }
            match self.op.next(std::mem::take(&mut self.result)) {
                Action::Op(m) => self.pending = Some(ctx.lock_op(self.algorithm, m)?),
                Action::Wait(w, until) => {
                    if !until.holds(ctx.own_word(w.index)) {
                        return Ok(Some(ctx.spin(w.index, until)));
                    }
                }
                Action::Pause(d) => return Ok(Some(Step::Compute(d))),
                Action::Acquired => {
                    ctx.record_lock(self.home, self.mode, true);
                    return Ok(None);
                }
                Action::Released => return Ok(None),
            }
        }
    }
}

/// The 64-bit little-endian result of a memory operation.
fn word(data: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = data.len().min(8);
    b[..n].copy_from_slice(&data[..n]);
    u64::from_le_bytes(b)
}
