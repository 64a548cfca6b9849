//! Groups: `MPI_Group_size`, `MPI_Group_rank`, `MPI_Group_incl`, `MPI_Group_excl`,
//! `MPI_Group_translate_ranks`, `MPI_Group_compare`, `MPI_Group_free`. Groups are local: no
//! message moves.

use super::communicators::GROUPP;
use super::params::{p, INTP, K};
use crate::engine::Rank;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, read_int, read_ints, write_int, write_ints};
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{
    MPI_GROUP_NULL, MPI_IDENT, MPI_PROC_NULL, MPI_SIMILAR, MPI_UNDEFINED, MPI_UNEQUAL,
};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::group::{Likeness, Members};
use crate::libs::mpi::state::{length, MpiState};

/// `MPI_Group_incl`/`excl(group, n, ranks, newgroup)`.
const PICK: &[crate::lang::sema::builtins::Param] = &[
    p("group", K::Handle(HandleKind::GROUP)),
    p("n", K::Int),
    p("ranks", INTP),
    p("newgroup", GROUPP),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Group_size",
        "Local: the group's size.",
        &[p("group", K::Handle(HandleKind::GROUP)), p("size", INTP)],
        |s, a, mem, _| {
            let size = s.group(a.int(0))?.size();
            write_int(mem, a.addr(1), size as i32, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Group_rank",
        "Local: this rank's rank in the group, or `MPI_UNDEFINED`.",
        &[p("group", K::Handle(HandleKind::GROUP)), p("rank", INTP)],
        |s, a, mem, ctx| {
            let rank = s.group(a.int(0))?.rank_of(ctx.rank());
            let rank = rank.map_or(MPI_UNDEFINED, |r| r as i32);
            write_int(mem, a.addr(1), rank, "the rank variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Group_incl",
        "Local: the listed ranks, in that order.",
        PICK,
        |s, a, mem, _| {
            let (group, ranks) = picked(s, a, mem)?;
            let chosen: Vec<Rank> = ranks.iter().map(|&r| group.world(r).unwrap_or(r)).collect();
            new_group(s, Members::List(chosen.into()), a, mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_excl",
        "Local: the group without the listed ranks.",
        PICK,
        |s, a, mem, _| {
            let (group, ranks) = picked(s, a, mem)?;
            let kept: Vec<Rank> = (0..group.size())
                .filter(|r| !ranks.contains(r))
                .filter_map(|r| group.world(r))
                .collect();
            new_group(s, Members::List(kept.into()), a, mem)
        },
    ),
    MpiFunction::new(
        "MPI_Group_translate_ranks",
        "Local: ranks of one group in another (`MPI_UNDEFINED` where absent).",
        &[
            p("group1", K::Handle(HandleKind::GROUP)),
            p("n", K::Int),
            p("ranks1", INTP),
            p("group2", K::Handle(HandleKind::GROUP)),
            p("ranks2", INTP),
        ],
        |s, a, mem, _| {
            let (from, to) = (s.group(a.int(0))?, s.group(a.int(3))?);
            let ranks = read_ints(mem, a.addr(2), length(a.int(1))?, "the ranks1 array")?;
            let mut out = Vec::with_capacity(ranks.len());
            for r in ranks {
                out.push(if r == i64::from(MPI_PROC_NULL) {
                    MPI_PROC_NULL
                } else {
                    let world = from.world(in_group(r, &from)?).unwrap_or(0);
                    to.rank_of(world).map_or(MPI_UNDEFINED, |t| t as i32)
                });
            }
            write_ints(mem, a.addr(4), &out, "the ranks2 array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Group_compare",
        "Local: `MPI_IDENT`, `MPI_SIMILAR` or `MPI_UNEQUAL`.",
        &[
            p("group1", K::Handle(HandleKind::GROUP)),
            p("group2", K::Handle(HandleKind::GROUP)),
            p("result", INTP),
        ],
        |s, a, mem, _| {
            let result = match s.group(a.int(0))?.likeness(&s.group(a.int(1))?) {
                Likeness::Same => MPI_IDENT,
                Likeness::Reordered => MPI_SIMILAR,
                Likeness::Different => MPI_UNEQUAL,
            };
            write_int(mem, a.addr(2), result, "the result variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Group_free",
        "Local: frees the group; the handle becomes `MPI_GROUP_NULL`.",
        &[p("group", GROUPP)],
        |s, a, mem, _| {
            let handle = read_int(mem, a.addr(0), "the group variable")?;
            s.free_group(i64::from(handle))?;
            write_int(mem, a.addr(0), MPI_GROUP_NULL, "the group variable")?;
            done()
        },
    ),
];

/// Checks rank `r` of `group`.
fn in_group(r: i64, group: &Members) -> Result<Rank, ErrorKind> {
    match u32::try_from(r) {
        Ok(r) if r < group.size() => Ok(r),
        _ => Err(CommError::GroupRank {
            rank: r,
            size: group.size(),
        }
        .into()),
    }
}

/// The group and the checked, distinct ranks of `MPI_Group_incl`/`excl`.
fn picked(s: &MpiState, a: &Args<'_>, mem: &Memory) -> Result<(Members, Vec<Rank>), ErrorKind> {
    let group = s.group(a.int(0))?;
    let given = read_ints(mem, a.addr(2), length(a.int(1))?, "the ranks array")?;
    let mut ranks = Vec::with_capacity(given.len());
    for r in given {
        let r = in_group(r, &group)?;
        if ranks.contains(&r) {
            return Err(CommError::RepeatedRank(i64::from(r)).into());
        }
        ranks.push(r);
    }
    Ok((group, ranks))
}

/// Stores `members` as a new group; its handle goes to argument 3.
fn new_group(
    s: &mut MpiState,
    members: Members,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, a.addr(3), 4, "the new group variable")?;
    // An empty result is MPI_GROUP_EMPTY itself, as MPICH gives.
    let handle = if members.size() == 0 {
        crate::libs::mpi::constants::MPI_GROUP_EMPTY
    } else {
        s.comms().add_group(members)
    };
    write_int(mem, a.addr(3), handle, "the new group variable")?;
    done()
}
