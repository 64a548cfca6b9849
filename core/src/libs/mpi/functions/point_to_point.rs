//! Point-to-point: `MPI_Send`, `MPI_Recv`, `MPI_Isend`, `MPI_Irecv`, `MPI_Send_init`,
//! `MPI_Recv_init`, the send modes (`MPI_Ssend`, `MPI_Issend`, `MPI_Rsend`, `MPI_Irsend`,
//! `MPI_Bsend`, `MPI_Ibsend` with `MPI_Buffer_attach`/`detach`), `MPI_Sendrecv` and
//! `MPI_Sendrecv_replace`. Receives from and sends to `MPI_PROC_NULL` complete at once.

use super::params::{p, INTP, IRECV, ISEND, K, SEND};
use crate::engine::RankCtx;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::bsend::BsendBuffer;
use crate::libs::mpi::buffers::{check_bytes, write_int};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::note::Signature;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::transfer::Transfer;

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Send", "Standard send. Eager engine: the data leaves at once; up to the eager limit it completes when the data has left, above it only once a receive matched it (rendezvous). Under paper 000's engines a send request runs as a handler on the receiver's processor, unless a receive request already reached the sender (then a one-sided write).", SEND, |s, a, mem, ctx| {
        blocking(send(s, a, ctx)?, 0, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Recv", "Blocks until a message with its source, tag and communicator is matched (in posting order, non-overtaking per pair) and its data has landed; a truncation or datatype mismatch is an error naming the sender's call.",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| blocking(recv(s, a, ctx)?, a.addr(6), mem, ctx),
    ),
    MpiFunction::new("MPI_Isend", "Starts an `MPI_Send` and returns a request at once. Under paper 000's engines the call costs a library pass `o`, plus `o` per request packet it sends.", ISEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?;
        request(s, t, false, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Irecv", "Posts a receive and returns a request at once. Under paper 000's both-sides engines a receive with a specific source and tag also sends a receive request to the sender (another `o`).", IRECV, |s, a, mem, ctx| {
        let t = recv(s, a, ctx)?;
        request(s, t, false, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Send_init", "A persistent send request, inactive until `MPI_Start`; each start is an `MPI_Isend`.", ISEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?;
        request(s, t, true, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Recv_init", "A persistent receive request, inactive until `MPI_Start`; each start is an `MPI_Irecv`.", IRECV, |s, a, mem, ctx| {
        let t = recv(s, a, ctx)?;
        request(s, t, true, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Ssend", "Synchronous: completes only once a receive matched the message, whatever its size (a wait-for edge to the destination in deadlock reports).", SEND, |s, a, mem, ctx| {
        blocking(send(s, a, ctx)?.synchronous(), 0, mem, ctx)
    }),
    MpiFunction::new("MPI_Issend", "Non-blocking `MPI_Ssend`: the request completes once a receive matched the message.", ISEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?.synchronous();
        request(s, t, false, a, mem, ctx)
    }),
    // Ready mode: the program promises the receive is posted; a standard send is correct then.
    MpiFunction::new("MPI_Rsend", "Ready mode, modelled as a standard send (correct when the receive is posted, as the program promises).", SEND, |s, a, mem, ctx| {
        blocking(send(s, a, ctx)?, 0, mem, ctx)
    }),
    MpiFunction::new("MPI_Irsend", "Non-blocking ready send, modelled as `MPI_Isend`.", ISEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?;
        request(s, t, false, a, mem, ctx)
    }),
    MpiFunction::new("MPI_Bsend", "Takes the message's bytes plus `MPI_BSEND_OVERHEAD` of the attached buffer until its data left and returns at once; a message that does not fit is an error naming both sizes.", SEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?;
        buffered(s, t, mem, ctx)?;
        done()
    }),
    MpiFunction::new("MPI_Ibsend", "As `MPI_Bsend`; the request it returns is complete at once.", ISEND, |s, a, mem, ctx| {
        let t = send(s, a, ctx)?;
        buffered(s, t, mem, ctx)?;
        let null = Transfer::Null { receive: false };
        request(s, null, false, a, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Buffer_attach", "Local: the buffer buffered sends take their space from (one per rank).",
        &[p("buffer", K::Buffer), p("size", K::Int)],
        |s, a, mem, _| {
            if s.bsend.is_some() {
                return Err(ErrorKind::BsendBufferAttached);
            }
            let size = crate::libs::mpi::state::length(a.int(1))?;
            check_bytes(mem, a.addr(0), size, "the buffer")?;
            s.bsend = Some(Box::new(BsendBuffer {
                addr: a.addr(0),
                size,
                sends: Vec::new(),
            }));
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Buffer_detach", "Blocks until every buffered send's data has left, then returns the buffer's address and size.",
        &[p("buffer_addr", K::BaseOut), p("size", INTP)],
        |s, a, mem, _| {
            let buffer = s.bsend.take().ok_or(ErrorKind::NoBsendBuffer)?;
            write_int(mem, a.addr(0), buffer.addr as i32, "the buffer address")?;
            let size = i32::try_from(buffer.size).unwrap_or(i32::MAX);
            write_int(mem, a.addr(1), size, "the size variable")?;
            let reqs = buffer.sends.into_iter().map(|(req, _)| req).collect();
            Ok(Started::Wait(Pending::Drain(reqs)))
        },
    ),
    MpiFunction::new(
        "MPI_Sendrecv", "Posts the receive and the send together and blocks until both complete, so a ring of exchanges does not deadlock.",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Handle(HandleKind::DATATYPE)),
            p("dest", K::Int),
            p("sendtag", K::Int),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Handle(HandleKind::DATATYPE)),
            p("source", K::Int),
            p("recvtag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (send, recv) = sendrecv(s, a, ctx)?;
            both(send, recv, a.addr(11), mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Sendrecv_replace", "`MPI_Sendrecv` on one buffer: the data sent is read at the call, the message received replaces it.",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("dest", K::Int),
            p("sendtag", K::Int),
            p("source", K::Int),
            p("recvtag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (send, recv) = sendrecv_replace(s, a, ctx)?;
            both(send, recv, a.addr(8), mem, ctx)
        },
    ),
];

/// Posts `send` (its data copied now) and `recv`, and blocks until both complete; the receive
/// fills the status at `status`.
fn both(
    send: Transfer,
    recv: Transfer,
    status: crate::lang::vm::memory::Addr,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let r = recv.post(mem, ctx)?;
    let s = send.post(mem, ctx)?;
    Ok(Started::Wait(Pending::Transfers(vec![
        (r, recv, status),
        (s, send, 0),
    ])))
}

/// Starts a buffered send: its data is copied into the attached buffer's space (accounted until
/// it left), so the call returns at once.
fn buffered(
    s: &mut MpiState,
    transfer: Transfer,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<(), ErrorKind> {
    let buffer = s.bsend.as_mut().ok_or(ErrorKind::NoBsendBuffer)?;
    buffer.reap(ctx)?;
    let space = buffer.reserve(transfer.send_bytes())?;
    let req = transfer.post(mem, ctx)?;
    buffer.sends.push((req, space));
    Ok(())
}

/// The send and the receive of `MPI_Sendrecv`'s arguments 0–10 (`sendbuf, sendcount,
/// sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm`; also
/// `MPI_Isendrecv`'s).
pub(super) fn sendrecv(
    s: &mut MpiState,
    a: &Args<'_>,
    ctx: &RankCtx<'_>,
) -> Result<(Transfer, Transfer), ErrorKind> {
    let comm = s.comm(a.int(10), ctx)?;
    let sshape = s.types().shape(a.int(2), a.int(1), "sendcount")?;
    let rshape = s.types().shape(a.int(7), a.int(6), "recvcount")?;
    let ssig = Signature::of(s.types(), a.int(2), a.int(1));
    let rsig = Signature::of(s.types(), a.int(7), a.int(6));
    let send = Transfer::send(a.addr(0), sshape, a.int(3), a.int(4), &comm)?.noted(s.origin, ssig);
    let recv = Transfer::recv(a.addr(5), rshape, a.int(8), a.int(9), &comm)?.noted(s.origin, rsig);
    Ok((send, recv))
}

/// The send and the receive of `MPI_Sendrecv_replace`'s arguments 0–7 (`buf, count, datatype,
/// dest, sendtag, source, recvtag, comm`; also `MPI_Isendrecv_replace`'s): one buffer, the data
/// sent read at the call.
pub(super) fn sendrecv_replace(
    s: &mut MpiState,
    a: &Args<'_>,
    ctx: &RankCtx<'_>,
) -> Result<(Transfer, Transfer), ErrorKind> {
    let buf = a.addr(0);
    let comm = s.comm(a.int(7), ctx)?;
    let shape = s.types().shape(a.int(2), a.int(1), "count")?;
    let sig = Signature::of(s.types(), a.int(2), a.int(1));
    let send = Transfer::send(buf, shape.clone(), a.int(3), a.int(4), &comm)?.noted(s.origin, sig);
    let recv = Transfer::recv(buf, shape, a.int(5), a.int(6), &comm)?.noted(s.origin, sig);
    Ok((send, recv))
}

/// The send described by arguments 0–5 (`buf, count, datatype, dest, tag, comm`).
pub(super) fn send(
    s: &mut MpiState,
    a: &Args<'_>,
    ctx: &RankCtx<'_>,
) -> Result<Transfer, ErrorKind> {
    let comm = s.comm(a.int(5), ctx)?;
    let shape = s.types().shape(a.int(2), a.int(1), "count")?;
    let sig = Signature::of(s.types(), a.int(2), a.int(1));
    Ok(Transfer::send(a.addr(0), shape, a.int(3), a.int(4), &comm)?.noted(s.origin, sig))
}

/// The receive described by arguments 0–5 (`buf, count, datatype, source, tag, comm`).
fn recv(s: &mut MpiState, a: &Args<'_>, ctx: &RankCtx<'_>) -> Result<Transfer, ErrorKind> {
    let comm = s.comm(a.int(5), ctx)?;
    let shape = s.types().shape(a.int(2), a.int(1), "count")?;
    let sig = Signature::of(s.types(), a.int(2), a.int(1));
    Ok(Transfer::recv(a.addr(0), shape, a.int(3), a.int(4), &comm)?.noted(s.origin, sig))
}

/// Posts `transfer` and blocks until it completes (filling the status at `status`).
fn blocking(
    transfer: Transfer,
    status: crate::lang::vm::memory::Addr,
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
