//! One-sided memory with values: each rank's words (`SimConfig::words_per_rank`), operations on
//! them that carry real operands and results (reads, writes, atomics — the lock algorithms of
//! paper 003), and ranks that spin on a word of their own memory until a remote write changes it.
//!
//! Model. A remote operation is timed like any one-sided operation of the machine (a read as an
//! 8-byte get, a write as an 8-byte put, an atomic as that RDMA atomic, or in software where the
//! machine has no hardware for it); it takes effect on the word when the machine says it does at
//! the target (`Transfer::arrival`: after the target's RDMA engine served it), and its result is
//! the origin's when the operation completes there. An atomic on the rank's own memory goes
//! through its RDMA engine too (loopback), as the MPI library issues the same operation whatever
//! the target and so it stays atomic with the others' (paper 003's calibration assumes this); a
//! read or write of its own memory takes effect at once and costs nothing. A spinning rank costs
//! no events: the write that satisfies it wakes it at once.

use super::event::Event;
use super::ids::{Rank, ReqId};
use super::program::OpError;
use super::world::{RankState, ReqKind, Request, World};
use crate::locks::{Algorithm, MemOp, Until, Word};
use crate::machine::RdmaOp;
use crate::trace::RecordKind;

/// The RDMA operation that times a memory-word operation.
pub fn rdma_of(op: MemOp) -> RdmaOp {
    match op {
        MemOp::Read(_) => RdmaOp::Get { bytes: 8 },
        MemOp::Write(..) => RdmaOp::Put { bytes: 8 },
        MemOp::Atomic { kind, .. } => RdmaOp::Atomic(kind),
    }
}

impl World {
    /// Checks that `word` exists.
    pub(crate) fn check_word(&self, word: Word) -> Result<(), OpError> {
        self.check_rank(i64::from(word.rank))?;
        if word.index >= self.memory.words() {
            return Err(OpError::NoSuchWord {
                index: word.index,
                words: self.memory.words(),
            });
        }
        Ok(())
    }

    /// `origin` starts `op` on a word of any rank's memory (a read or write of its own: done at
    /// once).
    /// With `lock`, the operation is a step of that lock algorithm: when it takes effect, a
    /// `RecordKind::LockStep` says what it did, in the algorithm's words.
    pub(crate) fn mem_op(
        &mut self,
        origin: Rank,
        op: MemOp,
        lock: Option<Algorithm>,
    ) -> Result<ReqId, OpError> {
        let word = op.word();
        self.check_word(word)?;
        if word.rank != origin || matches!(op, MemOp::Atomic { .. }) {
            let req = self.rdma(origin, word.rank, rdma_of(op), Some(op));
            if let Some(algorithm) = lock {
                self.lock_steps.insert(req, algorithm);
            }
            return Ok(req);
        }
        let result = self.apply_word(op);
        if let Some(algorithm) = lock {
            self.record_lock_step(origin, algorithm, op, result);
        }
        Ok(ReqId(self.requests.insert(Request {
            owner: origin,
            kind: ReqKind::Rdma {
                target: origin,
                op: rdma_of(op),
                mem: Some(op),
            },
            done: true,
            status: None,
            data: result.to_le_bytes().to_vec(),
        })))
    }

    /// The memory-word operation a one-sided request carries, if any.
    pub(crate) fn mem_of(&self, req: ReqId) -> Option<MemOp> {
        match self.requests.get(req.0)?.kind {
            ReqKind::Rdma { mem, .. } => mem,
            _ => None,
        }
    }

    /// A remote memory-word operation takes effect at its target.
    pub(crate) fn mem_apply(&mut self, req: ReqId) {
        let op = self
            .mem_of(req)
            .expect("MemApply carries a memory operation");
        let result = self.apply_word(op);
        let origin = self.requests.get_mut(req.0).map(|r| {
            r.data = result.to_le_bytes().to_vec();
            r.owner
        });
        if let (Some(algorithm), Some(origin)) = (self.lock_steps.remove(&req), origin) {
            self.record_lock_step(origin, algorithm, op, result);
        }
    }

    fn record_lock_step(&mut self, rank: Rank, algorithm: Algorithm, op: MemOp, result: u64) {
        self.record(RecordKind::LockStep {
            rank,
            algorithm,
            op,
            result,
        });
    }

    /// Applies `op` now; wakes the word's owner if it spins on it and the condition now holds.
    fn apply_word(&mut self, op: MemOp) -> u64 {
        let result = self.memory.apply(op);
        let word = op.word();
        if let RankState::Spinning { word: w, until } = self.states[word.rank as usize] {
            if w == word.index && until.holds(self.memory.get(word)) {
                self.states[word.rank as usize] = RankState::Ready;
                self.queue.push(self.now, Event::Resume(word.rank));
            }
        }
        result
    }

    /// `rank` spins until its own word `index` satisfies `until`: returns whether it must wait
    /// (then it is `Spinning` until a write wakes it).
    pub(crate) fn spin(&mut self, rank: Rank, index: u32, until: Until) -> bool {
        let value = self.memory.get(Word { rank, index });
        if until.holds(value) {
            return false;
        }
        self.record(RecordKind::Spinning {
            rank,
            word: index,
            until,
        });
        self.states[rank as usize] = RankState::Spinning { word: index, until };
        true
    }
}
