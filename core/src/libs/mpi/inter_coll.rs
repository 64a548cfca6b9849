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

/// An intercommunicator's all-to-all (`MPI_Alltoall`, `_v`, `_w`) by pairwise exchange, as
/// MPICH's `MPIR_Alltoall(v,w)_inter_pairwise_exchange`: with `m` the larger group's size, step
/// `i` (of `m`) receives from remote rank `(rank − i) mod m` and sends to remote rank
/// `(rank + i) mod m`, either skipped when that rank does not exist; one step at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pairwise {
    tag: i32,
    /// The remote group as a view (point-to-point ranks are remote ranks).
    remote: Comm,
    /// This rank's rank in its own group.
    rank: u32,
    /// The larger group's size.
    steps: u32,
    /// The block for each remote rank (taken when sent).
    sends: Vec<Vec<u8>>,
    /// Where each remote rank's block goes.
    recvs: Vec<(Addr, Shape)>,
    next: u32,
    /// The current step's messages and the rank received from.
    round: Option<(Round, Option<u32>)>,
}

impl Pairwise {
    /// The exchange on intercommunicator `comm`: `sends[i]` to remote rank `i`, remote rank
    /// `i`'s block into `recvs[i]`.
    pub(super) fn new(
        tag: i32,
        comm: &Comm,
        sends: Vec<Vec<u8>>,
        recvs: Vec<(Addr, Shape)>,
    ) -> Pairwise {
        let remote = view(comm, comm.peers().ranks(), 0);
        let steps = comm.size().max(remote.size());
        Pairwise {
            tag,
            remote,
            rank: comm.rank,
            steps,
            sends,
            recvs,
            next: 0,
            round: None,
        }
    }
}

impl Collective for Pairwise {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let note = ctx.note();
        let cx = &mut CommCtx::new(ctx, &self.remote).with_note(note);
        let (m, size) = (self.steps, self.remote.size());
        loop {
            match &mut self.round {
                None => {
                    if self.next >= m {
                        return Ok(None);
                    }
                    let i = self.next;
                    let src = (self.rank + m - i) % m;
                    let dst = (self.rank + i) % m;
                    let mut round = Round::default();
                    let mut from = None;
                    if src < size {
                        let capacity = self.recvs.get(src as usize).map_or(0, |r| r.1.bytes());
                        round.recv(cx, src, self.tag, capacity)?;
                        from = Some(src);
                    }
                    if dst < size {
                        let data = self
                            .sends
                            .get_mut(dst as usize)
                            .map(std::mem::take)
                            .unwrap_or_default();
                        round.send(cx, dst, self.tag, data)?;
                    }
                    self.round = Some((round, from));
                }
                Some((round, from)) => {
                    if let Some(wait) = round.waiting(cx)? {
                        return Ok(Some(wait.into()));
                    }
                    let data = round.finish(cx)?;
                    if let (Some(src), Some(data)) = (*from, data.into_iter().next()) {
                        if let Some((addr, shape)) = self.recvs.get(src as usize) {
                            shape.write(mem, *addr, &data, "the receive buffer")?;
                        }
                    }
                    self.round = None;
                    self.next += 1;
                }
            }
        }
    }
}

/// Where an intercommunicator's reduce-scatter is on one rank.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RsPhase {
    /// Rank 0 receives the other group's reduced result.
    Receive,
    /// This group reduces onto the other group's rank 0.
    Send,
    /// Rank 0 scatters the result in its group.
    Scatter,
}

/// An intercommunicator's `MPI_Reduce_scatter(_block)`, as MPICH's
/// `MPIR_Reduce_scatter_inter_remote_reduce_local_scatter`: the high group reduces its `total`
/// elements onto the low group's rank 0, then the low group onto the high group's rank 0 (the
/// low group receives first), then each rank 0 scatters the result in its own group in rank
/// order (block `i` to rank `i`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InterReduceScatter {
    /// Tag of the reduction onto the low group, onto the high group, of the scatter.
    tags: [i32; 3],
    low: bool,
    /// The other group's rank 0 and this rank as a view (`[remote 0, me]`), for rank 0.
    from_remote: Comm,
    /// This group, as a view.
    local: Comm,
    /// This group's reduction onto the other group's rank 0.
    send: OnView,
    /// The phases left, in order.
    phases: Vec<RsPhase>,
    /// Bytes of the whole result.
    total: u32,
    /// Each rank's block of the result (offset, bytes).
    blocks: Vec<(u32, u32)>,
    recvbuf: Addr,
    /// This rank's block's shape.
    shape: Shape,
    /// Rank 0: the result, once received.
    result: Vec<u8>,
    round: Option<Round>,
}

impl InterReduceScatter {
    /// The reduce-scatter on intercommunicator `comm`: `reduce` is this group's reduction of
    /// `total` bytes over `local`'s ranks plus the other group's rank 0 (`Reduce::to_outside`);
    /// rank `i` of this group gets `blocks[i]` of the other group's result into `recvbuf`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tags: [i32; 3],
        comm: &Comm,
        reduce: OnView,
        total: u32,
        blocks: Vec<(u32, u32)>,
        recvbuf: Addr,
        shape: Shape,
    ) -> InterReduceScatter {
        let low = comm.is_low_group();
        let me = comm.members.world(comm.rank).unwrap_or(0);
        let leader = comm.rank == 0;
        let mut phases = Vec::new();
        if low && leader {
            phases.push(RsPhase::Receive);
        }
        phases.push(RsPhase::Send);
        if !low && leader {
            phases.push(RsPhase::Receive);
        }
        phases.push(RsPhase::Scatter);
        InterReduceScatter {
            tags,
            low,
            from_remote: view(comm, vec![comm.peer_world(0), me], 1),
            local: local_view(comm),
            send: reduce,
            phases,
            total,
            blocks,
            recvbuf,
            shape,
            result: Vec::new(),
            round: None,
        }
    }
}

impl Collective for InterReduceScatter {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let note = ctx.note();
        while let Some(phase) = self.phases.first().cloned() {
            match phase {
                RsPhase::Send => {
                    if let Some(wait) = self.send.advance(mem, ctx)? {
                        return Ok(Some(wait));
                    }
                }
                RsPhase::Receive => {
                    let cx = &mut CommCtx::new(ctx, &self.from_remote).with_note(note);
                    let tag = self.tags[usize::from(!self.low)];
                    let round = match &mut self.round {
                        Some(round) => round,
                        None => {
                            let mut round = Round::default();
                            round.recv(cx, 0, tag, self.total)?;
                            self.round.insert(round)
                        }
                    };
                    if let Some(wait) = round.waiting(cx)? {
                        return Ok(Some(wait.into()));
                    }
                    self.result = round.finish(cx)?.into_iter().next().unwrap_or_default();
                    self.round = None;
                }
                RsPhase::Scatter => {
                    let cx = &mut CommCtx::new(ctx, &self.local).with_note(note);
                    let leader = cx.rank() == 0;
                    let round = match &mut self.round {
                        Some(round) => round,
                        None => {
                            let mut round = Round::default();
                            if leader {
                                for (i, &(at, len)) in self.blocks.iter().enumerate().skip(1) {
                                    let block = slice(&self.result, at, len);
                                    round.send(cx, i as u32, self.tags[2], block)?;
                                }
                            } else {
                                round.recv(cx, 0, self.tags[2], self.shape.bytes())?;
                            }
                            self.round.insert(round)
                        }
                    };
                    if let Some(wait) = round.waiting(cx)? {
                        return Ok(Some(wait.into()));
                    }
                    let received = round.finish(cx)?;
                    self.round = None;
                    let mine = if leader {
                        let (at, len) = self.blocks.first().copied().unwrap_or((0, 0));
                        slice(&self.result, at, len)
                    } else {
                        received.into_iter().next().unwrap_or_default()
                    };
                    self.shape
                        .write(mem, self.recvbuf, &mine, "the receive buffer")?;
                }
            }
            self.phases.remove(0);
        }
        Ok(None)
    }
}

/// `len` bytes of `data` from `at` (fewer if it is shorter).
fn slice(data: &[u8], at: u32, len: u32) -> Vec<u8> {
    let start = (at as usize).min(data.len());
    let end = start.saturating_add(len as usize).min(data.len());
    data[start..end].to_vec()
}
