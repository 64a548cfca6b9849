//! Socket calls for a running rank (an extension of `RankCtx`): what the native workloads
//! call. Each returns a request to wait on.

use super::engine::SocketError;
use super::layer::Sockets;
use super::records::Transport;
use crate::engine::{RankCtx, ReqId};

/// Socket calls of a running rank.
pub trait SocketOps {
    /// `sendto` (UDP) or `write` (TCP) of `bytes` to `dst` (`data`: the bytes, or zeros).
    fn socket_send(
        &mut self,
        dst: i64,
        transport: Transport,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, SocketError>;
    /// `recvfrom` (UDP) or `read` (TCP) of the next message: the request's data is its bytes.
    fn socket_recv(&mut self, transport: Transport) -> Result<ReqId, SocketError>;
}

impl SocketOps for RankCtx<'_> {
    fn socket_send(
        &mut self,
        dst: i64,
        transport: Transport,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, SocketError> {
        self.call::<Sockets, _>(|l, io, rank| l.send(io, rank, dst, transport, bytes, data))
    }

    fn socket_recv(&mut self, transport: Transport) -> Result<ReqId, SocketError> {
        self.call::<Sockets, _>(|l, io, rank| l.recv(io, rank, transport))
    }
}
