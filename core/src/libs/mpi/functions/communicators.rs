//! Communicators: `MPI_Comm_dup`, `MPI_Comm_split`, `MPI_Comm_create`, `MPI_Comm_free`,
//! `MPI_Comm_compare`, and the group of a communicator, `MPI_Comm_group`. Creation is collective
//! on the parent communicator (`comm_create`).

use crate::libs::handles::HandleKind;
use std::sync::Arc;

use super::params::{p, INTP, K};
use crate::engine::RankCtx;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, MpiFunction, Started};
use crate::libs::mpi::buffers::{check_bytes, read_int, write_int};
use crate::libs::mpi::cart::Cart;
use crate::libs::mpi::collective::Kind;
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_create::{check_color, Create, Making};
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{
    MPI_COMM_NULL, MPI_CONGRUENT, MPI_IDENT, MPI_SIMILAR, MPI_UNDEFINED, MPI_UNEQUAL,
};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::group::Likeness;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::MpiState;

/// `MPI_Comm *`.
pub(super) const COMMP: K = K::Ptr(BaseType::Handle(HandleKind::COMM));
/// `MPI_Group *`.
pub(super) const GROUPP: K = K::Ptr(BaseType::Handle(HandleKind::GROUP));

/// Starts this rank's part in splitting `parent` by `color` and `key` into a communicator with
/// topology `cart`, whose handle goes to `out`.
pub(super) fn create(
    s: &mut MpiState,
    parent: Comm,
    color: i32,
    key: i64,
    cart: Option<Cart>,
    out: Addr,
    mem: &Memory,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, out, 4, "the new communicator")?;
    let tag = s.next_tag(&parent, Kind::CommCreate);
    let free = s.comms().free_contexts();
    if parent.is_inter() {
        if cart.is_some() {
            return Err(CommError::NeedsIntra("MPI_Cart_create").into());
        }
        // Over both groups: the local group's ranks of this color face the remote group's.
        let low = super::intercomms::low_size(&parent);
        let view = parent.union_view();
        let create = Create::new(view, tag, color, key, free, None, out);
        let create = create.making(Making::Inter { low });
        return Ok(Started::Wait(Pending::Create(Box::new(create))));
    }
    let create = Create::new(parent, tag, color, key, free, cart.map(Arc::new), out);
    Ok(Started::Wait(Pending::Create(Box::new(create))))
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Comm_dup", "Collective: a split with one color, one Bruck allgather of (color, key, free context ids), as MPICH.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("newcomm", COMMP)],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            let (key, cart) = (i64::from(parent.rank), parent.cart.as_deref().cloned());
            let started = create(s, parent, 0, key, cart, a.addr(1), mem)?;
            // Attribute caching (attrs.rs): the copy callbacks run once the communicator exists.
            Ok(s.with_attr_copies(started, a.int(0), a.addr(1)))
        },
    ),
    MpiFunction::new(
        "MPI_Comm_split", "Collective: one Bruck allgather of every rank's (color, key, free context ids), then each color's ranks sorted by key (MPICH's `MPIR_Comm_split_impl`).",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("color", K::Int),
            p("key", K::Int),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            let color = check_color(a.int(1))?;
            create(s, parent, color, a.int(2), None, a.addr(3), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Comm_create", "Collective on the parent: a split by group (MPI-2.2: each rank may pass the group it belongs to, disjoint groups; each becomes its own communicator, ranked as in the group).",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("group", K::Handle(HandleKind::GROUP)),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            let group = s.group(a.int(1))?;
            if let Some(outside) = group
                .ranks()
                .into_iter()
                .find(|&r| parent.members.rank_of(r).is_none())
            {
                return Err(CommError::NotSubset(outside).into());
            }
            // MPI-2.2: ranks may pass different, disjoint groups, and each group becomes its
            // own communicator. A group is named by its lowest member's rank in the parent (the
            // groups are disjoint), its ranks ordered as in the group.
            let (color, key) = match group.rank_of(ctx.rank()) {
                // On an intercommunicator each group passes a group of its own ranks.
                Some(r) if parent.is_inter() => (0, i64::from(r)),
                Some(r) => {
                    let lowest = (group.ranks().into_iter())
                        .filter_map(|w| parent.members.rank_of(w))
                        .min()
                        .unwrap_or(0);
                    (lowest as i32, i64::from(r))
                }
                None => (MPI_UNDEFINED, 0),
            };
            create(s, parent, color, key, None, a.addr(2), mem)
        },
    ),
    MpiFunction::new("MPI_Comm_free", "Local: frees the communicator; the handle becomes `MPI_COMM_NULL`.", &[p("comm", COMMP)], |s, a, mem, ctx| {
        let handle = read_int(mem, a.addr(0), "the communicator")?;
        let builtin = [crate::libs::mpi::constants::MPI_COMM_WORLD, crate::libs::mpi::constants::MPI_COMM_SELF];
        if !builtin.contains(&s.comm(i64::from(handle), ctx)?.handle) {
            // Attribute caching (attrs.rs): delete callbacks first, then the free.
            if let Some(started) = s.free_after_attrs(crate::libs::mpi::attrs::ObjKind::Comm, i64::from(handle)) {
                write_int(mem, a.addr(0), MPI_COMM_NULL, "the communicator")?;
                return Ok(started);
            }
        }
        s.free_comm(i64::from(handle), ctx)?;
        write_int(mem, a.addr(0), MPI_COMM_NULL, "the communicator")?;
        // Attribute caching (attrs.rs): the delete callbacks of its attributes.
        s.attrs_freed(crate::libs::mpi::attrs::ObjKind::Comm, i64::from(handle))
    }),
    MpiFunction::new(
        "MPI_Comm_compare", "Local: `MPI_IDENT`, `MPI_CONGRUENT`, `MPI_SIMILAR` or `MPI_UNEQUAL`.",
        &[p("comm1", K::Handle(HandleKind::COMM)), p("comm2", K::Handle(HandleKind::COMM)), p("result", INTP)],
        |s, a, mem, ctx| {
            let result = compare(s, a.int(0), a.int(1), ctx)?;
            write_int(mem, a.addr(2), result, "the result variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_group", "Local: the communicator's group.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("group", GROUPP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            check_bytes(mem, a.addr(1), 4, "the group variable")?;
            let handle = s.comms().add_group(comm.members);
            write_int(mem, a.addr(1), handle, "the group variable")?;
            done()
        },
    ),
];

/// `MPI_Comm_compare`'s answer.
fn compare(s: &MpiState, a: i64, b: i64, ctx: &RankCtx<'_>) -> Result<i32, ErrorKind> {
    let (x, y) = (s.comm(a, ctx)?, s.comm(b, ctx)?);
    if x.is_inter() != y.is_inter() {
        return Ok(MPI_UNEQUAL);
    }
    if x.handle == y.handle {
        return Ok(MPI_IDENT);
    }
    let result = |l: Likeness| match l {
        Likeness::Same => MPI_CONGRUENT,
        Likeness::Reordered => MPI_SIMILAR,
        Likeness::Different => MPI_UNEQUAL,
    };
    let local = result(x.members.likeness(&y.members));
    // Intercommunicators: the weaker of the two groups' answers (MPICH).
    Ok(match (&x.remote, &y.remote) {
        (Some(rx), Some(ry)) => local.max(result(rx.likeness(ry))),
        _ => local,
    })
}
