//! Active-target synchronization — general (post/start/complete/wait): a target exposes its
//! window to a group of origins with `MPI_Win_post` and closes the exposure with `MPI_Win_wait`
//! (or `MPI_Win_test`); an origin opens an access epoch to a group of targets with
//! `MPI_Win_start` and closes it with `MPI_Win_complete`.
//!
//! Model: the synchronization is messages on the window's communicator, as MPICH's: each target's
//! post sends an empty message to every origin of its group, and `MPI_Win_start` waits for the
//! posts of all its targets (MPI lets it block). `MPI_Win_complete` completes this rank's
//! operations, then sends every target an empty message; `MPI_Win_wait` returns once every
//! origin's has arrived. The messages are timed by the network like any others. Simplification:
//! post/start/complete/wait of two windows on the same communicator must be called in the same
//! order on all ranks (their messages share one tag).

use super::completion::not_yet;
use super::params::{p, INTP, K};
use crate::engine::{Rank, RankCtx};
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, write_int};
use crate::libs::mpi::collective::{tag, Kind, Round};
use crate::libs::mpi::comm_ctx::CommCtx;
use crate::libs::mpi::constants::{MPI_MODE_NOCHECK, MPI_MODE_NOPUT, MPI_MODE_NOSTORE};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::one_sided::{self, check_assert, sync};
use crate::libs::mpi::rma_error::RmaError;
use crate::libs::mpi::rma_sync::{exposure_over, Stage};
use crate::libs::mpi::state::MpiState;

/// The tag of a post message (the last sequence number of the window kind, which no window
/// barrier reaches in practice).
fn post_tag() -> i32 {
    tag(Kind::Window, u32::MAX)
}

/// The tag of a complete message.
fn complete_tag() -> i32 {
    tag(Kind::Window, u32::MAX - 1)
}

/// The window number and the group's ranks, as ranks of the window's communicator, of
/// `MPI_Win_post`/`MPI_Win_start(group, assert, win)`.
fn group_of(
    s: &mut MpiState,
    a: &Args<'_>,
    allowed: i64,
    words: &'static str,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<(u32, Vec<Rank>, Vec<Rank>), ErrorKind> {
    let members = s.group(a.int(0))?;
    let windows = one_sided::open(s, mem, ctx)?.windows;
    let number = windows.number(a.int(2))?;
    check_assert(a.int(1), allowed, words)?;
    let comm = &windows.get(number)?.comm;
    let (mut ranks, mut worlds) = (Vec::new(), Vec::new());
    for i in 0..members.size() {
        let world = members.world(i).unwrap_or(i);
        let rank = comm
            .members
            .rank_of(world)
            .ok_or(RmaError::NotInWindowGroup(world))?;
        ranks.push(rank);
        worlds.push(world);
    }
    Ok((number, ranks, worlds))
}

/// `MPI_Win_test`: whether the exposure epoch is over (then it is closed).
fn test(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let windows = one_sided::open(s, mem, ctx)?.windows;
    let number = windows.number(a.int(0))?;
    let flag = a.addr(1);
    check_bytes(mem, flag, 4, "the flag")?;
    if windows.get(number)?.exposure.is_none() {
        return Err(no_exposure(number).into());
    }
    if exposure_over(windows, number, ctx)?.is_some() {
        return not_yet(mem, flag);
    }
    write_int(mem, flag, 1, "the flag")?;
    done()
}

fn no_exposure(window: u32) -> RmaError {
    RmaError::ActiveTarget {
        window,
        problem: "no exposure epoch is open: MPI_Win_wait and MPI_Win_test close the one MPI_Win_post opened",
    }
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Win_post", "Opens an exposure epoch to the group's origins: sends each an empty message (its post) and returns without waiting.",
        &[
            p("group", K::Handle(HandleKind::GROUP)),
            p("assert", K::Int),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| {
            let allowed = i64::from(MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT);
            let words = "MPI_MODE_NOCHECK, MPI_MODE_NOSTORE or MPI_MODE_NOPUT";
            let (number, origins, _) = group_of(s, a, allowed, words, mem, ctx)?;
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let window = windows.get_mut(number)?;
            if window.exposure.is_some() {
                return Err(RmaError::ActiveTarget {
                    window: number,
                    problem: "an exposure epoch is open already: call MPI_Win_wait first",
                }
                .into());
            }
            let comm = window.comm.clone();
            let mut c = CommCtx::new(ctx, &comm);
            let mut round = Round::default();
            for &origin in &origins {
                round.send(&mut c, origin, post_tag(), Vec::new())?;
            }
            for &origin in &origins {
                round.recv(&mut c, origin, complete_tag(), 0)?;
            }
            window.exposure = Some(round);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_start", "Opens an access epoch to the group's targets: waits for each target's post message.",
        &[
            p("group", K::Handle(HandleKind::GROUP)),
            p("assert", K::Int),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| {
            let allowed = i64::from(MPI_MODE_NOCHECK);
            let (number, targets, worlds) = group_of(s, a, allowed, "MPI_MODE_NOCHECK", mem, ctx)?;
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let window = windows.get_mut(number)?;
            if window.access.is_some() {
                return Err(RmaError::ActiveTarget {
                    window: number,
                    problem: "an access epoch is open already: call MPI_Win_complete first",
                }
                .into());
            }
            window.access = Some(worlds);
            sync(vec![Stage::Messages {
                comm: window.comm.clone(),
                sends: Vec::new(),
                recvs: targets,
                tag: post_tag(),
                round: None,
            }])
        },
    ),
    MpiFunction::new(
        "MPI_Win_complete", "Completes this rank's operations of the access epoch, then sends each target an empty message.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(0))?;
            let window = windows.get_mut(number)?;
            let targets = window.access.take().ok_or(RmaError::ActiveTarget {
                window: number,
                problem: "no access epoch is open: MPI_Win_complete closes the one MPI_Win_start opened",
            })?;
            let comm = window.comm.clone();
            let sends = targets
                .iter()
                .filter_map(|&w| comm.members.rank_of(w))
                .collect();
            sync(vec![
                Stage::Complete {
                    window: number,
                    target: None,
                    local: false,
                },
                Stage::Messages {
                    comm,
                    sends,
                    recvs: Vec::new(),
                    tag: complete_tag(),
                    round: None,
                },
            ])
        },
    ),
    MpiFunction::new(
        "MPI_Win_wait", "Closes the exposure epoch: waits for every origin's complete message.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(0))?;
            if windows.get(number)?.exposure.is_none() {
                return Err(no_exposure(number).into());
            }
            sync(vec![Stage::Exposure { window: number }])
        },
    ),
    MpiFunction::new(
        "MPI_Win_test", "Looks once whether every origin's complete message arrived (then closes the exposure epoch); a miss lets the polling time pass.",
        &[p("win", K::Handle(HandleKind::WIN)), p("flag", INTP)],
        test,
    ),
];
