//! Parameter lists and kinds that several MPI functions share (`buf, count, datatype, dest, tag,
//! comm`, …), so each family's table stays short.

pub(crate) use crate::lang::sema::builtins::p;
use crate::lang::sema::builtins::Param;
pub(crate) use crate::lang::sema::builtins::ParamKind as K;
use crate::lang::syntax::ast::BaseType;
use crate::libs::handles::HandleKind;

/// `MPI_Request *`.
pub(crate) const REQ: K = K::Ptr(BaseType::Handle(HandleKind::REQUEST));
/// `int *`.
pub(crate) const INTP: K = K::Ptr(BaseType::Int);
/// `MPI_Win *`.
pub(crate) const WINP: K = K::Ptr(BaseType::Handle(HandleKind::WIN));

/// `MPI_Send(buf, count, datatype, dest, tag, comm)` and the other blocking sends.
pub(crate) const SEND: &[Param] = &[
    p("buf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("dest", K::Int),
    p("tag", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// `MPI_Isend(buf, count, datatype, dest, tag, comm, request)` and the other request-making
/// sends.
pub(crate) const ISEND: &[Param] = &[
    p("buf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("dest", K::Int),
    p("tag", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQ),
];

/// `MPI_Irecv(buf, count, datatype, source, tag, comm, request)` and `MPI_Recv_init`.
pub(crate) const IRECV: &[Param] = &[
    p("buf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("source", K::Int),
    p("tag", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQ),
];

/// `MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)` and
/// `MPI_Scatter`.
pub(crate) const ROOTED_BLOCKS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// `MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)` and
/// `MPI_Allgather`.
pub(crate) const ALL_BLOCKS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// The parameters of `MPI_Put` and `MPI_Get`.
pub(crate) const RMA_TRANSFER: &[Param] = &[
    p("origin_addr", K::Buffer),
    p("origin_count", K::Int),
    p("origin_datatype", K::Handle(HandleKind::DATATYPE)),
    p("target_rank", K::Int),
    p("target_disp", K::Int),
    p("target_count", K::Int),
    p("target_datatype", K::Handle(HandleKind::DATATYPE)),
    p("win", K::Handle(HandleKind::WIN)),
];
