//! Point-to-point: `MPI_Send`, `MPI_Recv`, `MPI_Isend`, `MPI_Irecv`, `MPI_Send_init`,
//! `MPI_Recv_init`.

use super::params::{p, IRECV, ISEND, K, SEND};
use crate::engine::RankCtx;
use crate::lang::memory::Memory;
use crate::lang::mpi::error::ErrorKind;
use crate::lang::mpi::function::{done, Args, MpiFunction, Started};
use crate::lang::mpi::pending::Pending;
use crate::lang::mpi::state::MpiState;
use crate::lang::mpi::transfer::Transfer;

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Send", SEND, |_, a, mem, ctx| {
        blocking(send(a, ctx)?, 0, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Recv",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Comm),
            p("status", K::StatusOut),
        ],
        |_, a, mem, ctx| blocking(recv(a, ctx)?, a.addr(6), mem, ctx),
    ),
    MpiFunction::new("MPI_Isend", ISEND, |s, a, mem, ctx| {
        request(s, send(a, ctx)?, false, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Irecv", IRECV, |s, a, mem, ctx| {
        request(s, recv(a, ctx)?, false, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Send_init", ISEND, |s, a, mem, ctx| {
        request(s, send(a, ctx)?, true, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Recv_init", IRECV, |s, a, mem, ctx| {
        request(s, recv(a, ctx)?, true, a, mem, ctx)
    }),
];

/// The send described by arguments 0–5 (`buf, count, datatype, dest, tag, comm`).
fn send(a: &Args<'_>, ctx: &RankCtx<'_>) -> Result<Transfer, ErrorKind> {
    Transfer::send(
        a.addr(0),
        a.int(1),
        a.int(2),
        a.int(3),
        a.int(4),
        a.int(5),
        ctx,
    )
}

/// The receive described by arguments 0–5 (`buf, count, datatype, source, tag, comm`).
fn recv(a: &Args<'_>, ctx: &RankCtx<'_>) -> Result<Transfer, ErrorKind> {
    Transfer::recv(
        a.addr(0),
        a.int(1),
        a.int(2),
        a.int(3),
        a.int(4),
        a.int(5),
        ctx,
    )
}

/// Posts `transfer` and blocks until it completes (filling the status at `status`).
fn blocking(
    transfer: Transfer,
    status: crate::lang::memory::Addr,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let req = transfer.post(mem, ctx)?;
    Ok(Started::Wait(Pending::Transfer {
        req,
        transfer,
        status,
    }))
}

/// Makes a request for `transfer` (started unless `persistent`); its handle goes to argument 6.
fn request(
    s: &mut MpiState,
    transfer: Transfer,
    persistent: bool,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    s.create(transfer, persistent, a.addr(6), mem, ctx)?;
    done()
}
