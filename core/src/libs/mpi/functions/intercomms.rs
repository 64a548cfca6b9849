//! Intercommunicators: `MPI_Intercomm_create`, `MPI_Intercomm_merge`, `MPI_Comm_test_inter`,
//! `MPI_Comm_remote_size`, `MPI_Comm_remote_group`. On an intercommunicator a point-to-point
//! rank names a rank of the remote group; `MPI_Comm_rank`, `MPI_Comm_size` and `MPI_Comm_group`
//! describe the local group; `MPI_Comm_dup`, `MPI_Comm_split` and `MPI_Comm_create` make
//! intercommunicators (`comm_create`, over both groups).

use super::communicators::{COMMP, GROUPP};
use super::params::{p, INTP, K};
use crate::libs::function::{done, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, write_int};
use crate::libs::mpi::collective::{tag, Kind};
use crate::libs::mpi::comm_create::{Create, Making};
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::comm_inter::IcCreate;
use crate::libs::mpi::error::{ErrorKind, RankRole};
use crate::libs::mpi::pending::Pending;

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Intercomm_create", "Collective on both local communicators, as MPICH: each rank sends its free context ids to its leader, the two leaders exchange their group's ids and members over the peer communicator with the tag (on its collective side, unseen by the program's receives), and each leader sends the agreed context id and the remote group to its group.",
        &[
            p("local_comm", K::Handle(HandleKind::COMM)),
            p("local_leader", K::Int),
            p("peer_comm", K::Handle(HandleKind::COMM)),
            p("remote_leader", K::Int),
            p("tag", K::Int),
            p("newintercomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let local = s.comm(a.int(0), ctx)?;
            if local.is_inter() {
                return Err(CommError::NeedsIntra("MPI_Intercomm_create's local_comm").into());
            }
            let leader = local.check_rank(a.int(1), RankRole::Root)?;
            check_bytes(mem, a.addr(5), 4, "the new intercommunicator")?;
            let peer = if local.rank == leader {
                let peer = s.comm(a.int(2), ctx)?;
                if peer.is_inter() {
                    return Err(CommError::NeedsIntra("MPI_Intercomm_create's peer_comm").into());
                }
                let remote = peer.check_rank(a.int(3), RankRole::Peer)?;
                if peer.world_rank(remote) == ctx.rank() {
                    return Err(CommError::SameLeader(ctx.rank()).into());
                }
                let user_tag = u32::try_from(a.int(4))
                    .map_err(|_| ErrorKind::InvalidTag { tag: a.int(4), receive: false })?;
                Some((peer, remote, tag(Kind::CommCreate, user_tag)))
            } else {
                None
            };
            let t = s.next_tag(&local, Kind::CommCreate);
            let free = s.comms().free_contexts();
            let create = IcCreate::new(local, leader, peer, t, free, a.addr(5));
            Ok(Started::Wait(Pending::Intercomm(Box::new(create))))
        },
    ),
    MpiFunction::new(
        "MPI_Intercomm_merge", "Collective on both groups: one Bruck allgather over them of (high, free context ids); the group whose rank 0 passed `high` true comes second, the group with the lower world rank at its rank 0 first if both leaders passed the same (MPICH's order).",
        &[
            p("intercomm", K::Handle(HandleKind::COMM)),
            p("high", K::Int),
            p("newintracomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            if !comm.is_inter() {
                return Err(CommError::NeedsInter("MPI_Intercomm_merge").into());
            }
            check_bytes(mem, a.addr(2), 4, "the new intracommunicator")?;
            let low = low_size(&comm);
            let view = comm.union_view();
            let t = s.next_tag(&comm, Kind::CommCreate);
            let free = s.comms().free_contexts();
            let high = i32::from(a.int(1) != 0);
            let key = i64::from(view.rank);
            let create = Create::new(view, t, high, key, free, None, a.addr(2))
                .making(Making::Merge { low });
            Ok(Started::Wait(Pending::Create(Box::new(create))))
        },
    ),
    MpiFunction::new(
        "MPI_Comm_test_inter", "Local: 1 for an intercommunicator, 0 for an intracommunicator.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("flag", INTP)],
        |s, a, mem, ctx| {
            let inter = s.comm(a.int(0), ctx)?.is_inter();
            write_int(mem, a.addr(1), i32::from(inter), "the flag variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_remote_size", "Local: the size of an intercommunicator's remote group.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("size", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let remote = comm.remote.as_ref().ok_or(CommError::NeedsInter("MPI_Comm_remote_size"))?;
            write_int(mem, a.addr(1), remote.size() as i32, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_remote_group", "Local: an intercommunicator's remote group.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("group", GROUPP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let remote = comm.remote.clone().ok_or(CommError::NeedsInter("MPI_Comm_remote_group"))?;
            check_bytes(mem, a.addr(1), 4, "the group variable")?;
            let handle = s.comms().add_group(remote);
            write_int(mem, a.addr(1), handle, "the group variable")?;
            done()
        },
    ),
];

/// The size of an intercommunicator's low group (the first in its union view).
pub(super) fn low_size(comm: &crate::libs::mpi::comm::Comm) -> u32 {
    if comm.is_low_group() {
        comm.size()
    } else {
        comm.remote.as_ref().map_or(0, |r| r.size())
    }
}
