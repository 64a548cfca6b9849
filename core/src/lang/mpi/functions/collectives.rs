//! Collectives: `MPI_Barrier`, `MPI_Bcast`, `MPI_Reduce`, `MPI_Allreduce`, `MPI_Gather`,
//! `MPI_Scatter`, `MPI_Allgather`, `MPI_Alltoall`, `MPI_Alltoallv`.

use super::params::{p, ALL_BLOCKS, INTP, K, ROOTED_BLOCKS};
use crate::lang::mpi::alltoall::Alltoall;
use crate::lang::mpi::barrier::Barrier;
use crate::lang::mpi::bcast::Bcast;
use crate::lang::mpi::buffers::check_bytes;
use crate::lang::mpi::collective::{tag, Collective, Kind};
use crate::lang::mpi::comm::Comm;
use crate::lang::mpi::comm_ctx::CommCtx;
use crate::lang::mpi::datatype::{Datatype, ReduceOp};
use crate::lang::mpi::error::{ErrorKind, RankRole};
use crate::lang::mpi::function::{MpiFunction, Started};
use crate::lang::mpi::gather::{Gather, Scatter};
use crate::lang::mpi::pending::Pending;
use crate::lang::mpi::reduce::{Allreduce, Reduce};

/// A started collective on `comm`.
fn collective(comm: Comm, c: Collective) -> Result<Started, ErrorKind> {
    Ok(Started::Wait(Pending::Collective(comm, c)))
}

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Barrier", &[p("comm", K::Comm)], |s, a, _, ctx| {
        let comm = s.comm(a.int(0), ctx)?;
        let t = s.next_tag(&comm, Kind::Barrier);
        collective(comm, Collective::Barrier(Barrier::new(t)))
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
            let comm = s.comm(a.int(4), ctx)?;
            let root = comm.check_rank(a.int(3), RankRole::Root)?;
            let bytes = Datatype::from_handle(a.int(2))?.bytes(a.int(1), "count")?;
            check_bytes(mem, a.addr(0), bytes, "the buffer")?;
            let t = s.next_tag(&comm, Kind::Bcast);
            collective(
                comm,
                Collective::Bcast(Bcast::new(t, root, a.addr(0), bytes)),
            )
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
            let comm = s.comm(a.int(6), ctx)?;
            let root = comm.check_rank(a.int(5), RankRole::Root)?;
            let dtype = Datatype::from_handle(a.int(3))?;
            let op = ReduceOp::from_handle(a.int(4))?;
            let bytes = dtype.bytes(a.int(2), "count")?;
            let t = s.next_tag(&comm, Kind::Reduce);
            let is_root = comm.rank == root;
            let reduce = Reduce::new(
                t,
                root,
                op,
                dtype,
                a.addr(0),
                a.addr(1),
                bytes,
                mem,
                is_root,
            )?;
            collective(comm, Collective::Reduce(reduce))
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
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(5), ctx)?;
            let dtype = Datatype::from_handle(a.int(3))?;
            let op = ReduceOp::from_handle(a.int(4))?;
            let bytes = dtype.bytes(a.int(2), "count")?;
            let seq = s.next_seq(&comm);
            let allreduce = Allreduce::new(
                tag(Kind::AllreduceReduce, seq),
                tag(Kind::AllreduceBcast, seq),
                op,
                dtype,
                a.addr(0),
                a.addr(1),
                bytes,
                mem,
            )?;
            collective(comm, Collective::Allreduce(allreduce))
        },
    ),
    MpiFunction::new("MPI_Gather", ROOTED_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(7), ctx)?;
        let root = comm.check_rank(a.int(6), RankRole::Root)?;
        let t = s.next_tag(&comm, Kind::Gather);
        let gather = Gather::new(
            t,
            root,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            &CommCtx::new(ctx, &comm),
        )?;
        collective(comm, Collective::Gather(gather))
    }),
    MpiFunction::new("MPI_Scatter", ROOTED_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(7), ctx)?;
        let root = comm.check_rank(a.int(6), RankRole::Root)?;
        let t = s.next_tag(&comm, Kind::Scatter);
        let scatter = Scatter::new(
            t,
            root,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            &CommCtx::new(ctx, &comm),
        )?;
        collective(comm, Collective::Scatter(scatter))
    }),
    MpiFunction::new("MPI_Allgather", ALL_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(6), ctx)?;
        let t = s.next_tag(&comm, Kind::Gather);
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
            &CommCtx::new(ctx, &comm),
        )?;
        let block = Datatype::from_handle(a.int(5))?.bytes(a.int(4), "recvcount")?;
        let total = u64::from(block) * u64::from(comm.size());
        let bytes = u32::try_from(total).map_err(|_| ErrorKind::TooLarge {
            what: "recvcount".to_string(),
            count: a.int(4),
            dtype: Datatype::from_handle(a.int(5)).unwrap_or(Datatype::Byte),
        })?;
        check_bytes(mem, a.addr(3), bytes, "the receive buffer")?;
        let t = s.next_tag(&comm, Kind::Bcast);
        let bcast = Bcast::new(t, 0, a.addr(3), bytes);
        collective(
            comm,
            Collective::Chain(vec![Collective::Gather(gather), Collective::Bcast(bcast)]),
        )
    }),
    MpiFunction::new("MPI_Alltoall", ALL_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(6), ctx)?;
        let t = s.next_tag(&comm, Kind::Alltoall);
        let alltoall = Alltoall::uniform(
            t,
            a.addr(0),
            a.int(1),
            a.int(2),
            a.addr(3),
            a.int(4),
            a.int(5),
            mem,
            &CommCtx::new(ctx, &comm),
        )?;
        collective(comm, Collective::Alltoall(alltoall))
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
            let comm = s.comm(a.int(8), ctx)?;
            let t = s.next_tag(&comm, Kind::Alltoallv);
            let alltoall = Alltoall::varying(
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
                &CommCtx::new(ctx, &comm),
            )?;
            collective(comm, Collective::Alltoall(alltoall))
        },
    ),
];
