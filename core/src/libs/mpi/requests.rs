//! The rank's request table: the integer handles a program keeps in its `MPI_Request` variables,
//! mapped to the transfers behind them.
//!
//! Handles count up from 1 and are never reused, so a stale copy of a completed or freed handle is
//! recognised ("already completed or freed") rather than aliasing a newer request. A
//! non-persistent request lives from `MPI_Isend`/`MPI_Irecv` until it completes (the handle
//! variable is then set to `MPI_REQUEST_NULL`); a persistent one from `MPI_Send_init`/
//! `MPI_Recv_init` until `MPI_Request_free`, alternating between inactive and active.
//!
//! Each request remembers the call that created it, so `MPI_Finalize` can warn about requests
//! still active — never waited for or tested to completion — naming those calls' lines.

use std::collections::BTreeMap;

use super::buffers::{set_status_cancelled, write_int, write_status, StatusFields};
use super::claimed::Messages;
use super::constants::MPI_REQUEST_NULL;
use super::error::ErrorKind;
use super::note::Origin;
use super::transfer::Transfer;
use crate::engine::{RankCtx, ReqId};
use crate::lang::vm::memory::{Addr, Memory};
use crate::proto::p2p::PointToPoint;

/// One live request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct UserRequest {
    /// What it transfers.
    pub transfer: Transfer,
    /// Made by `MPI_Send_init`/`MPI_Recv_init`.
    pub persistent: bool,
    /// The engine request while active.
    pub active: Option<ReqId>,
    /// The call that created it (for the warning about requests never completed).
    pub origin: Origin,
    /// `MPI_Cancel` cancelled its receive before a message matched it: it completes with a
    /// status whose cancelled bit is set, and nothing is received.
    pub cancelled: bool,
    /// `MPI_Isendrecv`'s send, posted with its receive (the request's transfer): taken once
    /// the request completes, if it has (its data was copied at the call).
    pub companion: Option<ReqId>,
    /// `MPI_Bsend_init`: each `MPI_Start` is an `MPI_Bsend` (space taken from the attached
    /// buffer, complete at once).
    pub buffered: bool,
}

/// What a handle refers to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Lookup {
    /// `MPI_REQUEST_NULL`.
    Null,
    /// A persistent request that is not started.
    Inactive,
    /// An active request and its engine request.
    Active(ReqId),
}

/// A completion waiting to be finished: the handle at `index` of an array.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Position in the program's handle array (0 for `MPI_Wait`/`MPI_Test`).
    pub index: u32,
    /// The handle.
    pub handle: i32,
    /// Its engine request.
    pub req: ReqId,
}

/// The table of live requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Requests {
    table: BTreeMap<i32, UserRequest>,
    next: i32,
    /// Messages matched probes took, until received (boxed on first use: most ranks never
    /// probe).
    messages: Option<Box<Messages>>,
}

impl Default for Requests {
    fn default() -> Self {
        Requests {
            table: BTreeMap::new(),
            next: 1,
            messages: None,
        }
    }
}

impl Requests {
    /// The messages matched probes took.
    pub(super) fn messages(&mut self) -> &mut Messages {
        self.messages.get_or_insert_with(Box::default)
    }

    /// Adds a request and returns its new handle.
    pub(super) fn insert(&mut self, request: UserRequest) -> Result<i32, ErrorKind> {
        let handle = self.next;
        self.next = handle.checked_add(1).ok_or(ErrorKind::TooManyRequests)?;
        self.table.insert(handle, request);
        Ok(handle)
    }

    /// Puts back under `handle` a non-blocking collective's request that `MPI_Test` took out
    /// and found still waiting (its engine request is a completed placeholder).
    /// A persistent collective's request (see [`Transfer::is_persistent_collective`]) stays
    /// persistent.
    pub(super) fn restore(&mut self, handle: i32, req: ReqId, transfer: Transfer, origin: Origin) {
        self.table.insert(
            handle,
            UserRequest {
                persistent: transfer.is_persistent_collective(),
                transfer,
                active: Some(req),
                origin,
                cancelled: false,
                companion: None,
                buffered: false,
            },
        );
    }

    /// What `handle` refers to; `wait` selects the wording of the error for a finished handle.
    pub(super) fn lookup(&self, handle: i32, wait: bool) -> Result<Lookup, ErrorKind> {
        if handle == MPI_REQUEST_NULL {
            return Ok(Lookup::Null);
        }
        match self.table.get(&handle) {
            Some(r) => Ok(r.active.map_or(Lookup::Inactive, Lookup::Active)),
            None if handle > 0 && handle < self.next => {
                Err(ErrorKind::InactiveRequest { handle, wait })
            }
            None => Err(ErrorKind::InvalidRequest { handle }),
        }
    }

    /// Puts back under `handle` a persistent collective's request that completed: inactive,
    /// ready for the next `MPI_Start`.
    pub(super) fn restore_inactive(&mut self, handle: i32, transfer: Transfer, origin: Origin) {
        self.table.insert(
            handle,
            UserRequest {
                transfer,
                persistent: true,
                active: None,
                origin,
                cancelled: false,
                companion: None,
                buffered: false,
            },
        );
    }

    /// Whether `handle` is a non-blocking collective's request still in progress.
    pub(super) fn is_undone_collective(&self, handle: i32) -> bool {
        self.table
            .get(&handle)
            .is_some_and(|r| matches!(r.transfer, Transfer::Collective(_, false)))
    }

    /// The live request behind `handle`.
    pub(super) fn get_mut(&mut self, handle: i32) -> Option<&mut UserRequest> {
        self.table.get_mut(&handle)
    }

    /// Removes a request (freed).
    pub(super) fn remove(&mut self, handle: i32) -> Option<UserRequest> {
        self.table.remove(&handle)
    }

    /// The calls that created the requests still active, in handle order (for the warning at
    /// `MPI_Finalize`).
    pub(super) fn active_origins(&self) -> Vec<Origin> {
        self.table
            .values()
            .filter(|r| r.active.is_some())
            .map(|r| r.origin)
            .collect()
    }

    /// Handles of requests that are active, in increasing order.
    pub(super) fn active_handles(&self) -> Vec<i32> {
        self.table
            .iter()
            .filter(|(_, r)| r.active.is_some())
            .map(|(h, _)| *h)
            .collect()
    }

    /// Finishes a completed entry: data and status into memory; a persistent request becomes
    /// inactive, a non-persistent one is removed and its handle variable at `handle_addr` set to
    /// `MPI_REQUEST_NULL`.
    pub(super) fn finish(
        &mut self,
        entry: Entry,
        handle_addr: Addr,
        status: Addr,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        let r = self
            .table
            .get_mut(&entry.handle)
            .ok_or(ErrorKind::Internal("a waited-for request vanished"))?;
        r.active = None;
        let persistent = r.persistent;
        let cancelled = std::mem::take(&mut r.cancelled);
        let transfer = r.transfer.clone();
        let companion = r.companion.take();
        if let Some(send) = companion {
            if ctx.is_complete(send)? {
                ctx.take(send)?;
            }
        }
        if !persistent {
            self.table.remove(&entry.handle);
            write_int(mem, handle_addr, MPI_REQUEST_NULL, "the request handle")?;
        }
        if cancelled {
            ctx.take_received(entry.req)?;
            write_status(mem, status, StatusFields::EMPTY)?;
            return set_status_cancelled(mem, status, true);
        }
        if companion.is_some() {
            // MPICH's `MPI_Isendrecv` request reports source 0, tag 0 and no data (measured).
            transfer.complete(entry.req, mem, ctx, 0)?;
            return write_status(mem, status, StatusFields::ISENDRECV);
        }
        transfer.complete(entry.req, mem, ctx, status)
    }
}
