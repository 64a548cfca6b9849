//! PVM's calls for a running rank (an extension of `RankCtx`): what the native workloads and
//! the C library's `pvm_*` functions call.

use super::layer::{Arrival, Pvm, PvmError};
use super::tid::Tid;
use crate::engine::{RankCtx, ReqId};

/// PVM calls of a running rank.
pub trait PvmOps {
    /// `pvm_mytid()`.
    fn pvm_mytid(&mut self) -> Result<Tid, PvmError>;
    /// The tid of rank `rank`.
    fn pvm_tid_of(&mut self, rank: u32) -> Result<Tid, PvmError>;
    /// `pvm_send(dst, tag)` of `body`: a request completed when the message has left.
    fn pvm_send(&mut self, dst: i32, tag: i32, body: Vec<u8>) -> Result<ReqId, PvmError>;
    /// `pvm_recv(src, tag)`: a request completed with the message's data.
    fn pvm_recv(&mut self, src: i32, tag: i32) -> Result<ReqId, PvmError>;
    /// `pvm_nrecv(src, tag)`: the message, if one has arrived.
    fn pvm_nrecv(&mut self, src: i32, tag: i32) -> Result<Option<Arrival>, PvmError>;
    /// What this rank's last `pvm_recv` took (source, tag, data).
    fn pvm_last(&self) -> Option<Arrival>;
}

impl PvmOps for RankCtx<'_> {
    fn pvm_mytid(&mut self) -> Result<Tid, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.mytid(io, rank))
    }

    fn pvm_tid_of(&mut self, rank: u32) -> Result<Tid, PvmError> {
        self.call::<Pvm, _>(|l, io, me| {
            l.mytid(io, me)?;
            l.tid(rank).ok_or(PvmError::NoTask(-1))
        })
    }

    fn pvm_send(&mut self, dst: i32, tag: i32, body: Vec<u8>) -> Result<ReqId, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.send(io, rank, dst, tag, body))
    }

    fn pvm_recv(&mut self, src: i32, tag: i32) -> Result<ReqId, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.recv(io, rank, src, tag))
    }

    fn pvm_nrecv(&mut self, src: i32, tag: i32) -> Result<Option<Arrival>, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.nrecv(io, rank, src, tag))
    }

    fn pvm_last(&self) -> Option<Arrival> {
        let rank = self.rank();
        self.layer::<Pvm>().and_then(|l| l.last(rank).cloned())
    }
}
