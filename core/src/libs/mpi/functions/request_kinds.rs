//! More kinds of requests and what a program asks of them: `MPI_Isendrecv` and
//! `MPI_Isendrecv_replace` (MPI-4's non-blocking `MPI_Sendrecv`), `MPI_Bsend_init` (a persistent
//! buffered send), `MPI_Request_get_status` (a test that leaves the request alone), and
//! `MPI_Get_library_version` (MPICH 4.0.2's string, as Debian's build prints it).
//!
//! An `MPI_Isendrecv` request is its receive: the send is posted with it (its data copied at the
//! call, as every Rankscope send) and runs on its own, taken when the request completes. So the
//! request completes once the message arrived, where MPICH's also waits for its own send to
//! finish — the same data, sooner by at most the send's completion. Its status is MPICH's
//! (measured): source 0, tag 0, no data — not the receive's, which the standard asks for.

use super::params::{p, INTP, ISEND, K};
use super::point_to_point::{send, sendrecv, sendrecv_replace};
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{
    check_bytes, read_int, set_status_cancelled, write_bytes, write_int, write_status, StatusFields,
};
use crate::libs::mpi::constants::{MPI_ANY_TAG, MPI_PROC_NULL, MPI_REQUEST_NULL};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::{empty_status, Pending};
use crate::libs::mpi::requests::{Lookup, UserRequest};
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::transfer::{comm_rank, Transfer};
use crate::proto::p2p::PointToPoint;

/// `MPI_Request *`.
const REQ: K = K::Ptr(crate::lang::syntax::ast::BaseType::Handle(
    HandleKind::REQUEST,
));
/// `MPI_Datatype`.
const TYPE: K = K::Handle(HandleKind::DATATYPE);

/// What `MPI_Get_library_version` gives: MPICH 4.0.2's string as Debian's `mpich` package
/// returns it (measured with `mpicc` here; 2019 characters, ending in a newline).
const LIBRARY_VERSION: &[u8] = include_bytes!("mpich_library_version.txt");

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Isendrecv", "Posts the receive and the send of an `MPI_Sendrecv` and returns one request at once; it completes when the message arrived (the send's data was copied at the call and its send goes on by itself; MPICH's request also waits for the send).",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", TYPE),
            p("dest", K::Int),
            p("sendtag", K::Int),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", TYPE),
            p("source", K::Int),
            p("recvtag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("request", REQ),
        ],
        |s, a, mem, ctx| {
            let (send, recv) = sendrecv(s, a, ctx)?;
            paired(s, send, recv, a.addr(11), mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Isendrecv_replace", "`MPI_Isendrecv` on one buffer: the data sent is read at the call, the message received replaces it.",
        &[
            p("buf", K::Buffer),
            p("count", K::Int),
            p("datatype", TYPE),
            p("dest", K::Int),
            p("sendtag", K::Int),
            p("source", K::Int),
            p("recvtag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("request", REQ),
        ],
        |s, a, mem, ctx| {
            let (send, recv) = sendrecv_replace(s, a, ctx)?;
            paired(s, send, recv, a.addr(8), mem, ctx)
        },
    ),
    MpiFunction::new(
        "MPI_Bsend_init", "A persistent buffered send, inactive until `MPI_Start`; each start is an `MPI_Bsend` (space from the attached buffer, complete at once).",
        ISEND,
        |s, a, mem, ctx| {
            let send = send(s, a, ctx)?;
            s.create(send, true, a.addr(6), mem, ctx)?;
            let handle = read_int(mem, a.addr(6), "the request handle")?;
            if let Some(r) = s.requests.get_mut(handle) {
                r.buffered = true;
            }
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Request_get_status", "`MPI_Test` that leaves the request as it is: the flag and, once complete, the status (a wait or test still completes it); a look that finds nothing lets the polling time pass.",
        &[
            p("request", K::Handle(HandleKind::REQUEST)),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (handle, flag, status) = (a.int(0), a.addr(1), a.addr(2));
            let handle = i32::try_from(handle).unwrap_or(MPI_REQUEST_NULL - 1);
            let req = match s.requests.lookup(handle, false)? {
                Lookup::Null | Lookup::Inactive => {
                    empty_status(mem, status)?;
                    write_int(mem, flag, 1, "the flag")?;
                    return done();
                }
                Lookup::Active(req) => req,
            };
            if s.requests.is_undone_collective(handle) {
                return Err(ErrorKind::CollectiveRequestHere);
            }
            let Some(r) = s.requests.get_mut(handle) else {
                return Err(ErrorKind::Internal("a looked-up request vanished"));
            };
            if r.cancelled {
                write_status(mem, status, StatusFields::EMPTY)?;
                set_status_cancelled(mem, status, true)?;
            } else if ctx.is_complete(req)? {
                let fields = match &r.transfer {
                    _ if r.companion.is_some() => StatusFields::ISENDRECV,
                    Transfer::Recv { shape, members, .. } => {
                        let st = ctx
                            .peek_status(req)
                            .ok_or(ErrorKind::Internal("a completed receive has no status"))?;
                        StatusFields {
                            source: comm_rank(members, st.source),
                            tag: st.tag,
                            bytes: st.bytes.min(u64::from(shape.bytes())),
                        }
                    }
                    Transfer::Null { receive: true } => StatusFields {
                        source: MPI_PROC_NULL,
                        tag: MPI_ANY_TAG,
                        bytes: 0,
                    },
                    _ => StatusFields::EMPTY,
                };
                write_status(mem, status, fields)?;
            } else {
                write_int(mem, flag, 0, "the flag")?;
                return Ok(Started::Wait(Pending::PollYield { stage: 0 }));
            }
            write_int(mem, flag, 1, "the flag")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Get_library_version", "Local, also before `MPI_Init`: MPICH 4.0.2's version string as Debian's `mpich` gives it (the programs are checked against that MPICH).",
        &[p("version", K::Buffer), p("resultlen", INTP)],
        library_version,
    )
    .anytime(),
];

/// Posts `recv` and `send` and makes one request of them (the receive's, with the send as its
/// companion); the handle goes to `request`.
fn paired(
    s: &mut MpiState,
    send: Transfer,
    recv: Transfer,
    request: Addr,
    mem: &mut Memory,
    ctx: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, request, 4, "the request handle")?;
    let r = recv.post(mem, ctx)?;
    let companion = send.post(mem, ctx)?;
    let handle = s.requests.insert(UserRequest {
        transfer: recv,
        persistent: false,
        active: Some(r),
        origin: s.origin,
        cancelled: false,
        companion: Some(companion),
        buffered: false,
    })?;
    write_int(mem, request, handle, "the request handle")?;
    done()
}

/// `MPI_Get_library_version(version, resultlen)`.
fn library_version(
    _: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    _: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let mut text = LIBRARY_VERSION.to_vec();
    let len = i32::try_from(text.len()).unwrap_or(0);
    text.push(0);
    write_bytes(mem, a.addr(0), &text, "the version buffer")?;
    write_int(mem, a.addr(1), len, "the length variable")?;
    done()
}
