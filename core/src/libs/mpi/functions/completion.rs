//! Completion and request handles: `MPI_Wait`, `MPI_Waitall`, `MPI_Waitany`, `MPI_Waitsome`,
//! `MPI_Test`, `MPI_Testall`, `MPI_Testany`, `MPI_Testsome`, `MPI_Request_free`, `MPI_Cancel`,
//! `MPI_Start`,
//! `MPI_Startall`; probes (`MPI_Probe`, `MPI_Iprobe`); statuses (`MPI_Get_count`,
//! `MPI_Get_elements`).

use super::params::{p, INTP, K, REQ};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::StatusFields;
use crate::libs::mpi::buffers::{element, read_int, write_int};
use crate::libs::mpi::buffers::{status_bytes, write_status};
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{MPI_ANY_TAG, MPI_PROC_NULL, MPI_REQUEST_NULL, MPI_UNDEFINED};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::{empty_status, finish_completed, probe, write_indices, Pending};
use crate::libs::mpi::requests::{Entry, Lookup};
use crate::libs::mpi::state::{length, MpiState};
use crate::libs::mpi::transfer::{selector, Transfer};
use crate::proto::p2p::PointToPoint;
use crate::time::SimTime;

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Wait", "Blocks until the request completes; fills the status, sets the handle to `MPI_REQUEST_NULL` (a persistent request becomes inactive).",
        &[p("request", REQ), p("status", K::StatusOut)],
        |s, a, mem, _| {
            let (request, status) = (a.addr(0), a.addr(1));
            if let Some(first) = s.wait_collective_first(mem, 1, request, a)? {
                return Ok(first);
            }
            Ok(Started::Wait(Pending::All {
                entries: s.entries(mem, 1, request, Some(status), "the request handle")?,
                requests: request,
                statuses: status,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Waitall", "Blocks until every request completes.",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("statuses", K::StatusesOut),
        ],
        |s, a, mem, _| {
            let (requests, statuses) = (a.addr(1), a.addr(2));
            let n = length(a.int(0))?;
            if let Some(first) = s.wait_collective_first(mem, n, requests, a)? {
                return Ok(first);
            }
            Ok(Started::Wait(Pending::All {
                entries: s.entries(mem, n, requests, Some(statuses), "the request array")?,
                requests,
                statuses,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Waitany", "Blocks until one of the requests completes and returns its index.",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("index", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, _| {
            let (requests, index, status) = (a.addr(1), a.addr(2), a.addr(3));
            if let Some(first) = s.wait_collective_first(mem, length(a.int(0))?, requests, a)? {
                return Ok(first);
            }
            let entries = s.entries(mem, length(a.int(0))?, requests, None, "the request array")?;
            if entries.is_empty() {
                write_int(mem, index, MPI_UNDEFINED, "the index")?;
                empty_status(mem, status)?;
                return done();
            }
            Ok(Started::Wait(Pending::Any {
                entries,
                requests,
                index,
                status,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Test", "Looks once without blocking; a test that finds nothing lets the polling time pass and yields the processor (a block boundary on EM-X, so the handlers that bring the data run and a loop of tests completes).",
        &[
            p("request", REQ),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (request, flag, status) = (a.addr(0), a.addr(1), a.addr(2));
            if let Some(tested) = s.test_collective(mem, request, flag, status)? {
                return Ok(tested);
            }
            let handle = read_int(mem, request, "the request handle")?;
            match s.requests.lookup(handle, true)? {
                Lookup::Null | Lookup::Inactive => {
                    empty_status(mem, status)?;
                    write_int(mem, flag, 1, "the flag")?;
                    done()
                }
                Lookup::Active(req) if ctx.is_complete(req)? => {
                    let entry = Entry {
                        index: 0,
                        handle,
                        req,
                    };
                    s.requests.finish(entry, request, status, mem, ctx)?;
                    write_int(mem, flag, 1, "the flag")?;
                    done()
                }
                Lookup::Active(_) => {
                    // A miss yields too: a loop of tests must let the handlers that bring the
                    // data run on machines with atomic blocks (MPI's progress rule).
                    write_int(mem, flag, 0, "the flag")?;
                    Ok(Started::Wait(Pending::PollYield { stage: 0 }))
                }
            }
        },
    ),
    MpiFunction::new("MPI_Request_free", "Frees the handle (a persistent request's too) and sets it to `MPI_REQUEST_NULL`.", &[p("request", REQ)], |s, a, mem, _| {
        let request = a.addr(0);
        let handle = read_int(mem, request, "the request handle")?;
        if s.requests.is_undone_collective(handle) {
            return Err(ErrorKind::CollectiveRequestHere);
        }
        if s.requests.lookup(handle, false)? == Lookup::Null {
            return Err(ErrorKind::NullRequest);
        }
        if let Some(freed) = s.requests.remove(handle) {
            if let Some(req) = freed.active {
                s.detached.push((req, freed.transfer));
            }
        }
        write_int(mem, request, MPI_REQUEST_NULL, "the request handle")?;
        done()
    }),
    MpiFunction::new("MPI_Cancel", "Local: a receive that no message matched yet leaves the posted-receive queue and completes cancelled (`MPI_Test_cancelled` says so after the wait); one already matched completes as usual. A send is never cancelled (as MPICH's ch4 device: its `MPI_Test_cancelled` says 0). Under paper 000's engines only a receive that sent no receive request to the sender (a wildcard, or any under receiver-only) can be cancelled.", &[p("request", REQ)], |s, a, mem, ctx| {
        let handle = read_int(mem, a.addr(0), "the request handle")?;
        match s.requests.lookup(handle, false)? {
            Lookup::Null => Err(ErrorKind::NullRequest),
            Lookup::Inactive => done(),
            Lookup::Active(req) => {
                let receive = s
                    .requests
                    .get_mut(handle)
                    .is_some_and(|r| matches!(r.transfer, Transfer::Recv { .. }));
                if receive && ctx.cancel_recv(req)? {
                    if let Some(r) = s.requests.get_mut(handle) {
                        r.cancelled = true;
                    }
                }
                done()
            }
        }
    }),
    MpiFunction::new("MPI_Start", "Activates a persistent request: an `MPI_Isend` or `MPI_Irecv` of its arguments.", &[p("request", REQ)], |s, a, mem, ctx| {
        let handle = read_int(mem, a.addr(0), "the request handle")?;
        s.check_startable(handle)?;
        if let Some(started) = super::persistent_collectives::restart(s, handle, mem, ctx)? {
            return Ok(started);
        }
        s.start_persistent(handle, mem, ctx)?;
        done()
    }),
    MpiFunction::new(
        "MPI_Startall", "`MPI_Start` on each request, in order.",
        &[p("count", K::Int), p("requests", REQ)],
        |s, a, mem, ctx| {
            let n = length(a.int(0))?;
            let mut handles = Vec::with_capacity(n as usize);
            for i in 0..n {
                let at = element(mem, a.addr(1), i64::from(i), 4, "the request array")?;
                let handle = read_int(mem, at, "the request array")?;
                if handles.contains(&handle) {
                    return Err(ErrorKind::DuplicateRequest { handle });
                }
                s.check_startable(handle)?;
                if super::persistent_collectives::is_persistent(s, handle) {
                    return Err(CommError::StartallCollective(handle).into());
                }
                handles.push(handle);
            }
            for handle in handles {
                s.start_persistent(handle, mem, ctx)?;
            }
            done()
        },
    ),
    MpiFunction::new("MPI_Get_count", "Local: the elements the status's message carried (`MPI_UNDEFINED` if not a whole number).", STATUS_COUNT_PARAMS, |s, a, mem, _| {
        let size = s.types().map(a.int(1))?.size();
        count(a.addr(0), size, a.addr(2), mem)
    }),
    MpiFunction::new("MPI_Get_elements", "Local: the basic elements the status's message carried, counted along the datatype's type signature (a pair type's value and index are 2; `MPI_UNDEFINED` if the bytes end inside one).", STATUS_COUNT_PARAMS, |s, a, mem, _| {
        let n = elements(s, a.addr(0), a.int(1), mem)?;
        write_int(mem, a.addr(2), i32::try_from(n).unwrap_or(MPI_UNDEFINED), "the count variable")?;
        done()
    }),
    MpiFunction::new("MPI_Waitsome", "Blocks until at least one request completes; returns every completed one.", SOME_PARAMS, |s, a, mem, _| {
        let (requests, outcount, indices, statuses) = (a.addr(1), a.addr(2), a.addr(3), a.addr(4));
        if let Some(first) = s.wait_collective_first(mem, length(a.int(0))?, requests, a)? {
            return Ok(first);
        }
        let entries = s.entries(mem, length(a.int(0))?, requests, None, "the request array")?;
        if entries.is_empty() {
            write_int(mem, outcount, MPI_UNDEFINED, "the count variable")?;
            return done();
        }
        Ok(Started::Wait(Pending::Some {
            entries,
            requests,
            outcount,
            indices,
            statuses,
        }))
    }),
    MpiFunction::new(
        "MPI_Testall", "Looks once: whether every request is complete (then completes them all); a miss lets the polling time pass.",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("flag", INTP),
            p("statuses", K::StatusesOut),
        ],
        |s, a, mem, ctx| {
            let (requests, flag, statuses) = (a.addr(1), a.addr(2), a.addr(3));
            let n = length(a.int(0))?;
            let mut entries = s.entries(mem, n, requests, Some(statuses), "the request array")?;
            for e in &entries {
                if !ctx.is_complete(e.req)? {
                    return not_yet(mem, flag);
                }
            }
            for e in std::mem::take(&mut entries) {
                let handle_addr =
                    element(mem, requests, i64::from(e.index), 4, "the request array")?;
                let status = crate::libs::mpi::buffers::status_at(mem, statuses, e.index)?;
                s.requests.finish(e, handle_addr, status, mem, ctx)?;
            }
            write_int(mem, flag, 1, "the flag")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Testany", "Looks once for any completed request; a miss lets the polling time pass.",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("index", INTP),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (requests, index, flag, status) = (a.addr(1), a.addr(2), a.addr(3), a.addr(4));
            let entries = s.entries(mem, length(a.int(0))?, requests, None, "the request array")?;
            if entries.is_empty() {
                write_int(mem, index, MPI_UNDEFINED, "the index")?;
                empty_status(mem, status)?;
                write_int(mem, flag, 1, "the flag")?;
                return done();
            }
            for e in entries {
                if ctx.is_complete(e.req)? {
                    let handle_addr =
                        element(mem, requests, i64::from(e.index), 4, "the request array")?;
                    s.requests.finish(e, handle_addr, status, mem, ctx)?;
                    let i = i32::try_from(e.index).unwrap_or(i32::MAX);
                    write_int(mem, index, i, "the index")?;
                    write_int(mem, flag, 1, "the flag")?;
                    return done();
                }
            }
            write_int(mem, index, MPI_UNDEFINED, "the index")?;
            not_yet(mem, flag)
        },
    ),
    MpiFunction::new("MPI_Testsome", "Looks once and returns every completed request; a miss lets the polling time pass.", SOME_PARAMS, |s, a, mem, ctx| {
        let (requests, outcount, indices, statuses) = (a.addr(1), a.addr(2), a.addr(3), a.addr(4));
        let mut entries = s.entries(mem, length(a.int(0))?, requests, None, "the request array")?;
        if entries.is_empty() {
            write_int(mem, outcount, MPI_UNDEFINED, "the count variable")?;
            return done();
        }
        let finished =
            finish_completed(&mut s.requests, &mut entries, requests, statuses, mem, ctx)?;
        write_indices(mem, &finished, outcount, indices)?;
        if finished.is_empty() {
            return Ok(Started::Wait(Pending::PollYield { stage: 0 }));
        }
        done()
    }),
    MpiFunction::new(
        "MPI_Probe", "Polls until a matching message waits, each look costing the polling time (doubling up to a limit); does not receive it.",
        &[
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(2), ctx)?;
            let status = a.addr(3);
            let Some((source, tag)) = selector(a.int(0), a.int(1), &comm)? else {
                write_status(mem, status, PROC_NULL_STATUS)?;
                return done();
            };
            Ok(Started::Wait(Pending::Probe {
                comm,
                source,
                tag,
                status,
                wait: SimTime::ZERO,
                yielded: false,
                claim: None,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Iprobe", "Looks once for a matching message; a miss lets the polling time pass.",
        &[
            p("source", K::Int),
            p("tag", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(2), ctx)?;
            let (flag, status) = (a.addr(3), a.addr(4));
            let Some((source, tag)) = selector(a.int(0), a.int(1), &comm)? else {
                write_status(mem, status, PROC_NULL_STATUS)?;
                write_int(mem, flag, 1, "the flag")?;
                return done();
            };
            match probe(ctx, &comm, source, tag) {
                Some(found) => {
                    write_status(mem, status, found)?;
                    write_int(mem, flag, 1, "the flag")?;
                    done()
                }
                None => not_yet(mem, flag),
            }
        },
    ),
];

/// The status of a probe of `MPI_PROC_NULL`.
pub(super) const PROC_NULL_STATUS: StatusFields = StatusFields {
    source: MPI_PROC_NULL,
    tag: MPI_ANY_TAG,
    bytes: 0,
};

/// `MPI_Get_count(status, datatype, count)` and `MPI_Get_elements`.
const STATUS_COUNT_PARAMS: &[crate::lang::sema::builtins::Param] = &[
    p("status", K::Ptr(BaseType::Handle(HandleKind::STATUS))),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("count", INTP),
];

/// `MPI_Waitsome`/`MPI_Testsome(incount, requests, outcount, indices, statuses)`.
const SOME_PARAMS: &[crate::lang::sema::builtins::Param] = &[
    p("incount", K::Int),
    p("requests", REQ),
    p("outcount", INTP),
    p("indices", INTP),
    p("statuses", K::StatusesOut),
];

/// Writes the elements of `dtype` the status at `status` received (`MPI_UNDEFINED` for a partial
/// element) to `out`.
fn count(status: Addr, size: u64, out: Addr, mem: &mut Memory) -> Result<Started, ErrorKind> {
    let bytes = status_bytes(mem, status)?;
    let count = if size == 0 {
        0
    } else if bytes % size == 0 {
        i32::try_from(bytes / size).unwrap_or(MPI_UNDEFINED)
    } else {
        MPI_UNDEFINED
    };
    write_int(mem, out, count, "the count variable")?;
    done()
}

/// The basic elements of `datatype` the status at `status` says arrived (`MPI_UNDEFINED` if
/// the bytes end inside one).
pub(super) fn elements(
    s: &mut MpiState,
    status: Addr,
    datatype: i64,
    mem: &Memory,
) -> Result<i64, ErrorKind> {
    let map = s.types().map(datatype)?;
    let bytes = status_bytes(mem, status)?;
    Ok(map
        .elements_in(bytes)
        .map_or(i64::from(MPI_UNDEFINED), |n| {
            i64::try_from(n).unwrap_or(i64::MAX)
        }))
}

/// A test that found nothing complete: flag 0, and the polling time passes.
pub(super) fn not_yet(mem: &mut Memory, flag: Addr) -> Result<Started, ErrorKind> {
    write_int(mem, flag, 0, "the flag")?;
    Ok(Started::Wait(Pending::PollYield { stage: 0 }))
}
