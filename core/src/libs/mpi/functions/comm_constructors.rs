//! More communicator and group constructors: `MPI_Comm_create_group` (collective over the
//! group only), `MPI_Comm_idup`, `MPI_Comm_idup_with_info`, `MPI_Comm_dup_with_info`,
//! `MPI_Comm_split_type`, `MPI_Group_range_incl`, `MPI_Group_range_excl`, `MPI_Group_union`,
//! `MPI_Group_intersection`, `MPI_Group_difference`, and communicators' names
//! (`MPI_Comm_set_name`, `MPI_Comm_get_name`).

use super::communicators::{create, COMMP, GROUPP};
use super::params::{p, INTP, K, REQ};
use crate::engine::Rank;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, read_ints, write_bytes, write_int};
use crate::libs::mpi::collective::{tag, Kind};
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_create::Create;
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{
    MPI_COMM_TYPE_SHARED, MPI_GROUP_EMPTY, MPI_MAX_OBJECT_NAME, MPI_UNDEFINED,
};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::group::Members;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::{length, MpiState};
use crate::libs::mpi::transfer::Transfer;

/// `MPI_Group_range_incl`/`excl(group, n, ranges, newgroup)`.
const RANGES: &[crate::lang::sema::builtins::Param] = &[
    p("group", K::Handle(HandleKind::GROUP)),
    p("n", K::Int),
    p("ranges", K::Buffer),
    p("newgroup", GROUPP),
];

/// `MPI_Group_union`/`intersection`/`difference(group1, group2, newgroup)`.
const PAIR: &[crate::lang::sema::builtins::Param] = &[
    p("group1", K::Handle(HandleKind::GROUP)),
    p("group2", K::Handle(HandleKind::GROUP)),
    p("newgroup", GROUPP),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Comm_create_group", "Collective over the group's ranks only (the others do not call it): one Bruck allgather among them of their free context ids, on the parent's context under the tag (MPICH's `MPIR_Get_contextid_sparse_group`); ranks as in the group.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("group", K::Handle(HandleKind::GROUP)),
            p("tag", K::Int),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            if parent.is_inter() {
                return Err(CommError::NeedsIntra("MPI_Comm_create_group").into());
            }
            let group = s.group(a.int(1))?;
            let ranks = group.ranks();
            if let Some(&outside) = ranks.iter().find(|&&r| parent.members.rank_of(r).is_none()) {
                return Err(CommError::NotSubset(outside).into());
            }
            let user_tag = u32::try_from(a.int(2))
                .map_err(|_| ErrorKind::InvalidTag { tag: a.int(2), receive: false })?;
            let me = group.rank_of(ctx.rank()).ok_or(CommError::NotInGroup)?;
            check_bytes(mem, a.addr(3), 4, "the new communicator")?;
            let view = Comm {
                handle: parent.handle,
                context: parent.context,
                members: group,
                rank: me,
                cart: None,
                remote: None,
            };
            let free = s.comms().free_contexts();
            let t = tag(Kind::CommCreate, user_tag);
            let create = Create::new(view, t, 0, i64::from(me), free, None, a.addr(3));
            Ok(Started::Wait(Pending::Create(Box::new(create))))
        },
    ),
    MpiFunction::new(
        "MPI_Comm_idup", "`MPI_Comm_dup`, done before it returns (MPICH overlaps it with other work; here a program that needs that overlap meets a deadlock report); the request it returns is complete.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("newcomm", COMMP), p("request", REQ)],
        |s, a, mem, ctx| idup(s, a, 1, 2, mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Comm_idup_with_info", "As `MPI_Comm_idup`; the info hints are ignored, as MPICH's default does.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("info", K::Handle(HandleKind::INFO)),
            p("newcomm", COMMP),
            p("request", REQ),
        ],
        |s, a, mem, ctx| idup(s, a, 2, 3, mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Comm_dup_with_info", "`MPI_Comm_dup`; the info hints are ignored, as MPICH's default does.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("info", K::Handle(HandleKind::INFO)),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| dup(s, a.int(0), a.addr(2), mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Comm_split_type", "Collective: a split whose color is the rank's node in the machine profile for `MPI_COMM_TYPE_SHARED` (ranks placed in blocks of the profile's ranks per node), no communicator for `MPI_UNDEFINED`.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("split_type", K::Int),
            p("key", K::Int),
            p("info", K::Handle(HandleKind::INFO)),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            let color = match i32::try_from(a.int(1)) {
                Ok(MPI_COMM_TYPE_SHARED) => i32::try_from(ctx.node()).unwrap_or(i32::MAX),
                Ok(MPI_UNDEFINED) => MPI_UNDEFINED,
                _ => return Err(CommError::SplitType(a.int(1)).into()),
            };
            create(s, parent, color, a.int(2), None, a.addr(4), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_range_incl", "Local: the ranks of each (first, last, stride) triplet, in order.",
        RANGES,
        |s, a, mem, _| {
            let (group, ranks) = ranged(s, a, mem)?;
            let chosen: Vec<Rank> = ranks.iter().filter_map(|&r| group.world(r)).collect();
            new_group(s, Members::List(chosen.into()), a.addr(3), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_range_excl", "Local: the group without the ranks of each (first, last, stride) triplet.",
        RANGES,
        |s, a, mem, _| {
            let (group, ranks) = ranged(s, a, mem)?;
            let kept: Vec<Rank> = (0..group.size())
                .filter(|r| !ranks.contains(r))
                .filter_map(|r| group.world(r))
                .collect();
            new_group(s, Members::List(kept.into()), a.addr(3), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_union", "Local: the first group's ranks, then the second's not in the first, in their orders (`MPI_GROUP_EMPTY` if none, as MPICH).",
        PAIR,
        |s, a, mem, _| {
            let (x, y) = (s.group(a.int(0))?.ranks(), s.group(a.int(1))?.ranks());
            let extra = y.iter().copied().filter(|r| !x.contains(r));
            let ranks: Vec<Rank> = x.iter().copied().chain(extra).collect();
            new_group(s, Members::List(ranks.into()), a.addr(2), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_intersection", "Local: the first group's ranks that are also in the second, in the first's order (`MPI_GROUP_EMPTY` if none).",
        PAIR,
        |s, a, mem, _| {
            let (x, y) = (s.group(a.int(0))?.ranks(), s.group(a.int(1))?);
            let ranks: Vec<Rank> = x.into_iter().filter(|&r| y.rank_of(r).is_some()).collect();
            new_group(s, Members::List(ranks.into()), a.addr(2), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_difference", "Local: the first group's ranks that are not in the second, in the first's order (`MPI_GROUP_EMPTY` if none).",
        PAIR,
        |s, a, mem, _| {
            let (x, y) = (s.group(a.int(0))?.ranks(), s.group(a.int(1))?);
            let ranks: Vec<Rank> = x.into_iter().filter(|&r| y.rank_of(r).is_none()).collect();
            new_group(s, Members::List(ranks.into()), a.addr(2), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Comm_set_name", "Local: names the communicator on this rank (at most `MPI_MAX_OBJECT_NAME` - 1 characters kept, as MPICH).",
        &[p("comm", K::Handle(HandleKind::COMM)), p("comm_name", K::Buffer)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let name = read_name(mem, a.addr(1))?;
            s.comms().set_name(comm.handle, name);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_get_name", "Local: the communicator's name: `MPI_COMM_WORLD`, `MPI_COMM_SELF`, the name set, or empty (as MPICH).",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("comm_name", K::Buffer),
            p("resultlen", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let mut name = s.comm_name(comm.handle);
            name.push(0);
            check_bytes(mem, a.addr(1), name.len() as u32, "the name buffer")?;
            write_bytes(mem, a.addr(1), &name, "the name buffer")?;
            let len = i32::try_from(name.len() - 1).unwrap_or(0);
            write_int(mem, a.addr(2), len, "the length variable")?;
            done()
        },
    ),
];

/// `MPI_Comm_dup` of `handle` into `out`.
fn dup(
    s: &mut MpiState,
    handle: i64,
    out: Addr,
    mem: &Memory,
    ctx: &crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let parent = s.comm(handle, ctx)?;
    let (key, cart) = (i64::from(parent.rank), parent.cart.as_deref().cloned());
    create(s, parent, 0, key, cart, out, mem)
}

/// `MPI_Comm_idup` (arguments: the communicator first, the new handle at `out`, the request at
/// `req`): a complete request, then the duplication.
fn idup(
    s: &mut MpiState,
    a: &Args<'_>,
    out: usize,
    req: usize,
    mem: &mut Memory,
    ctx: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    s.comm(a.int(0), ctx)?;
    check_bytes(mem, a.addr(out), 4, "the new communicator")?;
    s.create(
        Transfer::Null { receive: false },
        false,
        a.addr(req),
        mem,
        ctx,
    )?;
    dup(s, a.int(0), a.addr(out), mem, ctx)
}

/// A communicator name from the program (at most `MPI_MAX_OBJECT_NAME - 1` bytes).
fn read_name(mem: &Memory, addr: Addr) -> Result<Vec<u8>, ErrorKind> {
    let mut name = Vec::new();
    let mut at = addr;
    while name.len() < MPI_MAX_OBJECT_NAME as usize - 1 {
        let b = mem.read_u8(at).map_err(|error| ErrorKind::Memory {
            what: "the name",
            error,
        })?;
        if b == 0 {
            break;
        }
        name.push(b);
        at = at.wrapping_add(1);
    }
    Ok(name)
}

/// The group and the ranks of the (first, last, stride) triplets of
/// `MPI_Group_range_incl`/`excl`, checked as MPICH does.
fn ranged(s: &MpiState, a: &Args<'_>, mem: &Memory) -> Result<(Members, Vec<Rank>), ErrorKind> {
    let group = s.group(a.int(0))?;
    let n = length(a.int(1))?;
    let words = read_ints(mem, a.addr(2), n.saturating_mul(3), "the ranges array")?;
    let size = group.size();
    let mut ranks: Vec<Rank> = Vec::new();
    for t in words.chunks_exact(3) {
        let (first, last, stride) = (t[0], t[1], t[2]);
        let inside = |r: i64| (0..i64::from(size)).contains(&r);
        let backwards = (first > last && stride > 0) || (first < last && stride < 0);
        if stride == 0 || !inside(first) || !inside(last) || backwards {
            return Err(CommError::BadRange {
                triplet: [first, last, stride],
                size,
            }
            .into());
        }
        let mut r = first;
        while (stride > 0 && r <= last) || (stride < 0 && r >= last) {
            let rank = r as Rank;
            if ranks.contains(&rank) {
                return Err(CommError::RepeatedRank(r).into());
            }
            ranks.push(rank);
            r += stride;
        }
    }
    Ok((group, ranks))
}

/// Stores `members` as a new group (`MPI_GROUP_EMPTY` if it has none, as MPICH gives); its
/// handle goes to `out`.
fn new_group(
    s: &mut MpiState,
    members: Members,
    out: Addr,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, out, 4, "the new group variable")?;
    let handle = if members.size() == 0 {
        MPI_GROUP_EMPTY
    } else {
        s.comms().add_group(members)
    };
    write_int(mem, out, handle, "the new group variable")?;
    done()
}
