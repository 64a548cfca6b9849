//! `MPI_Reduce_local`: `inoutbuf = inbuf ∘ inoutbuf`, element by element, on this rank alone —
//! a predefined operation at once, a user-defined one by running the program's function (as
//! the reductions of `collectives` do); the arithmetic costs the machine's time for one
//! operation per element.

use super::params::{p, K};
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::MpiFunction;
use crate::libs::function::Started;
use crate::libs::handles::HandleKind;
use crate::libs::mpi::collective::{Collective, Running, Wait};
use crate::libs::mpi::comm_ctx::CommCtx;
use crate::libs::mpi::constants::MPI_COMM_SELF;
use crate::libs::mpi::derived::Shape;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::user_op::Combiner;
use crate::time::SimTime;

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[MpiFunction::new(
    "MPI_Reduce_local", "Local: inoutbuf = inbuf op inoutbuf, one operation per element of the machine's time; a user-defined operation runs the program's function.",
    &[
        p("inbuf", K::Buffer),
        p("inoutbuf", K::Buffer),
        p("count", K::Int),
        p("datatype", K::Handle(HandleKind::DATATYPE)),
        p("op", K::Handle(HandleKind::OP)),
    ],
    |s, a, mem, ctx| {
        let op = s.op(a.int(4))?;
        let shape = s.types().shape(a.int(3), a.int(2), "count")?;
        let combiner = Combiner::new(op, a.int(3), s.types())?;
        let other = shape.read(mem, a.addr(0), "the input buffer")?;
        let acc = shape.read(mem, a.addr(1), "the input/output buffer")?;
        let local = LocalReduce {
            combiner,
            other,
            acc,
            out: a.addr(1),
            shape,
            combined: false,
        };
        let comm = s.comm(i64::from(MPI_COMM_SELF), ctx)?;
        Ok(Started::Wait(Pending::Collective(comm, Running::new(local))))
    },
)];

/// `MPI_Reduce_local` in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LocalReduce {
    combiner: Combiner,
    /// `inbuf`'s elements (packed).
    other: Vec<u8>,
    /// `inoutbuf`'s, then the result.
    acc: Vec<u8>,
    out: Addr,
    shape: Shape,
    /// The combination is done (its time is being spent).
    combined: bool,
}

impl Collective for LocalReduce {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        if !self.combined {
            // `inbuf` is the first operand.
            if let Some(call) = self
                .combiner
                .combine(&mut self.acc, &self.other, true, mem)?
            {
                return Ok(Some(Wait::Call(call)));
            }
            self.combined = true;
            let time = ctx.flops_time(self.combiner.elements(self.acc.len()));
            if time > SimTime::ZERO {
                return Ok(Some(crate::engine::Step::Compute(time).into()));
            }
        }
        self.shape
            .write(mem, self.out, &self.acc, "the input/output buffer")?;
        Ok(None)
    }
}
