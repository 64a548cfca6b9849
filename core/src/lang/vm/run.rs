//! The dispatch loop: one rank's bytecode run until it blocks, finishes or fails, with the stack
//! and integer helpers it inlines and C's checked arithmetic (wide integer operations, conversions
//! of doubles, bounds of indices and offsets).

use super::*;

pub(super) fn d(v: i64) -> f64 {
    f64::from_bits(v as u64)
}
pub(super) fn w(v: f64) -> i64 {
    v.to_bits() as i64
}

/// Arguments of a library or MPI call held on the stack (a longer call uses a vector).
const MAX_CALL_ARGS: usize = 16;

/// Most arguments of a library call the dispatch loop runs itself ([`Vm::light_call`]).
const LIGHT_ARGS: usize = 4;

/// An array index must be in `0..len`.
#[inline(always)]
pub(super) fn check_index(i: i64, len: u32) -> Run<()> {
    if i < 0 || i >= i64::from(len) {
        return Err(Fault(format!(
            "index {i} is out of bounds for an array of {len} elements"
        )));
    }
    Ok(())
}

/// `a + i * stride`, which must stay inside the address space.
#[inline(always)]
pub(super) fn offset_addr(a: Addr, i: i64, stride: u32) -> Run<i64> {
    let off = i.saturating_mul(i64::from(stride));
    let r = i64::from(a).saturating_add(off);
    if !(0..=i64::from(u32::MAX)).contains(&r) {
        return Err(Fault(format!(
            "pointer arithmetic left memory (address {a} + {off})"
        )));
    }
    Ok(r)
}

/// Integer arithmetic in `unsigned int`, `long` or `unsigned long` (C's wrapping and unsigned
/// semantics; division by zero is an error, as C leaves it undefined).
pub(super) fn wide(op: IntOp, mode: IntMode, a: i64, b: i64) -> Run<i64> {
    if matches!(op, IntOp::Div | IntOp::Rem) && b == 0 {
        return Err(Fault(if op == IntOp::Div {
            "division by zero".into()
        } else {
            "division by zero (in `%`)".into()
        }));
    }
    Ok(match mode {
        IntMode::U32 => {
            let (a, b) = (a as u32, b as u32);
            i64::from(match op {
                IntOp::Add => a.wrapping_add(b),
                IntOp::Sub => a.wrapping_sub(b),
                IntOp::Mul => a.wrapping_mul(b),
                IntOp::Div => a / b,
                IntOp::Rem => a % b,
                IntOp::Shl => a.wrapping_shl(b),
                IntOp::Shr => a.wrapping_shr(b),
                IntOp::And => a & b,
                IntOp::Or => a | b,
                IntOp::Xor => a ^ b,
                IntOp::Lt => u32::from(a < b),
                IntOp::Le => u32::from(a <= b),
                IntOp::Gt => u32::from(a > b),
                IntOp::Ge => u32::from(a >= b),
                IntOp::Eq => u32::from(a == b),
                IntOp::Ne => u32::from(a != b),
            })
        }
        IntMode::I64 => match op {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::Div => a.wrapping_div(b),
            IntOp::Rem => a.wrapping_rem(b),
            IntOp::Shl => a.wrapping_shl(b as u32),
            IntOp::Shr => a.wrapping_shr(b as u32),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Lt => i64::from(a < b),
            IntOp::Le => i64::from(a <= b),
            IntOp::Gt => i64::from(a > b),
            IntOp::Ge => i64::from(a >= b),
            IntOp::Eq => i64::from(a == b),
            IntOp::Ne => i64::from(a != b),
        },
        IntMode::U64 => {
            let (a, b) = (a as u64, b as u64);
            (match op {
                IntOp::Add => a.wrapping_add(b),
                IntOp::Sub => a.wrapping_sub(b),
                IntOp::Mul => a.wrapping_mul(b),
                IntOp::Div => a / b,
                IntOp::Rem => a % b,
                IntOp::Shl => a.wrapping_shl(b as u32),
                IntOp::Shr => a.wrapping_shr(b as u32),
                IntOp::And => a & b,
                IntOp::Or => a | b,
                IntOp::Xor => a ^ b,
                IntOp::Lt => u64::from(a < b),
                IntOp::Le => u64::from(a <= b),
                IntOp::Gt => u64::from(a > b),
                IntOp::Ge => u64::from(a >= b),
                IntOp::Eq => u64::from(a == b),
                IntOp::Ne => u64::from(a != b),
            }) as i64
        }
    })
}

/// A `double` converted to an integer scalar, truncating toward zero; NaN or a value outside the
/// target's range is an error (undefined behaviour in C).
pub(super) fn double_to(v: f64, sc: Scalar) -> Run<i64> {
    let (lo, hi, name): (f64, f64, &str) = match sc {
        Scalar::Bool => return Ok(i64::from(v != 0.0)),
        Scalar::I8 => (-129.0, 128.0, "a char"),
        Scalar::U8 => (-1.0, 256.0, "an unsigned char"),
        Scalar::I16 => (-32_769.0, 32_768.0, "a short"),
        Scalar::U16 => (-1.0, 65_536.0, "an unsigned short"),
        Scalar::I32 => (-2_147_483_649.0, 2_147_483_648.0, "an int"),
        Scalar::U32 => (-1.0, 4_294_967_296.0, "an unsigned int"),
        Scalar::I64 => (
            -9.223_372_036_854_778e18,
            9.223_372_036_854_776e18,
            "a long",
        ),
        Scalar::F32 | Scalar::F64 => return Ok(w(v)),
    };
    if v.is_nan() || v <= lo || v >= hi {
        return Err(Fault(format!("the value {v} does not fit in {name}")));
    }
    Ok(v as i64)
}

/// An `int` comparison (the peephole pass fuses only comparisons into branches).
#[inline(always)]
fn int_cmp(op: IntOp, a: i32, b: i32) -> bool {
    match op {
        IntOp::Lt => a < b,
        IntOp::Le => a <= b,
        IntOp::Gt => a > b,
        IntOp::Ge => a >= b,
        IntOp::Eq => a == b,
        _ => a != b,
    }
}

impl Vm {
    /// Pops a call's `n` arguments, first argument first, into `buf` (or `long`, past
    /// [`MAX_CALL_ARGS`]): a call allocates nothing.
    #[inline(always)]
    fn pop_args<'b>(
        &mut self,
        n: usize,
        buf: &'b mut [i64; MAX_CALL_ARGS],
        long: &'b mut Vec<i64>,
    ) -> Run<&'b [i64]> {
        let a = if n <= MAX_CALL_ARGS {
            &mut buf[..n]
        } else {
            long.resize(n, 0);
            &mut long[..]
        };
        for slot in a.iter_mut().rev() {
            *slot = self.pop()?;
        }
        Ok(a)
    }

    /// Pops a value and an address and stores the value there as an `int`; returns it.
    #[inline(always)]
    pub(super) fn store_int(&mut self) -> Run<i64> {
        let v = self.pop()?;
        let a = self.pop()? as Addr;
        self.mem
            .write_i32(a, v as i32)
            .map_err(|e| Fault(e.to_string()))?;
        Ok(i64::from(v as i32))
    }

    /// Pops a value and an address and stores the value there as a `double`; returns it.
    #[inline(always)]
    pub(super) fn store_double(&mut self) -> Run<i64> {
        let v = self.pop()?;
        let a = self.pop()? as Addr;
        self.mem
            .write_f64(a, d(v))
            .map_err(|e| Fault(e.to_string()))?;
        Ok(v)
    }

    /// Stores `v` as the `int` at frame pointer + `off`.
    #[inline(always)]
    pub(super) fn store_local_int(&mut self, off: u32, v: i64) -> Run<()> {
        self.mem
            .write_i32(self.fp + off, v as i32)
            .map_err(|e| Fault(e.to_string()))
    }

    /// Pops an address and adds `delta` to the `int` there: its old and new values.
    #[inline(always)]
    pub(super) fn inc_int(&mut self, delta: i32) -> Run<(i32, i32)> {
        let a = self.pop()? as Addr;
        let old = self.mem.read_i32(a).map_err(|e| Fault(e.to_string()))?;
        let new = old.wrapping_add(delta);
        self.mem
            .write_i32(a, new)
            .map_err(|e| Fault(e.to_string()))?;
        Ok((old, new))
    }

    /// `a op b` in `int` (C's 32-bit wrapping arithmetic; division by zero is an error).
    #[inline(always)]
    pub(super) fn int_op(&mut self, iop: IntOp, a: i32, b: i32) -> Run<i32> {
        Ok(match iop {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::Div => {
                if b == 0 {
                    return Err(Fault("division by zero".into()));
                }
                self.owed.divides += 1;
                a.wrapping_div(b)
            }
            IntOp::Rem => {
                if b == 0 {
                    return Err(Fault("division by zero (in `%`)".into()));
                }
                self.owed.divides += 1;
                a.wrapping_rem(b)
            }
            IntOp::Shl => a.wrapping_shl(b as u32),
            IntOp::Shr => a.wrapping_shr(b as u32),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Lt => i32::from(a < b),
            IntOp::Le => i32::from(a <= b),
            IntOp::Gt => i32::from(a > b),
            IntOp::Ge => i32::from(a >= b),
            IntOp::Eq => i32::from(a == b),
            IntOp::Ne => i32::from(a != b),
        })
    }

    pub(super) fn start(&mut self) -> Run<()> {
        let size = u32::try_from(self.prog.globals.len())
            .map_err(|_| Fault("the global variables are too large".into()))?;
        let base = self.mem.alloc(size, 8).map_err(|e| Fault(e.to_string()))?;
        debug_assert_eq!(base, self.prog.globals_base);
        self.mem
            .write(base, &self.prog.globals)
            .map_err(|e| Fault(e.to_string()))?;
        self.pc = 0;
        self.state = State::Running;
        Ok(())
    }

    /// Runs until the rank blocks, finishes or fails. The program counter and the operation
    /// count live in locals while the loop runs (in registers, not reloaded and stored back
    /// through `self` on every operation); they are written back to `self` before anything that
    /// reads them there (a call, a library or MPI call, a charge, a callback) and when the loop
    /// ends, whichever way it ends.
    pub(super) fn run(&mut self, ctx: &mut RankCtx<'_>) -> Run<Option<Step>> {
        let (mut pc, mut ops) = (self.pc, self.ops);
        let result = self.dispatch(ctx, &mut pc, &mut ops);
        self.pc = pc;
        self.ops = ops;
        result
    }

    /// The dispatch loop of [`Vm::run`], on its locals `pc` and `ops` (`self.pc` and `self.ops`
    /// are stale while it runs, except around [`Vm::slow`]).
    #[inline(always)]
    fn dispatch(
        &mut self,
        ctx: &mut RankCtx<'_>,
        pc: &mut u32,
        ops: &mut u64,
    ) -> Run<Option<Step>> {
        let prog = Rc::clone(&self.prog);
        let code = &prog.code[..];
        // One comparison per operation: the nearer of the two operation limits.
        let between = ops.saturating_add(self.limits.max_ops_between_calls);
        let pause_at = ops.saturating_add(self.limits.slice);
        let stop_at = self.limits.max_ops.min(between).min(pause_at);
        loop {
            let Some(&op) = code.get(*pc as usize) else {
                return Err(Fault(
                    "internal error: ran past the end of the program".into(),
                ));
            };
            *pc += 1;
            *ops += 1;
            if *ops > stop_at {
                if *ops <= self.limits.max_ops && *ops <= between {
                    // The slice is over: the operation runs when the engine resumes the rank.
                    *pc -= 1;
                    *ops -= 1;
                    return Ok(Some(Step::Pause));
                }
                return Err(self.limit_fault(*ops));
            }
            match op {
                Op::PushInt(v) => self.stack.push(v),
                Op::PushDouble(v) => self.stack.push(w(v)),
                Op::Pop => {
                    self.pop()?;
                }
                Op::Dup => {
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    self.stack.push(v);
                }
                Op::Swap => {
                    let n = self.stack.len();
                    if n < 2 {
                        return Err(Fault("internal error: empty stack".into()));
                    }
                    self.stack.swap(n - 1, n - 2);
                }
                Op::Zero(n) => {
                    let a = self.pop()? as Addr;
                    self.mem.zero(a, n).map_err(|e| Fault(e.to_string()))?;
                }
                Op::AddrLocal(off) => self.stack.push(i64::from(self.fp + off)),
                Op::LoadLocalInt(off) => {
                    let v = self
                        .mem
                        .read_i32(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(v));
                }
                Op::LoadLocalDouble(off) => {
                    let v = self
                        .mem
                        .read_f64(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(v));
                }
                Op::StoreLocalInt(off) => {
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    self.store_local_int(off, v)?;
                }
                Op::LoadInt => {
                    let a = self.pop()? as Addr;
                    let v = self.mem.read_i32(a).map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(v));
                }
                Op::LoadDouble => {
                    let a = self.pop()? as Addr;
                    let v = self.mem.read_f64(a).map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(v));
                }
                Op::Load(sc) => {
                    let a = self.pop()? as Addr;
                    let v = self
                        .mem
                        .read_scalar(a, sc)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::StoreInt => {
                    let v = self.store_int()?;
                    self.stack.push(v);
                }
                // The fused operations ([`crate::lang::codegen::peephole`]) count as the two they replace.
                Op::StoreIntPop => {
                    *ops += 1;
                    self.store_int()?;
                }
                Op::StoreDoublePop => {
                    *ops += 1;
                    self.store_double()?;
                }
                Op::StoreLocalIntPop(off) => {
                    *ops += 1;
                    let v = self.pop()?;
                    self.store_local_int(off, v)?;
                }
                Op::IncIntPop { delta } => {
                    *ops += 1;
                    self.inc_int(delta)?;
                }
                Op::Index { len, stride } => {
                    *ops += 1;
                    let i = self.pop()?;
                    check_index(i, len)?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i, stride)?);
                }
                Op::IndexLocal { off, len, stride } => {
                    *ops += 2;
                    let i = self
                        .mem
                        .read_i32(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    check_index(i64::from(i), len)?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i64::from(i), stride)?);
                }
                Op::IndexLocalLoad {
                    scalar,
                    off,
                    len,
                    stride,
                } => {
                    *ops += 3;
                    let i = self
                        .mem
                        .read_i32(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    check_index(i64::from(i), len)?;
                    let a = self.pop()? as Addr;
                    let at = offset_addr(a, i64::from(i), stride)? as Addr;
                    let v = match scalar {
                        Scalar::I32 => self.mem.read_i32(at).map(i64::from),
                        Scalar::F64 => self.mem.read_f64(at).map(w),
                        sc => self.mem.read_scalar(at, sc),
                    }
                    .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::LoadLocal(sc, off) => {
                    *ops += 1;
                    let v = self
                        .mem
                        .read_scalar(self.fp + off, sc)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::LoadAt(sc, a) => {
                    *ops += 1;
                    let v = self
                        .mem
                        .read_scalar(a, sc)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::StorePop(sc) => {
                    *ops += 1;
                    let v = self.pop()?;
                    let a = self.pop()? as Addr;
                    self.mem
                        .write_scalar(a, sc, v)
                        .map_err(|e| Fault(e.to_string()))?;
                }
                Op::AddrOffsetLocal { off, stride } => {
                    *ops += 1;
                    let i = self
                        .mem
                        .read_i32(self.fp + off)
                        .map_err(|e| Fault(e.to_string()))?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i64::from(i), stride)?);
                }
                Op::ZeroLocal { off, n } => {
                    *ops += 1;
                    self.mem
                        .zero(self.fp + off, n)
                        .map_err(|e| Fault(e.to_string()))?;
                }
                Op::IncLocalIntPop { off, delta } => {
                    *ops += 2;
                    let a = self.fp + off;
                    let old = self.mem.read_i32(a).map_err(|e| Fault(e.to_string()))?;
                    self.mem
                        .write_i32(a, old.wrapping_add(delta))
                        .map_err(|e| Fault(e.to_string()))?;
                }
                Op::NotJumpIfZero(t) => {
                    *ops += 1;
                    if self.pop()? != 0 {
                        *pc = t;
                    }
                }
                Op::PeekJumpIfZero(t) => {
                    *ops += 1;
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    if v == 0 {
                        *pc = t;
                    }
                }
                Op::PeekJumpIfNotZero(t) => {
                    *ops += 1;
                    let v = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    if v != 0 {
                        *pc = t;
                    }
                }
                Op::StoreDouble => {
                    let v = self.store_double()?;
                    self.stack.push(v);
                }
                Op::Store(sc) => {
                    let v = self.pop()?;
                    let a = self.pop()? as Addr;
                    self.mem
                        .write_scalar(a, sc, v)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(v);
                }
                Op::Copy(n) => {
                    let src = self.pop()? as Addr;
                    let dst = self.pop()? as Addr;
                    let bytes = self
                        .mem
                        .read(src, n)
                        .map_err(|e| Fault(e.to_string()))?
                        .to_vec();
                    self.mem
                        .write(dst, &bytes)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(dst));
                }
                Op::IncInt { delta, post } => {
                    let (old, new) = self.inc_int(delta)?;
                    self.stack.push(i64::from(if post { old } else { new }));
                }
                Op::IncScalar {
                    scalar,
                    delta,
                    post,
                } => {
                    let a = self.pop()? as Addr;
                    let old = self
                        .mem
                        .read_scalar(a, scalar)
                        .map_err(|e| Fault(e.to_string()))?;
                    let new = if scalar == Scalar::F32 {
                        w(f64::from((d(old) + f64::from(delta)) as f32))
                    } else {
                        scalar.narrow(old.wrapping_add(i64::from(delta)))
                    };
                    self.mem
                        .write_scalar(a, scalar, new)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(if post { old } else { new });
                }
                Op::IncDouble { delta, post } => {
                    let a = self.pop()? as Addr;
                    let old = self.mem.read_f64(a).map_err(|e| Fault(e.to_string()))?;
                    let new = old + f64::from(delta);
                    self.mem
                        .write_f64(a, new)
                        .map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(w(if post { old } else { new }));
                }
                Op::Int(iop) => {
                    let b = self.pop()? as i32;
                    let a = self.pop()? as i32;
                    let r = self.int_op(iop, a, b)?;
                    self.stack.push(i64::from(r));
                }
                Op::IntImm(iop, b) => {
                    *ops += 1;
                    let a = self.pop()? as i32;
                    let r = self.int_op(iop, a, b)?;
                    self.stack.push(i64::from(r));
                }
                Op::Wide(iop, mode) => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    if matches!(iop, IntOp::Div | IntOp::Rem) {
                        self.owed.divides += 1;
                    }
                    self.stack.push(wide(iop, mode, a, b)?);
                }
                Op::Double(dop) => {
                    let b = d(self.pop()?);
                    let a = d(self.pop()?);
                    let r = match dop {
                        DoubleOp::Add => w(a + b),
                        DoubleOp::Sub => w(a - b),
                        DoubleOp::Mul => w(a * b),
                        DoubleOp::Div => {
                            self.owed.divides += 1;
                            w(a / b)
                        }
                        DoubleOp::Lt => i64::from(a < b),
                        DoubleOp::Le => i64::from(a <= b),
                        DoubleOp::Gt => i64::from(a > b),
                        DoubleOp::Ge => i64::from(a >= b),
                        DoubleOp::Eq => i64::from(a == b),
                        DoubleOp::Ne => i64::from(a != b),
                    };
                    self.stack.push(r);
                }
                Op::NegInt => {
                    let v = self.pop()? as i32;
                    self.stack.push(i64::from(v.wrapping_neg()));
                }
                Op::NegDouble => {
                    let v = d(self.pop()?);
                    self.stack.push(w(-v));
                }
                Op::NotInt => {
                    let v = self.pop()?;
                    self.stack.push(i64::from(v == 0));
                }
                Op::BitNotInt => {
                    let v = self.pop()? as i32;
                    self.stack.push(i64::from(!v));
                }
                Op::DoubleTruth => {
                    let v = d(self.pop()?);
                    self.stack.push(i64::from(v != 0.0));
                }
                Op::IntToDouble => {
                    let v = self.pop()?;
                    self.stack.push(w(v as f64));
                }
                Op::U64ToDouble => {
                    let v = self.pop()?;
                    self.stack.push(w(v as u64 as f64));
                }
                Op::DoubleTo(sc) => {
                    let v = d(self.pop()?);
                    self.stack.push(double_to(v, sc)?);
                }
                Op::Narrow(sc) => {
                    let v = self.pop()?;
                    self.stack.push(sc.narrow(v));
                }
                Op::RoundFloat => {
                    let v = d(self.pop()?);
                    self.stack.push(w(f64::from(v as f32)));
                }
                Op::CheckIndex(len) => {
                    let i = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    check_index(i, len)?;
                }
                Op::AddrOffset(stride) => {
                    let i = self.pop()?;
                    let a = self.pop()? as Addr;
                    self.stack.push(offset_addr(a, i, stride)?);
                }
                Op::CheckIndexLen => {
                    let len = self.pop()?;
                    let i = *self
                        .stack
                        .last()
                        .ok_or_else(|| Fault("internal error: empty stack".into()))?;
                    if i < 0 || i >= len {
                        return Err(Fault(format!(
                            "index {i} is out of bounds for a variable-length array of {len} elements"
                        )));
                    }
                }
                Op::StackAlloc => {
                    let bytes = self.pop()?;
                    let size = u32::try_from(bytes).map_err(|_| {
                        Fault(if bytes < 0 {
                            "a variable-length array's size is negative".to_string()
                        } else {
                            format!("a variable-length array of {bytes} bytes is too large")
                        })
                    })?;
                    let a = self.mem.alloc(size, 16).map_err(|e| Fault(e.to_string()))?;
                    self.stack.push(i64::from(a));
                }
                Op::StackTop => self.stack.push(i64::from(self.mem.top())),
                Op::StackRelease => {
                    let a = self.pop()?;
                    if a > 0 && a <= i64::from(self.mem.top()) {
                        self.mem.release_to(a as Addr);
                    }
                }
                Op::AddrDiff(stride) => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    self.stack.push((a - b) / i64::from(stride.max(1)));
                }
                // The compare-and-branch fusions count as the operations they replace.
                Op::CmpImmJumpIfZero(iop, b, t) => {
                    *ops += 2;
                    let a = self.pop()? as i32;
                    if !int_cmp(iop, a, b) {
                        *pc = t;
                    }
                }
                Op::CmpJumpIfZero(iop, t) => {
                    *ops += 1;
                    let b = self.pop()? as i32;
                    let a = self.pop()? as i32;
                    if !int_cmp(iop, a, b) {
                        *pc = t;
                    }
                }
                Op::DoubleCmpJumpIfZero(dop, t) => {
                    *ops += 1;
                    let b = d(self.pop()?);
                    let a = d(self.pop()?);
                    let holds = match dop {
                        DoubleOp::Lt => a < b,
                        DoubleOp::Le => a <= b,
                        DoubleOp::Gt => a > b,
                        DoubleOp::Ge => a >= b,
                        DoubleOp::Eq => a == b,
                        _ => a != b,
                    };
                    if !holds {
                        *pc = t;
                    }
                }
                Op::Jump(t) => *pc = t,
                Op::JumpIfZero(t) => {
                    if self.pop()? == 0 {
                        *pc = t;
                    }
                }
                Op::JumpIfNotZero(t) => {
                    if self.pop()? != 0 {
                        *pc = t;
                    }
                }
                Op::Call { function, args } => {
                    self.owed.calls += 1;
                    *pc = self.call(function, args, *pc)?;
                }
                Op::Return { value } => {
                    let v = if value { Some(self.pop()?) } else { None };
                    let frame = self
                        .frames
                        .pop()
                        .ok_or_else(|| Fault("internal error: return without a frame".into()))?;
                    self.mem.release_to(self.fp);
                    self.fp = frame.fp;
                    *pc = frame.ret_pc;
                    let returns = self.prog.functions[frame.function as usize].returns_value;
                    if returns {
                        self.stack.push(v.unwrap_or(0));
                    }
                    if self.callback_depth == Some(self.frames.len()) {
                        return Ok(None);
                    }
                }
                // `<math.h>`'s functions and the library's light ones (`random`, `strchr`,
                // `strlen`, …: of their arguments, memory and the library's state alone),
                // computed here without the library's context (line, host, output buffers).
                Op::Lib { index, args } if Self::light_call(index, args) => {
                    let f = &libc::LIBC[index as usize];
                    self.owed.library_calls += 1;
                    let n = args as usize;
                    let mut a = [0i64; LIGHT_ARGS];
                    for slot in a[..n].iter_mut().rev() {
                        *slot = self.pop()?;
                    }
                    let v = match f.run {
                        libc::Impl::Math1(f) => w(f(d(a[0]))),
                        libc::Impl::Math2(f) => w(f(d(a[0]), d(a[1]))),
                        libc::Impl::Math1F(f) => w(f64::from(f(d(a[0])) as f32)),
                        libc::Impl::Math2F(f) => w(f64::from(f(d(a[0]), d(a[1])) as f32)),
                        libc::Impl::Light(f) => {
                            f(&self.mem, &mut self.libc, &a[..n]).map_err(Fault)?
                        }
                        _ => return Err(Fault("internal error: not a light library call".into())),
                    };
                    if f.ret != libc::C::Void {
                        self.stack.push(v);
                    }
                }
                // The rest (calls through pointers, builtins, printing, the library, MPI, the
                // program's end) on `self.pc` and `self.ops`, synchronised around the call.
                op => {
                    self.pc = *pc;
                    self.ops = *ops;
                    let flow = self.slow(op, ctx);
                    *pc = self.pc;
                    *ops = self.ops;
                    if let Some(exit) = flow? {
                        return Ok(exit);
                    }
                }
            }
        }
    }

    /// Whether library function `index` called with `args` arguments runs in the dispatch loop:
    /// `<math.h>`'s and [`libc::Impl::Light`] functions that neither read the clock nor show
    /// anything.
    #[inline(always)]
    fn light_call(index: u16, args: u16) -> bool {
        let f = &libc::LIBC[index as usize];
        args as usize <= LIGHT_ARGS
            && !f.clocked
            && matches!(
                f.run,
                libc::Impl::Math1(_)
                    | libc::Impl::Math2(_)
                    | libc::Impl::Math1F(_)
                    | libc::Impl::Math2F(_)
                    | libc::Impl::Light(_)
            )
    }

    /// The operation limit or the limit between calls was reached at operation count `ops`.
    #[cold]
    #[inline(never)]
    fn limit_fault(&mut self, ops: u64) -> Fault {
        Fault(if ops > self.limits.max_ops {
            self.fault_note = Some(format!(
                "the limit is {} operations per rank: raise it with `--max-ops` on the command line, or \"Operations per rank\" under \"Protocol and limits\" in the playground",
                self.limits.max_ops
            ));
            format!(
                "operation limit reached: {} operations without finishing (an endless loop?); this is where it was running",
                self.limits.max_ops
            )
        } else {
            format!(
                "step limit exceeded: {} operations without an MPI call, compute() or yield() (an endless loop?); this is where it was spinning",
                self.limits.max_ops_between_calls
            )
        })
    }

    /// The operations the dispatch loop leaves to `self.pc` and `self.ops` (already advanced
    /// past `op`): `None` to go on, `Some(exit)` to return `exit` from [`Vm::run`].
    #[inline(never)]
    fn slow(&mut self, op: Op, ctx: &mut RankCtx<'_>) -> Run<Option<Option<Step>>> {
        let prog = Rc::clone(&self.prog);
        match op {
            Op::CallIndirect { args } => {
                let at = self
                    .stack
                    .len()
                    .checked_sub(args as usize + 1)
                    .ok_or_else(|| Fault("internal error: missing arguments".into()))?;
                let f = self.stack.remove(at);
                let function = self.function_of(f)?;
                self.owed.calls += 1;
                let want = prog.functions[function as usize].params.len();
                if want != args as usize {
                    return Err(Fault(format!(
                        "`{}` takes {want} arguments but was called through a pointer with {args}",
                        prog.functions[function as usize].name
                    )));
                }
                self.pc = self.call(function, args, self.pc)?;
            }
            Op::Builtin(b, n) => {
                if matches!(b, Builtin::Compute | Builtin::Flops) {
                    // An explicit model of the code before it: that code's operations are
                    // not charged again.
                    self.forgive();
                } else if let Some(step) = self.charge() {
                    return Ok(Some(Some(step)));
                }
                let args: Vec<i64> = (0..n).map(|_| self.pop()).collect::<Run<Vec<_>>>()?;
                match b {
                    Builtin::Yield => {
                        self.blocked_pc = self.pc - 1;
                        self.state = State::Delayed { push_zero: false };
                        return Ok(Some(Some(Step::Yield)));
                    }
                    Builtin::Compute | Builtin::Flops | Builtin::Usleep | Builtin::Nanosleep => {
                        let x = d(args[0]);
                        if x.is_nan() || x < 0.0 || !x.is_finite() {
                            return Err(Fault(format!(
                                "a delay must be a non-negative number, not {x}"
                            )));
                        }
                        let t = match b {
                            Builtin::Compute | Builtin::Usleep => SimTime::from_us_f64(x),
                            Builtin::Nanosleep => SimTime::from_us_f64(x / 1e3),
                            _ => ctx.flops_time(x as u64),
                        };
                        self.blocked_pc = self.pc - 1;
                        self.state = State::Delayed {
                            push_zero: matches!(b, Builtin::Usleep | Builtin::Nanosleep),
                        };
                        return Ok(Some(Some(Step::Compute(t))));
                    }
                }
            }
            Op::Printf { kinds, to } => {
                if matches!(to, PrintTo::Console | PrintTo::Stream) {
                    if let Some(step) = self.charge() {
                        return Ok(Some(Some(step)));
                    }
                }
                let kinds = &prog.printf_kinds[kinds as usize];
                let mut raw = Vec::with_capacity(kinds.len());
                for _ in 0..kinds.len() {
                    raw.push(self.pop()?);
                }
                raw.reverse();
                let fmt_addr = self.pop()? as Addr;
                let fmt = self.read_cstr(fmt_addr)?;
                // Which arguments `%s` reads as strings (the others print as pointers).
                let classes = printf::conversions(&fmt).unwrap_or_default();
                let mut args = Vec::with_capacity(kinds.len());
                for (i, (k, v)) in kinds.iter().zip(raw).enumerate() {
                    args.push(match k {
                        ArgKind::Int => PrintArg::Int(v),
                        ArgKind::Double => PrintArg::Double(d(v)),
                        ArgKind::Addr
                            if v != 0 && classes.get(i) == Some(&printf::ArgClass::Str) =>
                        {
                            PrintArg::Str(self.read_cstr(v as Addr)?)
                        }
                        ArgKind::Addr => PrintArg::Ptr(v as u64),
                    });
                }
                let text = printf::format_bytes(fmt.as_bytes(), &args);
                let n = text.len();
                match to {
                    PrintTo::Console => self.write_console(&String::from_utf8_lossy(&text), ctx),
                    PrintTo::Stream => {
                        let stream = self.pop()?;
                        let text = String::from_utf8_lossy(&text);
                        match libc::stdio::stream_of(stream) {
                            Some(libc::stdio::Stream::Stdout) => self.write_console(&text, ctx),
                            Some(libc::stdio::Stream::Stderr) => self.write_err(&text, ctx),
                            Some(libc::stdio::Stream::Stdin) => {
                                return Err(Fault(
                                    "fprintf to `stdin`, which is for reading".into(),
                                ))
                            }
                            // A data file's stream (`fopen`).
                            None => self.files.fprintf(stream, text.as_bytes()).map_err(Fault)?,
                        }
                    }
                    PrintTo::Buffer | PrintTo::BoundedBuffer => {
                        let cap = if to == PrintTo::BoundedBuffer {
                            Some(self.pop()?)
                        } else {
                            None
                        };
                        let dest = self.pop()? as Addr;
                        let mut bytes = text;
                        if let Some(cap) = cap {
                            if cap <= 0 {
                                bytes.clear();
                            } else {
                                bytes.truncate(cap as usize - 1);
                            }
                        }
                        if cap != Some(0) {
                            bytes.push(0);
                            self.mem
                                .write(dest, &bytes)
                                .map_err(|e| Fault(format!("writing the text: {e}")))?;
                        }
                    }
                }
                self.stack.push(n as i64);
            }
            Op::Lib { index, args } => {
                if libc::LIBC[index as usize].clocked {
                    if let Some(step) = self.charge() {
                        return Ok(Some(Some(step)));
                    }
                }
                self.owed.library_calls += 1;
                let (mut buf, mut long) = ([0i64; MAX_CALL_ARGS], Vec::new());
                let a = self.pop_args(args as usize, &mut buf, &mut long)?;
                match libc::LIBC[index as usize].run {
                    libc::Impl::Sort => {
                        self.qsort(a, ctx)?;
                        return Ok(None);
                    }
                    libc::Impl::Search => {
                        let found = self.bsearch(a, ctx)?;
                        self.stack.push(found);
                        return Ok(None);
                    }
                    _ => {}
                }
                // The line from the program's table of line starts (a binary search), the
                // host name and the output buffer kept from the start: nothing here grows
                // with the program or allocates per call (the error stream's text is empty
                // unless the call writes to it).
                let at = self.pc - 1;
                let slot = &mut self.lib_lines[at as usize % self.lib_lines.len()];
                if slot.0 != at {
                    *slot = (at, prog.line_of(at as usize));
                }
                let line = slot.1;
                let span = prog
                    .spans
                    .get(self.pc as usize - 1)
                    .cloned()
                    .unwrap_or(0..0);
                if self.host.is_empty() {
                    self.host = Rc::from(ctx.host_name());
                }
                let host = Rc::clone(&self.host);
                let mut out = std::mem::take(&mut self.lib_out);
                out.clear();
                let mut err = String::new();
                let function = self.frames.last().map_or("main", |f| {
                    self.prog.functions[f.function as usize].name.as_str()
                });
                let mut lib = Lib {
                    mem: &mut self.mem,
                    out: &mut out,
                    err: &mut err,
                    line,
                    now: ctx.now(),
                    host: &host,
                    state: &mut self.libc,
                    files: &mut self.files,
                    site: libc::Site {
                        prog: self.args.first().map_or("a.out", String::as_str),
                        file: self.prog.file_at(span.start),
                        function,
                        text: self.prog.source.get(span).unwrap_or(""),
                    },
                    moved: 0,
                };
                let done = libc::call(index as usize, &mut lib, a);
                self.owed.bytes += lib.moved;
                if !out.is_empty() {
                    self.write_console(&out, ctx);
                }
                self.lib_out = out;
                if !err.is_empty() {
                    self.write_err(&err, ctx);
                }
                match done.map_err(Fault)? {
                    Done::Value(v) => {
                        if libc::LIBC[index as usize].ret != libc::C::Void {
                            self.stack.push(v);
                        }
                    }
                    Done::Exit(status) => {
                        self.run_atexit(ctx)?;
                        self.exit_status = Some(status);
                        self.finish(ctx);
                        return Ok(Some(None));
                    }
                    Done::Sleep(t) => {
                        self.blocked_pc = self.pc - 1;
                        self.state = State::Delayed { push_zero: true };
                        return Ok(Some(Some(Step::Compute(t))));
                    }
                }
            }
            Op::Mpi { function, args } => {
                if let Some(step) = self.charge() {
                    return Ok(Some(Some(step)));
                }
                let (mut buf, mut long) = ([0i64; MAX_CALL_ARGS], Vec::new());
                let a = self.pop_args(args as usize, &mut buf, &mut long)?;
                let call = mpi_table::build(function as usize, a)
                    .at_line(self.prog.line_of(self.pc as usize - 1));
                self.blocked_pc = self.pc - 1;
                let outcome = self.libs.call(call, &mut self.mem, ctx);
                match self.user_calls(outcome, ctx) {
                    Ok(Outcome::Return(v)) => self.push_value(v),
                    Ok(Outcome::Block(step)) => {
                        self.state = State::InMpi;
                        return Ok(Some(Some(step)));
                    }
                    Ok(Outcome::Call(_)) => unreachable!("user_calls runs every call"),
                    Err(e) => return Err(Fault(e)),
                }
            }
            Op::Args => self.push_args()?,
            Op::Halt => {
                if let Some(step) = self.charge() {
                    return Ok(Some(Some(step)));
                }
                // `main`'s value, when it returns one, is what the entry code left.
                let main_value = self.prog.functions[self.prog.main as usize].returns_value;
                let status = if main_value {
                    self.stack.last().copied()
                } else {
                    None
                };
                self.run_atexit(ctx)?;
                self.exit_status = Some(status.unwrap_or(0) as i32);
                self.finish(ctx);
                return Ok(Some(None));
            }
            _ => {
                return Err(Fault(
                    "internal error: an operation the dispatch loop runs itself".into(),
                ))
            }
        }
        Ok(None)
    }
}
