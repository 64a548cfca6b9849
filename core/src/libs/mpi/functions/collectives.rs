//! Collectives: `MPI_Barrier`, `MPI_Bcast`, `MPI_Reduce`, `MPI_Allreduce`, `MPI_Gather(v)`,
//! `MPI_Scatter(v)`, `MPI_Allgather(v)`, `MPI_Alltoall(v)`, `MPI_Reduce_scatter(_block)`,
//! `MPI_Scan`, `MPI_Exscan`; `MPI_IN_PLACE` where MPI allows it; derived datatypes everywhere;
//! user-defined reductions (`MPI_Op_create`, `MPI_Op_free`, `MPI_Op_commutative`).

use super::intercomm_collectives as inter;
use super::params::{p, ALL_BLOCKS, INTP, K, ROOTED_BLOCKS};
use crate::engine::RankCtx;
use crate::lang::sema::builtins::Param;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::allgatherv::Allgatherv;
use crate::libs::mpi::alltoall::Alltoall;
use crate::libs::mpi::barrier::Barrier;
use crate::libs::mpi::bcast::Bcast;
use crate::libs::mpi::buffers::{read_int, read_ints, write_int, IN_PLACE};
use crate::libs::mpi::collective::{tag, Chain, Collective, Kind, Running};
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_ctx::CommCtx;
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{MPI_OP_NULL, MPI_PROC_NULL, MPI_ROOT};
use crate::libs::mpi::derived::Shape;
use crate::libs::mpi::error::{ErrorKind, RankRole};
use crate::libs::mpi::gather::{displaced, Blocks, Gather, Scatter, Side};
use crate::libs::mpi::inter_coll::{self, OnView, Swap};
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::reduce::{Allreduce, Reduce};
use crate::libs::mpi::reduce_scatter::ReduceScatter;
use crate::libs::mpi::scan::Scan;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::user_op::{Combiner, Op};

/// `MPI_Op *`.
const OPP: K = K::Ptr(BaseType::Handle(HandleKind::OP));

/// A started collective on `comm`.
fn collective(comm: Comm, c: impl Collective) -> Result<Started, ErrorKind> {
    if comm.is_inter() {
        return Err(CommError::InterCollective.into());
    }
    Ok(Started::Wait(Pending::Collective(comm, Running::new(c))))
}

/// `comm`, which must be an intracommunicator: a collective that does not run on
/// intercommunicators yet says so (rather than reading `MPI_ROOT` as a rank).
fn intra(comm: Comm) -> Result<Comm, ErrorKind> {
    if comm.is_inter() {
        return Err(CommError::InterCollective.into());
    }
    Ok(comm)
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Barrier", "Dissemination: ⌈log2 p⌉ rounds of empty point-to-point messages (under the run's engine).", &[p("comm", K::Handle(HandleKind::COMM))], |s, a, _, ctx| {
        let comm = s.comm(a.int(0), ctx)?;
        let t = s.next_tag(&comm, Kind::Barrier);
        // On an intercommunicator: over both groups.
        collective(comm.union_view(), Barrier::new(t))
    }),
    MpiFunction::new(
        "MPI_Bcast", "Binomial tree from the root, as MPICH: ⌈log2 p⌉ rounds of point-to-point messages.",
        &[
            p("buffer", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("root", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(4), ctx)?;
            if comm.is_inter() {
                return inter_bcast(s, comm, a, mem);
            }
            let root = comm.check_rank(a.int(3), RankRole::Root)?;
            let shape = s.types().shape(a.int(2), a.int(1), "count")?;
            shape.check(mem, a.addr(0), "the buffer")?;
            let t = s.next_tag(&comm, Kind::Bcast);
            collective(
                comm,
                Bcast::shaped(t, root, a.addr(0), shape),
            )
        },
    ),
    MpiFunction::new(
        "MPI_Reduce", "Binomial tree to the root; each combination costs one operation per element, in a fixed order (a non-commutative user operation on a tree rooted at rank 0).",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("op", K::Handle(HandleKind::OP)),
            p("root", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(6), ctx)?;
            if comm.is_inter() {
                return inter_reduce(s, comm, a, mem);
            }
            let root = comm.check_rank(a.int(5), RankRole::Root)?;
            let (combiner, shape) = reduction(s, a, 2)?;
            let t = s.next_tag(&comm, Kind::Reduce);
            let is_root = comm.rank == root;
            let sendbuf = if is_root {
                in_place(a.addr(0), a.addr(1))
            } else {
                a.addr(0)
            };
            let reduce = Reduce::new(t, root, combiner, sendbuf, a.addr(1), shape, mem, is_root)?;
            collective(comm, reduce)
        },
    ),
    MpiFunction::new(
        "MPI_Allreduce", "A reduce to rank 0, then a broadcast from it.",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("count", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("op", K::Handle(HandleKind::OP)),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(5), ctx)?;
            let (combiner, shape) = reduction(s, a, 2)?;
            if comm.is_inter() {
                return inter_allreduce(s, comm, combiner, shape, a, mem);
            }
            let seq = s.next_seq(&comm);
            let allreduce = Allreduce::new(
                tag(Kind::AllreduceReduce, seq),
                tag(Kind::AllreduceBcast, seq),
                combiner,
                in_place(a.addr(0), a.addr(1)),
                a.addr(1),
                shape,
                mem,
            )?;
            collective(comm, allreduce)
        },
    ),
    MpiFunction::new("MPI_Gather", "Linear at the root, as MPICH: one receive per other rank in rank order; the root copies its own block.", ROOTED_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(7), ctx)?;
        let recv = Blocks::Uniform(side(a, 3));
        if comm.is_inter() {
            return inter::gather(s, comm, (side(a, 0), recv, a.int(6)), mem, ctx);
        }
        let root = comm.check_rank(a.int(6), RankRole::Root)?;
        let t = s.next_tag(&comm, Kind::Gather);
        let cctx = CommCtx::new(ctx, &comm);
        let gather = Gather::new(t, root, side(a, 0), recv, mem, s.types(), &cctx)?;
        collective(comm, gather)
    }),
    MpiFunction::new(
        "MPI_Gatherv", "`MPI_Gather` with counts and displacements; a block of 0 elements moves no message.",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Handle(HandleKind::DATATYPE)),
            p("recvbuf", K::Buffer),
            p("recvcounts", K::Buffer),
            p("displs", K::Buffer),
            p("recvtype", K::Handle(HandleKind::DATATYPE)),
            p("root", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(8), ctx)?;
            let recv = Blocks::Varying {
                addr: a.addr(3),
                counts: a.addr(4),
                displs: a.addr(5),
                dtype: a.int(6),
            };
            if comm.is_inter() {
                return inter::gather(s, comm, (side(a, 0), recv, a.int(7)), mem, ctx);
            }
            let root = comm.check_rank(a.int(7), RankRole::Root)?;
            let t = s.next_tag(&comm, Kind::Gather);
            let cctx = CommCtx::new(ctx, &comm);
            let gather = Gather::new(t, root, side(a, 0), recv, mem, s.types(), &cctx)?;
            collective(comm, gather)
        },
    ),
    MpiFunction::new("MPI_Scatter", "Linear at the root, as MPICH: one send per other rank in rank order; the root copies its own block.", ROOTED_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(7), ctx)?;
        let send = Blocks::Uniform(side(a, 0));
        if comm.is_inter() {
            return inter::scatter(s, comm, (send, side(a, 3), a.int(6)), mem, ctx);
        }
        let root = comm.check_rank(a.int(6), RankRole::Root)?;
        let t = s.next_tag(&comm, Kind::Scatter);
        let cctx = CommCtx::new(ctx, &comm);
        let scatter = Scatter::new(t, root, send, side(a, 3), mem, s.types(), &cctx)?;
        collective(comm, scatter)
    }),
    MpiFunction::new(
        "MPI_Scatterv", "`MPI_Scatter` with counts and displacements; a block of 0 elements moves no message.",
        &[
            p("sendbuf", K::Buffer),
            p("sendcounts", K::Buffer),
            p("displs", K::Buffer),
            p("sendtype", K::Handle(HandleKind::DATATYPE)),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("recvtype", K::Handle(HandleKind::DATATYPE)),
            p("root", K::Int),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(8), ctx)?;
            let send = Blocks::Varying {
                addr: a.addr(0),
                counts: a.addr(1),
                displs: a.addr(2),
                dtype: a.int(3),
            };
            if comm.is_inter() {
                return inter::scatter(s, comm, (send, side(a, 4), a.int(7)), mem, ctx);
            }
            let root = comm.check_rank(a.int(7), RankRole::Root)?;
            let t = s.next_tag(&comm, Kind::Scatter);
            let cctx = CommCtx::new(ctx, &comm);
            let scatter = Scatter::new(t, root, send, side(a, 4), mem, s.types(), &cctx)?;
            collective(comm, scatter)
        },
    ),
    MpiFunction::new("MPI_Allgather", "A gather to rank 0, then a broadcast of the whole result from it.", ALL_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(6), ctx)?;
        if comm.is_inter() {
            let recv = Blocks::Uniform(side(a, 3));
            return inter::allgather(s, comm, (side(a, 0), recv), mem, ctx);
        }
        let t = s.next_tag(&comm, Kind::Gather);
        let mut send = side(a, 0);
        if send.addr == IN_PLACE {
            let extent = s.types().map(a.int(5))?.extent();
            let rank = i64::from(comm.rank);
            let index = rank.saturating_mul(a.int(4));
            send = Side {
                addr: displaced(mem, a.addr(3), index, extent, "the receive buffer")?,
                ..side(a, 3)
            };
        }
        let recv = Blocks::Uniform(side(a, 3));
        let cctx = CommCtx::new(ctx, &comm);
        let gather = Gather::new(t, 0, send, recv, mem, s.types(), &cctx)?;
        s.types().shape(a.int(5), a.int(4), "recvcount")?;
        let total = a.int(4).saturating_mul(i64::from(comm.size()));
        let whole = s.types().shape(a.int(5), total, "recvcount")?;
        whole.check(mem, a.addr(3), "the receive buffer")?;
        let t = s.next_tag(&comm, Kind::Bcast);
        let bcast = Bcast::shaped(t, 0, a.addr(3), whole);
        collective(
            comm,
            Chain(vec![Running::new(gather), Running::new(bcast)]),
        )
    }),
    MpiFunction::new(
        "MPI_Allgatherv", "As MPICH chooses: recursive doubling, Bruck or a ring by size and total bytes.",
        &[
            p("sendbuf", K::Buffer),
            p("sendcount", K::Int),
            p("sendtype", K::Handle(HandleKind::DATATYPE)),
            p("recvbuf", K::Buffer),
            p("recvcounts", INTP),
            p("displs", INTP),
            p("recvtype", K::Handle(HandleKind::DATATYPE)),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(7), ctx)?;
            let recv = Blocks::Varying {
                addr: a.addr(3),
                counts: a.addr(4),
                displs: a.addr(5),
                dtype: a.int(6),
            };
            if comm.is_inter() {
                return inter::allgather(s, comm, (side(a, 0), recv), mem, ctx);
            }
            let slots = recv.slots(
                mem,
                s.types(),
                comm.size(),
                "the receive buffer",
                "recvcount",
            )?;
            let own = if a.addr(0) == IN_PLACE {
                Allgatherv::own_in_place(mem, &slots, comm.rank)?
            } else {
                let send = side(a, 0);
                let shape = s.types().shape(send.dtype, send.count, "sendcount")?;
                shape.read(mem, send.addr, "the send buffer")?
            };
            let t = s.next_tag(&comm, Kind::Allgatherv);
            let allgatherv = Allgatherv::new(t, own, slots, &CommCtx::new(ctx, &comm));
            collective(comm, allgatherv)
        },
    ),
    MpiFunction::new("MPI_Alltoall", "Every rank posts all its receives, then sends to rank+1, rank+2, … (mod p) and waits for all.", ALL_BLOCKS, |s, a, mem, ctx| {
        let comm = s.comm(a.int(6), ctx)?;
        if comm.is_inter() {
            let n = comm.peers().size();
            let (sc, sd, st) = inter::uniform(s.types(), a.int(1), a.int(2), n)?;
            let (rc, rd, rt) = inter::uniform(s.types(), a.int(4), a.int(5), n)?;
            let send = inter::Sides { buf: a.addr(0), counts: &sc, displs: &sd, dtypes: &st };
            let recv = inter::Sides { buf: a.addr(3), counts: &rc, displs: &rd, dtypes: &rt };
            return inter::alltoall(s, comm, send, recv, mem);
        }
        let t = s.next_tag(&comm, Kind::Alltoall);
        let send = if a.addr(0) == IN_PLACE {
            side(a, 3)
        } else {
            side(a, 0)
        };
        let alltoall = Alltoall::uniform(
            t,
            send.addr,
            send.count,
            send.dtype,
            a.addr(3),
            a.int(4),
            a.int(5),
            (mem, s.types()),
            &CommCtx::new(ctx, &comm),
        )?;
        collective(comm, alltoall)
    }),
    MpiFunction::new(
        "MPI_Alltoallv", "`MPI_Alltoall` with counts and displacements per peer.",
        &[
            p("sendbuf", K::Buffer),
            p("sendcounts", INTP),
            p("sdispls", INTP),
            p("sendtype", K::Handle(HandleKind::DATATYPE)),
            p("recvbuf", K::Buffer),
            p("recvcounts", INTP),
            p("rdispls", INTP),
            p("recvtype", K::Handle(HandleKind::DATATYPE)),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(8), ctx)?;
            if comm.is_inter() {
                let n = comm.peers().size();
                let names = ("the sendcounts array", "the sdispls array");
                let (sc, sd, st) = inter::varying(s.types(), mem, (a.addr(1), a.addr(2), a.int(3)), n, names)?;
                let names = ("the recvcounts array", "the rdispls array");
                let (rc, rd, rt) = inter::varying(s.types(), mem, (a.addr(5), a.addr(6), a.int(7)), n, names)?;
                let send = inter::Sides { buf: a.addr(0), counts: &sc, displs: &sd, dtypes: &st };
                let recv = inter::Sides { buf: a.addr(4), counts: &rc, displs: &rd, dtypes: &rt };
                return inter::alltoall(s, comm, send, recv, mem);
            }
            let t = s.next_tag(&comm, Kind::Alltoallv);
            let send = if a.addr(0) == IN_PLACE { 4 } else { 0 };
            let alltoall = Alltoall::varying(
                t,
                a.addr(send),
                a.addr(send + 1),
                a.addr(send + 2),
                a.int(send + 3),
                a.addr(4),
                a.addr(5),
                a.addr(6),
                a.int(7),
                (mem, s.types()),
                &CommCtx::new(ctx, &comm),
            )?;
            collective(comm, alltoall)
        },
    ),
    MpiFunction::new("MPI_Reduce_scatter", "Recursive halving below 512 KiB, else pairwise exchange (MPICH's choice); a non-commutative operation is a reduce and a scatter.", REDUCE_SCATTER, |s, a, mem, ctx| {
        let comm = s.comm(a.int(5), ctx)?;
        let counts = read_ints(mem, a.addr(2), comm.size(), "the recvcounts array")?;
        if comm.is_inter() {
            let bufs = (a.addr(0), a.addr(1));
            return inter::reduce_scatter(s, comm, bufs, &counts, (a.int(3), a.int(4)), mem);
        }
        reduce_scatter(s, comm, a, &counts, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Reduce_scatter_block", "`MPI_Reduce_scatter` with equal blocks.",
        &[
            p("sendbuf", K::Buffer),
            p("recvbuf", K::Buffer),
            p("recvcount", K::Int),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("op", K::Handle(HandleKind::OP)),
            p("comm", K::Handle(HandleKind::COMM)),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(5), ctx)?;
            let counts = vec![a.int(2); comm.size() as usize];
            if comm.is_inter() {
                let bufs = (a.addr(0), a.addr(1));
                return inter::reduce_scatter(s, comm, bufs, &counts, (a.int(3), a.int(4)), mem);
            }
            reduce_scatter(s, comm, a, &counts, mem, ctx)
        },
    ),
    MpiFunction::new("MPI_Scan", "Recursive doubling, as MPICH: ⌈log2 p⌉ exchanges, the arithmetic's time spent after each.", SCAN, |s, a, mem, ctx| {
        scan(s, a, mem, ctx, false)
    }),
    MpiFunction::new("MPI_Exscan", "`MPI_Scan`, exclusive; rank 0's receive buffer is left as it was.", SCAN, |s, a, mem, ctx| {
        scan(s, a, mem, ctx, true)
    }),
    MpiFunction::new(
        "MPI_Op_create", "Local: a function of the program as a reduction; the VM runs it on operands unpacked on the rank's stack (no MPI inside).",
        &[
            p("user_fn", K::Function),
            p("commute", K::Int),
            p("op", OPP),
        ],
        |s, a, mem, _| {
            let ops = s.user_ops.get_or_insert_with(Box::default);
            let handle = ops.create(a.int(0), a.int(1) != 0)?;
            write_int(mem, a.addr(2), handle, "the operation handle")?;
            done()
        },
    ),
    MpiFunction::new("MPI_Op_free", "Local: frees a user operation; the handle becomes `MPI_OP_NULL`.", &[p("op", OPP)], |s, a, mem, _| {
        let handle = read_int(mem, a.addr(0), "the operation handle")?;
        let ops = s.user_ops.get_or_insert_with(Box::default);
        ops.free(i64::from(handle))?;
        write_int(mem, a.addr(0), MPI_OP_NULL, "the operation handle")?;
        done()
    }),
    MpiFunction::new(
        "MPI_Op_commutative", "Local: whether the operation commutes.",
        &[p("op", K::Handle(HandleKind::OP)), p("commute", INTP)],
        |s, a, mem, _| {
            let commute = s.op(a.int(0))?.commutative();
            write_int(mem, a.addr(1), i32::from(commute), "the commute variable")?;
            done()
        },
    ),
];

/// `MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm)`.
const REDUCE_SCATTER: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("recvcounts", INTP),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
];

/// `MPI_Scan(sendbuf, recvbuf, count, datatype, op, comm)` and `MPI_Exscan`.
const SCAN: &[Param] = &[
    p("sendbuf", K::Buffer),
    p("recvbuf", K::Buffer),
    p("count", K::Int),
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("op", K::Handle(HandleKind::OP)),
    p("comm", K::Handle(HandleKind::COMM)),
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

/// `MPI_Bcast` on an intercommunicator (`inter_coll`): the root passes `MPI_ROOT`, the other
/// ranks of its group `MPI_PROC_NULL`, the remote group the root's rank.
fn inter_bcast(
    s: &mut MpiState,
    comm: Comm,
    a: &Args<'_>,
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    let shape = s.types().shape(a.int(2), a.int(1), "count")?;
    let t = s.next_tag(&comm, Kind::Bcast);
    let root = a.int(3);
    let view = if root == i64::from(MPI_PROC_NULL) {
        return done();
    } else if root == i64::from(MPI_ROOT) {
        let ranks = std::iter::once(ctx_rank(&comm)).chain(comm.peers().ranks());
        inter_coll::view(&comm, ranks.collect(), 0)
    } else {
        let r = comm.check_peer(root, RankRole::Root)?;
        let ranks = std::iter::once(comm.peer_world(r)).chain(comm.members.ranks());
        inter_coll::view(&comm, ranks.collect(), 1 + comm.rank)
    };
    shape.check(mem, a.addr(0), "the buffer")?;
    collective(view, Bcast::shaped(t, 0, a.addr(0), shape))
}

/// `MPI_Reduce` on an intercommunicator (`inter_coll`): the remote group reduces on a binomial
/// tree to its rank 0, which sends the result to the root (`MPI_ROOT`); the root's other ranks
/// (`MPI_PROC_NULL`) take no part.
fn inter_reduce(
    s: &mut MpiState,
    comm: Comm,
    a: &Args<'_>,
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    let (combiner, shape) = reduction(s, a, 2)?;
    let t = s.next_tag(&comm, Kind::Reduce);
    let root = a.int(5);
    if root == i64::from(MPI_PROC_NULL) {
        return done();
    }
    if root == i64::from(MPI_ROOT) {
        shape.check(mem, a.addr(1), "the receive buffer")?;
        let from = comm.peer_world(0);
        let view = inter_coll::view(&comm, vec![from, ctx_rank(&comm)], 1);
        return collective(view, Bcast::shaped(t, 0, a.addr(1), shape));
    }
    let r = comm.check_peer(root, RankRole::Root)?;
    let mut ranks = comm.members.ranks();
    ranks.push(comm.peer_world(r));
    let n = comm.size();
    let view = inter_coll::view(&comm, ranks, comm.rank);
    let reduce = Reduce::to_outside(t, combiner, a.addr(0), shape, mem, n)?;
    collective(view, reduce)
}

/// This rank's world rank.
fn ctx_rank(comm: &Comm) -> u32 {
    comm.members.world(comm.rank).unwrap_or(0)
}

/// `MPI_Allreduce` on an intercommunicator (`inter_coll`): each group reduces to its rank 0,
/// the two exchange, each broadcasts the other group's result in its group.
fn inter_allreduce(
    s: &mut MpiState,
    comm: Comm,
    combiner: Combiner,
    shape: Shape,
    a: &Args<'_>,
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    let seq = s.next_seq(&comm);
    let (reduce_tag, bcast_tag) = (
        tag(Kind::AllreduceReduce, seq),
        tag(Kind::AllreduceBcast, seq),
    );
    let local = inter_coll::local_view(&comm);
    let leader = comm.rank == 0;
    let (sendbuf, recvbuf) = (a.addr(0), a.addr(1));
    shape.check(mem, recvbuf, "the receive buffer")?;
    let reduce = Reduce::new(
        reduce_tag,
        0,
        combiner,
        sendbuf,
        recvbuf,
        shape.clone(),
        mem,
        leader,
    )?;
    let mut steps = vec![Running::new(OnView::new(local.clone(), reduce))];
    if leader {
        let swap = Swap::new(bcast_tag, recvbuf, shape.clone());
        steps.push(Running::new(OnView::new(
            inter_coll::leaders_view(&comm),
            swap,
        )));
    }
    let bcast = Bcast::shaped(bcast_tag, 0, recvbuf, shape);
    steps.push(Running::new(OnView::new(local.clone(), bcast)));
    collective(local, Chain(steps))
}

/// A reduction's arithmetic and the shape of its buffers: `count` is argument `n`, the datatype
/// and the operation the two after it.
fn reduction(s: &mut MpiState, a: &Args<'_>, n: usize) -> Result<(Combiner, Shape), ErrorKind> {
    let op: Op = s.op(a.int(n + 2))?;
    let shape = s.types().shape(a.int(n + 1), a.int(n), "count")?;
    let combiner = Combiner::new(op, a.int(n + 1), s.types())?;
    Ok((combiner, shape))
}

/// Starts `MPI_Reduce_scatter` or `MPI_Reduce_scatter_block` with rank `i` getting `counts[i]`.
fn reduce_scatter(
    s: &mut MpiState,
    comm: Comm,
    a: &Args<'_>,
    counts: &[i64],
    mem: &Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let combiner = Combiner::new(s.op(a.int(4))?, a.int(3), s.types())?;
    let t = s.next_tag(&comm, Kind::ReduceScatter);
    let sendbuf = in_place(a.addr(0), a.addr(1));
    let reduce_scatter = ReduceScatter::new(
        t,
        combiner,
        a.int(3),
        s.types(),
        sendbuf,
        a.addr(1),
        counts,
        mem,
        &CommCtx::new(ctx, &comm),
    )?;
    collective(comm, reduce_scatter)
}

/// Starts `MPI_Scan` (or `MPI_Exscan` if `exclusive`).
fn scan(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &Memory,
    ctx: &RankCtx<'_>,
    exclusive: bool,
) -> Result<Started, ErrorKind> {
    let comm = intra(s.comm(a.int(5), ctx)?)?;
    let (combiner, shape) = reduction(s, a, 2)?;
    let t = s.next_tag(&comm, if exclusive { Kind::Exscan } else { Kind::Scan });
    let sendbuf = in_place(a.addr(0), a.addr(1));
    let scan = Scan::new(t, exclusive, combiner, sendbuf, a.addr(1), shape, mem)?;
    collective(comm, scan)
}
