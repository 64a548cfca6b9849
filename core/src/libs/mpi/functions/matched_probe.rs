//! Matched probes (MPI-3): `MPI_Mprobe` and `MPI_Improbe` find a message and take it out of
//! matching; `MPI_Mrecv` and `MPI_Imrecv` receive exactly that message (see
//! [`crate::libs::mpi::claimed`]).

use super::completion::{not_yet, PROC_NULL_STATUS};
use super::params::{p, INTP, K, REQ};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, read_int, write_int, write_status};
use crate::libs::mpi::claimed::Message;
use crate::libs::mpi::constants::{MPI_MESSAGE_NO_PROC, MPI_MESSAGE_NULL};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::note::Signature;
use crate::libs::mpi::pending::{claim, Pending};
use crate::libs::mpi::requests::UserRequest;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::transfer::{selector, Transfer};
use crate::proto::p2p::{Source, TagSel};
use crate::time::SimTime;

/// `MPI_Message *`.
const MESSAGEP: K = K::Ptr(BaseType::Handle(HandleKind::MESSAGE));

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Mprobe", "Polls as `MPI_Probe` until a matching message waits, then takes it out of matching (no other receive can match it) and returns it as an `MPI_Message` for `MPI_Mrecv`; `MPI_PROC_NULL` gives `MPI_MESSAGE_NO_PROC`.",
        &[
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("message", MESSAGEP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(2), ctx)?;
            let (message, status) = (a.addr(3), a.addr(4));
            check_bytes(mem, message, 4, "the message handle")?;
            let Some((source, tag)) = selector(a.int(0), a.int(1), &comm)? else {
                write_status(mem, status, PROC_NULL_STATUS)?;
                write_int(mem, message, MPI_MESSAGE_NO_PROC, "the message handle")?;
                return done();
            };
            Ok(Started::Wait(Pending::Probe {
                comm,
                source,
                tag,
                status,
                wait: SimTime::ZERO,
                yielded: false,
                claim: Some(message),
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Improbe", "Looks once, as `MPI_Iprobe`; a message found is taken out of matching and returned as an `MPI_Message` (flag 1); a miss lets the polling time pass.",
        &[
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("flag", INTP),
            p("message", MESSAGEP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(2), ctx)?;
            let (flag, message, status) = (a.addr(3), a.addr(4), a.addr(5));
            check_bytes(mem, message, 4, "the message handle")?;
            let Some((source, tag)) = selector(a.int(0), a.int(1), &comm)? else {
                write_status(mem, status, PROC_NULL_STATUS)?;
                write_int(mem, message, MPI_MESSAGE_NO_PROC, "the message handle")?;
                write_int(mem, flag, 1, "the flag")?;
                return done();
            };
            match claim(&mut s.requests, ctx, &comm, source, tag)? {
                Some((found, handle)) => {
                    write_status(mem, status, found)?;
                    write_int(mem, message, handle, "the message handle")?;
                    write_int(mem, flag, 1, "the flag")?;
                    done()
                }
                None => not_yet(mem, flag),
            }
        },
    ),
    MpiFunction::new(
        "MPI_Mrecv", "Receives the message a matched probe took into the buffer (truncation and datatype checked as `MPI_Recv` does), blocking until its data has landed; sets the handle to `MPI_MESSAGE_NULL`.",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("message", MESSAGEP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, _| {
            let status = a.addr(4);
            match receive(s, a, mem)? {
                Some((req, transfer)) => Ok(Started::Wait(Pending::Transfer {
                    req,
                    transfer,
                    status,
                })),
                None => {
                    write_status(mem, status, PROC_NULL_STATUS)?;
                    done()
                }
            }
        },
    ),
    MpiFunction::new(
        "MPI_Imrecv", "Starts receiving the message a matched probe took and returns a request at once; sets the handle to `MPI_MESSAGE_NULL`.",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("message", MESSAGEP),
            p("request", REQ),
        ],
        |s, a, mem, ctx| {
            let request = a.addr(4);
            match receive(s, a, mem)? {
                Some((req, transfer)) => {
                    check_bytes(mem, request, 4, "the request handle")?;
                    let handle = s.requests.insert(UserRequest {
                        transfer,
                        persistent: false,
                        active: Some(req),
                        origin: s.origin,
                        cancelled: false,
                        companion: None,
                        buffered: false,
                    })?;
                    write_int(mem, request, handle, "the request handle")?;
                    done()
                }
                None => {
                    s.create(Transfer::Null { receive: true }, false, request, mem, ctx)?;
                    done()
                }
            }
        },
    ),
];

/// The receive of `MPI_Mrecv`/`MPI_Imrecv(buf, count, datatype, message, …)`: the engine receive
/// that holds the message and the transfer that completes it into the buffer; `None` for
/// `MPI_MESSAGE_NO_PROC`. The handle variable becomes `MPI_MESSAGE_NULL`.
fn receive(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<Option<(crate::engine::ReqId, Transfer)>, ErrorKind> {
    let (buf, message): (Addr, Addr) = (a.addr(0), a.addr(3));
    let handle = read_int(mem, message, "the message handle")?;
    let shape = s.types().shape(a.int(2), a.int(1), "count")?;
    let sig = Signature::of(s.types(), a.int(2), a.int(1));
    let claimed = match s.requests.messages().take(handle)? {
        Message::NoProc => {
            write_int(mem, message, MPI_MESSAGE_NULL, "the message handle")?;
            return Ok(None);
        }
        Message::Claimed(c) => c,
    };
    shape.check(mem, buf, "the receive buffer")?;
    write_int(mem, message, MPI_MESSAGE_NULL, "the message handle")?;
    let transfer = Transfer::Recv {
        buf,
        shape,
        source: Source::Rank(claimed.source),
        tag: TagSel::Tag(claimed.tag),
        context: claimed.context,
        members: claimed.members,
        origin: s.origin,
        sig,
    };
    Ok(Some((claimed.req, transfer)))
}
