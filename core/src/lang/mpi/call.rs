//! [`MpiCall`]: one MPI call with its arguments already evaluated to plain values — addresses in
//! the rank's memory for pointers (0 = `NULL` = `MPI_STATUS_IGNORE`), and integers exactly as the
//! program passed them for counts, ranks, tags and handles (checked by the library, not trusted).

use crate::lang::memory::Addr;

/// One MPI call, arguments in C order. Pointer arguments are [`Addr`]s; every integer argument
/// (counts, ranks, tags, datatype/op/communicator handles) is an `i64` as the program computed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MpiCall {
    /// `MPI_Init(&argc, &argv)` (the arguments are ignored).
    Init,
    /// `MPI_Finalize()`.
    Finalize,
    /// `MPI_Comm_rank(comm, &out)`.
    CommRank {
        /// Communicator handle.
        comm: i64,
        /// Where the rank is written (an `int`).
        out: Addr,
    },
    /// `MPI_Comm_size(comm, &out)`.
    CommSize {
        /// Communicator handle.
        comm: i64,
        /// Where the size is written (an `int`).
        out: Addr,
    },
    /// `MPI_Wtime()`: the simulated time in seconds (a `double`).
    Wtime,
    /// `MPI_Barrier(comm)`.
    Barrier {
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Send(buf, count, dtype, dest, tag, comm)`.
    Send {
        /// Send buffer.
        buf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Destination rank.
        dest: i64,
        /// Tag (≥ 0).
        tag: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Recv(buf, count, dtype, source, tag, comm, &status)`.
    Recv {
        /// Receive buffer.
        buf: Addr,
        /// Capacity in elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Source rank or `MPI_ANY_SOURCE`.
        source: i64,
        /// Tag or `MPI_ANY_TAG`.
        tag: i64,
        /// Communicator handle.
        comm: i64,
        /// Status to fill (0 = `MPI_STATUS_IGNORE`).
        status: Addr,
    },
    /// `MPI_Isend(buf, count, dtype, dest, tag, comm, &request)`.
    Isend {
        /// Send buffer.
        buf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Destination rank.
        dest: i64,
        /// Tag (≥ 0).
        tag: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the new request handle is written.
        request: Addr,
    },
    /// `MPI_Irecv(buf, count, dtype, source, tag, comm, &request)`.
    Irecv {
        /// Receive buffer.
        buf: Addr,
        /// Capacity in elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Source rank or `MPI_ANY_SOURCE`.
        source: i64,
        /// Tag or `MPI_ANY_TAG`.
        tag: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the new request handle is written.
        request: Addr,
    },
    /// `MPI_Wait(&request, &status)`.
    Wait {
        /// The request handle's address.
        request: Addr,
        /// Status to fill (0 = ignore).
        status: Addr,
    },
    /// `MPI_Waitall(count, requests, statuses)`.
    Waitall {
        /// Number of handles.
        count: i64,
        /// Address of the handle array.
        requests: Addr,
        /// Address of the status array (0 = `MPI_STATUSES_IGNORE`).
        statuses: Addr,
    },
    /// `MPI_Waitany(count, requests, &index, &status)`.
    Waitany {
        /// Number of handles.
        count: i64,
        /// Address of the handle array.
        requests: Addr,
        /// Where the completed index is written (`MPI_UNDEFINED` if none was active).
        index: Addr,
        /// Status to fill (0 = ignore).
        status: Addr,
    },
    /// `MPI_Test(&request, &flag, &status)`.
    Test {
        /// The request handle's address.
        request: Addr,
        /// Where 1 (completed) or 0 is written.
        flag: Addr,
        /// Status to fill when completed (0 = ignore).
        status: Addr,
    },
    /// `MPI_Request_free(&request)`.
    RequestFree {
        /// The request handle's address (set to `MPI_REQUEST_NULL`).
        request: Addr,
    },
    /// `MPI_Send_init(buf, count, dtype, dest, tag, comm, &request)`: a persistent send.
    SendInit {
        /// Send buffer (read at each `MPI_Start`).
        buf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Destination rank.
        dest: i64,
        /// Tag (≥ 0).
        tag: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the new request handle is written.
        request: Addr,
    },
    /// `MPI_Recv_init(buf, count, dtype, source, tag, comm, &request)`: a persistent receive.
    RecvInit {
        /// Receive buffer.
        buf: Addr,
        /// Capacity in elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Source rank or `MPI_ANY_SOURCE`.
        source: i64,
        /// Tag or `MPI_ANY_TAG`.
        tag: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the new request handle is written.
        request: Addr,
    },
    /// `MPI_Start(&request)`.
    Start {
        /// The persistent request handle's address.
        request: Addr,
    },
    /// `MPI_Startall(count, requests)`.
    Startall {
        /// Number of handles.
        count: i64,
        /// Address of the handle array.
        requests: Addr,
    },
    /// `MPI_Get_count(&status, dtype, &out)`.
    GetCount {
        /// The status to read.
        status: Addr,
        /// Datatype handle.
        dtype: i64,
        /// Where the element count (or `MPI_UNDEFINED`) is written.
        out: Addr,
    },
    /// `MPI_Bcast(buf, count, dtype, root, comm)`.
    Bcast {
        /// Buffer: sent at the root, received elsewhere.
        buf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Root rank.
        root: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Reduce(sendbuf, recvbuf, count, dtype, op, root, comm)`.
    Reduce {
        /// This rank's contribution.
        sendbuf: Addr,
        /// The result (significant at the root only).
        recvbuf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Operation handle.
        op: i64,
        /// Root rank.
        root: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Allreduce(sendbuf, recvbuf, count, dtype, op, comm)`.
    Allreduce {
        /// This rank's contribution.
        sendbuf: Addr,
        /// The result.
        recvbuf: Addr,
        /// Elements.
        count: i64,
        /// Datatype handle.
        dtype: i64,
        /// Operation handle.
        op: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)`.
    Gather {
        /// This rank's block.
        sendbuf: Addr,
        /// Elements sent.
        sendcount: i64,
        /// Send datatype handle.
        sendtype: i64,
        /// All blocks in rank order (root only).
        recvbuf: Addr,
        /// Elements received from each rank (root only).
        recvcount: i64,
        /// Receive datatype handle (root only).
        recvtype: i64,
        /// Root rank.
        root: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)`.
    Scatter {
        /// All blocks in rank order (root only).
        sendbuf: Addr,
        /// Elements sent to each rank (root only).
        sendcount: i64,
        /// Send datatype handle (root only).
        sendtype: i64,
        /// This rank's block.
        recvbuf: Addr,
        /// Elements received.
        recvcount: i64,
        /// Receive datatype handle.
        recvtype: i64,
        /// Root rank.
        root: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)`.
    Alltoall {
        /// One block per destination, in rank order.
        sendbuf: Addr,
        /// Elements per block sent.
        sendcount: i64,
        /// Send datatype handle.
        sendtype: i64,
        /// One block per source, in rank order.
        recvbuf: Addr,
        /// Elements per block received.
        recvcount: i64,
        /// Receive datatype handle.
        recvtype: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
    /// recvtype, comm)`: counts and displacements (in elements) are `int` arrays of one entry per
    /// rank.
    Alltoallv {
        /// Send buffer.
        sendbuf: Addr,
        /// Address of `int sendcounts[size]`.
        sendcounts: Addr,
        /// Address of `int sdispls[size]`.
        sdispls: Addr,
        /// Send datatype handle.
        sendtype: i64,
        /// Receive buffer.
        recvbuf: Addr,
        /// Address of `int recvcounts[size]`.
        recvcounts: Addr,
        /// Address of `int rdispls[size]`.
        rdispls: Addr,
        /// Receive datatype handle.
        recvtype: i64,
        /// Communicator handle.
        comm: i64,
    },
    /// `MPI_Win_create(base, size, disp_unit, info, comm, &win)`: exposes `size` bytes at `base`.
    WinCreate {
        /// The exposed memory.
        base: Addr,
        /// Bytes exposed.
        size: i64,
        /// Bytes per displacement unit.
        disp_unit: i64,
        /// Info handle (`MPI_INFO_NULL`).
        info: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the window handle is written.
        win: Addr,
    },
    /// `MPI_Win_allocate(size, disp_unit, info, comm, &baseptr, &win)`: the library allocates the
    /// memory and writes its address to `baseptr`.
    WinAllocate {
        /// Bytes to allocate and expose.
        size: i64,
        /// Bytes per displacement unit.
        disp_unit: i64,
        /// Info handle (`MPI_INFO_NULL`).
        info: i64,
        /// Communicator handle.
        comm: i64,
        /// Where the block's address is written (a pointer variable).
        baseptr: Addr,
        /// Where the window handle is written.
        win: Addr,
    },
    /// `MPI_Win_free(&win)`.
    WinFree {
        /// The handle's address (set to `MPI_WIN_NULL`).
        win: Addr,
    },
    /// `MPI_Win_fence(assert, win)`.
    WinFence {
        /// Assertion bits (`MPI_MODE_*`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_lock(lock_type, rank, assert, win)`.
    WinLock {
        /// `MPI_LOCK_SHARED` or `MPI_LOCK_EXCLUSIVE`.
        lock_type: i64,
        /// The target rank.
        rank: i64,
        /// Assertion bits (`MPI_MODE_NOCHECK`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_unlock(rank, win)`.
    WinUnlock {
        /// The target rank.
        rank: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_lock_all(assert, win)`.
    WinLockAll {
        /// Assertion bits (`MPI_MODE_NOCHECK`).
        assert: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_unlock_all(win)`.
    WinUnlockAll {
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_flush(rank, win)`.
    WinFlush {
        /// The target rank.
        rank: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Win_flush_all(win)`.
    WinFlushAll {
        /// Window handle.
        win: i64,
    },
    /// `MPI_Put`, `MPI_Get` and `MPI_Accumulate`: a one-sided transfer.
    Rma(RmaTransfer),
    /// `MPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win)`.
    FetchAndOp {
        /// The operand (one element).
        origin: Addr,
        /// Where the old value is written.
        result: Addr,
        /// Datatype handle.
        dtype: i64,
        /// The target rank.
        target: i64,
        /// Displacement in the target's window, in its displacement units.
        disp: i64,
        /// Operation handle.
        op: i64,
        /// Window handle.
        win: i64,
    },
    /// `MPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank,
    /// target_disp, win)`.
    CompareAndSwap {
        /// The new value (one element).
        origin: Addr,
        /// The value expected.
        compare: Addr,
        /// Where the old value is written.
        result: Addr,
        /// Datatype handle.
        dtype: i64,
        /// The target rank.
        target: i64,
        /// Displacement in the target's window, in its displacement units.
        disp: i64,
        /// Window handle.
        win: i64,
    },
}

/// Which one-sided transfer an [`RmaTransfer`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RmaKind {
    /// `MPI_Put`.
    Put,
    /// `MPI_Get`.
    Get,
    /// `MPI_Accumulate` with this operation handle.
    Accumulate(i64),
}

/// `MPI_Put`/`MPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
/// target_count, target_datatype, win)` and `MPI_Accumulate` (the same with `op` before `win`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RmaTransfer {
    /// Which call.
    pub kind: RmaKind,
    /// The origin buffer.
    pub origin: Addr,
    /// Elements at the origin.
    pub origin_count: i64,
    /// Origin datatype handle.
    pub origin_type: i64,
    /// The target rank.
    pub target: i64,
    /// Displacement in the target's window, in its displacement units.
    pub disp: i64,
    /// Elements at the target.
    pub target_count: i64,
    /// Target datatype handle.
    pub target_type: i64,
    /// Window handle.
    pub win: i64,
}

impl MpiCall {
    /// The C function's name, e.g. `"MPI_Recv"`.
    pub fn name(&self) -> &'static str {
        match self {
            MpiCall::Init => "MPI_Init",
            MpiCall::Finalize => "MPI_Finalize",
            MpiCall::CommRank { .. } => "MPI_Comm_rank",
            MpiCall::CommSize { .. } => "MPI_Comm_size",
            MpiCall::Wtime => "MPI_Wtime",
            MpiCall::Barrier { .. } => "MPI_Barrier",
            MpiCall::Send { .. } => "MPI_Send",
            MpiCall::Recv { .. } => "MPI_Recv",
            MpiCall::Isend { .. } => "MPI_Isend",
            MpiCall::Irecv { .. } => "MPI_Irecv",
            MpiCall::Wait { .. } => "MPI_Wait",
            MpiCall::Waitall { .. } => "MPI_Waitall",
            MpiCall::Waitany { .. } => "MPI_Waitany",
            MpiCall::Test { .. } => "MPI_Test",
            MpiCall::RequestFree { .. } => "MPI_Request_free",
            MpiCall::SendInit { .. } => "MPI_Send_init",
            MpiCall::RecvInit { .. } => "MPI_Recv_init",
            MpiCall::Start { .. } => "MPI_Start",
            MpiCall::Startall { .. } => "MPI_Startall",
            MpiCall::GetCount { .. } => "MPI_Get_count",
            MpiCall::Bcast { .. } => "MPI_Bcast",
            MpiCall::Reduce { .. } => "MPI_Reduce",
            MpiCall::Allreduce { .. } => "MPI_Allreduce",
            MpiCall::Gather { .. } => "MPI_Gather",
            MpiCall::Scatter { .. } => "MPI_Scatter",
            MpiCall::Alltoall { .. } => "MPI_Alltoall",
            MpiCall::Alltoallv { .. } => "MPI_Alltoallv",
            MpiCall::WinCreate { .. } => "MPI_Win_create",
            MpiCall::WinAllocate { .. } => "MPI_Win_allocate",
            MpiCall::WinFree { .. } => "MPI_Win_free",
            MpiCall::WinFence { .. } => "MPI_Win_fence",
            MpiCall::WinLock { .. } => "MPI_Win_lock",
            MpiCall::WinUnlock { .. } => "MPI_Win_unlock",
            MpiCall::WinLockAll { .. } => "MPI_Win_lock_all",
            MpiCall::WinUnlockAll { .. } => "MPI_Win_unlock_all",
            MpiCall::WinFlush { .. } => "MPI_Win_flush",
            MpiCall::WinFlushAll { .. } => "MPI_Win_flush_all",
            MpiCall::Rma(t) => match t.kind {
                RmaKind::Put => "MPI_Put",
                RmaKind::Get => "MPI_Get",
                RmaKind::Accumulate(_) => "MPI_Accumulate",
            },
            MpiCall::FetchAndOp { .. } => "MPI_Fetch_and_op",
            MpiCall::CompareAndSwap { .. } => "MPI_Compare_and_swap",
        }
    }
}
