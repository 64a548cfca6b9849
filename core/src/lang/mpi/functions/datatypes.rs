//! Datatypes: `MPI_Type_size` and `MPI_Type_get_extent` of the predefined datatypes.

use super::params::{p, INTP, K};
use crate::lang::ast::BaseType;
use crate::lang::mpi::buffers::{write_bytes, write_int};
use crate::lang::mpi::datatype::Datatype;
use crate::lang::mpi::function::{done, MpiFunction};

/// `MPI_Aint *`.
const AINTP: K = K::Ptr(BaseType::Long);

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Type_size",
        &[p("datatype", K::Datatype), p("size", INTP)],
        |_, a, mem, _| {
            let size = Datatype::from_handle(a.int(0))?.data_size();
            write_int(mem, a.addr(1), size as i32, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_get_extent",
        &[
            p("datatype", K::Datatype),
            p("lb", AINTP),
            p("extent", AINTP),
        ],
        |_, a, mem, _| {
            let extent = i64::from(Datatype::from_handle(a.int(0))?.size());
            write_bytes(mem, a.addr(1), &0i64.to_le_bytes(), "the lb variable")?;
            write_bytes(mem, a.addr(2), &extent.to_le_bytes(), "the extent variable")?;
            done()
        },
    ),
];
