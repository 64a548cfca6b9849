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
    /// `pvm_send(dst, tag)` of `body` (packed with `encoding`): a request completed when the
    /// message has left.
    fn pvm_send(
        &mut self,
        dst: i32,
        tag: i32,
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError>;
    /// `pvm_mcast(dsts, tag)`: to each in turn, one request.
    fn pvm_mcast(
        &mut self,
        dsts: &[i32],
        tag: i32,
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError>;
    /// `pvm_recv(src, tag)` into buffer `buf`: a request completed with the message's data.
    fn pvm_recv(&mut self, src: i32, tag: i32, buf: i32) -> Result<ReqId, PvmError>;
    /// `pvm_nrecv(src, tag)` into buffer `buf`: whether a message had arrived.
    fn pvm_nrecv(&mut self, src: i32, tag: i32, buf: i32) -> Result<bool, PvmError>;
    /// A received message by buffer id.
    fn pvm_buffer(&self, buf: i32) -> Option<Arrival>;
    /// Drops a received buffer.
    fn pvm_free_buffer(&mut self, buf: i32) -> bool;
    /// `pvm_parent()`.
    fn pvm_parent(&mut self) -> Result<Option<Tid>, PvmError>;
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

    fn pvm_send(
        &mut self,
        dst: i32,
        tag: i32,
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.send(io, rank, (dst, tag), encoding, body))
    }

    fn pvm_mcast(
        &mut self,
        dsts: &[i32],
        tag: i32,
        encoding: i32,
        body: Vec<u8>,
    ) -> Result<ReqId, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.mcast(io, rank, dsts, tag, encoding, body))
    }

    fn pvm_recv(&mut self, src: i32, tag: i32, buf: i32) -> Result<ReqId, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.recv(io, rank, (src, tag), buf))
    }

    fn pvm_nrecv(&mut self, src: i32, tag: i32, buf: i32) -> Result<bool, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.nrecv(io, rank, (src, tag), buf))
    }

    fn pvm_buffer(&self, buf: i32) -> Option<Arrival> {
        let rank = self.rank();
        self.layer::<Pvm>()
            .and_then(|l| l.buffer(rank, buf).cloned())
    }

    fn pvm_free_buffer(&mut self, buf: i32) -> bool {
        self.call::<Pvm, _>(|l, _, rank| l.free_buffer(rank, buf))
    }

    fn pvm_parent(&mut self) -> Result<Option<Tid>, PvmError> {
        self.call::<Pvm, _>(|l, io, rank| l.parent(io, rank))
    }
}
