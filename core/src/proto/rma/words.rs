//! One-sided memory with values: operations on the ranks' words that carry real operands and
//! results (reads, writes, atomics — the lock algorithms of paper 003), and ranks that spin on a
//! word of their own memory until a remote write changes it.
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

use super::{MemOp, OneSided, RdmaReq, RmaRecord, StepNote, Until, Word};
use crate::engine::{Io, OpError, Rank, ReqId};
use crate::machine::RdmaOp;

/// The RDMA operation that times a memory-word operation.
pub fn rdma_of(op: MemOp) -> RdmaOp {
    match op {
        MemOp::Read(_) => RdmaOp::Get { bytes: 8 },
        MemOp::Write(..) => RdmaOp::Put { bytes: 8 },
        MemOp::Atomic { kind, .. } => RdmaOp::Atomic(kind),
    }
}

impl OneSided {
    /// Checks that `word` exists.
    pub(crate) fn check_word(&self, io: &Io<'_>, word: Word) -> Result<(), OpError> {
        io.check_rank(i64::from(word.rank))?;
        if word.index >= self.memory.words() {
            return Err(OpError::Refused(format!(
                "word {} does not exist: each rank has {} words of one-sided memory",
                word.index,
                self.memory.words()
            )));
        }
        Ok(())
    }

    /// `origin` starts `op` on a word of any rank's memory (a read or write of its own: done at
    /// once). With `note`, the operation is a step that `note` narrates when it takes effect.
    pub fn mem_op(
        &mut self,
        io: &mut Io<'_>,
        origin: Rank,
        op: MemOp,
        note: Option<&'static dyn StepNote>,
    ) -> Result<ReqId, OpError> {
        let word = op.word();
        self.check_word(io, word)?;
        if word.rank != origin || matches!(op, MemOp::Atomic { .. }) {
            let req = self.rdma(io, origin, word.rank, rdma_of(op), Some(op));
            if let Some(note) = note {
                self.notes.insert(req, note);
            }
            return Ok(req);
        }
        let result = self.apply_word(io, op);
        if let Some(note) = note {
            note.record(io, origin, op, result);
        }
        let req = self.new_request(
            io,
            origin,
            RdmaReq {
                target: origin,
                op: rdma_of(op),
                mem: Some(op),
                flight: None,
            },
        );
        io.set_data(req, result.to_le_bytes().to_vec());
        io.complete(req);
        Ok(req)
    }

    /// A remote memory-word operation takes effect at its target.
    pub(crate) fn mem_apply(&mut self, io: &mut Io<'_>, req: ReqId) {
        let op = self
            .kinds
            .get(req.0)
            .and_then(|k| k.mem)
            .expect("an Apply event carries a memory operation");
        let result = self.apply_word(io, op);
        io.set_data(req, result.to_le_bytes().to_vec());
        if let (Some(note), Some(origin)) = (self.notes.remove(&req), io.owner(req)) {
            note.record(io, origin, op, result);
        }
    }

    /// Applies `op` now; wakes the word's owner if it spins on it and the condition now holds.
    fn apply_word(&mut self, io: &mut Io<'_>, op: MemOp) -> u64 {
        let result = self.memory.apply(op);
        let word = op.word();
        if let Some(&(w, until)) = self.spinners.get(&word.rank) {
            if w == word.index && until.holds(self.memory.get(word)) {
                self.spinners.remove(&word.rank);
                io.unpark(word.rank);
            }
        }
        result
    }

    /// `rank` spins until its own word `index` satisfies `until`: returns whether it must wait
    /// (then it is parked until a write wakes it).
    pub fn spin(&mut self, io: &mut Io<'_>, rank: Rank, index: u32, until: Until) -> bool {
        let value = self.memory.get(Word { rank, index });
        if until.holds(value) {
            return false;
        }
        io.record(RmaRecord::Spinning {
            rank,
            word: index,
            until,
        });
        self.spinners.insert(rank, (index, until));
        true
    }
}
