//! `MPI_Get_accumulate`: an accumulate that returns the target's contents from before it, as one
//! atomic access (the general form of `MPI_Fetch_and_op`). Built from the parts
//! `mpi::one_sided` shares with the `one_sided` family; the access is data of the one-sided
//! layer (`RemoteAccess::Accumulate` with `fetch`), timed like the other operations.

use super::params::{p, K};
use crate::libs::function::{done, MpiFunction};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, read_bytes};
use crate::libs::mpi::datatype::Datatype;
use crate::libs::mpi::one_sided::{self, combine_of, element_of, Target};
use crate::libs::mpi::rma_error::RmaError;
use crate::machine::{AtomicKind, RdmaOp};
use crate::proto::rma::{Combine, Element, RemoteAccess};

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[MpiFunction::new(
    "MPI_Get_accumulate", "One atomic access: the target's elements come back to `result_addr` and are combined with the origin's (any predefined operation, `MPI_REPLACE`, or `MPI_NO_OP`, a read). One `int` `MPI_SUM` is the NIC's fetch-and-add, one element `MPI_REPLACE` fetch-and-store, `MPI_NO_OP` a get; the rest runs in the target's software, timed as a get of its bytes (the operand's trip to the target is not counted).",
    &[
        p("origin_addr", K::Buffer),
        p("origin_count", K::Int),
        p("origin_datatype", K::Handle(HandleKind::DATATYPE)),
        p("result_addr", K::Buffer),
        p("result_count", K::Int),
        p("result_datatype", K::Handle(HandleKind::DATATYPE)),
        p("target_rank", K::Int),
        p("target_disp", K::Int),
        p("target_count", K::Int),
        p("target_datatype", K::Handle(HandleKind::DATATYPE)),
        p("op", K::Handle(HandleKind::OP)),
        p("win", K::Handle(HandleKind::WIN)),
    ],
    |s, a, mem, ctx| {
        let windows = one_sided::open(s, mem, ctx)?.windows;
        let (combine, op_name) = combine_of(a.int(10))?;
        let target_type = Datatype::from_handle(a.int(9))?;
        let target_count = a.int(8);
        let bytes = target_type.bytes(target_count, "target_count")?;
        let result_type = Datatype::from_handle(a.int(5))?;
        let same = |count: i64, dtype: Datatype| -> Result<(), RmaError> {
            if dtype == target_type && count == target_count {
                Ok(())
            } else {
                Err(RmaError::TypeMismatch {
                    origin_count: count,
                    origin_type: dtype,
                    target_count,
                    target_type,
                })
            }
        };
        same(a.int(4), result_type)?;
        // MPI_NO_OP ignores the origin's arguments, as MPICH.
        if combine != Combine::NoOp {
            same(a.int(1), Datatype::from_handle(a.int(2))?)?;
        }
        let element = element_of(target_type, combine)?;
        let at = Target::check(windows, a.int(11), a.int(6), a.int(7), bytes, ctx)?;
        if bytes == 0 {
            return done();
        }
        let operand = if combine == Combine::NoOp {
            vec![0; bytes as usize]
        } else {
            read_bytes(mem, a.addr(0), bytes, "the origin buffer")?
        };
        let result = a.addr(3);
        check_bytes(mem, result, bytes, "the result buffer")?;
        let one = target_count == 1;
        let wide = u64::from(bytes);
        let (op, software) = match (combine, element) {
            (Combine::NoOp, _) => (RdmaOp::Get { bytes: wide }, None),
            (Combine::Sum, Element::Int) if one => (RdmaOp::Atomic(AtomicKind::FetchAndAdd), None),
            (Combine::Replace, _) if one && bytes <= 8 => {
                (RdmaOp::Atomic(AtomicKind::FetchAndStore), None)
            }
            _ => (
                RdmaOp::Get { bytes: wide },
                Some(format!(
                    "no NIC operation for MPI_Get_accumulate with {op_name} on {target_count} × {target_type}"
                )),
            ),
        };
        let access = RemoteAccess::Accumulate {
            combine,
            element,
            operand,
            fetch: true,
        };
        at.issue(windows, access, op, software, Some((result, bytes)), mem, ctx)?;
        done()
    },
)];
