//! Persistent collectives (MPI-4, as MPICH 4.0.2 has them): `MPI_Barrier_init`,
//! `MPI_Bcast_init`, `MPI_Reduce_init`, `MPI_Allreduce_init`, `MPI_Gather(v)_init`,
//! `MPI_Scatter(v)_init`, `MPI_Allgather(v)_init`, `MPI_Alltoall(v,w)_init`,
//! `MPI_Reduce_scatter(_block)_init`, `MPI_Scan_init`, `MPI_Exscan_init`.
//!
//! The call is local: it keeps its arguments in an inactive persistent request. Each `MPI_Start`
//! runs the blocking twin's algorithm on them as the non-blocking collective does
//! (`nonblocking_collectives`): the first round is posted, the rest goes on inside `MPI_Test`
//! and the waits, and a completed request becomes inactive again, its handle kept, until the
//! next `MPI_Start` or `MPI_Request_free`. Arguments are checked at each start. Every start is a
//! collective call of its own, so all ranks must start their requests in the same order.

use super::nonblocking_collectives::blocking_collective;
use super::params::{p, INTP, K, REQ};
use crate::engine::RankCtx;
use crate::lang::sema::builtins::Param;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, write_int};
use crate::libs::mpi::collective::{Chain, Running};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::{Again, Nonblocking, Pending, SEQS_PER_PERSISTENT};
use crate::libs::mpi::requests::UserRequest;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::transfer::Transfer;
use crate::proto::p2p::Note;
use crate::proto::p2p::PointToPoint;

/// `MPI_Info`.
const INFO: K = K::Handle(HandleKind::INFO);
/// `MPI_Comm`.
const COMM: K = K::Handle(HandleKind::COMM);
/// `MPI_Datatype`.
const TYPE: K = K::Handle(HandleKind::DATATYPE);
/// `MPI_Op`.
const OP: K = K::Handle(HandleKind::OP);
/// `const MPI_Datatype *`.
const TYPES: K = K::Ptr(BaseType::Handle(HandleKind::DATATYPE));

/// A blocking collective's parameters followed by `info` and `request`.
macro_rules! init_params {
    ($($name:literal : $kind:expr),* $(,)?) => {
        &[$(p($name, $kind),)* p("info", INFO), p("request", REQ)]
    };
}

const BARRIER: &[Param] = init_params!("comm": COMM);
const BCAST: &[Param] = init_params!("buffer": K::Buffer, "count": K::Int, "datatype": TYPE, "root": K::Int, "comm": COMM);
const REDUCE: &[Param] = init_params!(
    "sendbuf": K::Buffer, "recvbuf": K::Buffer, "count": K::Int, "datatype": TYPE, "op": OP,
    "root": K::Int, "comm": COMM,
);
const ALLREDUCE: &[Param] = init_params!(
    "sendbuf": K::Buffer, "recvbuf": K::Buffer, "count": K::Int, "datatype": TYPE, "op": OP,
    "comm": COMM,
);
const ROOTED: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcount": K::Int, "sendtype": TYPE, "recvbuf": K::Buffer,
    "recvcount": K::Int, "recvtype": TYPE, "root": K::Int, "comm": COMM,
);
const GATHERV: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcount": K::Int, "sendtype": TYPE, "recvbuf": K::Buffer,
    "recvcounts": K::Buffer, "displs": K::Buffer, "recvtype": TYPE, "root": K::Int, "comm": COMM,
);
const SCATTERV: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcounts": K::Buffer, "displs": K::Buffer, "sendtype": TYPE,
    "recvbuf": K::Buffer, "recvcount": K::Int, "recvtype": TYPE, "root": K::Int, "comm": COMM,
);
const ALL: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcount": K::Int, "sendtype": TYPE, "recvbuf": K::Buffer,
    "recvcount": K::Int, "recvtype": TYPE, "comm": COMM,
);
const ALLGATHERV: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcount": K::Int, "sendtype": TYPE, "recvbuf": K::Buffer,
    "recvcounts": INTP, "displs": INTP, "recvtype": TYPE, "comm": COMM,
);
const ALLTOALLV: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcounts": INTP, "sdispls": INTP, "sendtype": TYPE,
    "recvbuf": K::Buffer, "recvcounts": INTP, "rdispls": INTP, "recvtype": TYPE, "comm": COMM,
);
const ALLTOALLW: &[Param] = init_params!(
    "sendbuf": K::Buffer, "sendcounts": INTP, "sdispls": INTP, "sendtypes": TYPES,
    "recvbuf": K::Buffer, "recvcounts": INTP, "rdispls": INTP, "recvtypes": TYPES, "comm": COMM,
);
const REDUCE_SCATTER: &[Param] = init_params!(
    "sendbuf": K::Buffer, "recvbuf": K::Buffer, "recvcounts": INTP, "datatype": TYPE, "op": OP,
    "comm": COMM,
);
const REDUCE_SCATTER_BLOCK: &[Param] = init_params!(
    "sendbuf": K::Buffer, "recvbuf": K::Buffer, "recvcount": K::Int, "datatype": TYPE, "op": OP,
    "comm": COMM,
);

/// One sentence for every `_init`: what it keeps and what `MPI_Start` does.
const NOTE: &str = "Local: keeps the arguments in an inactive persistent request; each `MPI_Start` runs the blocking collective's algorithm as its non-blocking form does, and the completed request becomes inactive again.";

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Barrier_init", NOTE, BARRIER, |s, a, m, c| {
        init("MPI_Barrier", s, a, m, c)
    }),
    MpiFunction::new("MPI_Bcast_init", NOTE, BCAST, |s, a, m, c| {
        init("MPI_Bcast", s, a, m, c)
    }),
    MpiFunction::new("MPI_Reduce_init", NOTE, REDUCE, |s, a, m, c| {
        init("MPI_Reduce", s, a, m, c)
    }),
    MpiFunction::new("MPI_Allreduce_init", NOTE, ALLREDUCE, |s, a, m, c| {
        init("MPI_Allreduce", s, a, m, c)
    }),
    MpiFunction::new("MPI_Gather_init", NOTE, ROOTED, |s, a, m, c| {
        init("MPI_Gather", s, a, m, c)
    }),
    MpiFunction::new("MPI_Gatherv_init", NOTE, GATHERV, |s, a, m, c| {
        init("MPI_Gatherv", s, a, m, c)
    }),
    MpiFunction::new("MPI_Scatter_init", NOTE, ROOTED, |s, a, m, c| {
        init("MPI_Scatter", s, a, m, c)
    }),
    MpiFunction::new("MPI_Scatterv_init", NOTE, SCATTERV, |s, a, m, c| {
        init("MPI_Scatterv", s, a, m, c)
    }),
    MpiFunction::new("MPI_Allgather_init", NOTE, ALL, |s, a, m, c| {
        init("MPI_Allgather", s, a, m, c)
    }),
    MpiFunction::new("MPI_Allgatherv_init", NOTE, ALLGATHERV, |s, a, m, c| {
        init("MPI_Allgatherv", s, a, m, c)
    }),
    MpiFunction::new("MPI_Alltoall_init", NOTE, ALL, |s, a, m, c| {
        init("MPI_Alltoall", s, a, m, c)
    }),
    MpiFunction::new("MPI_Alltoallv_init", NOTE, ALLTOALLV, |s, a, m, c| {
        init("MPI_Alltoallv", s, a, m, c)
    }),
    MpiFunction::new("MPI_Alltoallw_init", NOTE, ALLTOALLW, |s, a, m, c| {
        init("MPI_Alltoallw", s, a, m, c)
    }),
    MpiFunction::new(
        "MPI_Reduce_scatter_init",
        NOTE,
        REDUCE_SCATTER,
        |s, a, m, c| init("MPI_Reduce_scatter", s, a, m, c),
    ),
    MpiFunction::new(
        "MPI_Reduce_scatter_block_init",
        NOTE,
        REDUCE_SCATTER_BLOCK,
        |s, a, m, c| init("MPI_Reduce_scatter_block", s, a, m, c),
    ),
    MpiFunction::new("MPI_Scan_init", NOTE, ALLREDUCE, |s, a, m, c| {
        init("MPI_Scan", s, a, m, c)
    }),
    MpiFunction::new("MPI_Exscan_init", NOTE, ALLREDUCE, |s, a, m, c| {
        init("MPI_Exscan", s, a, m, c)
    }),
];

/// `MPI_X_init`: an inactive persistent request that runs `name` (`MPI_X`) at each start.
fn init(
    name: &'static str,
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let (_, n) = blocking_collective(name)?;
    let request = a.addr(n + 1);
    check_bytes(mem, request, 4, "the request handle")?;
    let comm = s.comm(a.int(n - 1), ctx)?;
    let words = a.words.get(..n).unwrap_or_default().to_vec();
    let counter = s.seq_counter(&comm);
    let seq = *counter;
    *counter = counter.wrapping_add(SEQS_PER_PERSISTENT);
    let nb = Nonblocking {
        comm,
        running: Running::new(Chain(Vec::new())),
        note: Note::default(),
        again: Some(Box::new(Again {
            handle: 0,
            name,
            words,
            seq,
        })),
    };
    let handle = s.requests.insert(UserRequest {
        transfer: Transfer::Collective(Box::new(nb), true),
        persistent: true,
        active: None,
        origin: s.origin,
        cancelled: false,
        companion: None,
        buffered: false,
    })?;
    if let Some(UserRequest {
        transfer: Transfer::Collective(nb, _),
        ..
    }) = s.requests.get_mut(handle)
    {
        if let Some(again) = &mut nb.again {
            again.handle = handle;
        }
    }
    write_int(mem, request, handle, "the request handle")?;
    done()
}

/// Whether `handle` is a persistent collective's request.
pub(super) fn is_persistent(s: &mut MpiState, handle: i32) -> bool {
    s.requests
        .get_mut(handle)
        .is_some_and(|r| r.transfer.is_persistent_collective())
}

/// `MPI_Start` of the inactive request `handle`: if it is a persistent collective's, its
/// collective starts (`Some`); `None` for any other request.
pub(super) fn restart(
    s: &mut MpiState,
    handle: i32,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Option<Started>, ErrorKind> {
    let again = match s.requests.get_mut(handle) {
        Some(UserRequest {
            transfer: Transfer::Collective(nb, _),
            ..
        }) => match &nb.again {
            Some(again) => again.clone(),
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    let (run, n) = blocking_collective(again.name)?;
    let args = Args {
        name: again.name,
        words: &again.words,
    };
    // The collective takes the sequence numbers its `_init` reserved.
    let comm = s.comm(args.int(n - 1), ctx)?;
    let saved = std::mem::replace(s.seq_counter(&comm), again.seq);
    let started = run(s, &args, mem, ctx);
    *s.seq_counter(&comm) = saved;
    match started? {
        Started::Wait(Pending::Collective(comm, running)) => {
            let nb = Nonblocking {
                comm,
                running,
                note: Note::default(),
                again: Some(again),
            };
            Ok(Some(Started::Wait(Pending::Started(Box::new(nb), 0))))
        }
        // Nothing to do on this rank (an intercommunicator's `MPI_PROC_NULL` root): active and
        // complete at once.
        Started::Return(_) => {
            if let Some(r) = s.requests.get_mut(handle) {
                r.active = Some(ctx.null_request());
            }
            Ok(Some(done()?))
        }
        Started::Wait(_) => Err(ErrorKind::Internal("a collective that waits otherwise")),
    }
}
