//! One point-to-point transfer as a program described it — where the bytes come from or go to,
//! the peer and the tag on a communicator — checked once, then posted to the engine and
//! completed into memory. Peers are communicator ranks in the program and world ranks in the
//! engine: a transfer keeps the world rank and the communicator's context, and a receive keeps
//! the communicator's members to report its source as a communicator rank.
//!
//! Receives are posted to the engine with an unlimited capacity ([`ENGINE_CAPACITY`]) so that the
//! whole message arrives and the library can report truncation with both sizes itself
//! ("16 bytes arrived from rank 0 (MPI_Send at line 9) for a buffer of 4 bytes").
//!
//! A transfer knows the call that made it ([`Origin`]: the function and its source line) and its
//! datatype signature; a send attaches both to its message as a [`Note`](crate::proto::p2p::Note)
//! (no wire bytes, no time; see [`super::note`]), and the receive checks them when it completes:
//! a datatype mismatch names the sender's call and line.

use super::buffers::{write_status, StatusFields};
use super::comm::Comm;
use super::constants::{MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_PROC_NULL, MPI_TAG_UB};
use super::derived::Shape;
use super::error::{ErrorKind, RankRole};
use super::group::Members;
use super::note::{check_receive, sender_of, Origin, Said, Signature};
use crate::engine::{Rank, RankCtx, ReqId};
use crate::lang::vm::memory::{Addr, Memory};
use crate::proto::p2p::PointToPoint;
use crate::proto::p2p::{Context, Source, TagSel};

/// Capacity given to the engine for every receive: no message in a 32-bit address space is
/// longer, so the engine never truncates and the library sees the real size.
pub(super) const ENGINE_CAPACITY: u64 = u32::MAX as u64;

/// A checked point-to-point transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Transfer {
    /// Send the data of `shape` at `buf` (read when the transfer is posted).
    Send {
        /// Send buffer.
        buf: Addr,
        /// Its elements.
        shape: Shape,
        /// Destination (a world rank).
        dest: Rank,
        /// Tag (≥ 0).
        tag: i32,
        /// The communicator's context.
        context: Context,
        /// Synchronous (`MPI_Ssend`): complete only once matched.
        sync: bool,
        /// The call that made it.
        origin: Origin,
        /// Its data's signature.
        sig: Signature,
    },
    /// A send to or a receive from `MPI_PROC_NULL`: complete at once, nothing moves.
    Null {
        /// A receive (its status names `MPI_PROC_NULL` as the source).
        receive: bool,
    },
    /// A non-blocking collective's request (`MPI_Ibcast`, …): `MPI_Wait` and `MPI_Test`
    /// continue the collective; `done` once it completed.
    Collective(Box<super::pending::Nonblocking>, bool),
    /// Receive up to `shape.bytes()` bytes into `buf`.
    Recv {
        /// Receive buffer.
        buf: Addr,
        /// Its elements.
        shape: Shape,
        /// Accepted source (a world rank).
        source: Source,
        /// Accepted tag.
        tag: TagSel,
        /// The communicator's context.
        context: Context,
        /// The communicator's members (to report the source as a communicator rank).
        members: Members,
        /// The call that made it.
        origin: Origin,
        /// The signature it expects.
        sig: Signature,
    },
}

/// What a receive (or a probe) on `comm` from `source` with `tag` accepts (the source as a
/// world rank); `None` for `MPI_PROC_NULL`.
pub(super) fn selector(
    source: i64,
    tag: i64,
    comm: &Comm,
) -> Result<Option<(Source, TagSel)>, ErrorKind> {
    if source == i64::from(MPI_PROC_NULL) {
        return Ok(None);
    }
    let source = if source == i64::from(MPI_ANY_SOURCE) {
        Source::Any
    } else {
        Source::Rank(comm.peer_world(comm.check_peer(source, RankRole::Peer)?))
    };
    let tag = match i32::try_from(tag) {
        Ok(MPI_ANY_TAG) => TagSel::Any,
        Ok(t) if t >= 0 => TagSel::Tag(t),
        _ => return Err(ErrorKind::InvalidTag { tag, receive: true }),
    };
    Ok(Some((source, tag)))
}

/// The communicator rank of world rank `world` among `members`, as a status reports it.
pub(super) fn comm_rank(members: &Members, world: Rank) -> i32 {
    let rank = members.rank_of(world).unwrap_or(world);
    i32::try_from(rank).unwrap_or(i32::MAX)
}

impl Transfer {
    /// Checks the arguments of a send (`MPI_Send`, `MPI_Isend`, `MPI_Send_init`).
    pub(super) fn send(
        buf: Addr,
        shape: Shape,
        dest: i64,
        tag: i64,
        comm: &Comm,
    ) -> Result<Transfer, ErrorKind> {
        if dest == i64::from(MPI_PROC_NULL) {
            return Ok(Transfer::Null { receive: false });
        }
        let dest = comm.peer_world(comm.check_peer(dest, RankRole::Peer)?);
        let tag = match i32::try_from(tag) {
            Ok(t) if (0..=MPI_TAG_UB).contains(&t) => t,
            _ => {
                return Err(ErrorKind::InvalidTag {
                    tag,
                    receive: false,
                })
            }
        };
        Ok(Transfer::Send {
            buf,
            shape,
            dest,
            tag,
            context: comm.context,
            sync: false,
            origin: Origin::default(),
            sig: Signature::default(),
        })
    }

    /// The same transfer, made by the call `by` with the datatype signature `signature` (which
    /// its message carries, or its receive checks).
    pub(super) fn noted(mut self, by: Origin, signature: Signature) -> Transfer {
        match &mut self {
            Transfer::Send { origin, sig, .. } | Transfer::Recv { origin, sig, .. } => {
                *origin = by;
                *sig = signature;
            }
            Transfer::Null { .. } | Transfer::Collective(..) => {}
        }
        self
    }

    /// The same send, synchronous (`MPI_Ssend`, `MPI_Issend`): it completes only once a receive
    /// matched it.
    pub(super) fn synchronous(mut self) -> Transfer {
        if let Transfer::Send { sync, .. } = &mut self {
            *sync = true;
        }
        self
    }

    /// Bytes a send moves (0 for receives and `MPI_PROC_NULL`).
    pub(super) fn send_bytes(&self) -> u32 {
        match self {
            Transfer::Send { shape, .. } => shape.bytes(),
            _ => 0,
        }
    }

    /// Checks the arguments of a receive (`MPI_Recv`, `MPI_Irecv`, `MPI_Recv_init`).
    pub(super) fn recv(
        buf: Addr,
        shape: Shape,
        source: i64,
        tag: i64,
        comm: &Comm,
    ) -> Result<Transfer, ErrorKind> {
        let Some((source, tag)) = selector(source, tag, comm)? else {
            return Ok(Transfer::Null { receive: true });
        };
        Ok(Transfer::Recv {
            buf,
            shape,
            source,
            tag,
            context: comm.context,
            members: comm.peers().clone(),
            origin: Origin::default(),
            sig: Signature::default(),
        })
    }

    /// Starts the transfer in the engine: a send copies its buffer now (MPI's send semantics:
    /// the buffer may be reused once the send completes, and with eager sends the bytes are taken
    /// at once); a receive checks its buffer exists.
    pub(super) fn post(&self, mem: &Memory, ctx: &mut RankCtx<'_>) -> Result<ReqId, ErrorKind> {
        match self {
            Transfer::Send {
                buf,
                shape,
                dest,
                tag,
                context,
                sync,
                origin,
                sig,
            } => {
                let data = shape.read(mem, *buf, "the send buffer")?;
                let (dest, bytes, tag) = (i64::from(*dest), data.len() as u64, *tag);
                let note = Said {
                    origin: *origin,
                    sig: *sig,
                    root: None,
                    collective: false,
                }
                .note();
                Ok(ctx.isend_noted(*context, dest, tag, bytes, data, *sync, note)?)
            }
            Transfer::Recv {
                buf,
                shape,
                source,
                tag,
                context,
                ..
            } => {
                shape.check(mem, *buf, "the receive buffer")?;
                Ok(ctx.irecv_on(*context, *source, *tag, ENGINE_CAPACITY)?)
            }
            Transfer::Null { .. } | Transfer::Collective(..) => Ok(ctx.null_request()),
        }
    }

    /// Whether this is a persistent collective's request (`MPI_Bcast_init`, …).
    pub(super) fn is_persistent_collective(&self) -> bool {
        matches!(self, Transfer::Collective(nb, _) if nb.again.is_some())
    }

    /// Finishes the completed engine request `req`: a receive writes the delivered bytes into its
    /// buffer and fills the status at `status` (0 = ignore); a send writes an empty status. A
    /// message longer than the buffer fills the buffer, then fails with `MPI_ERR_TRUNCATE`.
    pub(super) fn complete(
        &self,
        req: ReqId,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
        status: Addr,
    ) -> Result<(), ErrorKind> {
        let done = ctx.take_received(req)?.ok_or(ErrorKind::Internal(
            "completing a request that is not complete",
        ))?;
        match self {
            Transfer::Send { .. }
            | Transfer::Null { receive: false }
            | Transfer::Collective(..) => write_status(mem, status, StatusFields::EMPTY),
            Transfer::Null { receive: true } => write_status(
                mem,
                status,
                StatusFields {
                    source: MPI_PROC_NULL,
                    tag: MPI_ANY_TAG,
                    bytes: 0,
                },
            ),
            Transfer::Recv {
                buf,
                shape,
                members,
                sig,
                ..
            } => {
                let capacity = shape.bytes();
                let st = done
                    .status
                    .ok_or(ErrorKind::Internal("a completed receive has no status"))?;
                let arrived = st.bytes.max(done.data.len() as u64);
                let keep = done.data.len().min(capacity as usize);
                shape.write(mem, *buf, &done.data[..keep], "the receive buffer")?;
                write_status(
                    mem,
                    status,
                    StatusFields {
                        source: comm_rank(members, st.source),
                        tag: st.tag,
                        bytes: arrived.min(u64::from(capacity)),
                    },
                )?;
                let from = comm_rank(members, st.source);
                check_receive(st.note, from, *sig)?;
                if arrived > u64::from(capacity) {
                    let capacity = u64::from(capacity);
                    return Err(match sender_of(st.note) {
                        Some(sender) => ErrorKind::TruncatedFrom {
                            arrived,
                            capacity,
                            from,
                            sender,
                        },
                        None => ErrorKind::Truncated { arrived, capacity },
                    });
                }
                Ok(())
            }
        }
    }
}
