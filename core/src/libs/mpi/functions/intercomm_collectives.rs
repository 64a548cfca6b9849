//! Collectives on intercommunicators beyond `MPI_Barrier`, `MPI_Bcast`, `MPI_Reduce` and
//! `MPI_Allreduce` (those are in `collectives`): `MPI_Gather(v)`, `MPI_Scatter(v)`,
//! `MPI_Allgather(v)`, `MPI_Alltoall(v,w)` and `MPI_Reduce_scatter(_block)`, with MPI's
//! intercommunicator rules — the root passes `MPI_ROOT`, the other ranks of its group
//! `MPI_PROC_NULL` (they take no part), the remote group the root's rank; data flows between
//! the groups, never within one. Each `collectives` entry calls these when its communicator is
//! an intercommunicator; the non-blocking forms run them too. The algorithms are MPICH's
//! intercommunicator ones, run over views of the groups (`inter_coll`) with real point-to-point
//! messages:
//!
//! - gathers and scatters: linear at the root (`MPIR_Gather_inter_linear`,
//!   `MPIR_Gatherv_allcomm_linear`, `MPIR_Scatter_inter_linear`, `MPIR_Scatterv_allcomm_linear`);
//! - all-gathers: each group's rank 0 gathers the other group's blocks, the low group's first,
//!   then broadcasts them in its group (`MPIR_Allgatherv_inter_remote_gather_local_bcast`);
//! - all-to-alls: pairwise exchange (`MPIR_Alltoall(v,w)_inter_pairwise_exchange`);
//! - reduce-scatters: each group reduces onto the other's rank 0, which scatters in its group
//!   (`MPIR_Reduce_scatter(_block)_inter_remote_reduce_local_scatter`).

use std::rc::Rc;

use crate::engine::RankCtx;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Started};
use crate::libs::mpi::bcast::Bcast;
use crate::libs::mpi::buffers::read_ints;
use crate::libs::mpi::collective::{Chain, Collective, Kind, Running};
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_ctx::CommCtx;
use crate::libs::mpi::constants::{MPI_PROC_NULL, MPI_ROOT};
use crate::libs::mpi::derived::{Shape, TypeMap, Types};
use crate::libs::mpi::error::{ErrorKind, RankRole};
use crate::libs::mpi::gather::{displaced, Blocks, Gather, Scatter, Side};
use crate::libs::mpi::inter_coll::{self, InterReduceScatter, OnView, Pairwise};
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::reduce::Reduce;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::user_op::Combiner;

/// `c` started on `view` (a view of the intercommunicator's groups).
fn start(view: Comm, c: impl Collective) -> Result<Started, ErrorKind> {
    Ok(Started::Wait(Pending::Collective(view, Running::new(c))))
}

/// This rank's world rank.
fn world(comm: &Comm) -> u32 {
    comm.members.world(comm.rank).unwrap_or(0)
}

/// The root's view `[root, remote group…]` (the root is its rank 0).
fn root_view(comm: &Comm) -> Comm {
    let ranks = std::iter::once(world(comm)).chain(comm.peers().ranks());
    inter_coll::view(comm, ranks.collect(), 0)
}

/// The view `[remote rank r, local group…]` of a rank of the group facing the root `r`.
fn facing_view(comm: &Comm, r: u32) -> Comm {
    let ranks = std::iter::once(comm.peer_world(r)).chain(comm.members.ranks());
    inter_coll::view(comm, ranks.collect(), 1 + comm.rank)
}

/// `MPI_Gather(v)` on an intercommunicator: the root receives block `i` from remote rank `i`.
pub(super) fn gather(
    s: &mut MpiState,
    comm: Comm,
    (send, recv, root): (Side, Blocks, i64),
    mem: &Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let t = s.next_tag(&comm, Kind::Gather);
    if root == i64::from(MPI_PROC_NULL) {
        return done();
    }
    if root == i64::from(MPI_ROOT) {
        let remote = comm.peers().size();
        let gather = Gather::outside_root(t, recv, remote, mem, s.types())?;
        return start(root_view(&comm), gather);
    }
    let r = comm.check_peer(root, RankRole::Root)?;
    let view = facing_view(&comm, r);
    let gather = Gather::new(t, 0, send, recv, mem, s.types(), &CommCtx::new(ctx, &view))?;
    start(view, gather)
}

/// `MPI_Scatter(v)` on an intercommunicator: the root sends block `i` to remote rank `i`.
pub(super) fn scatter(
    s: &mut MpiState,
    comm: Comm,
    (send, recv, root): (Blocks, Side, i64),
    mem: &Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let t = s.next_tag(&comm, Kind::Scatter);
    if root == i64::from(MPI_PROC_NULL) {
        return done();
    }
    if root == i64::from(MPI_ROOT) {
        let remote = comm.peers().size();
        let scatter = Scatter::outside_root(t, send, remote, mem, s.types())?;
        return start(root_view(&comm), scatter);
    }
    let r = comm.check_peer(root, RankRole::Root)?;
    let view = facing_view(&comm, r);
    let scatter = Scatter::new(t, 0, send, recv, mem, s.types(), &CommCtx::new(ctx, &view))?;
    start(view, scatter)
}

/// `MPI_Allgather(v)` on an intercommunicator: rank 0 of each group gathers the other group's
/// blocks (the low group's rank 0 first), then broadcasts them in its group.
pub(super) fn allgather(
    s: &mut MpiState,
    comm: Comm,
    (send, recv): (Side, Blocks),
    mem: &Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let into_low = s.next_tag(&comm, Kind::Gather);
    let into_high = s.next_tag(&comm, Kind::Gather);
    let bcast_tag = s.next_tag(&comm, Kind::Bcast);
    let low = comm.is_low_group();
    let (into_me, into_them) = if low {
        (into_low, into_high)
    } else {
        (into_high, into_low)
    };
    let remote = comm.peers().size();
    let whole = whole_shape(recv, remote, mem, s.types())?;
    let (recvbuf, _) = recv_base(recv);
    whole.check(mem, recvbuf, "the receive buffer")?;
    let receive = if comm.rank == 0 {
        let gather = Gather::outside_root(into_me, recv, remote, mem, s.types())?;
        Some(Running::new(OnView::new(root_view(&comm), gather)))
    } else {
        None
    };
    let view = facing_view(&comm, 0);
    let cctx = CommCtx::new(ctx, &view);
    let gather = Gather::new(into_them, 0, send, recv, mem, s.types(), &cctx)?;
    let give = Running::new(OnView::new(view, gather));
    let mut steps = Vec::new();
    if low {
        steps.extend(receive);
        steps.push(give);
    } else {
        steps.push(give);
        steps.extend(receive);
    }
    let local = inter_coll::local_view(&comm);
    let bcast = Bcast::shaped(bcast_tag, 0, recvbuf, whole);
    steps.push(Running::new(OnView::new(local.clone(), bcast)));
    start(local, Chain(steps))
}

/// The receive buffer's address and datatype.
fn recv_base(recv: Blocks) -> (Addr, i64) {
    match recv {
        Blocks::Uniform(side) => (side.addr, side.dtype),
        Blocks::Varying { addr, dtype, .. } => (addr, dtype),
    }
}

/// Every one of `remote` blocks of `recv` as one buffer (MPICH broadcasts an indexed datatype).
fn whole_shape(
    recv: Blocks,
    remote: u32,
    mem: &Memory,
    types: &mut Types,
) -> Result<Shape, ErrorKind> {
    match recv {
        Blocks::Uniform(side) => {
            let total = side.count.saturating_mul(i64::from(remote));
            types.shape(side.dtype, total, "recvcount")
        }
        Blocks::Varying {
            counts,
            displs,
            dtype,
            ..
        } => {
            let counts = read_ints(mem, counts, remote, "the recvcounts array")?;
            let displs = read_ints(mem, displs, remote, "the displs array")?;
            let old = types.map(dtype)?;
            let bytes: Vec<i64> = displs
                .iter()
                .map(|d| d.saturating_mul(old.extent()))
                .collect();
            let map = TypeMap::blocks(&counts, &bytes, &[&old], false);
            Ok(Shape::Mapped {
                map: Rc::new(map),
                count: 1,
            })
        }
    }
}

/// One side of an all-to-all: the blocks for `n` ranks of `buf`, block `i` being `counts[i]`
/// elements of `dtypes[i]` at `displs[i]` bytes from `buf`.
pub(super) struct Sides<'a> {
    /// The buffer.
    pub buf: Addr,
    /// Elements per block.
    pub counts: &'a [i64],
    /// Byte displacements.
    pub displs: &'a [i64],
    /// Datatype handles.
    pub dtypes: &'a [i64],
}

impl Sides<'_> {
    /// Each block's address and shape, checked to lie in memory.
    pub(super) fn blocks(
        &self,
        mem: &Memory,
        types: &mut Types,
        what: &'static str,
        count: &'static str,
    ) -> Result<Vec<(Addr, Shape)>, ErrorKind> {
        let mut out = Vec::with_capacity(self.counts.len());
        for (i, ((n, d), t)) in self
            .counts
            .iter()
            .zip(self.displs)
            .zip(self.dtypes)
            .enumerate()
        {
            let shape = types.shape(*t, *n, &format!("{count}[{i}]"))?;
            let at = displaced(mem, self.buf, *d, 1, what)?;
            shape.check(mem, at, what)?;
            out.push((at, shape));
        }
        Ok(out)
    }
}

/// Counts, byte displacements and datatype handles of the blocks of one side of an all-to-all.
pub(super) type Arrays = (Vec<i64>, Vec<i64>, Vec<i64>);

/// Uniform blocks of `count` elements of `dtype` for `n` ranks, as [`Sides`]' arrays (byte
/// displacements).
pub(super) fn uniform(
    types: &mut Types,
    count: i64,
    dtype: i64,
    n: u32,
) -> Result<Arrays, ErrorKind> {
    let extent = types.map(dtype)?.extent();
    let counts = vec![count; n as usize];
    let displs = (0..i64::from(n))
        .map(|i| i.saturating_mul(count).saturating_mul(extent))
        .collect();
    Ok((counts, displs, vec![dtype; n as usize]))
}

/// Per-rank counts and element displacements (`MPI_Alltoallv`) as [`Sides`]' arrays.
pub(super) fn varying(
    types: &mut Types,
    mem: &Memory,
    (counts, displs, dtype): (Addr, Addr, i64),
    n: u32,
    names: (&'static str, &'static str),
) -> Result<Arrays, ErrorKind> {
    let extent = types.map(dtype)?.extent();
    let counts = read_ints(mem, counts, n, names.0)?;
    let displs = read_ints(mem, displs, n, names.1)?
        .into_iter()
        .map(|d| d.saturating_mul(extent))
        .collect();
    Ok((counts, displs, vec![dtype; n as usize]))
}

/// `MPI_Alltoall(v,w)` on an intercommunicator: block `i` of each side belongs to remote rank
/// `i`; pairwise exchange.
pub(super) fn alltoall(
    s: &mut MpiState,
    comm: Comm,
    send: Sides<'_>,
    recv: Sides<'_>,
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    let t = s.next_tag(&comm, Kind::Alltoallv);
    let mut sends = Vec::new();
    for (at, shape) in send.blocks(mem, s.types(), "the send buffer", "sendcounts")? {
        sends.push(shape.read(mem, at, "the send buffer")?);
    }
    let recvs = recv.blocks(mem, s.types(), "the receive buffer", "recvcounts")?;
    let pairwise = Pairwise::new(t, &comm, sends, recvs);
    start(inter_coll::local_view(&comm), pairwise)
}

/// `MPI_Reduce_scatter(_block)` on an intercommunicator: rank `i` of this group gets
/// `counts[i]` elements of the other group's reduction of `Σ counts` elements.
pub(super) fn reduce_scatter(
    s: &mut MpiState,
    comm: Comm,
    (sendbuf, recvbuf): (Addr, Addr),
    counts: &[i64],
    (dtype, op): (i64, i64),
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    let tags = [
        s.next_tag(&comm, Kind::ReduceScatter),
        s.next_tag(&comm, Kind::ReduceScatter),
        s.next_tag(&comm, Kind::ReduceScatter),
    ];
    let combiner = Combiner::new(s.op(op)?, dtype, s.types())?;
    let total = counts.iter().fold(0i64, |a, c| a.saturating_add(*c));
    let whole = s.types().shape(dtype, total, "recvcounts")?;
    let size = u32::try_from(s.types().map(dtype)?.size()).unwrap_or(u32::MAX);
    let mut blocks = Vec::with_capacity(counts.len());
    let mut at = 0u32;
    for c in counts {
        let len = u32::try_from(*c).unwrap_or(0).saturating_mul(size);
        blocks.push((at, len));
        at = at.saturating_add(len);
    }
    let mine = counts.get(comm.rank as usize).copied().unwrap_or(0);
    let shape = s.types().shape(dtype, mine, "recvcount")?;
    shape.check(mem, recvbuf, "the receive buffer")?;
    let low = comm.is_low_group();
    let mut ranks = comm.members.ranks();
    ranks.push(comm.peer_world(0));
    let n = comm.size();
    let view = inter_coll::view(&comm, ranks, comm.rank);
    let total_bytes = whole.bytes();
    let reduce = Reduce::to_outside(tags[usize::from(low)], combiner, sendbuf, whole, mem, n)?;
    let rs = InterReduceScatter::new(
        tags,
        &comm,
        OnView::new(view, reduce),
        total_bytes,
        blocks,
        recvbuf,
        shape,
    );
    start(inter_coll::local_view(&comm), rs)
}
