//! More about windows: dynamic windows (`MPI_Win_create_dynamic`, `MPI_Win_attach`,
//! `MPI_Win_detach`), a window's group (`MPI_Win_get_group`), `MPI_Win_sync`, and local
//! completion (`MPI_Win_flush_local`, `MPI_Win_flush_local_all`). Built from the parts
//! `mpi::one_sided` shares with the `one_sided` family.
//!
//! A dynamic window exposes no memory at creation; each rank attaches regions of its own memory
//! and detaches them. A target displacement is then an address of the target's memory (as from
//! `MPI_Get_address`), and the origin checks the access against the regions the target attached
//! (the one-sided layer keeps them, as it keeps the other windows' sizes).

use super::params::{p, K, WINP};
use crate::engine::RankCtx;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, write_int};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::one_sided::{self, create, sync, window_comm};
use crate::libs::mpi::rma_error::RmaError;
use crate::libs::mpi::rma_sync::Stage;
use crate::libs::mpi::state::MpiState;
use crate::proto::rma::OneSidedOps;

/// `MPI_Win_flush_local` (one target) and `MPI_Win_flush_local_all` (`rank` is `None`): waits
/// for the operations whose results come back; the lock stays held.
fn flush_local(
    s: &mut MpiState,
    rank: Option<i64>,
    win: i64,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let windows = one_sided::open(s, mem, ctx)?.windows;
    let number = windows.number(win)?;
    let window = windows.get(number)?;
    let target = rank.map(|r| window.target(r)).transpose()?;
    let locked = match target {
        Some(t) => window.lock_all.is_some() || window.locks.contains_key(&t),
        None => window.passive(),
    };
    if !locked {
        return Err(RmaError::NoPassiveEpoch {
            window: number,
            target,
        }
        .into());
    }
    sync(vec![Stage::Complete {
        window: number,
        target,
        local: true,
    }])
}

/// The window number of a dynamic window's handle.
fn dynamic(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<u32, ErrorKind> {
    let windows = one_sided::open(s, mem, ctx)?.windows;
    let number = windows.number(a.int(0))?;
    if !windows.get(number)?.dynamic {
        return Err(RmaError::NotDynamic(number).into());
    }
    Ok(number)
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Win_create_dynamic", "Collective on any intracommunicator: a window with no memory yet (each rank attaches its own with `MPI_Win_attach`); costs a barrier among its members.",
        &[
            p("info", K::Handle(HandleKind::INFO)),
            p("comm", K::Handle(HandleKind::COMM)),
            p("win", WINP),
        ],
        |s, a, mem, ctx| {
            let comm = window_comm(s, a.int(1), a.name, ctx)?;
            let mut rma = one_sided::open(s, mem, ctx)?;
            one_sided::check_creation(0, 1, a.int(0))?;
            let number = create(rma.windows, a.name, 0, 0, 1, a.addr(2), comm, mem, ctx)?;
            sync(vec![rma.barrier(number)?])
        },
    ),
    MpiFunction::new(
        "MPI_Win_attach", "Local: lends `size` bytes at `base` to a dynamic window; the others address them by their address (`MPI_Get_address`), and an access outside what the target attached is refused at the origin.",
        &[
            p("win", K::Handle(HandleKind::WIN)),
            p("base", K::Buffer),
            p("size", K::Word("MPI_Aint")),
        ],
        |s, a, mem, ctx| {
            let number = dynamic(s, a, mem, ctx)?;
            let size = a.int(2);
            let bytes = u32::try_from(size).map_err(|_| RmaError::Size(size))?;
            check_bytes(mem, a.addr(1), bytes, "the memory to attach")?;
            ctx.attach_memory(number, u64::from(a.addr(1)), u64::from(bytes));
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_detach", "Local: takes back the memory attached at `base`.",
        &[p("win", K::Handle(HandleKind::WIN)), p("base", K::Buffer)],
        |s, a, mem, ctx| {
            let number = dynamic(s, a, mem, ctx)?;
            let base = u64::from(a.addr(1));
            if !ctx.detach_memory(number, base) {
                return Err(RmaError::NotAttached(base).into());
            }
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_get_group", "Local: a new group of the window's communicator's ranks.",
        &[
            p("win", K::Handle(HandleKind::WIN)),
            p("group", K::Ptr(crate::lang::syntax::ast::BaseType::Handle(HandleKind::GROUP))),
        ],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(0))?;
            let members = windows.get(number)?.comm.members.clone();
            check_bytes(mem, a.addr(1), 4, "the group variable")?;
            let handle = s.comms().add_group(members);
            write_int(mem, a.addr(1), handle, "the group variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_sync", "Local, and free: a memory barrier between the window's public and private copies, which are one in Rankscope (each access takes effect at one instant), as in MPICH's unified model.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            windows.number(a.int(0))?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_flush_local", "Waits for the operations to one target whose results come back (gets, fetches); puts and accumulates read their origin buffer when called, so they are complete locally already. The lock stays held.",
        &[p("rank", K::Int), p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| flush_local(s, Some(a.int(0)), a.int(1), mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Win_flush_local_all", "`MPI_Win_flush_local` to every target.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| flush_local(s, None, a.int(0), mem, ctx),
    ),
];
