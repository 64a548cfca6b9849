//! The environment: `MPI_Init`, `MPI_Finalize`, `MPI_Initialized`, `MPI_Finalized`,
//! `MPI_Comm_rank`, `MPI_Comm_size`, `MPI_Wtime`, `MPI_Wtick`, `MPI_Get_processor_name`,
//! `MPI_Get_version`, `MPI_Abort`, `MPI_Init_thread`, `MPI_Query_thread`, `MPI_Is_thread_main`. `MPI_Finalize` warns about requests never completed and messages never received.

use super::params::{p, INTP, K};
use crate::engine::RankCtx;
use crate::libs::function::{done, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{write_bytes, write_int};
use crate::libs::mpi::constants::{MPI_MAX_PROCESSOR_NAME, MPI_THREAD_SINGLE};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::state::{MpiState, Value};

/// The MPI standard the library reports (`MPI_Get_version`; `mpi.h`'s `MPI_VERSION` and
/// `MPI_SUBVERSION` say the same): 3.1, the newest standard whose functions it implements,
/// MPI-IO aside (3.1 added `MPI_Aint_add` and `MPI_Aint_diff`; a few 3.0 calls are still not run,
/// and the reference lists them). Of MPI-4.0 it runs the persistent
/// collectives and `MPI_Isendrecv`, but not sessions, partitioned or large-count (`_c`) calls,
/// so a program that asks gets the version whose calls it may rely on — not MPICH 4.0's "4.0".
const VERSION: (i32, i32) = (3, 1);

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Init", "Enters MPI; local: no message moves.",
        &[p("argc", K::ArgcPtr), p("argv", K::ArgvPtr)],
        |s, _, _, _| {
            s.init()?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Init_thread", "Enters MPI as `MPI_Init` does, providing the level asked for, as MPICH does (`MPI_THREAD_SINGLE` for a value that is no level). A rank runs one thread: a program here cannot start others.",
        &[p("argc", K::ArgcPtr), p("argv", K::ArgvPtr), p("required", K::Int), p("provided", INTP)],
        |s, a, mem, _| {
            let level = match a.int(2) {
                l @ 0..=3 => l as u8,
                _ => MPI_THREAD_SINGLE as u8,
            };
            s.init_thread(level)?;
            write_int(mem, a.addr(3), i32::from(level), "the provided variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new("MPI_Query_thread", "Local: the level `MPI_Init_thread` provided (`MPI_THREAD_SINGLE` after `MPI_Init`).", &[p("provided", INTP)], |s, a, mem, _| {
        write_int(mem, a.addr(0), s.thread_level(), "the provided variable")?;
        done()
    }),
    MpiFunction::new("MPI_Is_thread_main", "Local: true — a rank runs one thread, the main one.", &[p("flag", INTP)], |_, a, mem, _| {
        write_int(mem, a.addr(0), 1, "the flag")?;
        done()
    }),
    MpiFunction::new("MPI_Finalize", "Leaves MPI; local (no barrier); warns about requests never completed and messages sent but never received, naming the calls that made them.", &[], |s, _, _, ctx| {
        // Attribute caching (attrs.rs): the delete callbacks on MPI_COMM_SELF and MPI_COMM_WORLD
        // run first, then `leave`.
        if let Some(started) = s.attrs_at_finalize() {
            return Ok(started);
        }
        leave(s, ctx);
        done()
    }),
    MpiFunction::new(
        "MPI_Comm_rank", "Local: this rank's rank in the communicator.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("rank", INTP)],
        |s, a, mem, ctx| {
            let rank = i32::try_from(s.comm(a.int(0), ctx)?.rank).unwrap_or(i32::MAX);
            write_int(mem, a.addr(1), rank, "the rank variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_size", "Local: the communicator's size.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("size", INTP)],
        |s, a, mem, ctx| {
            let size = i32::try_from(s.comm(a.int(0), ctx)?.size()).unwrap_or(i32::MAX);
            write_int(mem, a.addr(1), size, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new("MPI_Wtime", "The rank's simulated clock in seconds, read after the code before it has been charged.", &[], |_, _, _, ctx| {
        Ok(Started::Return(Value::Double(ctx.now().as_secs_f64())))
    })
    .double()
    .anytime(),
    MpiFunction::new("MPI_Initialized", "Local; callable before `MPI_Init`.", &[p("flag", INTP)], |s, a, mem, _| {
        write_int(mem, a.addr(0), i32::from(s.is_initialized()), "the flag")?;
        done()
    })
    .anytime(),
    MpiFunction::new("MPI_Finalized", "Local; callable after `MPI_Finalize`.", &[p("flag", INTP)], |s, a, mem, _| {
        write_int(mem, a.addr(0), i32::from(s.is_finalized()), "the flag")?;
        done()
    })
    .anytime(),
    // The simulated clock counts picoseconds.
    MpiFunction::new("MPI_Wtick", "1e-12: the simulated clock counts picoseconds.", &[], |_, _, _, _| {
        Ok(Started::Return(Value::Double(1e-12)))
    })
    .double()
    .anytime(),
    MpiFunction::new(
        "MPI_Get_processor_name", "The simulated node's host name.",
        &[p("name", K::Buffer), p("resultlen", INTP)],
        |_, a, mem, ctx| {
            let mut name = ctx.host_name().into_bytes();
            name.truncate(MPI_MAX_PROCESSOR_NAME as usize - 1);
            let len = i32::try_from(name.len()).unwrap_or(0);
            name.push(0);
            write_bytes(mem, a.addr(0), &name, "the name buffer")?;
            write_int(mem, a.addr(1), len, "the length variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Get_version", "MPI 3.1, the newest standard whose functions this library implements, MPI-IO aside (3.1 added `MPI_Aint_add` and `MPI_Aint_diff`; a few 3.0 calls, such as `MPI_Win_allocate_shared` and `MPI_Rget`, are still under \"Not run yet\"); of MPI-4.0 it runs some calls (the persistent collectives, the non-blocking send-receive) but not sessions, partitioned or large-count (`_c`) calls, so it does not say 4.0 as MPICH 4.0.2 does. `MPI_VERSION` and `MPI_SUBVERSION` say the same; local, callable before `MPI_Init` and after `MPI_Finalize`.",
        &[p("version", INTP), p("subversion", INTP)],
        |_, a, mem, _| {
            write_int(mem, a.addr(0), VERSION.0, "the version variable")?;
            write_int(mem, a.addr(1), VERSION.1, "the subversion variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Abort", "Ends the run with an error naming the rank and the error code.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("errorcode", K::Int)],
        |s, a, _, ctx| {
            s.comm(a.int(0), ctx)?;
            Err(ErrorKind::Aborted {
                rank: ctx.rank(),
                code: a.int(1),
            })
        },
    ),
];

/// `MPI_Finalize`'s work: MPI is left; warnings about requests never completed and messages
/// never received.
pub(crate) fn leave(s: &mut MpiState, ctx: &mut RankCtx<'_>) {
    if let Some(warning) = s.finalize() {
        ctx.diagnose(warning);
    }
    crate::libs::mpi::unreceived::warn_at_finalize(ctx);
}
