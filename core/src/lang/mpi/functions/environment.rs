//! The environment: `MPI_Init`, `MPI_Finalize`, `MPI_Comm_rank`, `MPI_Comm_size`, `MPI_Wtime`.

use super::params::{p, INTP, K};
use crate::lang::mpi::buffers::write_int;
use crate::lang::mpi::datatype::check_comm;
use crate::lang::mpi::function::{done, MpiFunction, Started};
use crate::lang::mpi::state::Value;

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Init",
        &[p("argc", K::ArgcPtr), p("argv", K::ArgvPtr)],
        |s, _, _, _| {
            s.init()?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new("MPI_Finalize", &[], |s, _, _, _| {
        s.finalize();
        done()
    }),
    MpiFunction::new(
        "MPI_Comm_rank",
        &[p("comm", K::Comm), p("rank", INTP)],
        |_, a, mem, ctx| {
            check_comm(a.int(0))?;
            let rank = i32::try_from(ctx.rank()).unwrap_or(i32::MAX);
            write_int(mem, a.addr(1), rank, "the rank variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_size",
        &[p("comm", K::Comm), p("size", INTP)],
        |_, a, mem, ctx| {
            check_comm(a.int(0))?;
            let size = i32::try_from(ctx.size()).unwrap_or(i32::MAX);
            write_int(mem, a.addr(1), size, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new("MPI_Wtime", &[], |_, _, _, ctx| {
        Ok(Started::Return(Value::Double(ctx.now().as_secs_f64())))
    })
    .double()
    .anytime(),
];
