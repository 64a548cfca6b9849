//! VCL's and FCP's calls for a running rank (an extension of `RankCtx`): what the native
//! workloads (and PVM's daemons and tasks) call. Each returns a request to wait on.

use super::engine::FcpError;
use super::layer::Fcp;
use crate::engine::{RankCtx, ReqId};

/// VCL and FCP calls of a running rank.
pub trait FcpOps {
    /// `FCP_send(dst, …)` of `bytes` (`data`: the bytes themselves, or zeros).
    fn fcp_send(&mut self, dst: i64, bytes: u64, data: Option<Vec<u8>>) -> Result<ReqId, FcpError>;
    /// `FCP_recv`: the request's data is the message's (if `want_data`).
    fn fcp_recv(&mut self, want_data: bool) -> Result<ReqId, FcpError>;
    /// VCL: store `bytes` and then a flag into `dst`'s mailbox.
    fn vcl_send(&mut self, dst: i64, bytes: u64, data: Option<Vec<u8>>) -> Result<ReqId, FcpError>;
    /// VCL: spin on this rank's mailbox flag, then read `bytes`.
    fn vcl_recv(&mut self, bytes: u64, want_data: bool) -> Result<ReqId, FcpError>;
}

impl FcpOps for RankCtx<'_> {
    fn fcp_send(&mut self, dst: i64, bytes: u64, data: Option<Vec<u8>>) -> Result<ReqId, FcpError> {
        self.call::<Fcp, _>(|l, io, rank| l.send(io, rank, dst, bytes, data))
    }

    fn fcp_recv(&mut self, want_data: bool) -> Result<ReqId, FcpError> {
        self.call::<Fcp, _>(|l, io, rank| l.recv(io, rank, want_data))
    }

    fn vcl_send(&mut self, dst: i64, bytes: u64, data: Option<Vec<u8>>) -> Result<ReqId, FcpError> {
        self.call::<Fcp, _>(|l, io, rank| l.vcl_send(io, rank, dst, bytes, data))
    }

    fn vcl_recv(&mut self, bytes: u64, want_data: bool) -> Result<ReqId, FcpError> {
        self.call::<Fcp, _>(|l, io, rank| l.vcl_recv(io, rank, bytes, want_data))
    }
}
