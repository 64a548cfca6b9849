//! Reduction operations as the reductions use them: predefined ones ([`ReduceOp`]) and the
//! program's own (`MPI_Op_create`, `MPI_Op_free`: the rank's table, [`UserOps`]), and
//! [`Combiner`], the arithmetic every reduction shares on buffers of any datatype.
//!
//! Reductions carry their buffers packed (a derived datatype's data bytes in type-map order, as
//! its messages). A predefined operation runs on the packed bytes at once; it needs a datatype
//! made of one predefined type (`MPI_Type_contiguous(4, MPI_DOUBLE, …)`, a vector of `int`s),
//! as MPI says. A user-defined operation runs the program's function
//! `void f(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype)`: the library, which
//! cannot run C, unpacks both operands into scratch space on top of the rank's stack (in the
//! datatype's layout, extents and gaps included), and asks the VM to call the function
//! ([`UserCall`], which [`Outcome::Call`](super::state::Outcome::Call) carries); when the VM
//! resumes the library, the reduction that asked reads `inoutvec` back, releases the scratch
//! space and goes on. The function may not call MPI.
//!
//! Order: MPI defines `inoutvec[i] = invec[i] ∘ inoutvec[i]`, `invec` holding the lower ranks'
//! values. A non-commutative operation (`commute = 0`) always gets the lower ranks' partial
//! result as `invec` (the algorithms combine contiguous rank ranges only, and `MPI_Reduce` uses
//! a tree rooted at rank 0 for them, as MPICH); a commutative one, like MPICH, gets the
//! arriving data as `invec`. Each combination costs the machine's time for one operation per
//! element, like a predefined operation's (the function's own instructions are not charged
//! separately).

use std::rc::Rc;

use super::constants as k;
use super::datatype::{Datatype, ReduceOp};
use super::derived::{is_derived, Shape, TypeMap, Types};
use super::error::ErrorKind;
use crate::lang::vm::memory::{Addr, Memory};

/// Handles of user-defined operations are this plus their index in the rank's table.
pub const USER_OP_BASE: i32 = 0x5880_0000;
/// At most this many user-defined operations live at once on a rank.
const MAX_OPS: usize = 1 << 16;

/// An operation made by `MPI_Op_create`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UserOp {
    /// Its handle.
    pub handle: i32,
    /// The program's function (a function pointer's value).
    pub function: i64,
    /// Whether the program declared it commutative.
    pub commute: bool,
}

/// A reduction operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `MPI_SUM`, `MPI_MAXLOC`, …
    Predefined(ReduceOp),
    /// The program's function.
    User(UserOp),
}

impl Op {
    /// Whether the operation is commutative (every predefined one is).
    pub fn commutative(self) -> bool {
        match self {
            Op::Predefined(_) => true,
            Op::User(u) => u.commute,
        }
    }
}

/// Whether `handle` is in the range of user-defined operations' handles.
pub fn is_user_op(handle: i64) -> bool {
    (i64::from(USER_OP_BASE)..i64::from(USER_OP_BASE) + MAX_OPS as i64).contains(&handle)
}

/// The rank's user-defined operations, by handle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserOps {
    ops: Vec<Option<UserOp>>,
}

impl UserOps {
    /// `MPI_Op_create`: stores a new operation; its handle.
    pub fn create(&mut self, function: i64, commute: bool) -> Result<i32, ErrorKind> {
        let index = match self.ops.iter().position(Option::is_none) {
            Some(i) => i,
            None if self.ops.len() < MAX_OPS => {
                self.ops.push(None);
                self.ops.len() - 1
            }
            None => return Err(ErrorKind::TooManyOps),
        };
        let handle = USER_OP_BASE + index as i32;
        self.ops[index] = Some(UserOp {
            handle,
            function,
            commute,
        });
        Ok(handle)
    }

    /// The operation `handle` names (predefined or live user-defined).
    pub fn get(&self, handle: i64) -> Result<Op, ErrorKind> {
        if !is_user_op(handle) {
            return ReduceOp::from_handle(handle).map(Op::Predefined);
        }
        let index = (handle - i64::from(USER_OP_BASE)) as usize;
        match self.ops.get(index) {
            Some(Some(op)) => Ok(Op::User(*op)),
            Some(None) => Err(ErrorKind::FreedOp(handle)),
            None => Err(ErrorKind::UnknownOp(handle)),
        }
    }

    /// `MPI_Op_free` (reductions already started with it finish normally).
    pub fn free(&mut self, handle: i64) -> Result<(), ErrorKind> {
        match self.get(handle)? {
            Op::Predefined(op) => Err(ErrorKind::FreePredefinedOp(op)),
            Op::User(op) => {
                let index = (op.handle - USER_OP_BASE) as usize;
                self.ops[index] = None;
                Ok(())
            }
        }
    }
}

/// A call of the program's function that the library asks the VM to make (a user-defined
/// reduction, an error handler, an attribute's copy or delete callback): `function(args[0], …,
/// args[argc - 1])`, whose `int` result the VM writes at `result` (unless it is 0); then the VM
/// resumes the library.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UserCall {
    /// The function pointer's value.
    pub function: i64,
    /// `invec`, `inoutvec`, `&len`, `&datatype` (a reduction); `&comm`, `&code` (an error
    /// handler); an attribute callback's six.
    pub args: [i64; 6],
    /// How many of `args` the function takes.
    pub argc: u8,
    /// Where the function's `int` result goes (0: nowhere).
    pub result: Addr,
    /// What the function is, for messages ("a reduction function (MPI_Op_create)").
    pub what: &'static str,
    /// The function may be variadic (`void f(MPI_Comm *, int *, ...)`): then it gets no further
    /// arguments (their address is 0).
    pub variadic: bool,
}

impl UserCall {
    /// The arguments.
    pub fn args(&self) -> &[i64] {
        &self.args[..usize::from(self.argc).min(self.args.len())]
    }
}

/// The datatype of a reduction's elements.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Elem {
    /// A predefined datatype.
    Predefined(Datatype),
    /// A committed derived datatype.
    Derived(Rc<TypeMap>),
}

/// A user function's call in flight: the scratch space holding its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Running {
    /// The stack top before the scratch space (released to afterwards).
    mark: Addr,
    /// `inoutvec`.
    inout: Addr,
    /// Its elements.
    shape: Shape,
}

/// A reduction's arithmetic: its operation on its datatype's elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Combiner {
    op: Op,
    /// The datatype's handle (the user function's fourth argument).
    handle: i64,
    elem: Elem,
    /// The predefined type a predefined operation's arithmetic runs on.
    basic: Datatype,
    /// Packed bytes of one element (of `basic` for a predefined operation).
    unit: u32,
    running: Option<Running>,
}

impl Combiner {
    /// The arithmetic of `op` on datatype `handle`, checked: a predefined operation must be
    /// defined on the datatype, which must be predefined.
    pub(super) fn new(op: Op, handle: i64, types: &mut Types) -> Result<Combiner, ErrorKind> {
        let shape = types.shape(handle, 1, "count")?;
        let elem = match shape {
            Shape::Mapped { map, .. } if is_derived(handle) => Elem::Derived(map),
            _ => Elem::Predefined(Datatype::from_handle(handle)?),
        };
        let (basic, unit) = match (&elem, op) {
            (Elem::Predefined(d), _) => (*d, d.data_size()),
            // The MPI standard defines the predefined operations on predefined datatypes only
            // (MPICH refuses a derived one, even of a single predefined type).
            (Elem::Derived(_), Op::Predefined(p)) => {
                return Err(ErrorKind::OpNotForDerived { op: p, handle })
            }
            (Elem::Derived(map), Op::User(_)) => (
                Datatype::Byte,
                u32::try_from(map.size()).unwrap_or(u32::MAX),
            ),
        };
        if let Op::Predefined(p) = op {
            p.check(basic)?;
        }
        Ok(Combiner {
            op,
            handle,
            elem,
            basic,
            unit: unit.max(1),
            running: None,
        })
    }

    /// Whether the operation is commutative.
    pub(super) fn commutative(&self) -> bool {
        self.op.commutative()
    }

    /// Whether a commutative combination may take `other` first: `from_lower` says `other` holds
    /// lower ranks' values than the accumulator.
    pub(super) fn other_first(&self, from_lower: bool) -> bool {
        self.commutative() || from_lower
    }

    /// Elements (operations charged) in `bytes` packed bytes.
    pub(super) fn elements(&self, bytes: usize) -> u64 {
        bytes as u64 / u64::from(self.unit)
    }

    /// Packed bytes of `count` elements of a user operation's datatype, or of `count` elements
    /// of the `basic` type otherwise (the unit that `elements` counts).
    fn shape(&self, count: u32) -> Shape {
        match &self.elem {
            Elem::Predefined(d) => Shape::predefined(*d, count),
            Elem::Derived(map) => Shape::Mapped {
                map: Rc::clone(map),
                count,
            },
        }
    }

    /// `acc = other ∘ acc` if `other_first`, else `acc ∘ other` (`other` as long as `acc`). A
    /// predefined operation runs at once and returns `None`. A user-defined one first returns the
    /// call the VM must make; after it ran, call again with the same buffers: that reads the
    /// result into `acc` and returns `None`.
    pub(super) fn combine(
        &mut self,
        acc: &mut [u8],
        other: &[u8],
        other_first: bool,
        mem: &mut Memory,
    ) -> Result<Option<UserCall>, ErrorKind> {
        let user = match self.op {
            Op::Predefined(p) => {
                p.combine(self.basic, acc, other);
                return Ok(None);
            }
            Op::User(user) => user,
        };
        if let Some(r) = self.running.take() {
            let result = r
                .shape
                .read(mem, r.inout, "the reduction's scratch space")?;
            mem.release_to(r.mark);
            let n = result.len().min(acc.len());
            acc[..n].copy_from_slice(&result[..n]);
            return Ok(None);
        }
        let count = u32::try_from(self.elements(acc.len())).unwrap_or(u32::MAX);
        if count == 0 {
            return Ok(None);
        }
        let shape = self.shape(count);
        let (lo, hi) = shape.span();
        let bytes = u32::try_from(hi - lo).map_err(|_| ErrorKind::TooLargeDerived)?;
        let mark = mem.top();
        let place = |mem: &mut Memory| -> Result<Addr, ErrorKind> {
            let base = mem
                .alloc(bytes.max(1), 16)
                .map_err(|error| ErrorKind::Memory {
                    what: "the reduction's scratch space",
                    error,
                })?;
            Addr::try_from(i64::from(base) - lo).map_err(|_| ErrorKind::TooLargeDerived)
        };
        let invec = place(mem)?;
        let inout = place(mem)?;
        let words = mem.alloc(8, 8).map_err(|error| ErrorKind::Memory {
            what: "the reduction's scratch space",
            error,
        })?;
        let (first, second) = if other_first {
            (other, &*acc)
        } else {
            (&*acc, other)
        };
        let what = "the reduction's scratch space";
        shape.write(mem, invec, first, what)?;
        shape.write(mem, inout, second, what)?;
        let handle = i32::try_from(self.handle).unwrap_or(k::MPI_DATATYPE_NULL);
        let write = |mem: &mut Memory, at: Addr, v: i32| {
            mem.write_i32(at, v)
                .map_err(|error| ErrorKind::Memory { what, error })
        };
        write(mem, words, count as i32)?;
        write(mem, words + 4, handle)?;
        self.running = Some(Running { mark, inout, shape });
        Ok(Some(UserCall {
            function: user.function,
            args: [
                i64::from(invec),
                i64::from(inout),
                i64::from(words),
                i64::from(words + 4),
                0,
                0,
            ],
            argc: 4,
            result: 0,
            what: "a reduction function (MPI_Op_create)",
            variadic: false,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_creates_frees_and_refuses_predefined_and_stale_handles() {
        let mut t = UserOps::default();
        let h = t.create(7, false).unwrap();
        assert!(is_user_op(i64::from(h)));
        assert_eq!(
            t.get(i64::from(h)),
            Ok(Op::User(UserOp {
                handle: h,
                function: 7,
                commute: false
            }))
        );
        assert_eq!(
            t.get(i64::from(k::MPI_SUM)),
            Ok(Op::Predefined(ReduceOp::Sum))
        );
        t.free(i64::from(h)).unwrap();
        assert_eq!(t.get(i64::from(h)), Err(ErrorKind::FreedOp(i64::from(h))));
        assert_eq!(
            t.free(i64::from(k::MPI_MAX)),
            Err(ErrorKind::FreePredefinedOp(ReduceOp::Max))
        );
        assert_eq!(
            t.get(i64::from(h) + 5),
            Err(ErrorKind::UnknownOp(i64::from(h) + 5))
        );
        assert_eq!(t.create(9, true).unwrap(), h);
    }

    #[test]
    fn a_user_op_runs_through_scratch_space_in_mpis_order() {
        let mut types = Types::default();
        let mut ops = UserOps::default();
        let h = ops.create(42, false).unwrap();
        let op = ops.get(i64::from(h)).unwrap();
        let mut c = Combiner::new(op, i64::from(k::MPI_INT), &mut types).unwrap();
        let mut mem = Memory::new(1 << 16);
        let top = mem.top();
        let mut acc = 1i32.to_le_bytes().to_vec();
        let other = 2i32.to_le_bytes();
        let call = c
            .combine(&mut acc, &other, false, &mut mem)
            .unwrap()
            .unwrap();
        assert_eq!(call.function, 42);
        let at = |i: usize| call.args[i] as Addr;
        assert_eq!(
            mem.read_i32(at(0)).unwrap(),
            1,
            "invec: the accumulator (lower ranks)"
        );
        assert_eq!(mem.read_i32(at(1)).unwrap(), 2);
        assert_eq!(mem.read_i32(at(2)).unwrap(), 1, "len");
        assert_eq!(mem.read_i32(at(3)).unwrap(), k::MPI_INT);
        // The program's function: inout = 10 * in + inout.
        mem.write_i32(at(1), 12).unwrap();
        assert_eq!(c.combine(&mut acc, &other, false, &mut mem).unwrap(), None);
        assert_eq!(acc, 12i32.to_le_bytes());
        assert_eq!(mem.top(), top, "the scratch space is released");
    }

    #[test]
    fn predefined_ops_refuse_derived_types_as_mpich_does() {
        let mut types = Types::default();
        let int = TypeMap::basic(Datatype::Int);
        let ch = TypeMap::basic(Datatype::Char);
        let mixed = types
            .insert(TypeMap::blocks(&[1, 1], &[0, 4], &[&int, &ch], true))
            .unwrap();
        let four = types
            .insert(TypeMap::blocks(&[4], &[0], &[&int], false))
            .unwrap();
        let sum = Op::Predefined(ReduceOp::Sum);
        for t in [mixed, four] {
            types.commit(i64::from(t)).unwrap();
            assert_eq!(
                Combiner::new(sum, i64::from(t), &mut types),
                Err(ErrorKind::OpNotForDerived {
                    op: ReduceOp::Sum,
                    handle: i64::from(t)
                })
            );
        }
    }
}
