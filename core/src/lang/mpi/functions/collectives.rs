//! Collectives: `MPI_Barrier`, `MPI_Bcast`, `MPI_Reduce`, `MPI_Allreduce`, `MPI_Gather(v)`,
//! `MPI_Scatter(v)`, `MPI_Allgather(v)`, `MPI_Alltoall(v)`, `MPI_Reduce_scatter(_block)`,
//! `MPI_Scan`, `MPI_Exscan`; `MPI_IN_PLACE` where MPI allows it.

use super::params::{p, ALL_BLOCKS, INTP, K, ROOTED_BLOCKS};
use crate::engine::RankCtx;
use crate::lang::builtins::Param;
use crate::lang::memory::{Addr, Memory};
use crate::lang::mpi::allgatherv::Allgatherv;
use crate::lang::mpi::alltoall::Alltoall;
use crate::lang::mpi::barrier::Barrier;
use crate::lang::mpi::bcast::Bcast;
use crate::lang::mpi::buffers::{check_bytes, element, read_bytes, read_ints, IN_PLACE};
use crate::lang::mpi::collective::{tag, Collective, Kind};
use crate::lang::mpi::datatype::{check_comm, Datatype, ReduceOp};
use crate::lang::mpi::error::{ErrorKind, RankRole};
use crate::lang::mpi::function::{Args, MpiFunction, Started};
use crate::lang::mpi::gather::{Blocks, Gather, Scatter, Side};
use crate::lang::mpi::pending::Pending;
use crate::lang::mpi::reduce::{Allreduce, Reduce};
use crate::lang::mpi::reduce_scatter::ReduceScatter;
use crate::lang::mpi::scan::Scan;
use crate::lang::mpi::state::MpiState;
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
            let shape = s.types().shape(a.int(2), a.int(1), "count")?;
            shape.check(mem, a.addr(0), "the buffer")?;
            let t = s.next_tag(Kind::Bcast);
            collective(Collective::Bcast(Bcast::shaped(t, root, a.addr(0), shape)))
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
            let sendbuf = if is_root {
                in_place(a.addr(0), a.addr(1))
            } else {
                a.addr(0)
            };
            collective(Collective::Reduce(Reduce::new(
                t,
                root,
                op,
                dtype,
                sendbuf,
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
                in_place(a.addr(0), a.addr(1)),
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
        let recv = Blocks::Uniform(side(a, 3));
        collective(Collective::Gather(Gather::new(
            t,
            root,
            side(a, 0),
            recv,
            mem,
            ctx,
        )?))
    }),
    MpiFunction::new(
        "MPI_Gatherv",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcounts", K::Buffer),
            p("displs", K::Buffer),
            p("recvtype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(8))?;
            let root = check_rank(a.int(7), ctx, RankRole::Root)?;
            let t = s.next_tag(Kind::Gather);
            let recv = Blocks::Varying {
                addr: a.addr(3),
                counts: a.addr(4),
                displs: a.addr(5),
                dtype: a.int(6),
            };
            collective(Collective::Gather(Gather::new(
                t,
                root,
                side(a, 0),
                recv,
                mem,
                ctx,
            )?))
        },
    ),
    MpiFunction::new("MPI_Scatter", ROOTED_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(7))?;
        let root = check_rank(a.int(6), ctx, RankRole::Root)?;
        let t = s.next_tag(Kind::Scatter);
        let send = Blocks::Uniform(side(a, 0));
        collective(Collective::Scatter(Scatter::new(
            t,
            root,
            send,
            side(a, 3),
            mem,
            ctx,
        )?))
    }),
    MpiFunction::new(
        "MPI_Scatterv",
        &[
            p("sendbuf", K::Buffer),
            p("sendcounts", K::Buffer),
            p("displs", K::Buffer),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Datatype),
            p("root", K::Int),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(8))?;
            let root = check_rank(a.int(7), ctx, RankRole::Root)?;
            let t = s.next_tag(Kind::Scatter);
            let send = Blocks::Varying {
                addr: a.addr(0),
                counts: a.addr(1),
                displs: a.addr(2),
                dtype: a.int(3),
            };
            collective(Collective::Scatter(Scatter::new(
                t,
                root,
                send,
                side(a, 4),
                mem,
                ctx,
            )?))
        },
    ),
    MpiFunction::new("MPI_Allgather", ALL_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(6))?;
        let t = s.next_tag(Kind::Gather);
        let mut send = side(a, 0);
        if send.addr == IN_PLACE {
            let block = Datatype::from_handle(a.int(5))?.size();
            let rank = i64::from(ctx.rank());
            send = Side {
                addr: element(mem, a.addr(3), rank * a.int(4), block, "the receive buffer")?,
                ..side(a, 3)
            };
        }
        let gather = Gather::new(t, 0, send, Blocks::Uniform(side(a, 3)), mem, ctx)?;
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
    MpiFunction::new(
        "MPI_Allgatherv",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Datatype),
            p("recvbuf", K::Buffer),
            p("recvcounts", INTP),
            p("displs", INTP),
            p("recvtype", K::Datatype),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(7))?;
            let recv = Blocks::Varying {
                addr: a.addr(3),
                counts: a.addr(4),
                displs: a.addr(5),
                dtype: a.int(6),
            };
            let slots = recv.slots(mem, ctx.size(), "the receive buffer", "recvcount")?;
            let own = if a.addr(0) == IN_PLACE {
                Allgatherv::own_in_place(mem, &slots, ctx.rank())?
            } else {
                let send = side(a, 0);
                let bytes = Datatype::from_handle(send.dtype)?.bytes(send.count, "sendcount")?;
                read_bytes(mem, send.addr, bytes, "the send buffer")?
            };
            let t = s.next_tag(Kind::Allgatherv);
            collective(Collective::Allgatherv(Allgatherv::new(t, own, slots, ctx)))
        },
    ),
    MpiFunction::new("MPI_Alltoall", ALL_BLOCKS, |s, a, mem, ctx| {
        check_comm(a.int(6))?;
        let t = s.next_tag(Kind::Alltoall);
        let send = if a.addr(0) == IN_PLACE {
            side(a, 3)
        } else {
            side(a, 0)
        };
        collective(Collective::Alltoall(Alltoall::uniform(
            t,
            send.addr,
            send.count,
            send.dtype,
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
            let send = if a.addr(0) == IN_PLACE { 4 } else { 0 };
            collective(Collective::Alltoall(Alltoall::varying(
                t,
                a.addr(send),
                a.addr(send + 1),
                a.addr(send + 2),
                a.int(send + 3),
                a.addr(4),
                a.addr(5),
                a.addr(6),
                a.int(7),
                mem,
                ctx,
            )?))
        },
    ),
    MpiFunction::new("MPI_Reduce_scatter", REDUCE_SCATTER, |s, a, mem, ctx| {
        check_comm(a.int(5))?;
        let counts = read_ints(mem, a.addr(2), ctx.size(), "the recvcounts array")?;
        reduce_scatter(s, a, &counts, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Reduce_scatter_block",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("datatype", K::Datatype),
            p("op", K::Op),
            p("comm", K::Comm),
        ],
        |s, a, mem, ctx| {
            check_comm(a.int(5))?;
            let counts = vec![a.int(2); ctx.size() as usize];
            reduce_scatter(s, a, &counts, mem, ctx)
        },
    ),
    MpiFunction::new("MPI_Scan", SCAN, |s, a, mem, _| scan(s, a, mem, false)),
    MpiFunction::new("MPI_Exscan", SCAN, |s, a, mem, _| scan(s, a, mem, true)),
];

/// `MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm)`.
const REDUCE_SCATTER: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("datatype", K::Datatype),
    p("op", K::Op),
    p("comm", K::Comm),
];

/// `MPI_Scan(sendbuf, recvbuf, count, datatype, op, comm)` and `MPI_Exscan`.
const SCAN: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Datatype),
    p("op", K::Op),
    p("comm", K::Comm),
];

/// The buffer, count and datatype arguments starting at argument `n`.
fn side(a: &Args<'_>, n: usize) -> Side {
    Side {
        addr: a.addr(n),
        count: a.int(n + 1),
        dtype: a.int(n + 2),
    }
}

/// The send buffer of a call where `MPI_IN_PLACE` means "the data is in the receive buffer".
fn in_place(sendbuf: Addr, recvbuf: Addr) -> Addr {
    if sendbuf == IN_PLACE {
        recvbuf
    } else {
        sendbuf
    }
}

/// Starts `MPI_Reduce_scatter` or `MPI_Reduce_scatter_block` with rank `i` getting `counts[i]`.
fn reduce_scatter(
    s: &mut MpiState,
    a: &Args<'_>,
    counts: &[i64],
    mem: &Memory,
    ctx: &RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let dtype = Datatype::from_handle(a.int(3))?;
    let op = ReduceOp::from_handle(a.int(4))?;
    let t = s.next_tag(Kind::ReduceScatter);
    let sendbuf = in_place(a.addr(0), a.addr(1));
    collective(Collective::ReduceScatter(ReduceScatter::new(
        t,
        op,
        dtype,
        sendbuf,
        a.addr(1),
        counts,
        mem,
        ctx,
    )?))
}

/// Starts `MPI_Scan` (or `MPI_Exscan` if `exclusive`).
fn scan(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &Memory,
    exclusive: bool,
) -> Result<Started, ErrorKind> {
    check_comm(a.int(5))?;
    let dtype = Datatype::from_handle(a.int(3))?;
    let op = ReduceOp::from_handle(a.int(4))?;
    let bytes = dtype.bytes(a.int(2), "count")?;
    let t = s.next_tag(if exclusive { Kind::Exscan } else { Kind::Scan });
    let sendbuf = in_place(a.addr(0), a.addr(1));
    collective(Collective::Scan(Scan::new(
        t,
        exclusive,
        op,
        dtype,
        sendbuf,
        a.addr(1),
        bytes,
        mem,
    )?))
}
