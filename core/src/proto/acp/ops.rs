//! ACP's operations for a running rank (an extension of `RankCtx`): what the C library's
//! `acp_*` functions and the native workloads call. Calls that wait return a request to wait on
//! (`acp_complete`, `acp_sync`, a registration that must invalidate copies of the table).

use super::command::Atomic;
use super::ga::Ga;
use super::layer::{Acp, AcpError};
use crate::engine::{RankCtx, ReqId};

/// ACP calls of a running rank.
pub trait AcpOps {
    /// `acp_init`'s part: this rank's starter memory is `size` bytes at `base`.
    fn acp_init(&mut self, base: u64, size: u64);
    /// `acp_register_memory(addr, size, color)`: the key, and a request to wait on if ranks
    /// holding the table must drop it first.
    fn acp_register(
        &mut self,
        base: u64,
        size: u64,
        color: u8,
    ) -> Result<(u64, Option<ReqId>), AcpError>;
    /// `acp_unregister_memory(atkey)`.
    fn acp_unregister(&mut self, atkey: u64) -> Result<(), AcpError>;
    /// `acp_query_ga(atkey, addr)`.
    fn acp_query_ga(&mut self, atkey: u64, addr: u64) -> Result<u64, AcpError>;
    /// `acp_query_address(ga)`: the address if the GA is this rank's.
    fn acp_query_address(&self, ga: u64) -> Option<u64>;
    /// `acp_copy(dst, src, size, order)`: the handle (`data`: move the program's bytes).
    fn acp_copy(
        &mut self,
        dst: u64,
        src: u64,
        size: u64,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError>;
    /// An atomic on the word at `src`, its old value to `dst`: the handle.
    fn acp_atomic(
        &mut self,
        dst: u64,
        src: u64,
        atomic: Atomic,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError>;
    /// `acp_complete(handle)`: a request to wait on, if the handle is outstanding.
    fn acp_complete(&mut self, handle: u64) -> Option<ReqId>;
    /// `acp_inquire(handle)`: whether it or an earlier access is incomplete.
    fn acp_inquire(&self, handle: u64) -> bool;
    /// `acp_sync()`: a request released once every rank has called it.
    fn acp_sync(&mut self) -> ReqId;
}

/// `acp_query_starter_ga(rank)` (no state needed: the starter memory is always tag 255).
pub fn starter_ga(rank: u32) -> u64 {
    Ga::starter(rank, 0).pack().unwrap_or(super::ga::GA_NULL)
}

impl AcpOps for RankCtx<'_> {
    fn acp_init(&mut self, base: u64, size: u64) {
        self.call::<Acp, _>(|l, _, rank| l.init(rank, base, size));
    }

    fn acp_register(
        &mut self,
        base: u64,
        size: u64,
        color: u8,
    ) -> Result<(u64, Option<ReqId>), AcpError> {
        self.call::<Acp, _>(|l, io, rank| l.register(io, rank, base, size, color))
    }

    fn acp_unregister(&mut self, atkey: u64) -> Result<(), AcpError> {
        self.call::<Acp, _>(|l, io, rank| l.unregister(io, rank, atkey))
    }

    fn acp_query_ga(&mut self, atkey: u64, addr: u64) -> Result<u64, AcpError> {
        self.call::<Acp, _>(|l, _, rank| l.query_ga(rank, atkey, addr))
    }

    fn acp_query_address(&self, ga: u64) -> Option<u64> {
        self.layer::<Acp>()?.query_address(self.rank(), ga)
    }

    fn acp_copy(
        &mut self,
        dst: u64,
        src: u64,
        size: u64,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError> {
        self.call::<Acp, _>(|l, io, rank| l.copy(io, rank, dst, src, size, order, data))
    }

    fn acp_atomic(
        &mut self,
        dst: u64,
        src: u64,
        atomic: Atomic,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError> {
        self.call::<Acp, _>(|l, io, rank| l.atomic(io, rank, dst, src, atomic, order, data))
    }

    fn acp_complete(&mut self, handle: u64) -> Option<ReqId> {
        self.call::<Acp, _>(|l, io, rank| l.complete(io, rank, handle))
    }

    fn acp_inquire(&self, handle: u64) -> bool {
        self.layer::<Acp>()
            .is_some_and(|l| l.inquire(self.rank(), handle))
    }

    fn acp_sync(&mut self) -> ReqId {
        self.call::<Acp, _>(|l, io, rank| l.sync(io, rank))
    }
}
