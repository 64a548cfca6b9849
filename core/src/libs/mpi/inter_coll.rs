//! Collectives on an intercommunicator, built from the intracommunicator algorithms run on
//! views of its groups (same context, the intercommunicator's collective tags), as MPICH builds
//! its intercommunicator collectives from local ones:
//!
//! - `MPI_Barrier`: the dissemination barrier over both groups (no rank leaves before every rank
//!   of both groups entered).
//! - `MPI_Bcast`: the root (`MPI_ROOT`) sends to the remote group on a binomial tree over the
//!   root and that group; the root's other ranks (`MPI_PROC_NULL`) take no part.
//! - `MPI_Reduce`: the remote group reduces on a binomial tree to its rank 0, which sends the
//!   result to the root (`Reduce::to_outside`), as MPICH's `MPIR_Reduce_inter_local_reduce_remote_send`.
//! - `MPI_Allreduce`: each group reduces to its rank 0 (MPICH's
//!   `MPIR_Allreduce_inter_reduce_exchange_bcast`), the two rank 0s exchange their results,
//!   and each broadcasts the other group's result to its own group.

use super::collective::{Collective, Round, Running, Wait};
use super::comm::Comm;
use super::comm_ctx::CommCtx;
use super::derived::Shape;
use super::error::ErrorKind;
use super::group::Members;
use crate::engine::Rank;
use crate::lang::vm::memory::{Addr, Memory};

/// A collective run on a view of the communicator (a group, or the two leaders).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OnView {
    view: Comm,
    inner: Running,
}

impl OnView {
    /// `inner` on `view`.
    pub(super) fn new(view: Comm, inner: impl Collective) -> OnView {
        OnView {
            view,
            inner: Running::new(inner),
        }
    }
}

impl Collective for OnView {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let note = ctx.note();
        let cx = &mut CommCtx::new(ctx, &self.view).with_note(note);
        self.inner.step(mem, cx)
    }
}

/// The two ranks of a view exchange the elements at `buf`: each sends its data and receives the
/// other's in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Swap {
    tag: i32,
    buf: Addr,
    shape: Shape,
    round: Option<Round>,
}

impl Swap {
    /// An exchange of `shape`'s elements at `buf` with `tag`.
    pub(super) fn new(tag: i32, buf: Addr, shape: Shape) -> Swap {
        Swap {
            tag,
            buf,
            shape,
            round: None,
        }
    }
}

impl Collective for Swap {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let other = 1 - ctx.rank().min(1);
        let round = match &mut self.round {
            Some(round) => round,
            None => {
                let data = self.shape.read(mem, self.buf, "the receive buffer")?;
                let mut round = Round::default();
                round.recv(ctx, other, self.tag, self.shape.bytes())?;
                round.send(ctx, other, self.tag, data)?;
                self.round.insert(round)
            }
        };
        if let Some(wait) = round.waiting(ctx)? {
            return Ok(Some(wait.into()));
        }
        let data = round.finish(ctx)?.into_iter().next().unwrap_or_default();
        self.shape
            .write(mem, self.buf, &data, "the receive buffer")?;
        Ok(None)
    }
}

/// A view of `ranks` (world ranks, in order) of `comm` in which this rank is `rank`.
pub(super) fn view(comm: &Comm, ranks: Vec<Rank>, rank: Rank) -> Comm {
    Comm {
        handle: comm.handle,
        context: comm.context,
        members: Members::List(ranks.into()),
        rank,
        cart: None,
        remote: None,
    }
}

/// The local group of an intercommunicator as a view.
pub(super) fn local_view(comm: &Comm) -> Comm {
    view(comm, comm.members.ranks(), comm.rank)
}

/// The two leaders (rank 0 of each group) as a view, the low group's first.
pub(super) fn leaders_view(comm: &Comm) -> Comm {
    let local = comm.members.world(0).unwrap_or(0);
    let remote = comm.peers().world(0).unwrap_or(0);
    if comm.is_low_group() {
        view(comm, vec![local, remote], 0)
    } else {
        view(comm, vec![remote, local], 1)
    }
}
