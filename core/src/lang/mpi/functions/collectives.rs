//! Collectives: `MPI_Barrier`, `MPI_Bcast`, `MPI_Reduce`, `MPI_Allreduce`, `MPI_Gather`,
//! `MPI_Scatter`, `MPI_Allgather`, `MPI_Alltoall`, `MPI_Alltoallv`.

use super::params::{p, ALL_BLOCKS, INTP, K, ROOTED_BLOCKS};
use crate::lang::mpi::alltoall::Alltoall;
use crate::lang::mpi::barrier::Barrier;
use crate::lang::mpi::bcast::Bcast;
use crate::lang::mpi::buffers::check_bytes;
use crate::lang::mpi::collective::{tag, Collective, Kind};
use crate::lang::mpi::datatype::{check_comm, Datatype, ReduceOp};
use crate::lang::mpi::error::{ErrorKind, RankRole};
use crate::lang::mpi::function::{MpiFunction, Started};
use crate::lang::mpi::gather::{Gather, Scatter};
use crate::lang::mpi::pending::Pending;
use crate::lang::mpi::reduce::{Allreduce, Reduce};
use crate::lang::mpi::transfer::check_rank;

/// A started collective.
fn collective(c: Collective) -> Result<Started, ErrorKind> {
    Ok(Started::Wait(Pending::Collective(c)))
}

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Barrier", &[p("comm", K::Comm)], |s, a, _, _| {
        check_comm(a.int(0))?;
        collective(Collective::Barrier(Barrier::new(s.next_tag(Kind::Barrier))))
    }),
    MpiFunction::new(
        "MPI_Bcast",
        &[
            p("buffer", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(4))?;
            let root = check_rank(a.int(3), ctx, RankRole::Root)?;
            let bytes = Datatype::from_handle(a.int(2))?.bytes(a.int(1), "count")?;
            check_bytes(mem, a.addr(0), bytes, "the buffer")?;
            let t = s.next_tag(Kind::Bcast);
            collective(Collective::Bcast(Bcast::new(t, root, a.addr(0), bytes)))
        },
    ),
    MpiFunction::new(
        "MPI_Reduce",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("op", K::Op),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(6))?;
            let root = check_rank(a.int(5), ctx, RankRole::Root)?;
            let dtype = Datatype::from_handle(a.int(3))?;
            let op = ReduceOp::from_handle(a.int(4))?;
            let bytes = dtype.bytes(a.int(2), "count")?;
            let t = s.next_tag(Kind::Reduce);
            let is_root = ctx.rank() == root;
            collective(Collective::Reduce(Reduce::new(
                t,
                root,
                op,
                dtype,
                a.addr(0),
                a.addr(1),
                bytes,
                mem,
                is_root,
            )?))
        },
    ),
    MpiFunction::new(
        "MPI_Allreduce",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Datatype),
            p("op", K::Op),
            p("comm", K::Comm),
        ],
        |s, a, mem, _| {
            check_comm(a.int(5))?;
            let dtype = Datatype::from_handle(a.int(3))?;
            let op = ReduceOp::from_handle(a.int(4))?;
            let bytes = dtype.bytes(a.int(2), "count")?;
            let seq = s.collectives;
            s.collectives = seq.wrapping_add(1);
            collective(Collective::Allreduce(Allreduce::new(
                tag(Kind::AllreduceReduce, seq),
                tag(Kind::AllreduceBcast, seq),
                op,
                dtype,
                a.addr(0),
                a.addr(1),
                bytes,
                mem,
            )?))
        },
    ),
    MpiFunction::new("MPI_Gather", ROOTED_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(7))?;
        let root = check_rank(a.int(6), ctx, RankRole::Root)?;
        let t = s.next_tag(Kind::Gather);
        collective(Collective::Gather(Gather::new(
            t,
            root,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            ctx,
        )?))
    }),
    MpiFunction::new("MPI_Scatter", ROOTED_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(7))?;
        let root = check_rank(a.int(6), ctx, RankRole::Root)?;
        let t = s.next_tag(Kind::Scatter);
        collective(Collective::Scatter(Scatter::new(
            t,
            root,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            ctx,
        )?))
    }),
    MpiFunction::new("MPI_Allgather", ALL_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(6))?;
        let t = s.next_tag(Kind::Gather);
        let gather = Gather::new(
            t,
            0,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            ctx,
        )?;
        let block = Datatype::from_handle(a.int(5))?.bytes(a.int(4), "recvcount")?;
        let total = u64::from(block) * u64::from(ctx.size());
        let bytes = u32::try_from(total).map_err(|_| ErrorKind::TooLarge {
            what: "recvcount".to_string(),
            count: a.int(4),
            dtype: Datatype::from_handle(a.int(5)).unwrap_or(Datatype::Byte),
        })?;
        check_bytes(mem, a.addr(3), bytes, "the receive buffer")?;
        let t = s.next_tag(Kind::Bcast);
        let bcast = Bcast::new(t, 0, a.addr(3), bytes);
        collective(Collective::Chain(vec![
            Collective::Gather(gather),
            Collective::Bcast(bcast),
        ]))
    }),
    MpiFunction::new("MPI_Alltoall", ALL_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(6))?;
        let t = s.next_tag(Kind::Alltoall);
        collective(Collective::Alltoall(Alltoall::uniform(
            t,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            ctx,
        )?))
    }),
    MpiFunction::new(
        "MPI_Alltoallv",
        &[
            p("sendbuf", K::Buffer),
            p("sendcounts", INTP),
            p("sdispls", INTP),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcounts", INTP),
            p("rdispls", INTP),
            p("recvtype", K::Datatype),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(8))?;
            let t = s.next_tag(Kind::Alltoallv);
            collective(Collective::Alltoall(Alltoall::varying(
                t,
                a.addr(0),
                a.addr(1),
                a.addr(2),
                a.int(3),
                a.addr(4),
                a.addr(5),
                a.addr(6),
                a.int(7),
                mem,
                ctx,
            )?))
        },
    ),
];
