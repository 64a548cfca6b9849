//! Completion and request handles: `MPI_Wait`, `MPI_Waitall`, `MPI_Waitany`, `MPI_Test`,
//! `MPI_Request_free`, `MPI_Start`, `MPI_Startall`, and statuses (`MPI_Get_count`).

use super::params::{p, INTP, K, REQ};
use crate::lang::ast::BaseType;
use crate::lang::memory::STATUS_COUNT;
use crate::lang::mpi::buffers::{element, read_int, write_int};
use crate::lang::mpi::constants::{MPI_REQUEST_NULL, MPI_UNDEFINED};
use crate::lang::mpi::datatype::Datatype;
use crate::lang::mpi::error::ErrorKind;
use crate::lang::mpi::function::{done, MpiFunction, Started};
use crate::lang::mpi::pending::{empty_status, Pending};
use crate::lang::mpi::requests::{Entry, Lookup};
use crate::lang::mpi::state::length;

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Wait",
        &[p("request", REQ), p("status", K::StatusOut)],
        |s, a, mem, _| {
            let (request, status) = (a.addr(0), a.addr(1));
            Ok(Started::Wait(Pending::All {
                entries: s.entries(mem, 1, request, Some(status), "the request handle")?,
                requests: request,
                statuses: status,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Waitall",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("statuses", K::StatusesOut),
        ],
        |s, a, mem, _| {
            let (requests, statuses) = (a.addr(1), a.addr(2));
            let n = length(a.int(0))?;
            Ok(Started::Wait(Pending::All {
                entries: s.entries(mem, n, requests, Some(statuses), "the request array")?,
                requests,
                statuses,
            }))
        },
    ),
    MpiFunction::new(
        "MPI_Waitany",
        &[
            p("count", K::Int),
            p("requests", REQ),
            p("index", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, _| {
            let (requests, index, status) = (a.addr(1), a.addr(2), a.addr(3));
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
        "MPI_Test",
        &[
            p("request", REQ),
            p("flag", INTP),
            p("status", K::StatusOut),
        ],
        |s, a, mem, ctx| {
            let (request, flag, status) = (a.addr(0), a.addr(1), a.addr(2));
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
                    write_int(mem, flag, 0, "the flag")?;
                    Ok(Started::Wait(Pending::Poll { polled: false }))
                }
            }
        },
    ),
    MpiFunction::new("MPI_Request_free", &[p("request", REQ)], |s, a, mem, _| {
        let request = a.addr(0);
        let handle = read_int(mem, request, "the request handle")?;
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
    MpiFunction::new("MPI_Start", &[p("request", REQ)], |s, a, mem, ctx| {
        let handle = read_int(mem, a.addr(0), "the request handle")?;
        s.check_startable(handle)?;
        s.start_persistent(handle, mem, ctx)?;
        done()
    }),
    MpiFunction::new(
        "MPI_Startall",
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
                handles.push(handle);
            }
            for handle in handles {
                s.start_persistent(handle, mem, ctx)?;
            }
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Get_count",
        &[
            p("status", K::Ptr(BaseType::MpiStatus)),
            p("datatype", K::Datatype),
            p("count", INTP),
        ],
        |_, a, mem, _| {
            let size = i32::try_from(Datatype::from_handle(a.int(1))?.size()).unwrap_or(1);
            let at = a.addr(0).saturating_add(STATUS_COUNT);
            let bytes = read_int(mem, at, "the status")?;
            let count = if bytes >= 0 && bytes % size == 0 {
                bytes / size
            } else {
                MPI_UNDEFINED
            };
            write_int(mem, a.addr(2), count, "the count variable")?;
            done()
        },
    ),
];
