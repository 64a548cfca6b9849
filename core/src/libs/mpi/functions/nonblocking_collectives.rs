//! Non-blocking collectives (MPI-3): `MPI_Ibarrier`, `MPI_Ibcast`, `MPI_Ireduce`,
//! `MPI_Iallreduce`, `MPI_Igather(v)`, `MPI_Iscatter(v)`, `MPI_Iallgather(v)`, `MPI_Ialltoall(v)`,
//! `MPI_Ireduce_scatter(_block)`, `MPI_Iscan`, `MPI_Iexscan`. Each runs its blocking twin's
//! algorithm: the call posts its first messages and returns a request while they travel; the
//! algorithm goes on inside `MPI_Test` and the waits, as MPICH progresses it — only inside MPI
//! calls. So computation between the call and the wait overlaps the first round's messages, and
//! the timeline shows it.

use super::params::{p, INTP, K};
use crate::engine::RankCtx;
use crate::lang::sema::builtins::Param;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Run, RunOn, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::check_bytes;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::{Nonblocking, Pending};
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::transfer::Transfer;
use crate::proto::p2p::Note;

/// `MPI_Request *`.
const REQP: K = K::Ptr(crate::lang::syntax::ast::BaseType::Handle(
    HandleKind::REQUEST,
));

/// The blocking collective `name`'s code and parameter count (the non-blocking and persistent
/// forms run it).
pub(super) fn blocking_collective(
    name: &'static str,
) -> Result<(RunOn<MpiState>, usize), ErrorKind> {
    let function = crate::libs::table::find(name)
        .map(|(_, f)| f)
        .ok_or(ErrorKind::Internal("a blocking collective is missing"))?;
    let Run::Mpi(run) = function.run else {
        return Err(ErrorKind::Internal("a collective that is no MPI function"));
    };
    Ok((run, function.sig.params.len()))
}

/// Starts the blocking collective `blocking` with this call's arguments (the same, plus the
/// request last) as a non-blocking one.
pub(super) fn start(
    blocking: &'static str,
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let (run, n) = blocking_collective(blocking)?;
    let request = a.addr(n);
    check_bytes(mem, request, 4, "the request handle")?;
    match run(s, a, mem, ctx)? {
        Started::Wait(Pending::Collective(comm, running)) => {
            let nb = Nonblocking {
                comm,
                running,
                note: Note::default(),
                again: None,
            };
            Ok(Started::Wait(Pending::Started(Box::new(nb), request)))
        }
        Started::Return(_) => {
            s.create(Transfer::Null { receive: false }, false, request, mem, ctx)?;
            done()
        }
        Started::Wait(_) => Err(ErrorKind::Internal("a collective that waits otherwise")),
    }
}

/// `MPI_Ibarrier`'s parameters: `MPI_Barrier`'s and the request.
const IBARRIER_PARAMS: &[Param] = &[p("comm", K::Handle(HandleKind::COMM)), p("request", REQP)];

/// `MPI_Ibcast`'s parameters: `MPI_Bcast`'s and the request.
const IBCAST_PARAMS: &[Param] = &[
    p("buffer", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Ireduce`'s parameters: `MPI_Reduce`'s and the request.
const IREDUCE_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iallreduce`'s parameters: `MPI_Allreduce`'s and the request.
const IALLREDUCE_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Igather`'s parameters: `MPI_Gather`'s and the request.
const IGATHER_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Igatherv`'s parameters: `MPI_Gatherv`'s and the request.
const IGATHERV_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcounts", K::Buffer),
    p("displs", K::Buffer),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iscatter`'s parameters: `MPI_Scatter`'s and the request.
const ISCATTER_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iscatterv`'s parameters: `MPI_Scatterv`'s and the request.
const ISCATTERV_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcounts", K::Buffer),
    p("displs", K::Buffer),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("root", K::Int),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iallgather`'s parameters: `MPI_Allgather`'s and the request.
const IALLGATHER_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iallgatherv`'s parameters: `MPI_Allgatherv`'s and the request.
const IALLGATHERV_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("displs", INTP),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Ialltoall`'s parameters: `MPI_Alltoall`'s and the request.
const IALLTOALL_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Ialltoallv`'s parameters: `MPI_Alltoallv`'s and the request.
const IALLTOALLV_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcounts", INTP),
    p("sdispls", INTP),
    p("sendtype", K::Handle(HandleKind::DATATYPE)),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("rdispls", INTP),
    p("recvtype", K::Handle(HandleKind::DATATYPE)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Ireduce_scatter`'s parameters: `MPI_Reduce_scatter`'s and the request.
const IREDUCE_SCATTER_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Ireduce_scatter_block`'s parameters: `MPI_Reduce_scatter_block`'s and the request.
const IREDUCE_SCATTER_BLOCK_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iscan`'s parameters: `MPI_Scan`'s and the request.
const ISCAN_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// `MPI_Iexscan`'s parameters: `MPI_Exscan`'s and the request.
const IEXSCAN_PARAMS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQP),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Ibarrier", "`MPI_Barrier`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IBARRIER_PARAMS, |s, a, mem, ctx| {
        start("MPI_Barrier", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ibcast", "`MPI_Bcast`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IBCAST_PARAMS, |s, a, mem, ctx| {
        start("MPI_Bcast", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ireduce", "`MPI_Reduce`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IREDUCE_PARAMS, |s, a, mem, ctx| {
        start("MPI_Reduce", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iallreduce", "`MPI_Allreduce`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IALLREDUCE_PARAMS, |s, a, mem, ctx| {
        start("MPI_Allreduce", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Igather", "`MPI_Gather`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IGATHER_PARAMS, |s, a, mem, ctx| {
        start("MPI_Gather", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Igatherv", "`MPI_Gatherv`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IGATHERV_PARAMS, |s, a, mem, ctx| {
        start("MPI_Gatherv", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iscatter", "`MPI_Scatter`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", ISCATTER_PARAMS, |s, a, mem, ctx| {
        start("MPI_Scatter", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iscatterv", "`MPI_Scatterv`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", ISCATTERV_PARAMS, |s, a, mem, ctx| {
        start("MPI_Scatterv", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iallgather", "`MPI_Allgather`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IALLGATHER_PARAMS, |s, a, mem, ctx| {
        start("MPI_Allgather", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iallgatherv", "`MPI_Allgatherv`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IALLGATHERV_PARAMS, |s, a, mem, ctx| {
        start("MPI_Allgatherv", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ialltoall", "`MPI_Alltoall`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IALLTOALL_PARAMS, |s, a, mem, ctx| {
        start("MPI_Alltoall", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ialltoallv", "`MPI_Alltoallv`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IALLTOALLV_PARAMS, |s, a, mem, ctx| {
        start("MPI_Alltoallv", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ireduce_scatter", "`MPI_Reduce_scatter`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IREDUCE_SCATTER_PARAMS, |s, a, mem, ctx| {
        start("MPI_Reduce_scatter", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ireduce_scatter_block", "`MPI_Reduce_scatter_block`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IREDUCE_SCATTER_BLOCK_PARAMS, |s, a, mem, ctx| {
        start("MPI_Reduce_scatter_block", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iscan", "`MPI_Scan`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", ISCAN_PARAMS, |s, a, mem, ctx| {
        start("MPI_Scan", s, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Iexscan", "`MPI_Exscan`'s algorithm, started: the first messages leave at the call, the rest goes on inside `MPI_Test` and the waits (as MPICH progresses it).", IEXSCAN_PARAMS, |s, a, mem, ctx| {
        start("MPI_Exscan", s, a, mem, ctx)
    }),
];
