//! A blocked MPI call: what it waits for and how it finishes once the engine resumes the rank.
//!
//! Each variant can be advanced any number of times: it returns the [`Step`] to block on while
//! something is outstanding, and `None` when the call is complete (buffers, statuses and handles
//! written). The library advances it once when the call starts (so a call whose messages are
//! already there returns without blocking) and again on each resume.

use super::buffers::{element, status_at, write_int, write_status, StatusFields};
use super::claimed::Claimed;
use super::collective::Running;
use super::comm::{Comm, Comms};
use super::comm_create::Create;
use super::comm_inter::IcCreate;
use super::error::ErrorKind;
use super::requests::{Entry, Requests};
use super::rma_sync::RmaSync;
use super::transfer::{comm_rank, Transfer, ENGINE_CAPACITY};
use super::window::Windows;
use crate::engine::{RankCtx, ReqId, Step};
use crate::lang::vm::memory::{Addr, Memory};
use crate::proto::p2p::{P2p, PointToPoint, Source, TagSel};
use crate::time::SimTime;

/// Floating-point operations' worth of time a failed `MPI_Test` costs (at least
/// [`MIN_POLL_TIME`]), so a program polling in a loop lets simulated time — and its messages —
/// advance.
pub const POLL_FLOPS: u64 = 100;
/// The least time a failed `MPI_Test` costs.
pub const MIN_POLL_TIME: SimTime = SimTime::from_ns(50);
/// The longest a blocked `MPI_Probe` waits between two looks at the queues.
pub const MAX_PROBE_WAIT: SimTime = SimTime::from_ns(1000);

/// A blocked call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pending {
    /// `MPI_Send` or `MPI_Recv`: one transfer with no handle.
    Transfer {
        /// The engine request.
        req: ReqId,
        /// The transfer.
        transfer: Transfer,
        /// Status address (0 = ignore).
        status: Addr,
    },
    /// `MPI_Sendrecv`, `MPI_Sendrecv_replace`: transfers with no handle, all to complete (each
    /// with its status address).
    Transfers(Vec<(ReqId, Transfer, Addr)>),
    /// `MPI_Buffer_detach`: the buffered sends still in flight must complete.
    Drain(Vec<ReqId>),
    /// These requests must complete, then the call returns `value` (ACP's `acp_complete`,
    /// `acp_sync`, a registration that waits for invalidations).
    Then {
        /// The requests.
        reqs: Vec<ReqId>,
        /// What the call returns (the word of its result type).
        value: i64,
    },
    /// `MPI_Wait`, `MPI_Waitall`: every entry must complete.
    All {
        /// The active handles.
        entries: Vec<Entry>,
        /// The handle array (for `MPI_Wait`: the handle's address).
        requests: Addr,
        /// The status array (for `MPI_Wait`: the status address; 0 = ignore).
        statuses: Addr,
    },
    /// `MPI_Waitany`: the first entry (lowest index) that completes.
    Any {
        /// The active handles.
        entries: Vec<Entry>,
        /// The handle array.
        requests: Addr,
        /// Where the index is written.
        index: Addr,
        /// Status address (0 = ignore).
        status: Addr,
    },
    /// `MPI_Waitsome`: at least one entry completes; every completed one is finished.
    Some {
        /// The active handles.
        entries: Vec<Entry>,
        /// The handle array.
        requests: Addr,
        /// Where the number completed is written.
        outcount: Addr,
        /// Where their indices are written.
        indices: Addr,
        /// The status array (0 = ignore).
        statuses: Addr,
    },
    /// `MPI_Probe`: poll until a matching message waits (each look costs the polling time,
    /// doubling up to [`MAX_PROBE_WAIT`]).
    Probe {
        /// The communicator.
        comm: Comm,
        /// Accepted source.
        source: Source,
        /// Accepted tag.
        tag: TagSel,
        /// Status address (0 = ignore).
        status: Addr,
        /// The time the last look waited.
        wait: SimTime,
        /// The last failed look yielded the processor (so handlers could run, on machines with
        /// atomic blocks); the next one computes.
        yielded: bool,
        /// `MPI_Mprobe`: where the handle of the message it claims goes.
        claim: Option<Addr>,
    },
    /// A failed `MPI_Test`/`Testall`/`Testany`/`Testsome`/`Iprobe`/`Request_get_status`: spend
    /// the polling time, then yield
    /// the processor (a block boundary, so handlers waiting for it run on machines with atomic
    /// blocks and a polling loop makes progress everywhere), then return.
    PollYield {
        /// Steps taken (0: none, 1: computed, 2: yielded).
        stage: u8,
    },
    /// A failed `pvm_nrecv`: spend the polling time, then return (also the finished state a
    /// replaced operation leaves behind).
    Poll {
        /// The time was spent.
        polled: bool,
    },
    /// A collective on a communicator.
    Collective(Comm, Running),
    /// A non-blocking collective's start (`MPI_Ibcast`, …): it runs until it waits for
    /// messages, then the call returns its request (handle to `request`).
    Started(Box<Nonblocking>, Addr),
    /// A non-blocking collective continued by a wait until it completes (then the wait's call
    /// runs again, on the requests left), or by `MPI_Test` until it completes or would wait
    /// for messages again.
    Resumed(Box<Nonblocking>, Then),
    /// The creation of a communicator (collective on its parent).
    Create(Box<Create>),
    /// `MPI_Intercomm_create` (collective on the local communicators, and the leaders').
    Intercomm(Box<IcCreate>),
    /// A one-sided synchronization call (window creation, fence, free, lock, unlock, flush).
    Rma(RmaSync),
    /// Attribute callbacks of the program to run (`attrs`), with operations before and after.
    Attrs(Box<super::attrs::AttrWork>),
}

/// A non-blocking collective in progress: its communicator, its algorithm and the note its
/// messages carry (its call's, checked against the other ranks').
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Nonblocking {
    /// The communicator.
    pub comm: Comm,
    /// The algorithm, where it stands.
    pub running: Running,
    /// What its messages carry.
    pub note: crate::proto::p2p::Note,
    /// A persistent collective's (`MPI_Bcast_init`, …): what each `MPI_Start` runs again.
    pub again: Option<Box<Again>>,
}

/// A persistent collective request's recipe: its handle, and the blocking collective and
/// argument words each `MPI_Start` runs as a non-blocking one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Again {
    /// The request's handle.
    pub handle: i32,
    /// The blocking collective (`MPI_Bcast` for `MPI_Bcast_init`).
    pub name: &'static str,
    /// Its argument words.
    pub words: Vec<i64>,
    /// The first of the collective sequence numbers its `_init` reserved on its communicator
    /// ([`SEQS_PER_PERSISTENT`]): every start uses them, so requests match in the order of
    /// their `_init` calls whatever the order of the starts, as in MPICH.
    pub seq: u32,
}

/// Sequence numbers a persistent collective reserves: the most any collective takes (an
/// intercommunicator's `MPI_Allgather` or `MPI_Reduce_scatter` takes 3).
pub(crate) const SEQS_PER_PERSISTENT: u32 = 4;

/// What follows a non-blocking collective's progress inside a completion call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// `MPI_Test`: return with the flag.
    Test(Tested),
    /// A wait (`MPI_Wait`, `Waitall`, `Waitany`, `Waitsome`): once the collective completed, its
    /// request goes back, done, and the call `name` runs again with its argument words.
    Redo {
        /// The request's handle.
        handle: i32,
        /// Its engine request (a completed placeholder).
        req: ReqId,
        /// The wait's function.
        name: &'static str,
        /// Its argument words.
        words: Vec<i64>,
    },
}

/// An `MPI_Test` of a non-blocking collective: the request's handle, its variable, the flag
/// and the status.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tested {
    /// The request's handle.
    pub handle: i32,
    /// Its engine request (a completed placeholder, taken once the collective completes).
    pub req: ReqId,
    /// The handle variable (set to `MPI_REQUEST_NULL` once complete).
    pub handle_addr: Addr,
    /// The flag.
    pub flag: Addr,
    /// The status (0 = ignore).
    pub status: Addr,
}

impl Pending {
    /// What the call returns once the operation is complete: `MPI_SUCCESS`, or a
    /// [`Pending::Then`]'s value.
    pub(super) fn value(&self) -> super::state::Value {
        match self {
            Pending::Then { value, .. } => super::state::Value::Word(*value),
            _ => super::state::Value::Int(super::constants::MPI_SUCCESS),
        }
    }

    /// Advances the call; `None` once it is complete.
    pub(super) fn step(
        &mut self,
        requests: &mut Requests,
        windows: &mut Option<Box<Windows>>,
        comms: &mut Option<Box<Comms>>,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        match self {
            Pending::Transfer {
                req,
                transfer,
                status,
            } => {
                if !ctx.is_complete(*req)? {
                    return Ok(Some(Step::Wait(*req)));
                }
                transfer.complete(*req, mem, ctx, *status)?;
                Ok(None)
            }
            Pending::Transfers(transfers) => {
                let open = open_of(ctx, transfers.iter().map(|t| t.0))?;
                if let Some(step) = open {
                    return Ok(Some(step));
                }
                for (req, transfer, status) in std::mem::take(transfers) {
                    transfer.complete(req, mem, ctx, status)?;
                }
                Ok(None)
            }
            Pending::Drain(reqs) | Pending::Then { reqs, .. } => {
                if let Some(step) = open_of(ctx, reqs.iter().copied())? {
                    return Ok(Some(step));
                }
                for req in std::mem::take(reqs) {
                    ctx.take(req)?;
                }
                Ok(None)
            }
            Pending::All {
                entries,
                requests: handles,
                statuses,
            } => {
                let mut open = Vec::new();
                for e in entries.iter() {
                    if !ctx.is_complete(e.req)? {
                        open.push(e.req);
                    }
                }
                if !open.is_empty() {
                    return Ok(Some(if open.len() == 1 {
                        Step::Wait(open[0])
                    } else {
                        Step::WaitAll(open)
                    }));
                }
                for e in std::mem::take(entries) {
                    let handle_addr =
                        element(mem, *handles, i64::from(e.index), 4, "the request array")?;
                    let status = status_at(mem, *statuses, e.index)?;
                    requests.finish(e, handle_addr, status, mem, ctx)?;
                }
                Ok(None)
            }
            Pending::Any {
                entries,
                requests: handles,
                index,
                status,
            } => {
                let mut first = None;
                for e in entries.iter() {
                    if ctx.is_complete(e.req)? {
                        first = Some(*e);
                        break;
                    }
                }
                let Some(e) = first else {
                    return Ok(Some(Step::WaitAny(entries.iter().map(|e| e.req).collect())));
                };
                let handle_addr =
                    element(mem, *handles, i64::from(e.index), 4, "the request array")?;
                requests.finish(e, handle_addr, *status, mem, ctx)?;
                let i = i32::try_from(e.index).unwrap_or(i32::MAX);
                mem.write_i32(*index, i)
                    .map_err(|error| ErrorKind::Memory {
                        what: "the index",
                        error,
                    })?;
                Ok(None)
            }
            Pending::Some {
                entries,
                requests: handles,
                outcount,
                indices,
                statuses,
            } => {
                let done = finish_completed(requests, entries, *handles, *statuses, mem, ctx)?;
                if done.is_empty() {
                    return Ok(Some(Step::WaitAny(entries.iter().map(|e| e.req).collect())));
                }
                write_indices(mem, &done, *outcount, *indices)?;
                Ok(None)
            }
            Pending::Probe {
                comm,
                source,
                tag,
                status,
                wait,
                yielded,
                claim: out,
            } => {
                if let Some(out) = *out {
                    if let Some((found, handle)) = claim(requests, ctx, comm, *source, *tag)? {
                        write_status(mem, *status, found)?;
                        write_int(mem, out, handle, "the message handle")?;
                        return Ok(None);
                    }
                } else if let Some(found) = probe(ctx, comm, *source, *tag) {
                    write_status(mem, *status, found)?;
                    return Ok(None);
                }
                *yielded = !*yielded;
                if *yielded {
                    return Ok(Some(Step::Yield));
                }
                *wait = if *wait == SimTime::ZERO {
                    ctx.flops_time(POLL_FLOPS).max(MIN_POLL_TIME)
                } else {
                    wait.saturating_add(*wait).min(MAX_PROBE_WAIT)
                };
                Ok(Some(Step::Compute(*wait)))
            }
            Pending::PollYield { stage } => {
                *stage += 1;
                Ok(match *stage {
                    1 => Some(Step::Compute(ctx.flops_time(POLL_FLOPS).max(MIN_POLL_TIME))),
                    2 => Some(Step::Yield),
                    _ => None,
                })
            }
            Pending::Poll { polled } => {
                if *polled {
                    return Ok(None);
                }
                *polled = true;
                Ok(Some(Step::Compute(
                    ctx.flops_time(POLL_FLOPS).max(MIN_POLL_TIME),
                )))
            }
            // `MpiState::drive` advances collectives itself (they may ask for a user function).
            Pending::Collective(..) | Pending::Started(..) | Pending::Resumed(..) => {
                Err(ErrorKind::Internal("a collective advanced as a step"))
            }
            Pending::Create(create) => {
                create.step(comms.get_or_insert_with(Box::default), mem, ctx)
            }
            Pending::Intercomm(create) => {
                create.step(comms.get_or_insert_with(Box::default), mem, ctx)
            }
            Pending::Rma(sync) => sync.step(windows.get_or_insert_with(Box::default), mem, ctx),
            Pending::Attrs(_) => Err(ErrorKind::Internal(
                "attribute callbacks advanced as a step",
            )),
        }
    }
}

/// What a receive on `comm` from `source` with `tag` would match now, as a status.
pub(super) fn probe(
    ctx: &RankCtx<'_>,
    comm: &Comm,
    source: Source,
    tag: TagSel,
) -> Option<StatusFields> {
    let found = ctx
        .layer::<P2p>()?
        .probe(ctx.rank(), comm.context, source, tag)?;
    Some(StatusFields {
        source: comm_rank(comm.peers(), found.source),
        tag: found.tag,
        bytes: found.bytes,
    })
}

/// `MPI_Mprobe`/`MPI_Improbe`: the first message a receive on `comm` from `source` with `tag`
/// would match now, claimed for `MPI_Mrecv` (see [`super::claimed`]): its status and the new
/// message handle.
pub(super) fn claim(
    requests: &mut Requests,
    ctx: &mut RankCtx<'_>,
    comm: &Comm,
    source: Source,
    tag: TagSel,
) -> Result<Option<(StatusFields, i32)>, ErrorKind> {
    let rank = ctx.rank();
    let Some(found) = ctx
        .layer::<P2p>()
        .and_then(|p| p.probe(rank, comm.context, source, tag))
    else {
        return Ok(None);
    };
    let exact = (Source::Rank(found.source), TagSel::Tag(found.tag));
    let req = ctx.irecv_on(comm.context, exact.0, exact.1, ENGINE_CAPACITY)?;
    let handle = requests.messages().insert(Claimed {
        req,
        source: found.source,
        tag: found.tag,
        context: comm.context,
        members: comm.members.clone(),
    })?;
    let status = StatusFields {
        source: comm_rank(&comm.members, found.source),
        tag: found.tag,
        bytes: found.bytes,
    };
    Ok(Some((status, handle)))
}

/// Finishes every completed entry (removing it from `entries`); their indices, in order.
pub(super) fn finish_completed(
    requests: &mut Requests,
    entries: &mut Vec<Entry>,
    handles: Addr,
    statuses: Addr,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Vec<u32>, ErrorKind> {
    let mut done = Vec::new();
    let mut open = Vec::with_capacity(entries.len());
    for e in std::mem::take(entries) {
        if ctx.is_complete(e.req)? {
            done.push(e);
        } else {
            open.push(e);
        }
    }
    *entries = open;
    let mut indices = Vec::with_capacity(done.len());
    for (k, e) in done.into_iter().enumerate() {
        let handle_addr = element(mem, handles, i64::from(e.index), 4, "the request array")?;
        let status = status_at(mem, statuses, u32::try_from(k).unwrap_or(u32::MAX))?;
        requests.finish(e, handle_addr, status, mem, ctx)?;
        indices.push(e.index);
    }
    Ok(indices)
}

/// Writes `MPI_Testsome`/`MPI_Waitsome`'s results: how many, and which.
pub(super) fn write_indices(
    mem: &mut Memory,
    done: &[u32],
    outcount: Addr,
    indices: Addr,
) -> Result<(), ErrorKind> {
    let n = i32::try_from(done.len()).unwrap_or(i32::MAX);
    write_int(mem, outcount, n, "the count variable")?;
    for (k, index) in done.iter().enumerate() {
        let at = element(mem, indices, k as i64, 4, "the index array")?;
        write_int(
            mem,
            at,
            i32::try_from(*index).unwrap_or(i32::MAX),
            "the index array",
        )?;
    }
    Ok(())
}

/// The step that waits for the requests among `reqs` that are not complete, if any.
fn open_of(
    ctx: &RankCtx<'_>,
    reqs: impl Iterator<Item = ReqId>,
) -> Result<Option<Step>, ErrorKind> {
    let mut open = Vec::new();
    for req in reqs {
        if !ctx.is_complete(req)? {
            open.push(req);
        }
    }
    Ok(match open.len() {
        0 => None,
        1 => Some(Step::Wait(open[0])),
        _ => Some(Step::WaitAll(open)),
    })
}

/// Writes the empty status of a null or inactive request.
pub(super) fn empty_status(mem: &mut Memory, status: Addr) -> Result<(), ErrorKind> {
    write_status(mem, status, StatusFields::EMPTY)
}
