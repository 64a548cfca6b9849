//! `MPI_Alltoallw` and `MPI_Ialltoallw`: the most general all-to-all, each block with its own
//! count, byte displacement and datatype. On an intracommunicator it runs `MPI_Alltoallv`'s
//! exchange (every receive posted, then the sends to `rank + 1`, `rank + 2`, …), as MPICH's
//! `MPIR_Alltoallw_intra_scattered` posts them; on an intercommunicator, MPICH's pairwise
//! exchange (`intercomm_collectives`).

use super::intercomm_collectives::{self as inter, Sides};
use super::nonblocking_collectives::start;
use super::params::{p, INTP, K, REQ};
use crate::lang::sema::builtins::Param;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::alltoall::Alltoall;
use crate::libs::mpi::buffers::{read_ints, IN_PLACE};
use crate::libs::mpi::collective::{Kind, Running};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::MpiState;

/// `const MPI_Datatype *`.
const TYPES: K = K::Ptr(BaseType::Handle(HandleKind::DATATYPE));

/// `MPI_Alltoallw`'s parameters.
const ALLTOALLW: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcounts", INTP),
    p("sdispls", INTP),
    p("sendtypes", TYPES),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("rdispls", INTP),
    p("recvtypes", TYPES),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// `MPI_Ialltoallw`'s parameters: `MPI_Alltoallw`'s and the request.
const IALLTOALLW: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcounts", INTP),
    p("sdispls", INTP),
    p("sendtypes", TYPES),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("rdispls", INTP),
    p("recvtypes", TYPES),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQ),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Alltoallw", "Every rank posts all its receives, then sends to rank+1, rank+2, … (mod p), each block with its own count, byte displacement and datatype; on an intercommunicator, MPICH's pairwise exchange.",
        ALLTOALLW,
        alltoallw,
    ),
    MpiFunction::new(
        "MPI_Ialltoallw", "`MPI_Alltoallw` started: the receives and sends are posted, and the exchange completes inside `MPI_Test` and the waits.",
        IALLTOALLW,
        |s, a, mem, ctx| start("MPI_Alltoallw", s, a, mem, ctx),
    ),
];

/// Counts, byte displacements and datatypes of `n` blocks, read from the three arrays starting
/// at argument `i`.
fn arrays(a: &Args<'_>, i: usize, n: u32, mem: &Memory) -> Result<inter::Arrays, ErrorKind> {
    let (counts, displs, types) = if i == 0 {
        (
            "the sendcounts array",
            "the sdispls array",
            "the sendtypes array",
        )
    } else {
        (
            "the recvcounts array",
            "the rdispls array",
            "the recvtypes array",
        )
    };
    Ok((
        read_ints(mem, a.addr(i), n, counts)?,
        read_ints(mem, a.addr(i + 1), n, displs)?,
        read_ints(mem, a.addr(i + 2), n, types)?,
    ))
}

/// `MPI_Alltoallw`.
fn alltoallw(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let comm = s.comm(a.int(8), ctx)?;
    let n = comm.peers().size();
    let (rc, rd, rt) = arrays(a, 5, n, mem)?;
    // `MPI_IN_PLACE`: the blocks to send are the receive buffer's.
    let (sbuf, (sc, sd, st)): (Addr, _) = if a.addr(0) == IN_PLACE {
        (a.addr(4), (rc.clone(), rd.clone(), rt.clone()))
    } else {
        (a.addr(0), arrays(a, 1, n, mem)?)
    };
    let send = Sides {
        buf: sbuf,
        counts: &sc,
        displs: &sd,
        dtypes: &st,
    };
    let recv = Sides {
        buf: a.addr(4),
        counts: &rc,
        displs: &rd,
        dtypes: &rt,
    };
    if comm.is_inter() {
        return inter::alltoall(s, comm, send, recv, mem);
    }
    let t = s.next_tag(&comm, Kind::Alltoallv);
    let mut sends = Vec::with_capacity(n as usize);
    for (at, shape) in send.blocks(mem, s.types(), "the send buffer", "sendcounts")? {
        sends.push(shape.read(mem, at, "the send buffer")?);
    }
    let recvs = recv.blocks(mem, s.types(), "the receive buffer", "recvcounts")?;
    let alltoall = Alltoall::of_blocks(t, sends, recvs, comm.rank)?;
    Ok(Started::Wait(Pending::Collective(
        comm,
        Running::new(alltoall),
    )))
}
