//! Statuses as a program reads and writes them: `MPI_Get_elements_x` (the count as an
//! `MPI_Count`), `MPI_Status_set_elements`/`_x` (for generalized requests and layered
//! libraries), `MPI_Status_set_cancelled` and `MPI_Test_cancelled`. A status is laid out as
//! MPICH's (`count_lo`, `count_hi_and_cancelled`, `MPI_SOURCE`, `MPI_TAG`, `MPI_ERROR`): the
//! received byte count is 63 bits wide and the cancelled flag is its own bit.

use super::completion::elements;
use super::params::{p, INTP, K};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{
    check_bytes, set_status_bytes, set_status_cancelled, status_cancelled, write_bytes, write_int,
};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::state::MpiState;

/// `MPI_Status *` (never `MPI_STATUS_IGNORE` here: these calls read or write the status).
const STATUSP: K = K::Ptr(BaseType::Handle(HandleKind::STATUS));
/// `MPI_Count *`.
const COUNTP: K = K::Ptr(BaseType::Long);

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Get_elements_x", "Local: `MPI_Get_elements` with the count as an `MPI_Count` (the status holds a 63-bit byte count, as MPICH's does).",
        &[
            p("status", STATUSP),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("count", COUNTP),
        ],
        |s, a, mem, _| {
            let status = status_addr(mem, a.addr(0))?;
            let count = elements(s, status, a.int(1), mem)?;
            write_bytes(mem, a.addr(2), &count.to_le_bytes(), "the count variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Status_set_elements", "Local: makes the status say `count` elements of the datatype arrived (what `MPI_Get_count` and `MPI_Get_elements` then read).",
        &[
            p("status", STATUSP),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("count", K::Int),
        ],
        |s, a, mem, _| set_elements(s, a.addr(0), a.int(1), a.int(2), mem),
    ),
    MpiFunction::new(
        "MPI_Status_set_elements_x", "Local: `MPI_Status_set_elements` with an `MPI_Count`.",
        &[
            p("status", STATUSP),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("count", K::Word("MPI_Count")),
        ],
        |s, a, mem, _| set_elements(s, a.addr(0), a.int(1), a.int(2), mem),
    ),
    MpiFunction::new(
        "MPI_Status_set_cancelled", "Local: sets (flag ≠ 0) or clears the status's cancelled bit, which `MPI_Test_cancelled` reads.",
        &[p("status", STATUSP), p("flag", K::Int)],
        |_, a, mem, _| {
            let status = status_addr(mem, a.addr(0))?;
            set_status_cancelled(mem, status, a.int(1) != 0)?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Test_cancelled", "Local: whether the request this status came from was cancelled (a receive cancelled by `MPI_Cancel` before it matched).",
        &[p("status", STATUSP), p("flag", INTP)],
        |_, a, mem, _| {
            let status = status_addr(mem, a.addr(0))?;
            let cancelled = status_cancelled(mem, status)?;
            write_int(mem, a.addr(1), i32::from(cancelled), "the flag")?;
            done()
        },
    ),
];

/// The status at `addr`, checked to exist (`MPI_STATUS_IGNORE` is no status to read or set).
fn status_addr(mem: &Memory, addr: Addr) -> Result<Addr, ErrorKind> {
    check_bytes(
        mem,
        addr,
        crate::lang::vm::memory::STATUS_SIZE,
        "the status",
    )?;
    Ok(addr)
}

/// `MPI_Status_set_elements(status, datatype, count)`: the status holds `count` times the
/// datatype's size in bytes (MPICH's `MPIR_Status_set_elements_x_impl`).
fn set_elements(
    s: &mut MpiState,
    status: Addr,
    datatype: i64,
    count: i64,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    let status = status_addr(mem, status)?;
    let size = s.types().map(datatype)?.size();
    let count = u64::try_from(count).map_err(|_| ErrorKind::NegativeCount {
        what: "count".to_string(),
        count,
    })?;
    set_status_bytes(mem, status, count.saturating_mul(size))?;
    done()
}
