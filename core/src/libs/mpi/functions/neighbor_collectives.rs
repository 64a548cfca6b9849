//! Neighbourhood collectives on Cartesian and graph topologies (MPI-3):
//! `MPI_Neighbor_alltoall`, `MPI_Neighbor_allgather` and their non-blocking forms. The
//! neighbours are MPICH's (`MPIR_Topo_canon_nhb`): on a Cartesian grid, for each dimension the
//! rank below then the rank above (`MPI_PROC_NULL` off a non-periodic edge: nothing moves), on a
//! graph the rank's neighbours in the order its edges were given. Every rank posts all its
//! receives, then its sends, and waits for all, as MPICH's linear schedule does; a block sent to
//! the rank above arrives in that rank's "below" slot even where both neighbours are one rank (a
//! periodic dimension of 1 or 2), since each direction has its own tag.

use super::nonblocking_collectives::start;
use super::params::{p, K, REQ};
use crate::engine::Rank;
use crate::lang::sema::builtins::Param;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::collective::{Collective, Kind, Round, Running, Wait};
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_ctx::CommCtx;
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::MPI_PROC_NULL;
use crate::libs::mpi::derived::Shape;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::gather::displaced;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::MpiState;

/// `MPI_Datatype`.
const TYPE: K = K::Handle(HandleKind::DATATYPE);

/// `MPI_Neighbor_alltoall`'s and `MPI_Neighbor_allgather`'s parameters.
const BLOCKS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", TYPE),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", TYPE),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// Their non-blocking forms' parameters.
const IBLOCKS: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("sendcount", K::Int),
    p("sendtype", TYPE),
    p("recvbuf", K::Buffer),
    p("recvcount", K::Int),
    p("recvtype", TYPE),
    p("comm", K::Handle(HandleKind::COMM)),
    p("request", REQ),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Neighbor_alltoall", "Block i to neighbour i and block i from it (Cartesian: below then above in each dimension; graph: its edges' order); all receives posted, then all sends.",
        BLOCKS,
        |s, a, mem, ctx| neighbor(s, a, mem, ctx, false),
    ),
    MpiFunction::new(
        "MPI_Neighbor_allgather", "The one send block to every neighbour, block i from neighbour i; all receives posted, then all sends.",
        BLOCKS,
        |s, a, mem, ctx| neighbor(s, a, mem, ctx, true),
    ),
    MpiFunction::new(
        "MPI_Ineighbor_alltoall", "`MPI_Neighbor_alltoall` started: it completes inside `MPI_Test` and the waits.",
        IBLOCKS,
        |s, a, mem, ctx| start("MPI_Neighbor_alltoall", s, a, mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Ineighbor_allgather", "`MPI_Neighbor_allgather` started: it completes inside `MPI_Test` and the waits.",
        IBLOCKS,
        |s, a, mem, ctx| start("MPI_Neighbor_allgather", s, a, mem, ctx),
    ),
];

/// One neighbour: its rank (or `MPI_PROC_NULL`), the tag of what it sends this rank and of
/// what this rank sends it.
struct Neighbor {
    rank: i32,
    recv_tag: i32,
    send_tag: i32,
}

/// This rank's neighbours on `comm`'s topology, in MPICH's order, with the call's tags (a
/// grid's two directions in each dimension have their own).
fn neighbors(s: &mut MpiState, comm: &Comm) -> Result<Vec<Neighbor>, ErrorKind> {
    let topo = comm.cart.clone().ok_or(CommError::NoTopology)?;
    if let Some(graph) = &topo.graph {
        let t = s.next_tag(comm, Kind::Alltoall);
        return Ok(graph
            .neighbors(comm.rank)
            .iter()
            .map(|&r| Neighbor {
                rank: r,
                recv_tag: t,
                send_tag: t,
            })
            .collect());
    }
    let mut out = Vec::new();
    for d in 0..topo.dims.len() {
        // Data travelling down (to the rank below) and up have their own tags.
        let (down, up) = (
            s.next_tag(comm, Kind::Alltoall),
            s.next_tag(comm, Kind::Alltoall),
        );
        let (below, above) = topo.shift(comm.rank, d, 1);
        out.push(Neighbor {
            rank: below,
            recv_tag: up,
            send_tag: down,
        });
        out.push(Neighbor {
            rank: above,
            recv_tag: down,
            send_tag: up,
        });
    }
    Ok(out)
}

/// `MPI_Neighbor_alltoall` (or `_allgather` if `gather`).
fn neighbor(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut crate::engine::RankCtx<'_>,
    gather: bool,
) -> Result<Started, ErrorKind> {
    let comm = s.comm(a.int(6), ctx)?;
    if comm.is_inter() {
        return Err(CommError::NeedsIntra("a neighbourhood collective").into());
    }
    let nbrs = neighbors(s, &comm)?;
    let sshape = s.types().shape(a.int(2), a.int(1), "sendcount")?;
    let rshape = s.types().shape(a.int(5), a.int(4), "recvcount")?;
    let sext = s.types().map(a.int(2))?.extent();
    let rext = s.types().map(a.int(5))?.extent();
    let mut sends = Vec::new();
    let mut recvs = Vec::new();
    for (i, n) in nbrs.iter().enumerate() {
        if n.rank == MPI_PROC_NULL {
            continue;
        }
        let i = i as i64;
        let at = if gather {
            a.addr(0)
        } else {
            displaced(mem, a.addr(0), i * a.int(1), sext, "the send buffer")?
        };
        let data = sshape.read(mem, at, "the send buffer")?;
        sends.push((n.rank as Rank, n.send_tag, data));
        let at = displaced(mem, a.addr(3), i * a.int(4), rext, "the receive buffer")?;
        rshape.check(mem, at, "the receive buffer")?;
        recvs.push((n.rank as Rank, n.recv_tag, at, rshape.clone()));
    }
    let exchange = Exchange {
        sends,
        recvs,
        round: None,
    };
    Ok(Started::Wait(Pending::Collective(
        comm,
        Running::new(exchange),
    )))
}

/// A neighbourhood exchange in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Exchange {
    /// Destination, tag and data of each send.
    sends: Vec<(Rank, i32, Vec<u8>)>,
    /// Source, tag and block of each receive.
    recvs: Vec<(Rank, i32, Addr, Shape)>,
    round: Option<Round>,
}

impl Collective for Exchange {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        let round = match &mut self.round {
            Some(round) => round,
            None => {
                let mut round = Round::default();
                for (src, tag, _, shape) in &self.recvs {
                    round.recv(ctx, *src, *tag, shape.bytes())?;
                }
                for (dst, tag, data) in std::mem::take(&mut self.sends) {
                    round.send(ctx, dst, tag, data)?;
                }
                self.round.insert(round)
            }
        };
        if let Some(wait) = round.waiting(ctx)? {
            return Ok(Some(wait.into()));
        }
        let blocks = round.finish(ctx)?;
        for ((_, _, at, shape), data) in self.recvs.iter().zip(blocks) {
            shape.write(mem, *at, &data, "the receive buffer")?;
        }
        Ok(None)
    }
}
